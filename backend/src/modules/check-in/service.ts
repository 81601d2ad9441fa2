import type { Answers, DoorListRow, ParsedPayload, SyncedCheckIn } from '@concert/shared/api';
import { DOOR_LIST_PAGE, doorHash, UNDO_MINUTES } from '@concert/shared/door';
import type { Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { DoorCodes } from '../tickets/door-codes.js';
import {
  changesSince,
  confirmedTicketsPage,
  currentCheckIn,
  deviceOwner,
  doorCounts,
  doorEntriesOf,
  doorListSalt,
  letIn,
  lockConfirmedTicket,
  recordConflict,
  syncedBefore,
  takeBack,
  ticketNames,
  upsertDevice,
  type DoorListEntry,
  type TicketRef,
} from './queries.js';

/** An offline check-in's time is the device's clock, but never in the future and never more than a day back. */
const OFFLINE_AT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const CHANGES_PER_CALL = 1000;

const unknownDevice = () => new AppError('FAILED_PRECONDITION', 'invalidState');
const notYourDevice = () => new AppError('PERMISSION_DENIED', 'permissionDenied');

/**
 * A door device is bound to the account that registered it: only that account checks in, syncs
 * or undoes on it (unknown: 400 invalidState; another account's: 403 permissionDenied).
 */
async function ownDevice(sql: Parameters<typeof deviceOwner>[0], staff: StaffMember, deviceId: string) {
  const owner = await deviceOwner(sql, deviceId);
  if (owner === undefined) throw unknownDevice();
  if (owner !== staff.id) throw notYourDevice();
}

/**
 * Letting ticket holders in at the door: the one rule of a check-in (a confirmed ticket is let
 * in once; every later check-in learns when and where it was), shared by the scan page
 * (/admin/scan/{code}), the door page online, and the door page's offline check-ins at sync.
 */
export function createCheckInService({
  sql,
  concert,
  doorCodes,
  now = () => Date.now(),
}: {
  sql: Sql;
  /** The current concert (a getter): its tickets are the ones the door knows. */
  concert: { readonly id: number };
  /** Door codes at rest: a code is looked up by its keyed hash; the offline list opens the sealed copy. */
  doorCodes: Pick<DoorCodes, 'hash' | 'open'>;
  now?: () => number;
}) {
  /** One check-in, in its own transaction: of many doors at once exactly one lets the ticket in. */
  async function checkInOnce(staff: StaffMember, ref: TicketRef, deviceId: string | null) {
    return sql.begin(async (tx) => {
      if (deviceId) await ownDevice(tx, staff, deviceId);
      const ticket = await lockConfirmedTicket(tx, ref, concert.id);
      if (!ticket) return undefined;
      if (ticket.scannedAt)
        return { ticket, first: false, scannedAt: ticket.scannedAt, device: ticket.deviceLabel };
      const scannedAt = await letIn(tx, { ticketId: ticket.ticketId, staffId: staff.id, deviceId, at: null });
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'checkIn.scan',
        subject: ticket.ticketId,
        after: deviceId ? { device: deviceId } : null,
      });
      const label = deviceId
        ? ((await tx<{ label: string }[]>`SELECT label FROM door_devices WHERE id = ${deviceId}`)[0]?.label ??
          null)
        : null;
      return { ticket, first: true, scannedAt, device: label };
    });
  }

  /**
   * The scan page's check-in (a phone's camera app opening the ticket's URL): idempotent, the
   * first scan OK, every later one ALREADY_SCANNED with the first one's time.
   */
  async function scanTicket(staff: StaffMember, externalTicketId: string): Promise<Answers['scanTicket']> {
    const row = await checkInOnce(staff, { codeHash: doorCodes.hash(externalTicketId) }, null);
    if (!row) throw notFound();
    return {
      outcome: row.first ? 'OK' : 'ALREADY_SCANNED',
      firstName: row.ticket.firstName ?? '',
      lastName: row.ticket.lastName ?? '',
      scannedAt: row.scannedAt.toISOString(),
    };
  }

  /** The door page's check-in, by code or ticket id, on a named device. Unknown: 404. */
  async function checkIn(staff: StaffMember, payload: ParsedPayload<'checkIn'>): Promise<Answers['checkIn']> {
    const ref: TicketRef =
      payload.code !== undefined
        ? { codeHash: doorCodes.hash(payload.code) }
        : { ticketId: payload.ticketId! };
    const row = await checkInOnce(staff, ref, payload.deviceId);
    if (!row) throw notFound();
    return {
      outcome: row.first ? 'OK' : 'ALREADY_SCANNED',
      ticketId: row.ticket.ticketId,
      firstName: row.ticket.firstName ?? '',
      lastName: row.ticket.lastName ?? '',
      scannedAt: row.scannedAt.toISOString(),
      device: row.device,
    };
  }

  /**
   * Undo (a mis-scan): the ticket's check-in as it stands must have been made within
   * UNDO_MINUTES, and on the asking device, which must be the caller's own (another account's
   * device: 403; office staff may undo any device's check-in from their own device). Audited
   * with who, when and what was taken back. Anything else: 400 FAILED_PRECONDITION invalidState.
   */
  async function undoCheckIn(
    staff: StaffMember,
    { ticketId, deviceId }: ParsedPayload<'undoCheckIn'>,
  ): Promise<Answers['undoCheckIn']> {
    return sql.begin(async (tx) => {
      await ownDevice(tx, staff, deviceId);
      const ticket = await lockConfirmedTicket(tx, { ticketId }, concert.id);
      if (!ticket) throw notFound();
      const current = ticket.scannedAt ? await currentCheckIn(tx, ticketId) : undefined;
      const tooLate = !current || now() - current.recordedAt.getTime() > UNDO_MINUTES * 60_000;
      const otherDevice = current?.deviceId !== deviceId && staff.role !== 'office';
      if (!ticket.scannedAt || tooLate || otherDevice)
        throw new AppError('FAILED_PRECONDITION', 'invalidState');
      await takeBack(tx, { ticketId, staffId: staff.id, deviceId });
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'checkIn.undo',
        subject: ticketId,
        before: { scannedAt: ticket.scannedAt.toISOString(), device: ticket.scannedDevice },
        after: { device: deviceId },
      });
      return { ticketId, undone: true as const };
    });
  }

  /**
   * Offline check-ins, one transaction each (a ticket's lock held only for its own). Sent again
   * (the answer was lost on the way), each is answered from what it became and nothing changes.
   * A ticket another check-in let in first: recorded as a conflict with both times, counted once.
   */
  async function syncCheckIns(
    staff: StaffMember,
    { deviceId, checkIns }: ParsedPayload<'syncCheckIns'>,
  ): Promise<Answers['syncCheckIns']> {
    await ownDevice(sql, staff, deviceId);
    const results: SyncedCheckIn[] = [];
    const ordered = [...checkIns].sort((a, b) => a.at - b.at);
    for (const item of ordered) {
      const at = new Date(Math.min(now(), Math.max(item.at, now() - OFFLINE_AT_MAX_AGE_MS)));
      const result = await sql.begin(async (tx): Promise<SyncedCheckIn> => {
        const ticket = await lockConfirmedTicket(tx, { ticketId: item.ticketId }, concert.id);
        const names = { firstName: ticket?.firstName ?? '', lastName: ticket?.lastName ?? '' };
        const before = await syncedBefore(tx, deviceId, item.id);
        if (before) {
          const known = before.ticketId === item.ticketId ? names : await namesOf(tx, before.ticketId);
          return {
            id: item.id,
            ticketId: before.ticketId,
            outcome: before.kind === 'conflict' ? 'CONFLICT' : 'OK',
            at: before.at.toISOString(),
            firstAt: before.firstAt?.toISOString() ?? null,
            firstDevice: before.firstDevice,
            ...known,
          };
        }
        const base = { id: item.id, ticketId: item.ticketId, at: at.toISOString(), ...names };
        if (!ticket) return { ...base, outcome: 'UNKNOWN', firstAt: null, firstDevice: null };
        if (!ticket.scannedAt) {
          await letIn(tx, {
            ticketId: ticket.ticketId,
            staffId: staff.id,
            deviceId,
            at,
            clientCheckInId: item.id,
          });
          await recordAudit(tx, {
            staffId: staff.id,
            action: 'checkIn.offline',
            subject: ticket.ticketId,
            after: { device: deviceId, at: at.toISOString() },
          });
          return { ...base, outcome: 'OK', firstAt: null, firstDevice: null };
        }
        await recordConflict(tx, {
          ticketId: ticket.ticketId,
          staffId: staff.id,
          deviceId,
          at,
          clientCheckInId: item.id,
          firstAt: ticket.scannedAt,
          firstDevice: ticket.scannedDevice,
        });
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'checkIn.conflict',
          subject: ticket.ticketId,
          before: { scannedAt: ticket.scannedAt.toISOString(), device: ticket.scannedDevice },
          after: { device: deviceId, at: at.toISOString() },
        });
        return {
          ...base,
          outcome: 'CONFLICT',
          firstAt: ticket.scannedAt.toISOString(),
          firstDevice: ticket.deviceLabel,
        };
      });
      results.push(result);
    }
    // In the order the device sent them.
    const byId = new Map(results.map((r) => [r.id, r]));
    return { results: checkIns.map((c) => byId.get(c.id)!) };
  }

  async function namesOf(tx: Parameters<typeof ticketNames>[0], ticketId: string) {
    const row = await ticketNames(tx, ticketId);
    return { firstName: row?.firstName ?? '', lastName: row?.lastName ?? '' };
  }

  async function registerDoorDevice(
    staff: StaffMember,
    { deviceId, label }: ParsedPayload<'registerDoorDevice'>,
  ): Promise<Answers['registerDoorDevice']> {
    return sql.begin(async (tx) => {
      const { before, notOwner } = await upsertDevice(tx, { id: deviceId, label, staffId: staff.id });
      if (notOwner) throw notYourDevice();
      if (before !== label) {
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'checkIn.registerDevice',
          subject: deviceId,
          before: before === null ? null : { label: before },
          after: { label },
        });
      }
      return { deviceId, label };
    });
  }

  async function doorStatus({ since }: ParsedPayload<'doorStatus'>): Promise<Answers['doorStatus']> {
    const counts = await doorCounts(sql, concert.id);
    // Nothing new (or a cursor from before the events were reset: start again from now).
    if (since === undefined || since >= counts.cursor) return { ...counts, changes: [] };
    const { cursor, changes } = await changesSince(sql, since, CHANGES_PER_CALL, concert.id);
    // Cancelled or moved tickets (issue 40): the door's entry as it is now, or none at all.
    const voided = changes.filter((c) => c.voided).map((c) => c.ticketId);
    const entries = new Map<string, DoorListRow>();
    if (voided.length > 0) {
      const salt = await doorListSalt(sql, concert.id);
      for (const e of await doorEntriesOf(sql, voided)) entries.set(e.ticketId, await doorRow(salt, e));
    }
    return {
      checkedIn: counts.checkedIn,
      confirmed: counts.confirmed,
      cursor,
      changes: changes.map((c) => ({
        ticketId: c.ticketId,
        scannedAt: c.scannedAt?.toISOString() ?? null,
        device: c.device,
        ...(c.voided ? { entry: entries.get(c.ticketId) ?? null } : {}),
      })),
    };
  }

  /** A ticket as the door's offline list holds it: codes and e-mails only as salted hashes. */
  async function doorRow(salt: string, t: DoorListEntry): Promise<DoorListRow> {
    return [
      t.ticketId,
      await doorHash(salt, 'code', doorCodes.open(t)!),
      t.email ? await doorHash(salt, 'email', t.email) : '',
      t.firstName ?? '',
      t.lastName ?? '',
      t.scannedAt?.getTime() ?? 0,
      t.device ?? '',
    ];
  }

  /** The offline list: what the door needs (greeting, search, scan) and nothing more. */
  async function doorList({ after }: ParsedPayload<'doorList'>): Promise<Answers['doorList']> {
    const [salt, counts] = await Promise.all([
      doorListSalt(sql, concert.id),
      after === undefined ? doorCounts(sql, concert.id) : undefined,
    ]);
    const page = await confirmedTicketsPage(sql, after, DOOR_LIST_PAGE, concert.id);
    const rows = await Promise.all(page.map((t) => doorRow(salt, t)));
    return {
      salt,
      rows,
      next: page.length === DOOR_LIST_PAGE ? page.at(-1)!.ticketId : null,
      cursor: counts?.cursor ?? 0,
    };
  }

  return { scanTicket, checkIn, undoCheckIn, syncCheckIns, registerDoorDevice, doorStatus, doorList };
}
export type CheckInService = ReturnType<typeof createCheckInService>;
