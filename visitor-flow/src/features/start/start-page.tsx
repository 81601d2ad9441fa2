import {
  accountInfoAtom,
  api,
  ApiError,
  authenticatedUserAtom,
  autogiroPaymentInfoAtom,
  autogiroUserStateAtom,
  concertFactsAtom,
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
import {
  COVER,
  COVER_SIZES,
  copyLines,
  coverSrcSet,
  coverUrl,
  paths,
  startButtonKey,
  startIntroKey,
  concertIsOver,
} from '@concert/shared/universal';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '@concert/shared/router';
import { ConcertFacts } from '../../components/concert-facts.js';
import { Page } from '../../components/page.js';
import { useGoToError } from '../../components/use-go-to-error.js';

/** Cover, slogan, status-dependent intro and the ticket button (SPEC.md §2). */
export function StartPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [status, setStatus] = useAtom(concertStatusAtom);
  const over = concertIsOver(useAtomValue(concertFactsAtom));
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
    setNewMemberAmount(0);
    setDetailsDone(false);
    setSignCompleted(false);
    setQueuedEmail(null);
    setQueueOffer(false);
  }, [
    setPerson,
    setTicket,
    setAccountInfo,
    setTimeIsUp,
    setDraft,
    setAuthenticatedUser,
    setPaymentInfo,
    setUserState,
    setNewMemberAmount,
    setDetailsDone,
    setSignCompleted,
    setQueuedEmail,
    setQueueOffer,
  ]);

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
  // The ticket button comes right after the slogan and the status's intro, inside a phone's first screen (issue 29).
  const buttonKey = person.personalNumber ? null : startButtonKey(status);
  return (
    <Page title={t('start.title')} className="start" before={<Cover alt={t('start.cover.alt')} />}>
      <p className="slogan">{t('start.slogan')}</p>
      <p className="intro copy-text">{t(startIntroKey(status, over))}</p>
      <StatusChange text={t(startIntroKey(status, over))} />
      {buttonKey && (
        <button
          type="button"
          className="button"
          onClick={start}
          disabled={status === 'Closed' || busy}
          aria-busy={busy}
        >
          {t(buttonKey)}
        </button>
      )}
      <p>
        <Link to={paths.visitor.instructions.getHref(lang)}>{t('start.instructionsLink')}</Link>
      </p>
      <section className="facts" aria-labelledby="facts-title">
        <h2 id="facts-title" className="visually-hidden">
          {t('start.facts.title')}
        </h2>
        <ConcertFacts />
      </section>
      <section className="lineup" aria-labelledby="lineup-title">
        <h2 id="lineup-title">{t('start.lineup.title')}</h2>
        <div className="lineup-lists">
          <div>
            <h3>{t('start.lineup.artistsTitle')}</h3>
            <ul>
              {copyLines(t('start.lineup.artists')).map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
          <div>
            <h3>{t('start.lineup.speakersTitle')}</h3>
            <ul>
              {copyLines(t('start.lineup.speakers')).map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>
    </Page>
  );
}

/**
 * The intro is read as part of the page, not announced on load; when the concert status changes
 * while the page is open (tickets run out), the new text is announced through a live region that
 * was there, empty, from the start.
 */
function StatusChange({ text }: { text: string }) {
  const first = useRef(text);
  const changed = text !== first.current;
  return (
    <p className="visually-hidden" role="status">
      {changed ? text : ''}
    </p>
  );
}

/**
 * The cover: AVIF, then WebP, then JPEG, each in three widths for the screen's size and density;
 * its width and height reserve the space before it loads (no layout shift). It is the page's
 * largest element, so it loads at once and first (no lazy loading, high priority).
 */
function Cover({ alt }: { alt: string }) {
  return (
    <picture className="cover">
      <source type="image/avif" srcSet={coverSrcSet('avif')} sizes={COVER_SIZES} />
      <source type="image/webp" srcSet={coverSrcSet('webp')} sizes={COVER_SIZES} />
      <img
        src={coverUrl(800, 'jpg')}
        srcSet={coverSrcSet('jpg')}
        sizes={COVER_SIZES}
        width={COVER.width}
        height={COVER.height}
        alt={alt}
        fetchPriority="high"
        decoding="async"
      />
    </picture>
  );
}
