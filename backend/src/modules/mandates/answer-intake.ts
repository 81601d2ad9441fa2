/**
 * How an answer file from Bankgirot is taken in, whatever its kind: refused whole (and why) or
 * applied once, kept sealed under a plain name.
 */
import type { AutogiroFileRefusal } from '@concert/shared/api';
import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';
import { FileRefused } from '../../integrations/bankgirot/replies.js';
import { decodeFile } from '../../integrations/bankgirot/records.js';
import type { StaffMember } from '../staff/identity.js';
import type { Autogiro } from './autogiro.js';
import { plainFileName, storeFile, type StoredFile } from './file-store.js';
import { answerFileWithHash } from './queries/files.js';
import { fileSummary } from './views.js';

/** An uploaded answer file that is not applied: nothing in it changed anything. */
export class AnswerFileRefused extends Error {
  constructor(readonly refusal: AutogiroFileRefusal) {
    super(`answer file refused: ${refusal.reason}`);
  }
}

/** The largest answer file accepted (≈ 60 000 TK73 records). */
export const MAX_ANSWER_FILE_BYTES = 5_000_000;

/**
 * Applies a parsed reply file once, in one transaction: refused as a duplicate when the same
 * bytes were read before (also when two uploads race: the unique index lets one through), kept
 * sealed under the uploaded name (or one made from its kind and date).
 */
export async function applyOnce<T>(
  ag: Autogiro,
  bytes: Buffer,
  uploadedName: string,
  fallbackName: string,
  staff: StaffMember,
  apply: (tx: Queryable, file: StoredFile) => Promise<T>,
): Promise<T> {
  const { sql } = ag;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const refuseDuplicate = () => refuseDuplicateAnswer(sql, sha256);
  await refuseDuplicate();
  try {
    return (await sql.begin(async (tx) => {
      const file = await storeFile(
        ag,
        tx,
        'answer',
        plainFileName(uploadedName) ?? fallbackName,
        bytes,
        decodeFile(bytes).length,
        staff,
      );
      return apply(tx, file);
    })) as T;
  } catch (err) {
    if ((err as { code?: string }).code === '23505') await refuseDuplicate();
    throw err;
  }
}

export const answered = (file: StoredFile) => ({
  file: fileSummary(file),
  approved: 0,
  rejected: 0,
  cancelled: 0,
  revoked: 0,
  repeated: 0,
});

/** The uploaded name if it is a plain file name, else one made from the file's date. */
export function answerFileName(uploaded: string, date: string): string {
  return plainFileName(uploaded) ?? `AG-MEDAVI-${date.replaceAll('-', '')}.txt`;
}

/** Reads an answer file; a file Bankgirot's layout refuses becomes the office's refusal (the file changes nothing). */
export function readReply<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof FileRefused) throw new AnswerFileRefused(err.refusal);
    throw err;
  }
}

/** An answer file already taken in (same bytes) is refused, naming the earlier upload. */
async function refuseDuplicateAnswer(sql: Queryable, sha256: string): Promise<void> {
  const earlier = await answerFileWithHash(sql, sha256);
  if (earlier)
    throw new AnswerFileRefused({
      reason: 'duplicate',
      fileName: earlier.fileName,
      createdAt: earlier.createdAt.toISOString(),
    });
}
