import {
  accountInfoAtom,
  api,
  concertStatusAtom,
  EMPTY_PERSON,
  existingSessionUid,
  langAtom,
  paths,
  personAtom,
  ticketDataAtom,
  timeIsUpAtom,
  useCopy,
} from '@concert/shared/browser';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useGoToError } from '../../components/use-go-to-error.js';

const INTRO_KEY = { Open: 'start.intro.open', Queue: 'start.intro.queue', Closed: 'start.intro.closed', Done: 'start.intro.done' } as const;

/** Cover, slogan, status-dependent intro and the ticket button (SPEC.md §2). */
export function StartPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const status = useAtomValue(concertStatusAtom);
  const [person, setPerson] = useAtom(personAtom);
  const setTicket = useSetAtom(ticketDataAtom);
  const setAccountInfo = useSetAtom(accountInfoAtom);
  const setTimeIsUp = useSetAtom(timeIsUpAtom);
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
  }, [setPerson, setTicket, setAccountInfo, setTimeIsUp]);

  async function start() {
    if (status === 'Queue') {
      navigate(paths.toQueue(lang));
      return;
    }
    setBusy(true);
    try {
      setTicket(await api.call('register', {}));
      navigate(paths.memberCheck(lang));
    } catch (err) {
      goToError(err);
    } finally {
      setBusy(false);
    }
  }

  const showButton = status !== null && !person.personalNumber;
  const buttonKey = status === 'Queue' ? 'start.button.queue' : status === 'Closed' ? 'start.button.closed' : 'start.button.buy';
  return (
    <article className="start">
      <h1>{t('start.title')}</h1>
      <p className="slogan">{t('start.slogan')}</p>
      <p className="intro" aria-live="polite">
        {status ? t(INTRO_KEY[status]) : t('start.statusUnknown')}
      </p>
      {showButton && status !== 'Done' && (
        <button type="button" className="button" onClick={start} disabled={status === 'Closed' || busy} aria-busy={busy}>
          {t(buttonKey)}
        </button>
      )}
      <p>
        <Link to={paths.instructions(lang)}>{t('start.instructionsLink')}</Link>
      </p>
    </article>
  );
}
