import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { Link } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/** Too young for the concert; youth membership is suggested (SPEC.md §2). */
export function UnderAgePage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  return (
    <Page title={t('underAge.title')}>
      <CopyText text={t('underAge.body')} />
      <CopyText text={t('underAge.youth')} />
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('underAge.back')}
        </Link>
      </p>
    </Page>
  );
}
