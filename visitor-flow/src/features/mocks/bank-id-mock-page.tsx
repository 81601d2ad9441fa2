import { langAtom, paths, useCopy } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';
import { stepPath } from '../../lib/steps.js';

/** The old product's mock BankID screen (SPEC.md §2): approve goes on to gotToken, cancel back to the start. */
export function BankIdMockPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const navigate = useNavigate();
  return (
    <Page title={t('bankId.mock.title')}>
      <CopyText text={t('bankId.mock.body')} />
      <div className="button-stack">
        <button type="button" className="button" onClick={() => navigate(stepPath(lang, 'gotToken'))}>
          {t('bankId.mock.approve')}
        </button>
        <button type="button" className="button secondary" onClick={() => navigate(paths.start(lang))}>
          {t('bankId.mock.reject')}
        </button>
      </div>
    </Page>
  );
}
