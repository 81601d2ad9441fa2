import type { CopyChange, CopyRow } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError, invalidArgument, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import {
  copyChanges,
  copyKeyExists,
  listCopy,
  lockCopyEntry,
  recordCopyChange,
  saveCopyEntry,
  type CopyRecord,
} from './queries.js';

const HISTORY_LIMIT = 200;

/** Editing the texts of the product in sv and en, with a history of who changed what. */
export function createCopyService(deps: {
  sql: Sql;
  /** After a text was saved: pages show it from the next load. */
  onCopyChanged?: () => void;
}) {
  const { sql } = deps;

  async function copyEntries(): Promise<CopyRow[]> {
    return (await listCopy(sql)).map(toCopyRow);
  }

  /**
   * Saves both languages of a key and records the change (who, old and new texts) in the same
   * transaction. With expectedUpdatedAt, a save over a version someone else saved meanwhile is
   * refused (409 ABORTED invalidState) instead of silently overwriting it: two editors work on
   * the same texts.
   */
  async function updateCopy(
    staff: StaffMember,
    input: { key: string; sv: string; en: string; expectedUpdatedAt?: string },
  ): Promise<CopyRow> {
    const expected = input.expectedUpdatedAt === undefined ? undefined : Date.parse(input.expectedUpdatedAt);
    if (expected !== undefined && Number.isNaN(expected)) throw invalidArgument();
    const saved = await sql.begin(async (tx) => {
      const before = await lockCopyEntry(tx, input.key);
      if (!before) throw notFound();
      if (expected !== undefined && before.updatedAt.getTime() !== expected)
        throw new AppError('ABORTED', 'invalidState');
      if (before.sv === input.sv && before.en === input.en) return toCopyRow(before);
      const after = await saveCopyEntry(tx, { key: input.key, sv: input.sv, en: input.en }, staff.email);
      await recordCopyChange(tx, before, after, staff.email);
      // The texts themselves are in the copy history; the log says who changed which key.
      await recordAudit(tx, { staffId: staff.id, action: 'copy.update', subject: input.key });
      return toCopyRow(after);
    });
    deps.onCopyChanged?.();
    return saved;
  }

  async function copyHistory(key: string): Promise<CopyChange[]> {
    const changes = await copyChanges(sql, key, HISTORY_LIMIT);
    if (changes.length === 0 && !(await copyKeyExists(sql, key))) throw notFound();
    return changes.map((c) => ({ ...c, changedAt: c.changedAt.toISOString() }));
  }

  return { copyEntries, updateCopy, copyHistory };
}
export type CopyService = ReturnType<typeof createCopyService>;

function toCopyRow(v: CopyRecord): CopyRow {
  return { key: v.key, sv: v.sv, en: v.en, updatedAt: v.updatedAt.toISOString() };
}
