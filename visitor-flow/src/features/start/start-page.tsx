import {
  accountInfoAtom,
  api,
  ApiError,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  concertStatusAtom,
  EMPTY_PERSON,
  existingSessionUid,
  langAtom,
  memberCheckDraftAtom,
  newMemberAmountAtom,
  newMemberDetailsDoneAtom,
  personAtom,
  queuedEmailAtom,
  queueOfferAtom,
  signCompletedAtom,
  ticketDataAtom,
  timeIsUpAtom,
  useCopy,
} from '@concert/shared/browser';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { MIN_NEW_MEMBER_AMOUNT, paths, startButtonKey, startIntroKey } from '@concert/shared/universal';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@concert/shared/router';
import { Page } from '../../components/page.js';
import { useGoToError } from '../../components/use-go-to-error.js';

/** Cover, slogan, status-dependent intro and the ticket button (SPEC.md §2). */
export function StartPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [status, setStatus] = useAtom(concertStatusAtom);
  const [person, setPerson] = useAtom(personAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  const setAccountInfo = useSetAtom(accountInfoAtom);
  const setTimeIsUp = useSetAtom(timeIsUpAtom);
  const setDraft = useSetAtom(memberCheckDraftAtom);
  const setAuthenticatedUser = useSetAtom(authenticatedUserAtom);
  const setPaymentInfo = useSetAtom(autogiroPaymentInfoAtom);
  const setUserState = useSetAtom(autogiroUserStateAtom);
  const setNewMemberAmount = useSetAtom(newMemberAmountAtom);
  const setDetailsDone = useSetAtom(newMemberDetailsDoneAtom);
  const setSignCompleted = useSetAtom(signCompletedAtom);
  const setQueuedEmail = useSetAtom(queuedEmailAtom);
  const setQueueOffer = useSetAtom(queueOfferAtom);
  const navigate = useNavigate();
  const goToError = useGoToError();
  const [busy, setBusy] = useState(false);

  // Loading the start page starts over: release any hold of this session, clear the flow's state.
  useEffect(() => {
    if (existingSessionUid()) void api.call('deregisterClient', {}).catch(() => undefined);
    setPerson(EMPTY_PERSON);
    setTicket(null);
    setAccountInfo(null);
    setTimeIsUp(false);
    setDraft({ personalNumber: '', email: '' });
    setAuthenticatedUser(null);
    setPaymentInfo(null);
    setUserState(null);
    setNewMemberAmount(MIN_NEW_MEMBER_AMOUNT);
    setDetailsDone(false);
    setSignCompleted(false);
    setQueuedEmail(null);
    setQueueOffer(false);
  }, [setPerson, setTicket, setAccountInfo, setTimeIsUp, setDraft, setAuthenticatedUser, setPaymentInfo, setUserState, setNewMemberAmount, setDetailsDone, setSignCompleted, setQueuedEmail, setQueueOffer]);

  async function start() {
    if (status === 'Queue') {
      navigate(paths.visitor.toQueue.getHref(lang));
      return;
    }
    setBusy(true);
    try {
      setTicket(await api.call('register', {}));
      navigate(paths.visitor.memberCheck.getHref(lang));
    } catch (err) {
      // Sold out since this page loaded (the rush): the way on is the queue, not an error page.
      if (err instanceof ApiError && err.status === 'ABORTED' && err.errorId === 'noTicket') {
        setStatus((await api.getConcertStatus().catch(() => null))?.concertStatus ?? 'Queue');
        navigate(paths.visitor.toQueue.getHref(lang));
      } else {
        goToError(err);
      }
    } finally {
      setBusy(false);
    }
  }

  // Also rendered when the app builds (app/first-paint.tsx): the server paints it into index.html before any script runs.
  const buttonKey = person.personalNumber ? null : startButtonKey(status);
  return (
    <Page title={t('start.title')} className="start">
      <p className="slogan">{t('start.slogan')}</p>
      <p className="intro copy-text" aria-live="polite">
        {t(startIntroKey(status))}
      </p>
      {buttonKey && (
        <button type="button" className="button" onClick={start} disabled={status === 'Closed' || busy} aria-busy={busy}>
          {t(buttonKey)}
        </button>
      )}
      <p>
        <Link to={paths.visitor.instructions.getHref(lang)}>{t('start.instructionsLink')}</Link>
      </p>
    </Page>
  );
}
