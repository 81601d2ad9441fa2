import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/** The old product's mock BankID screen (SPEC.md §2): approve goes on to gotToken, cancel back to the start. */
export function BankIdMockPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const navigate = useNavigate();
  return (
    <Page title={t('bankId.mock.title')}>
      <CopyText text={t('bankId.mock.body')} />
      <div className="button-stack">
        <button
          type="button"
          className="button"
          onClick={() => navigate(paths.visitor.gotToken.getHref(lang))}
        >
          {t('bankId.mock.approve')}
        </button>
        <button
          type="button"
          className="button secondary"
          onClick={() => navigate(paths.visitor.start.getHref(lang))}
        >
          {t('bankId.mock.reject')}
        </button>
      </div>
    </Page>
  );
}
