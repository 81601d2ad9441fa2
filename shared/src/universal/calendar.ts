// The concert as a calendar file: attached to the ticket e-mail (backend outbox/templates.ts) and
// offered by the attendee's ticket page (visitor-flow), both made here from the same ticket data.

/** The concert as a calendar needs it (the status answer's `concert`, or the server's stored one). */
export interface CalendarConcert {
  /** The event's UID is made from it: never the date, so a moved concert stays one event. */
  id: number;
  startsAt: string | Date;
  endsAt: string | Date;
  venue: string;
  city: string;
  /** Raised by each change of date, times or venue: calendars move the event instead of adding one. */
  calendarSequence: number;
}

/** What a ticket's calendar file says besides the concert's facts. */
export interface ConcertEvent {
  concert: CalendarConcert;
  /** The event's title in the attendee's language. */
  title: string;
  /** Free text: the ticket code and its link. */
  description: string;
  /** The attendee's ticket page (never a staff page). */
  url?: string;
  /** The site's domain, for the event's UID. */
  domain: string;
  now?: Date;
}

/** The calendar file's name, in the e-mail and on the ticket page. */
export const CALENDAR_FILE_NAME = 'konsert.ics';
/** Its media type (the e-mail's attachment, the page's download). */
export const CALENDAR_MEDIA_TYPE = 'text/calendar; charset=utf-8; method=PUBLISH';

/**
 * One ticket's calendar file: the concert titled in the attendee's language, the ticket code and
 * the attendee's ticket page as the description and URL (a calendar's link goes to the visitor,
 * never to the door's scan page), the event's UID on the site's own host (the link's), so that
 * the file from the e-mail and the one from the ticket page are one event in a calendar.
 */
export function ticketCalendar(ticket: {
  concert: CalendarConcert;
  /** The site's host for the UID, when there is no ticket page to take it from (a change notice). */
  domain?: string;
  title: string;
  code: string;
  /** The attendee's ticket page, `/{lang}/ticket/{code}`. */
  ticketUrl?: string;
  now?: Date;
}): string {
  const ticketUrl = ticket.ticketUrl || undefined;
  return concertCalendar({
    concert: ticket.concert,
    title: ticket.title,
    description: [ticket.code, ticketUrl].filter(Boolean).join('\n'),
    url: ticketUrl,
    domain: hostOf(ticketUrl) ?? ticket.domain ?? 'concert.invalid',
    now: ticket.now,
  });
}

/** The attendee's ticket page of the ticket a scan URL names (`/admin/scan/{code}`): same site, same code. */
export function ticketPageUrlOfScanUrl(scanUrl: string, lang: 'sv' | 'en'): string | undefined {
  const at = scanUrl.lastIndexOf('/admin/scan/');
  return at < 0
    ? undefined
    : `${scanUrl.slice(0, at)}/${lang}/ticket/${scanUrl.slice(at + '/admin/scan/'.length)}`;
}

function hostOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The concert as an iCalendar file (RFC 5545): one event at the venue,
 * start and end from the constants (local Stockholm time, written in UTC so that no time-zone
 * block is needed). Lines end in CRLF and fold at 75 octets; text values are escaped.
 */
export function concertCalendar(event: ConcertEvent): string {
  const { concert } = event;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//concert-tickets//ticket e-mail//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // The same for every attendee and every version: calendars that import it twice keep one
    // event, and a moved concert (a higher SEQUENCE) moves it.
    `UID:concert-${concert.id}@${event.domain}`,
    `SEQUENCE:${concert.calendarSequence}`,
    `DTSTAMP:${utcStamp(event.now ?? new Date())}`,
    `DTSTART:${utcStamp(new Date(concert.startsAt))}`,
    `DTEND:${utcStamp(new Date(concert.endsAt))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(`${concert.venue}, ${concert.city}`)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

const utf8 = new TextEncoder();

/** Lines longer than 75 octets continue on the next line after a space (never inside a UTF-8 character). */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8.encode(ch).length;
    if (octets + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
