import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import type { CopyEntry } from './default-copy.js';

export interface CopyRecord {
  key: string;
  sv: string;
  en: string;
  updatedAt: Date;
}

export async function listCopy(sql: Queryable): Promise<CopyRecord[]> {
  return sql<CopyRecord[]>`
    SELECT key, sv, en, updated_at
    FROM copy
    ORDER BY key`;
}

export async function copyForLang(sql: Queryable, lang: Lang): Promise<Record<string, string>> {
  const rows = await sql<{ key: string; text: string }[]>`
    SELECT key, ${sql(lang)} AS text
    FROM copy`;
  return Object.fromEntries(rows.map((r) => [r.key, r.text]));
}

/** Adds keys the seed has and the database lacks; never overwrites an editor's text. */
export async function seedMissingCopy(sql: Queryable, entries: Record<string, CopyEntry>): Promise<number> {
  const rows = Object.entries(entries).map(([key, { sv, en }]) => ({ key, sv, en }));
  if (rows.length === 0) return 0;
  const inserted = await sql`
    INSERT INTO copy ${sql(rows, 'key', 'sv', 'en')}
    ON CONFLICT (key) DO NOTHING
    RETURNING key`;
  return inserted.length;
}

/** The entry, locked until the transaction ends, so that two saves of one key take turns. */
export async function lockCopyEntry(sql: Queryable, key: string): Promise<CopyRecord | undefined> {
  const [row] = await sql<CopyRecord[]>`
    SELECT key, sv, en, updated_at
    FROM copy
    WHERE key = ${key}
    FOR UPDATE`;
  return row;
}

/** Saves both texts; updated_at at millisecond precision, the precision a browser gives back as expectedUpdatedAt. */
export async function saveCopyEntry(
  sql: Queryable,
  entry: { key: string; sv: string; en: string },
  changedBy: string,
): Promise<CopyRecord> {
  const [row] = await sql<CopyRecord[]>`
    UPDATE copy
    SET sv = ${entry.sv},
        en = ${entry.en},
        updated_at = date_trunc('milliseconds', clock_timestamp()),
        updated_by = ${changedBy}
    WHERE key = ${entry.key}
    RETURNING key, sv, en, updated_at`;
  return row!;
}

export async function recordCopyChange(
  sql: Queryable,
  before: CopyRecord,
  after: CopyRecord,
  changedBy: string,
): Promise<void> {
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

export interface CopyDraftRecord {
  key: string;
  sv: string;
  en: string;
  basedOn: Date;
  savedAt: Date;
  savedBy: string;
}

export async function listCopyDrafts(sql: Queryable): Promise<CopyDraftRecord[]> {
  return sql<CopyDraftRecord[]>`
    SELECT key, sv, en, based_on, saved_at, saved_by
    FROM copy_drafts
    ORDER BY key`;
}

/** The key's draft (replacing the one it had), written over the published version `basedOn`. */
export async function saveCopyDraftEntry(
  sql: Queryable,
  draft: { key: string; sv: string; en: string; basedOn: Date },
  savedBy: string,
): Promise<CopyDraftRecord> {
  const [row] = await sql<CopyDraftRecord[]>`
    INSERT INTO copy_drafts (key, sv, en, based_on, saved_at, saved_by)
    VALUES (${draft.key}, ${draft.sv}, ${draft.en}, ${draft.basedOn}, date_trunc('milliseconds', clock_timestamp()), ${savedBy})
    ON CONFLICT (key) DO UPDATE
    SET sv = excluded.sv,
        en = excluded.en,
        based_on = excluded.based_on,
        saved_at = excluded.saved_at,
        saved_by = excluded.saved_by
    RETURNING key, sv, en, based_on, saved_at, saved_by`;
  return row!;
}

/** Removes the key's draft; answers the removed draft, if there was one. */
export async function deleteCopyDraft(sql: Queryable, key: string): Promise<CopyDraftRecord | undefined> {
  const [row] = await sql<CopyDraftRecord[]>`
    DELETE FROM copy_drafts
    WHERE key = ${key}
    RETURNING key, sv, en, based_on, saved_at, saved_by`;
  return row;
}
