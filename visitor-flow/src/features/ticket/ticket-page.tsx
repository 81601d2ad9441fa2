import {
  api,
  ApiError,
  apiErrorText,
  FirstPaintOr,
  langAtom,
  paintedElement,
  useCopy,
} from '@concert/shared/browser';
import { Loading } from '@concert/shared/ui';
import {
  CALENDAR_FILE_NAME,
  ticketCalendar,
  ticketPageUrlOfScanUrl,
  type CalendarConcert,
} from '@concert/shared/calendar';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useParams } from '@concert/shared/router';
import { LazyQrCode, type PaintedQr } from '../../components/lazy-qr-code.js';
import { Page } from '../../components/page.js';
import { keepTicketOffline } from './ticket-offline.js';
import { TicketView, type Ticket } from './ticket-view.js';

/** Where a ticket page keeps what it last showed (see TicketPage). */
const storageKey = (code: string) => `concert.ticket.${code}`;

function remembered(code: string): Ticket | null {
  try {
    const raw = localStorage.getItem(storageKey(code));
    const kept = raw ? (JSON.parse(raw) as Partial<Ticket>) : null;
    // A copy kept before the answer carried its concert is not shown: the network answer replaces it.
    return kept?.concert && kept.copyVariables ? (kept as Ticket) : null;
  } catch {
    return null;
  }
}

/** The QR code the server painted into this page (issue 40 §6), to be kept as it is. */
function paintedQr(): PaintedQr | null {
  const svg = paintedElement('.ticket-qr svg.qr-code');
  const viewBox = svg?.getAttribute('viewBox');
  return svg && viewBox ? { viewBox, markup: svg.innerHTML } : null;
}

/**
 * The attendee's own ticket (issue 29): opened from the ticket e-mail, no sign-in. The QR code
 * large (it holds what the door scans), whose ticket it is, when and where, and what happens at
 * the door, and the concert as a calendar file. What it showed is kept in the browser's storage,
 * and the page itself by its service worker (ticket-offline.ts): reopened while the network is
 * away, it shows the ticket rather than an error. The server paints the ticket, QR code and all,
 * before any script runs (issue 40 §6): that page stays until the ticket is here, and its QR
 * code is kept (no encoder to load, nothing redrawn).
 */
export function TicketPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const { code = '' } = useParams();
  const [ticket, setTicket] = useState<Ticket | null>(() => remembered(code));
  const [problem, setProblem] = useState<string | null>(null);
  const [offlineReady, setOfflineReady] = useState(false);
  const [painted] = useState(paintedQr);

  useEffect(() => {
    let current = true;
    api
      .call('getTicket', { code })
      .then((answer) => {
        if (!current) return;
        setTicket(answer);
        try {
          localStorage.setItem(storageKey(code), JSON.stringify(answer));
        } catch {
          // private mode: shown, not kept
          return;
        }
        void keepTicketOffline(lang).then((ready) => current && setOfflineReady(ready));
      })
      .catch((err: unknown) => {
        if (!current) return;
        // Offline with the ticket kept: it stays on screen. A code the server does not know: said so.
        if (err instanceof ApiError && (err.status === 'NOT_FOUND' || err.status === 'INVALID_ARGUMENT')) {
          setTicket(null);
          setProblem(t('ticket.unknown'));
        } else if (!remembered(code) && !painted) setProblem(apiErrorText(t, err));
      });
    return () => {
      current = false;
    };
  }, [code, lang, t, painted]);

  if (!ticket && !problem) return <FirstPaintOr fallback={<Loading className="screen-loading" />} />;
  if (!ticket) {
    return (
      <Page title={t('ticket.title')}>
        <p className="notice error-notice" role="alert">
          {problem}
        </p>
        <p>
          <Link to={paths.visitor.start.getHref(lang)}>{t('shell.notFoundLink')}</Link>
        </p>
      </Page>
    );
  }
  return (
    <TicketView
      ticket={ticket}
      qr={
        <LazyQrCode
          data={ticket.scanUrl}
          label={t('ticket.qrAlt', { ticketId: ticket.code })}
          painted={painted ?? undefined}
        />
      }
    >
      <p>
        <a
          href={calendarHref(t('email.finalTicket.calendarTitle'), ticket, ticket.concert, lang)}
          download={CALENDAR_FILE_NAME}
        >
          {t('ticket.calendar')}
        </a>
      </p>
      {offlineReady && (
        <p className="notice" role="status">
          {t('ticket.offlineReady')}
        </p>
      )}
    </TicketView>
  );
}

/** The concert as the ticket e-mail's calendar file, made here from the ticket (it works offline too). */
function calendarHref(title: string, ticket: Ticket, concert: CalendarConcert, lang: 'sv' | 'en'): string {
  const ticketUrl = ticketPageUrlOfScanUrl(ticket.scanUrl, lang);
  const ics = ticketCalendar({ concert, title, code: ticket.code, ticketUrl });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}
