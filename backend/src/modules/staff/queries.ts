import type { Queryable } from '../../db/connect.js';

// ───────────────────────────── Staff members ─────────────────────────────

export interface StaffRow {
  id: string;
  email: string;
  name: string | null;
  isCopyAdmin: boolean;
}

/**
 * Records a verified sign-in: a new staff member on first sight (with the copy-admin right
 * when `copyAdminOnFirstSight`), else the e-mail and name refreshed. The right itself is never
 * changed here: only a copy admin changes it (setCopyAdmin).
 */
export async function recordStaffSighting(
  sql: Queryable,
  s: { issuer: string; subject: string; email: string; name: string | null; copyAdminOnFirstSight: boolean },
): Promise<StaffRow> {
  const [row] = await sql<StaffRow[]>`
    INSERT INTO staff (issuer, subject, email, name, is_copy_admin)
    VALUES (${s.issuer}, ${s.subject}, ${s.email}, ${s.name}, ${s.copyAdminOnFirstSight})
    ON CONFLICT (issuer, subject) DO UPDATE
    SET email = EXCLUDED.email,
        name = EXCLUDED.name,
        last_seen_at = now()
    RETURNING id, email, name, is_copy_admin`;
  return row!;
}

export async function staffIsCopyAdmin(sql: Queryable, staffId: string): Promise<boolean> {
  const [row] = await sql<{ isCopyAdmin: boolean }[]>`
    SELECT is_copy_admin
    FROM staff
    WHERE id = ${staffId}`;
  return row?.isCopyAdmin ?? false;
}

/** Grants or revokes the right for every sign-in with that e-mail; the number of staff rows changed. */
export async function setCopyAdminByEmail(sql: Queryable, email: string, isCopyAdmin: boolean, changedBy: string): Promise<number> {
  const rows = await sql`
    UPDATE staff
    SET is_copy_admin = ${isCopyAdmin},
        copy_admin_changed_by = ${changedBy},
        copy_admin_changed_at = now()
    WHERE lower(email) = ${email.toLowerCase()}
    RETURNING id`;
  return rows.length;
}

// ───────────────────────────── The door ─────────────────────────────

export interface ScanRow {
  firstName: string | null;
  lastName: string | null;
  scannedAt: Date;
  firstScan: boolean;
}

/**
 * Lets a confirmed ticket in, in one statement: the row is locked first, so of two doors
 * scanning at once one sets scanned_at (firstScan) and the other, after waiting for the lock,
 * reads the committed first scan (a locking read sees the newest row version). Unknown or
 * unconfirmed ticket: undefined.
 */
export async function scanConfirmedTicket(sql: Queryable, externalId: string, staffId: string): Promise<ScanRow | undefined> {
  const [row] = await sql<ScanRow[]>`
    WITH ticket AS (
      SELECT id, scanned_at, attendee_first_name, attendee_last_name
      FROM tickets
      WHERE external_id = ${externalId}
        AND confirmed_at IS NOT NULL
      FOR UPDATE
    ),
    scan AS (
      UPDATE tickets AS t
      SET scanned_at = now(),
          scanned_by = ${staffId}
      FROM ticket
      WHERE t.id = ticket.id
        AND ticket.scanned_at IS NULL
      RETURNING t.id, t.scanned_at
    )
    SELECT ticket.attendee_first_name AS first_name,
           ticket.attendee_last_name AS last_name,
           COALESCE(scan.scanned_at, ticket.scanned_at) AS scanned_at,
           scan.id IS NOT NULL AS first_scan
    FROM ticket
    LEFT JOIN scan ON scan.id = ticket.id`;
  return row;
}

/**
 * Claims a free ticket within capacity (as a visitor's hold would, so it counts against the
 * capacity) and confirms it at once for an attendee staff added by hand. None free: undefined.
 */
export async function confirmTicketForManualAttendee(
  sql: Queryable,
  capacity: number,
  attendee: { firstName: string; lastName: string; email: string },
  staffId: string,
): Promise<{ id: string; externalId: string } | undefined> {
  const [row] = await sql<{ id: string; externalId: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        holder_uid = NULL,
        hold_expires_at = NULL,
        manually_added = true,
        attendee_first_name = ${attendee.firstName},
        attendee_last_name = ${attendee.lastName},
        attendee_email = ${attendee.email},
        added_by = ${staffId}
    WHERE id = (
      SELECT id
      FROM tickets
      WHERE seq <= ${capacity}
        AND confirmed_at IS NULL
        AND (hold_expires_at IS NULL OR hold_expires_at <= now())
      ORDER BY seq
      LIMIT 1
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id::text, external_id`;
  return row;
}

// ───────────────────────────── The copy editor ─────────────────────────────

export interface CopyVersion {
  key: string;
  sv: string;
  en: string;
  updatedAt: Date;
}

/** The entry, locked until the transaction ends, so that two saves of one key take turns. */
export async function lockCopyEntry(sql: Queryable, key: string): Promise<CopyVersion | undefined> {
  const [row] = await sql<CopyVersion[]>`
    SELECT key, sv, en, updated_at
    FROM copy
    WHERE key = ${key}
    FOR UPDATE`;
  return row;
}

/** Saves both texts; updated_at at millisecond precision, the precision a browser gives back as expectedUpdatedAt. */
export async function saveCopyEntry(sql: Queryable, entry: { key: string; sv: string; en: string }, changedBy: string): Promise<CopyVersion> {
  const [row] = await sql<CopyVersion[]>`
    UPDATE copy
    SET sv = ${entry.sv},
        en = ${entry.en},
        updated_at = date_trunc('milliseconds', clock_timestamp()),
        updated_by = ${changedBy}
    WHERE key = ${entry.key}
    RETURNING key, sv, en, updated_at`;
  return row!;
}

export async function recordCopyChange(sql: Queryable, before: CopyVersion, after: CopyVersion, changedBy: string): Promise<void> {
  await sql`
    INSERT INTO copy_history (key, old_sv, old_en, new_sv, new_en, changed_by, changed_at)
    VALUES (${after.key}, ${before.sv}, ${before.en}, ${after.sv}, ${after.en}, ${changedBy}, ${after.updatedAt})`;
}

export interface CopyChangeRow {
  id: string;
  key: string;
  changedBy: string;
  changedAt: Date;
  oldSv: string;
  oldEn: string;
  newSv: string;
  newEn: string;
}

/** The newest changes of a key first. */
export async function copyChanges(sql: Queryable, key: string, limit: number): Promise<CopyChangeRow[]> {
  return sql<CopyChangeRow[]>`
    SELECT id::text, key, changed_by, changed_at, old_sv, old_en, new_sv, new_en
    FROM copy_history
    WHERE key = ${key}
    ORDER BY changed_at DESC, id DESC
    LIMIT ${limit}`;
}

export async function copyKeyExists(sql: Queryable, key: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM copy
    WHERE key = ${key}`;
  return !!row;
}
