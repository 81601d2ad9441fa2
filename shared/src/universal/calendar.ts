// The concert as a calendar file: attached to the ticket e-mail (backend outbox/templates.ts) and
// offered by the attendee's ticket page (visitor-flow), both made here from the same ticket data.
import { CONCERT } from './constants.js';

/** What a ticket's calendar file says besides the concert's constants. */
export interface ConcertEvent {
  /** The event's title in the attendee's language. */
  title: string;
  /** Free text: the ticket code and its link. */
  description: string;
  /** The ticket's scan address. */
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
 * its link as the description, the event's UID on the site's own host (the link's), so that the
 * file from the e-mail and the one from the ticket page are one event in a calendar.
 */
export function ticketCalendar(ticket: {
  title: string;
  code: string;
  scanUrl?: string;
  now?: Date;
}): string {
  const scanUrl = ticket.scanUrl || undefined;
  return concertCalendar({
    title: ticket.title,
    description: [ticket.code, scanUrl].filter(Boolean).join('\n'),
    url: scanUrl,
    domain: hostOf(scanUrl) ?? 'concert.invalid',
    now: ticket.now,
  });
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
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//concert-tickets//ticket e-mail//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    // The same for every attendee: calendars that import it twice keep one event.
    `UID:concert-${CONCERT.dateIso}@${event.domain}`,
    `DTSTAMP:${utcStamp(event.now ?? new Date())}`,
    `DTSTART:${utcStamp(stockholmTime(CONCERT.dateIso, CONCERT.startTimeLocal))}`,
    `DTEND:${utcStamp(stockholmTime(CONCERT.dateIso, CONCERT.endTimeLocal))}`,
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(`${CONCERT.venue}, ${CONCERT.city}`)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A local time in Stockholm on a date, as the instant it is (summer or winter time). */
export function stockholmTime(dateIso: string, time: string): Date {
  const asUtc = new Date(`${dateIso}T${time}:00Z`);
  // The zone's offset at that moment: what the wall clock in Stockholm shows for asUtc, minus asUtc.
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: CONCERT.timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(asUtc);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return new Date(asUtc.getTime() - (wall - asUtc.getTime()));
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
