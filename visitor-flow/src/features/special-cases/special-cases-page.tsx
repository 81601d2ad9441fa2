import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { Link, useLocation } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/** The hash chooses the case (SPEC.md §2): #noPersonalId (the default) or #accessibility. */
export function SpecialCasesPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { hash } = useLocation();
  const which = hash === '#accessibility' ? 'accessibility' : 'noPersonalId';
  return (
    // keyed by the case, so following a link from one case to the other focuses the new heading
    <Page key={which} title={t(`specialCases.${which}.title`)}>
      <CopyText text={t(`specialCases.${which}.body`)} />
      <CopyText text={t('specialCases.contact')} />
      <p>
        <Link className="button secondary" to={paths.visitor.memberCheck.getHref(lang)}>
          {t('specialCases.back')}
        </Link>
      </p>
    </Page>
  );
}
