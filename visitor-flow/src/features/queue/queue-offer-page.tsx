import {
  api,
  ApiError,
  langAtom,
  memberCheckDraftAtom,
  queueOfferAtom,
  signCompletedAtom,
  ticketDataAtom,
  timeIsUpAtom,
  useCopy,
} from '@concert/shared/browser';
import { paths, type CopyKey } from '@concert/shared/universal';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from '@concert/shared/router';
import { Page } from '../../components/page.js';

type Outcome = 'working' | 'expired' | 'used' | 'failed' | 'confirmDecline' | 'declining' | 'declined';

const MESSAGE: Partial<Record<Outcome, CopyKey>> = {
  working: 'queueOffer.working',
  expired: 'queueOffer.expired',
  used: 'queueOffer.used',
  failed: 'queueOffer.failed',
  declining: 'queueOffer.decline.working',
  declined: 'queueOffer.declined',
};

/** A refusal of the offer's link: ran out / declined, or opened already elsewhere; anything else may pass on retry. */
function refusal(err: unknown): Outcome {
  if (!(err instanceof ApiError)) return 'failed';
  if (err.errorId === 'offerUsed') return 'used';
  if (err.status === 'FAILED_PRECONDITION' || err.status === 'INVALID_ARGUMENT') return 'expired';
  return 'failed';
}

/**
 * Where a waiting-list offer's e-mail leads. Opening it holds the ticket for this browser (the
 * countdown starts now) and continues to memberCheck, the normal sign-up, its e-mail field filled
 * in with the address the offer was sent to (the server's answer; never in the link). With `action=decline`
 * it asks for the one click that gives the ticket to the next person. The code leaves the
 * address bar at once, so it is not left in the history or shared by mistake.
 */
export function QueueOfferPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { search } = useLocation();
  const navigate = useNavigate();
  const setTicket = useSetAtom(ticketDataAtom);
  const setQueueOffer = useSetAtom(queueOfferAtom);
  const setTimeIsUp = useSetAtom(timeIsUpAtom);
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const setDraft = useSetAtom(memberCheckDraftAtom);
  const [{ code, decline }] = useState(() => {
    const query = new URLSearchParams(search);
    return { code: query.get('code') ?? '', decline: query.get('action') === 'decline' };
  });
  const [outcome, setOutcome] = useState<Outcome>(decline ? 'confirmDecline' : 'working');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (new URLSearchParams(location.search).has('code'))
      history.replaceState(history.state, '', location.pathname);
  }, []);

  useEffect(() => {
    if (decline) return;
    let current = true;
    setOutcome('working');
    api.call('openQueueOffer', { code }).then(
      ({ email, ...ticket }) => {
        if (!current) return;
        setTicket(ticket);
        // The address the offer went to (the sign-up must use it), known to the server by the code.
        setDraft((d) => ({ ...d, email }));
        setTimeIsUp(false);
        setSignCompleted(false);
        setQueueOffer(true);
        navigate(paths.visitor.memberCheck.getHref(lang), { replace: true });
      },
      (err: unknown) => current && setOutcome(refusal(err)),
    );
    return () => {
      current = false;
    };
  }, [
    code,
    decline,
    attempt,
    lang,
    navigate,
    setTicket,
    setTimeIsUp,
    setSignCompleted,
    setQueueOffer,
    setDraft,
  ]);

  async function declineOffer() {
    setOutcome('declining');
    try {
      await api.call('declineQueueOffer', { code });
      setOutcome('declined');
    } catch (err) {
      setOutcome(refusal(err));
    }
  }

  const message = MESSAGE[outcome];
  const isError = outcome === 'expired' || outcome === 'used' || outcome === 'failed';
  return (
    <Page title={t('queueOffer.title')} className="confirmation">
      {outcome === 'confirmDecline' && (
        <>
          <p>{t('queueOffer.decline.intro')}</p>
          <p>
            <button type="button" className="button" onClick={declineOffer}>
              {t('queueOffer.decline.button')}
            </button>
          </p>
        </>
      )}
      <p className={isError ? 'notice error-notice' : 'notice'} role="status">
        {message ? t(message) : ''}
      </p>
      {outcome === 'failed' && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => (decline ? void declineOffer() : setAttempt((n) => n + 1))}
          >
            {t('queueOffer.retry')}
          </button>
        </p>
      )}
      <p>
        <Link className="button secondary" to={paths.visitor.start.getHref(lang)}>
          {t('queueOffer.back')}
        </Link>
      </p>
    </Page>
  );
}
