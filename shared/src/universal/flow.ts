import type { ConcertStatus } from './api.js';

/**
 * While tickets are on sale the queue page is no place to stay (SPEC.md §4): it takes a ticket
 * and moves on to memberCheck, unless the member-queue flag keeps a member there. A fresh visit
 * (nobody identified yet) always moves on. The queue page itself, the header's countdown (which
 * keeps its row for the hold on its way) and the server's first paint (the page it lands on, and
 * its title) all ask this.
 */
export function queuePageMovesOn(
  status: ConcertStatus | null,
  { memberQueue = false, isMember = false }: { memberQueue?: boolean; isMember?: boolean } = {},
): boolean {
  return status === 'Open' && !(memberQueue && isMember);
}

/** The parts of a hold every screen reads: whether it is a reservation, and until when. */
interface Hold {
  isConfirmed: boolean;
  validUntil: number;
  reserved: boolean;
}

/**
 * A ticket set aside for the visitor, not yet confirmed: the only hold a page may call reserved
 * and count down (a place without a reservation waits for BankID's identification, issue 27).
 */
export function isReservation(ticket: Hold | null | undefined): ticket is Hold {
  return !!ticket && ticket.reserved === true && !ticket.isConfirmed && ticket.validUntil > 0;
}

/** Up to this many tickets left, the page says exactly how many. */
export const TICKETS_LEFT_EXACT_UP_TO = 10;

/**
 * How many tickets are left as a page says it: the exact number up to 10, else a round number
 * strictly below it ("more than 40" for 41–50, "more than 300" for 301–400), so it is never more
 * than there are and changes only now and then under a rush.
 */
export function ticketsLeftShown(left: number): { exact: boolean; count: number } {
  if (left <= TICKETS_LEFT_EXACT_UP_TO) return { exact: true, count: Math.max(0, left) };
  const step = left <= 100 ? 10 : left <= 1000 ? 100 : 1000;
  return { exact: false, count: Math.floor((left - 1) / step) * step };
}

/** How soon a page showing the tickets left asks again: while few are left, or what it says is close to untrue. */
export const TICKETS_LEFT_POLL_SOON_MS = 5000;
/** …and while tickets are plentiful (more than `TICKETS_LEFT_SPARE` would have to go before what it says turns untrue). */
export const TICKETS_LEFT_POLL_LATER_MS = 20_000;
export const TICKETS_LEFT_SPARE = 100;

/**
 * When a page that shows the tickets left (from a status answer saying `left`) asks again. The
 * page says "more than 14 000" for 14 001 to 15 000: with 14 800 left, 800 more must go before
 * that is untrue, and the page may wait 20 s; with few left, or few to spare, it asks every 5 s,
 * so the last tickets are told as they go. Every visitor on the page polls: under a rush the
 * plentiful case is most of the server's status answers.
 */
export function ticketsLeftPollMs(left: number): number {
  const shown = ticketsLeftShown(left);
  return !shown.exact && left - shown.count > TICKETS_LEFT_SPARE
    ? TICKETS_LEFT_POLL_LATER_MS
    : TICKETS_LEFT_POLL_SOON_MS;
}

/**
 * When a page that arrives holding a count (the status inlined with the page, or an earlier
 * answer) first asks: as the rule above says, counted from when that count arrived, so a page
 * opened just after its status came asks no sooner than it would have asked again (under a rush,
 * one status call fewer per visitor) and one held longer asks at once. Nothing held, or an age
 * unknown: at once.
 */
export function ticketsLeftFirstAskMs(held: { ticketsLeft: number; ageMs: number } | null): number {
  // An age nobody can tell (a browser without the page's start time) is no reason to wait.
  if (!held || !Number.isFinite(held.ageMs)) return 0;
  return Math.max(0, ticketsLeftPollMs(held.ticketsLeft) - Math.max(0, held.ageMs));
}

/** HOLD_MINUTES as the texts say it: "15", "1,5" in Swedish, "1.5" in English. */
export function holdMinutesText(minutes: number, lang: 'sv' | 'en'): string {
  const rounded = Math.round(minutes * 10) / 10;
  return lang === 'sv' ? String(rounded).replace('.', ',') : String(rounded);
}
