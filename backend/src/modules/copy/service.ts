import type { CopyChange, CopyDraft, CopyRow } from '@concert/shared/api';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError, invalidArgument, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import {
  copyChanges,
  copyKeyExists,
  deleteCopyDraft,
  listCopy,
  listCopyDrafts,
  lockCopyEntry,
  recordCopyChange,
  saveCopyDraftEntry,
  saveCopyEntry,
  type CopyDraftRecord,
  type CopyRecord,
} from './queries.js';

const HISTORY_LIMIT = 200;

interface Texts {
  sv: string;
  en: string;
}

/**
 * Editing the texts of the product in sv and en, with a history of who changed what. A change is
 * published at once (updateCopy), or saved as the key's draft first: copy admins preview drafts on
 * the real pages and publish one (publishCopyDraft) or throw it away. Visitors never see a draft.
 */
export function createCopyService(deps: {
  sql: Sql;
  /** After a text was published: pages show it from the next load. */
  onCopyChanged?: () => void;
}) {
  const { sql } = deps;

  async function copyEntries(): Promise<CopyRow[]> {
    return (await listCopy(sql)).map(toCopyRow);
  }

  /**
   * The entry locked for a change; with expectedUpdatedAt, a change over a version someone else
   * published meanwhile is refused (409 ABORTED invalidState) instead of silently overwriting it:
   * two editors work on the same texts.
   */
  async function lockVersion(tx: Queryable, key: string, expectedUpdatedAt?: string): Promise<CopyRecord> {
    const expected = expectedUpdatedAt === undefined ? undefined : Date.parse(expectedUpdatedAt);
    if (expected !== undefined && Number.isNaN(expected)) throw invalidArgument();
    const before = await lockCopyEntry(tx, key);
    if (!before) throw notFound();
    if (expected !== undefined && before.updatedAt.getTime() !== expected)
      throw new AppError('ABORTED', 'invalidState');
    return before;
  }

  /** Both texts published over `before`, the change recorded (who, old and new texts); the key's draft ends. */
  async function publish(
    tx: Queryable,
    staff: StaffMember,
    before: CopyRecord,
    texts: Texts,
  ): Promise<CopyRow> {
    if (before.sv === texts.sv && before.en === texts.en) return toCopyRow(before);
    const after = await saveCopyEntry(tx, { key: before.key, ...texts }, staff.email);
    await recordCopyChange(tx, before, after, staff.email);
    await deleteCopyDraft(tx, before.key);
    // The texts themselves are in the copy history; the log says who changed which key.
    await recordAudit(tx, { staffId: staff.id, action: 'copy.update', subject: before.key });
    return toCopyRow(after);
  }

  /** Saves both languages of a key at once, in one transaction with its history (see lockVersion). */
  async function updateCopy(
    staff: StaffMember,
    input: Texts & { key: string; expectedUpdatedAt?: string },
  ): Promise<CopyRow> {
    const saved = await sql.begin(async (tx) => {
      const before = await lockVersion(tx, input.key, input.expectedUpdatedAt);
      return publish(tx, staff, before, { sv: input.sv, en: input.en });
    });
    deps.onCopyChanged?.();
    return saved;
  }

  async function copyHistory(key: string): Promise<CopyChange[]> {
    const changes = await copyChanges(sql, key, HISTORY_LIMIT);
    if (changes.length === 0 && !(await copyKeyExists(sql, key))) throw notFound();
    return changes.map((c) => ({ ...c, changedAt: c.changedAt.toISOString() }));
  }

  async function copyDrafts(): Promise<CopyDraft[]> {
    return (await listCopyDrafts(sql)).map(toCopyDraft);
  }

  /** The key's draft, replacing the one it had, based on the published version the editor started from. */
  async function saveCopyDraft(
    staff: StaffMember,
    input: Texts & { key: string; expectedUpdatedAt?: string },
  ): Promise<CopyDraft> {
    return sql.begin(async (tx) => {
      const published = await lockVersion(tx, input.key, input.expectedUpdatedAt);
      const draft = await saveCopyDraftEntry(
        tx,
        { key: input.key, sv: input.sv, en: input.en, basedOn: published.updatedAt },
        staff.email,
      );
      await recordAudit(tx, { staffId: staff.id, action: 'copy.draftSave', subject: input.key });
      return toCopyDraft(draft);
    });
  }

  async function discardCopyDraft(staff: StaffMember, key: string): Promise<{ discarded: boolean }> {
    return sql.begin(async (tx) => {
      const removed = await deleteCopyDraft(tx, key);
      if (!removed) {
        if (!(await copyKeyExists(tx, key))) throw notFound();
        return { discarded: false };
      }
      await recordAudit(tx, { staffId: staff.id, action: 'copy.draftDiscard', subject: key });
      return { discarded: true };
    });
  }

  /**
   * Publishes the key's draft exactly as it was saved (and previewed). A draft written over a
   * version older than the published one is refused (409 ABORTED invalidState): someone published
   * meanwhile, and the editor reviews the draft against it first. No draft: 404.
   */
  async function publishCopyDraft(staff: StaffMember, key: string): Promise<CopyRow> {
    const published = await sql.begin(async (tx) => {
      const before = await lockVersion(tx, key);
      const draft = await deleteCopyDraft(tx, key);
      if (!draft) throw notFound();
      if (draft.basedOn.getTime() !== before.updatedAt.getTime())
        throw new AppError('ABORTED', 'invalidState');
      return publish(tx, staff, before, { sv: draft.sv, en: draft.en });
    });
    deps.onCopyChanged?.();
    return published;
  }

  return {
    copyEntries,
    updateCopy,
    copyHistory,
    copyDrafts,
    saveCopyDraft,
    discardCopyDraft,
    publishCopyDraft,
  };
}
export type CopyService = ReturnType<typeof createCopyService>;

function toCopyRow(v: CopyRecord): CopyRow {
  return { key: v.key, sv: v.sv, en: v.en, updatedAt: v.updatedAt.toISOString() };
}

function toCopyDraft(d: CopyDraftRecord): CopyDraft {
  return {
    key: d.key,
    sv: d.sv,
    en: d.en,
    basedOn: d.basedOn.toISOString(),
    savedAt: d.savedAt.toISOString(),
    savedBy: d.savedBy,
  };
}
