import { api, ApiError, langAtom, useCopy } from '@concert/shared/browser';
import type { QueuePlace } from '@concert/shared/api';
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
 * this page has confirmed it (double opt-in). Opened again later, the same link shows the place
 * in the queue (or what became of it) and lets the person leave the queue with one click. The
 * code leaves the address bar at once, so it is not left in the history or shared by mistake.
 */
export function ConfirmQueuePage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { search } = useLocation();
  const [code] = useState(() => new URLSearchParams(search).get('code') ?? '');
  const [outcome, setOutcome] = useState<Outcome>('working');
  const [attempt, setAttempt] = useState(0);
  const [place, setPlace] = useState<QueuePlace | null>(null);
  const [leaving, setLeaving] = useState<'no' | 'busy' | 'left' | 'failed'>('no');

  useEffect(() => {
    if (new URLSearchParams(location.search).has('code'))
      history.replaceState(history.state, '', location.pathname);
  }, []);

  useEffect(() => {
    let current = true;
    setOutcome('working');
    api.call('confirmQueuePlace', { code }).then(
      async () => {
        if (!current) return;
        setOutcome('confirmed');
        const found = await api.call('queuePlace', { code }).catch(() => null);
        if (current) setPlace(found);
      },
      (err: unknown) => {
        if (!current) return;
        const refused =
          err instanceof ApiError &&
          (err.status === 'FAILED_PRECONDITION' || err.status === 'INVALID_ARGUMENT');
        setOutcome(refused ? 'expired' : 'failed');
      },
    );
    return () => {
      current = false;
    };
  }, [code, attempt]);

  return (
    <Page title={t('queueConfirm.title')} className="confirmation">
      <p
        className={outcome === 'expired' || outcome === 'failed' ? 'notice error-notice' : 'notice'}
        role="status"
      >
        {t(MESSAGE[outcome])}
      </p>
      {outcome === 'confirmed' && place && leaving === 'no' && <PlaceText place={place} />}
      {outcome === 'confirmed' &&
        (place?.state === 'waiting' || place?.state === 'offered') &&
        leaving !== 'left' && (
          <p>
            <button
              type="button"
              className="button secondary"
              disabled={leaving === 'busy'}
              aria-busy={leaving === 'busy'}
              onClick={() => {
                setLeaving('busy');
                api.call('leaveQueue', { code }).then(
                  () => setLeaving('left'),
                  () => setLeaving('failed'),
                );
              }}
            >
              {t(leaving === 'busy' ? 'queueConfirm.leaving' : 'queueConfirm.leave')}
            </button>
          </p>
        )}
      <p role="status" className={leaving === 'failed' ? 'notice error-notice' : undefined}>
        {leaving === 'left'
          ? t('queueConfirm.left')
          : leaving === 'failed'
            ? t('queueConfirm.leaveFailed')
            : ''}
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

/** Where the person stands: their place, or what became of it. */
function PlaceText({ place }: { place: QueuePlace }) {
  const t = useCopy();
  if (place.state === 'waiting' && place.position)
    return <p>{t('queueConfirm.position', { position: place.position })}</p>;
  if (place.state === 'offered') return <p>{t('queueConfirm.state.offered')}</p>;
  if (place.state === 'accepted') return <p>{t('queueConfirm.state.accepted')}</p>;
  if (place.state === 'unconfirmed' || place.state === 'waiting') return null;
  return <p>{t('queueConfirm.state.ended')}</p>;
}
