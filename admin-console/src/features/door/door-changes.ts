/**
 * How the server's answers change the attendee list kept on the door device: the whole list
 * downloaded, the check-ins a poll reports, the conflicts a sync finds, a check-in's verdict.
 * No React here: useDoor (door-engine.ts) keeps the state and calls these.
 */
import type { DoorCheckIn, DoorListRow, DoorStatus, SyncedCheckIn } from '@concert/shared/api';
import { call } from './door-calls.js';
import type { Attendee, QueuedCheckIn } from './door-store.js';

/** What the door shows after a scan, a search's check-in or an undo. */
export type DoorResult =
  | { kind: 'ok'; firstName: string; lastName: string; queued: boolean }
  | { kind: 'already'; firstName: string; lastName: string; scannedAt: number; device: string | null }
  | { kind: 'unknown' }
  | { kind: 'error' }
  | { kind: 'undone'; firstName: string; lastName: string };

/** One row of the server's compact list as the device keeps it. */
function attendeeOf([
  ticketId,
  codeHash,
  emailHash,
  firstName,
  lastName,
  scannedAt,
  device,
]: DoorListRow): Attendee {
  return { ticketId, codeHash, emailHash, firstName, lastName, scannedAt, device };
}

/** The whole list, page by page. What this device has queued stays checked in on it. */
export async function fetchWholeList(
  pending: QueuedCheckIn[],
  deviceLabel: string,
): Promise<{ salt: string; cursor: number; rows: Attendee[] }> {
  const rows: Attendee[] = [];
  let after: string | undefined;
  let first: { salt: string; cursor: number } | undefined;
  do {
    const page = await call('doorList', after ? { after } : {});
    first ??= page;
    for (const row of page.rows) rows.push(attendeeOf(row));
    after = page.next ?? undefined;
  } while (after);
  const queued = new Map(pending.map((p) => [p.ticketId, p]));
  for (const a of rows) {
    const q = queued.get(a.ticketId);
    if (q && !a.scannedAt) Object.assign(a, { scannedAt: q.at, device: deviceLabel });
  }
  return { salt: first.salt, cursor: first.cursor, rows };
}

/**
 * The rows a poll's changes touch (other devices' check-ins and undos). A ticket this device
 * queued stays checked in here while the server has not heard of it yet.
 */
export function changesFromPoll(
  changes: DoorStatus['changes'],
  attendees: ReadonlyMap<string, Attendee>,
  pending: QueuedCheckIn[],
): Attendee[] {
  const changed: Attendee[] = [];
  for (const c of changes) {
    const a = attendees.get(c.ticketId);
    // Cancelled (entry null) or moved by the office: the code this device holds opens nothing.
    if (a && c.entry !== undefined) {
      changed.push(c.entry ? attendeeOf(c.entry) : { ...a, codeHash: '', emailHash: '' });
      continue;
    }
    const queuedHere = pending.some((p) => p.ticketId === c.ticketId);
    if (a && !(queuedHere && !c.scannedAt))
      changed.push({ ...a, scannedAt: c.scannedAt ? Date.parse(c.scannedAt) : 0, device: c.device ?? '' });
  }
  return changed;
}

/** The rows a sync found checked in first on another device: the first check-in stands. */
export function changesFromSync(
  results: SyncedCheckIn[],
  attendees: ReadonlyMap<string, Attendee>,
): Attendee[] {
  const changed: Attendee[] = [];
  for (const r of results) {
    const a = attendees.get(r.ticketId);
    if (a && r.outcome === 'CONFLICT' && r.firstAt)
      changed.push({ ...a, scannedAt: Date.parse(r.firstAt), device: r.firstDevice ?? '' });
  }
  return changed;
}

/** The verdict for a ticket checked in before (here, on another device, or on the server). */
export function alreadyCheckedIn(who: {
  firstName: string;
  lastName: string;
  scannedAt: number;
  device: string | null;
}): DoorResult {
  return {
    kind: 'already',
    firstName: who.firstName,
    lastName: who.lastName,
    scannedAt: who.scannedAt,
    device: who.device || null,
  };
}

/** The server's verdict on a check-in, as the door shows it. */
export function verdictOf(answer: DoorCheckIn): DoorResult {
  if (answer.outcome === 'OK')
    return { kind: 'ok', firstName: answer.firstName, lastName: answer.lastName, queued: false };
  return alreadyCheckedIn({ ...answer, scannedAt: Date.parse(answer.scannedAt) });
}
