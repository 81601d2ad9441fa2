/** Autogiro files kept byte for byte: stored sealed under their name, read back for download. */
import { createHash, randomUUID } from 'node:crypto';
import type { AutogiroFileKind } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';
import { notFound } from '../../errors.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { Autogiro } from './autogiro.js';
import { fileById, insertFile, requestFilesOn } from './queries/files.js';

/** File names by kind (the amendment file of a run is sent before its payment file). */
const FILE_PREFIX = { mandates: 'AG-MEDGIV', amendments: 'AG-MAKAND', payments: 'AG-BETALN' } as const;

export async function storeFile(
  ag: Autogiro,
  tx: Queryable,
  kind: AutogiroFileKind,
  fileName: string,
  bytes: Buffer,
  recordCount: number,
  staff: StaffMember | null,
  run: { runId?: string; sendOrder: number } | null = null,
) {
  const { protector } = ag;
  const id = randomUUID();
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const contentSealed = protector.seal(bytes.toString('base64'), SEALED_AT.autogiroFile(id));
  const { createdAt } = await insertFile(tx, {
    id,
    kind,
    fileName,
    contentSealed,
    sha256,
    byteLength: bytes.length,
    recordCount,
    staffId: staff?.id ?? null,
    ...run,
    createdAt: ag.now(),
  });
  return {
    id,
    kind,
    fileName,
    recordCount,
    byteLength: bytes.length,
    createdAt,
    staffEmail: staff?.email ?? null,
    sha256,
  };
}

/** A file as stored (storeFile's answer). */
export type StoredFile = Awaited<ReturnType<typeof storeFile>>;

/**
 * The next request file of a Swedish day: its send order (the day's files numbered across runs
 * and kinds) and its name, which ends in that number so the office sends them in name order.
 */
export async function nextRequestFile(
  ag: Autogiro,
  tx: Queryable,
  kind: 'mandates' | 'payments' | 'amendments',
  day: string,
): Promise<{ fileName: string; sendOrder: number }> {
  const { autogiro } = ag;
  const sendOrder = (await requestFilesOn(tx, day)) + 1;
  const prefix = FILE_PREFIX[kind];
  return {
    fileName: `${prefix}-${autogiro.bgcCustomerNumber}-${day.replaceAll('-', '')}-${sendOrder}.txt`,
    sendOrder,
  };
}

export async function fileBytes(
  ag: Autogiro,
  staff: StaffMember,
  fileId: string,
  action: 'mandates.downloadFile' | 'mandates.standInAnswer' = 'mandates.downloadFile',
): Promise<{ fileName: string; bytes: Buffer; kind: AutogiroFileKind }> {
  const { sql, protector } = ag;
  const f = /^[0-9a-f-]{36}$/i.test(fileId) ? await fileById(sql, fileId) : undefined;
  if (!f) throw notFound();
  await recordAudit(sql, { staffId: staff.id, action, subject: f.id, after: { fileName: f.fileName } });
  return {
    fileName: f.fileName,
    kind: f.kind,
    bytes: Buffer.from(protector.unseal(f.contentSealed, SEALED_AT.autogiroFile(f.id)), 'base64'),
  };
}

/** The uploaded name if it is a plain file name. */
export function plainFileName(uploaded: string): string | null {
  const name = uploaded.trim();
  return /^[\w.-]{1,100}$/.test(name) ? name : null;
}
