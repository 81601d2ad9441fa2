import { api, ApiError, langAtom, useCopy } from '@concert/shared/browser';
import { paths, type CopyKey } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation } from '@concert/shared/router';
import { Page } from '../../components/page.js';

type Outcome = 'working' | 'confirmed' | 'expired' | 'failed';

const MESSAGE: Record<Outcome, CopyKey> = {
  working: 'queueConfirm.working',
  confirmed: 'queueConfirm.confirmed',
  expired: 'queueConfirm.expired',
  failed: 'queueConfirm.failed',
};

/**
 * Where the link in the queue's confirmation e-mail leads: the place in the queue counts once
 * this page has confirmed it (double opt-in). The code leaves the address bar at once, so it is
 * not left in the history or shared by mistake.
 */
export function ConfirmQueuePage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { search } = useLocation();
  const [code] = useState(() => new URLSearchParams(search).get('code') ?? '');
  const [outcome, setOutcome] = useState<Outcome>('working');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (new URLSearchParams(location.search).has('code')) history.replaceState(history.state, '', location.pathname);
  }, []);

  useEffect(() => {
    let current = true;
    setOutcome('working');
    api.call('confirmQueuePlace', { code }).then(
      () => current && setOutcome('confirmed'),
      (err: unknown) => {
        if (!current) return;
        const refused = err instanceof ApiError && (err.status === 'FAILED_PRECONDITION' || err.status === 'INVALID_ARGUMENT');
        setOutcome(refused ? 'expired' : 'failed');
      },
    );
    return () => {
      current = false;
    };
  }, [code, attempt]);

  return (
    <Page title={t('queueConfirm.title')} className="confirmation">
      <p className={outcome === 'expired' || outcome === 'failed' ? 'notice error-notice' : 'notice'} role="status">
        {t(MESSAGE[outcome])}
      </p>
      {outcome === 'failed' && (
        <p>
          <button type="button" className="button" onClick={() => setAttempt((n) => n + 1)}>
            {t('queueConfirm.retry')}
          </button>
        </p>
      )}
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('queueConfirm.back')}
        </Link>
      </p>
    </Page>
  );
}
