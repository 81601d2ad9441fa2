import { langAtom, useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from '@concert/shared/router';
import { Page } from '../../components/page.js';

/** SPEC.md §2: the mock card check spins for 3 s, then goes to gotToken. */
const CHECK_CARD_MS = 3000;

export function CheckCardPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => navigate(paths.visitor.gotToken.getHref(lang), { replace: true }),
      CHECK_CARD_MS,
    );
    return () => clearTimeout(timer);
  }, [lang, navigate]);
  return (
    <Page title={t('checkCard.title')}>
      <div className="spinner-row" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span>{t('checkCard.spinner')}</span>
      </div>
    </Page>
  );
}
