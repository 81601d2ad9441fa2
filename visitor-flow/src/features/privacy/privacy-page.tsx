import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useNavigate } from '@concert/shared/router';
import { CopyText, Page } from '../../components/page.js';

/**
 * How the organisation processes personal data, in the visitor's language (the copy): what the
 * consent on becomeMember refers to. Back returns to where the visitor came from, with what they
 * typed there kept (the flow's state lives in memory, not in the page).
 */
export function PrivacyPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const navigate = useNavigate();
  // Opened from a link in a shared message there is nothing to go back to: the start page then.
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.visitor.start.getHref(lang)));
  return (
    <Page title={t('privacy.title')}>
      <CopyText text={t('privacy.body')} />
      <p>
        <button type="button" className="button secondary" onClick={back}>
          {t('privacy.back')}
        </button>
      </p>
    </Page>
  );
}
