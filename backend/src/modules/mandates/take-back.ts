import { AppError, notFound } from '../../errors.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import type { Autogiro } from './autogiro.js';
import { lockRequestFiles } from './queries/files.js';
import { laterThanFile, lockFile, markTakenBack, movesOfFile, restoreMandate } from './queries/take-back.js';
import { recordTransition } from './queries/transitions.js';

/**
 * The office takes back a request file that was written but never uploaded to the bank (issue 39):
 * every mandate the file moved goes back to the state and terms it had before (a TK04's mandate
 * to `signed`, a TK03's to `revokePending`, a TK25's raise to `raisePending`, a TK82's mandate to
 * `approved` or `raiseReady` with its earlier standing payment and first draw), so the next file
 * writes them again; each move back is a transition by the staff member, naming the file. The file
 * is kept, marked taken back (it no longer counts as sent today), and the problems it listed are
 * settled. Refused, with nothing changed, once Bankgirot's answer to it has been read
 * (FAILED_PRECONDITION `fileAnswered`: an answer moved or logged one of its mandates, or reported a
 * draw of its standing payment) or a later file or staff action built on it (`fileDependedOn`);
 * an answer file, a file already taken back, or one from before its mandates' earlier terms were
 * kept: `invalidState`. Audited.
 */
export async function takeBackFile(
  ag: Autogiro,
  staff: StaffMember,
  fileId: string,
): Promise<{ fileName: string; mandates: number }> {
  const { sql } = ag;
  return sql.begin(async (tx) => {
    await lockRequestFiles(tx);
    const file = await lockFile(tx, fileId);
    if (!file) throw notFound();
    if (file.kind === 'answer' || file.takenBackAt) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const later = await laterThanFile(tx, file.id, file.kind);
    if (later)
      throw new AppError('FAILED_PRECONDITION', later === 'answer' ? 'fileAnswered' : 'fileDependedOn');
    const moves = await movesOfFile(tx, file.id);
    if (moves.some((m) => !m.termsBefore)) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    for (const move of moves) {
      await restoreMandate(tx, move, move.termsBefore!);
      await recordTransition(tx, {
        mandateId: move.mandateId,
        fromState: move.toState,
        toState: move.fromState,
        fileId: file.id,
        staffId: staff.id,
      });
    }
    await markTakenBack(tx, file.id, staff.id);
    const mandates = new Set(moves.map((m) => m.mandateId)).size;
    await recordAudit(tx, {
      staffId: staff.id,
      action: 'mandates.takeBackFile',
      subject: file.id,
      after: { fileName: file.fileName, kind: file.kind, mandates },
    });
    return { fileName: file.fileName, mandates };
  });
}
