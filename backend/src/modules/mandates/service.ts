import { createDoorCodes } from '../tickets/door-codes.js';
import { createHash, randomUUID } from 'node:crypto';
import {
  MANDATE_STATES,
  type AutogiroAnswerApplied,
  type AutogiroDiscrepancy,
  type DrawResult,
  type AutogiroFileKind,
  type AutogiroFileRefusal,
  type AutogiroFileSummary,
  type AutogiroFileWritten,
  type AutogiroOverview,
  type DigitalMandateMeaning,
  type DigitalMandateView,
  type MandateDetail,
  type MandateEvidenceView,
  type MandateState,
  type MandateSummary,
} from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { autogiroAccount } from '@concert/shared/validation';
import type { AutogiroConfig } from '../../config.js';
import type { Queryable, Sql } from '../../db/connect.js';
import { AppError, notFound } from '../../errors.js';
import type { BankgirotStandInClient } from '../../integrations/bankgirot/client.js';
import {
  FileRefused,
  amendmentRequestFile,
  mandateRequestFile,
  newMandateRecord,
  paymentRequestFile,
  readAmendmentAnswerFile,
  readDigitalMandateFile,
  readMandateAdviceFile,
  readPaymentRejectionFile,
  readPaymentResultFile,
  replyFileKind,
  type NewMandateLine,
  type Payee,
} from '../../integrations/bankgirot/files.js';
import { RecordValueError, decodeFile } from '../../integrations/bankgirot/records.js';
import { bankgiroText, dateText } from '../../integrations/bankid/user-visible-data.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import type { Completion } from '../bankid/queries.js';
import { recordAudit } from '../audit/queries.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { verifyEvidence, type MandateEvidence } from './evidence.js';
import { dueDateOf, realDrawDate } from './banking-days.js';
import {
  PAYMENT_LEAD_DAYS,
  REVOCABLE,
  TELL_DONOR,
  adviceMeaning,
  amendmentMeaning,
  firstDrawDate,
  nextDrawDate,
  ore,
  stateAfterAmendment,
  stateAfterAnswer,
} from './lifecycle.js';
import {
  answerFileWithHash,
  countMandatesByState,
  drawsOf,
  evidenceOf,
  fileById,
  filesOfKindOn,
  insertEvidence,
  insertFile,
  listFiles,
  listMandates,
  lockMandatesById,
  lockMandatesIn,
  lockMandatesOfPayers,
  mandateById,
  mandatesOfPersonHashes,
  mandateOfTicket,
  moveMandate,
  openDiscrepancies,
  recordDiscrepancy,
  recordDraw,
  resolveDiscrepancy,
  recordTransition,
  setFirstDrawDate,
  setSignedTerms,
  ticketOfPerson,
  transitionsOf,
  type DiscrepancyRow,
  type FileRow,
  type ListedMandateRow,
  type MandateRow,
} from './queries.js';

/** An uploaded answer file that is not applied: nothing in it changed anything. */
export class AnswerFileRefused extends Error {
  constructor(readonly refusal: AutogiroFileRefusal) {
    super(`answer file refused: ${refusal.reason}`);
  }
}

const LIST_LIMIT = 500;
const DRAW_LIST_LIMIT = 24;

function discrepancyView(d: DiscrepancyRow): AutogiroDiscrepancy {
  return {
    id: d.id,
    reason: d.reason,
    file: d.fileId && d.fileName ? { id: d.fileId, fileName: d.fileName } : null,
    line: d.line,
    payerNumber: d.payerNumber,
    mandateId: d.mandateId,
    name: d.firstName ? `${d.firstName} ${d.lastName ?? ''}`.trim() : null,
    mandateState: d.mandateState,
    infoCode: d.infoCode,
    commentCode: d.commentCode,
    meaning: d.meaning,
    createdAt: d.createdAt.toISOString(),
  };
}

const DIGITAL_MEANINGS: Record<string, DigitalMandateMeaning> = {
  '0': 'new',
  '1': 'reminder1',
  '2': 'reminder2',
};
const FILE_LIST_LIMIT = 100;
/** The largest answer file accepted (≈ 60 000 TK73 records). */
export const MAX_ANSWER_FILE_BYTES = 5_000_000;
/** What the donor sees on their bank statement next to each draw (TK82, 16 characters). */
export const PAYMENT_REFERENCE = 'MANADSGAVA';

/** File names by kind (the amendment file of a run is sent before its payment file). */
const FILE_PREFIX = { mandates: 'AG-MEDGIV', amendments: 'AG-MAKAND', payments: 'AG-BETALN' } as const;

/** YYYY-MM-DD in Sweden (Bankgirot's calendar). */
export function swedishDate(at: Date): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Stockholm',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The payer number as Bankgirot's 16-digit field compares it: without leading zeros. */
const payerKey = (payerNumber: string) => payerNumber.replace(/^0+(?=\d)/, '');

/**
 * The Autogiro round trip (../shared/AUTOGIRO.md): signed mandates go to Bankgirot in a mandate
 * file, Bankgirot's AG-MEDAVI answer moves each to approved, rejected or cancelled, approved
 * mandates and raises get their standing monthly payment in a payment file. Every file is kept
 * byte for byte (sealed), every change of a mandate is a transition row (time, file, staff).
 */
export function createMandateService(deps: {
  sql: Sql;
  protector: Pick<PersonalDataProtector, 'seal' | 'unseal' | 'lookupHash' | 'doorCodeHash'>;
  autogiro: AutogiroConfig;
  /** Demo mode: Bankgirot's stand-in answers mandate files. */
  standIn?: BankgirotStandInClient;
  now?: () => Date;
}) {
  const { sql, protector, autogiro } = deps;
  const doorCodes = createDoorCodes(protector);
  const now = () => deps.now?.() ?? new Date();
  const payee: Payee = { bankgiro: autogiro.bankgiro, bgcCustomerNumber: autogiro.bgcCustomerNumber };

  /**
   * An active mandate's next real draw: never before the first one the donor was told of, and
   * after the last draw Bankgirot has reported (the demo's stand-in reports a draw before its day).
   */
  const nextDraw = (m: MandateRow, lastDue: string | undefined) => {
    if (m.state !== 'active' && m.state !== 'raisePending') return null;
    const from = lastDue ? maxDate(swedishDate(now()), dayAfter(realDrawDate(lastDue))) : swedishDate(now());
    return maxDate(m.firstDrawDate, nextDrawDate(from, autogiro.drawDay));
  };

  function summary(
    m: MandateRow,
    extra: Pick<MandateSummary, 'lastDraw' | 'problems'> = { lastDraw: null, problems: 0 },
  ): MandateSummary {
    return {
      id: m.id,
      state: m.state,
      name: `${m.firstName} ${m.lastName}`,
      email: m.email,
      payerNumber: m.payerNumber,
      monthlyAmount: m.monthlyAmount,
      signedAt: m.createdAt.toISOString(),
      stateChangedAt: m.stateChangedAt.toISOString(),
      infoCode: m.infoCode,
      commentCode: m.commentCode,
      nextDrawDate: nextDraw(m, extra.lastDraw?.dueDate),
      ...extra,
    };
  }

  /** The office's list: each mandate with its latest draw and how many problems are open. */
  const listed = (m: ListedMandateRow) =>
    summary(m, {
      lastDraw:
        m.lastDrawDueDate && m.lastDrawResult
          ? {
              dueDate: m.lastDrawDueDate,
              amount: Number(m.lastDrawAmountOre) / 100,
              result: m.lastDrawResult,
              code: m.lastDrawCode ?? '',
            }
          : null,
      problems: m.problems,
    });

  /**
   * The office's view of discrepancies; a digital mandate's details (name, address, the payer's
   * words) are read again from the sealed file it came in, never copied out of it.
   */
  async function discrepancyViews(rows: DiscrepancyRow[]): Promise<AutogiroDiscrepancy[]> {
    const files = new Map<string, ReturnType<typeof readDigitalMandateFile> | null>();
    const views: AutogiroDiscrepancy[] = [];
    for (const d of rows) {
      const view = discrepancyView(d);
      if (d.reason === 'digitalMandate' && d.fileId && d.line !== null) {
        if (!files.has(d.fileId)) {
          const f = await fileById(sql, d.fileId);
          let parsed = null;
          try {
            if (f)
              parsed = readDigitalMandateFile(
                Buffer.from(protector.unseal(f.contentSealed, SEALED_AT.autogiroFile(f.id)), 'base64'),
                payee,
              );
          } catch (err) {
            if (!(err instanceof FileRefused)) throw err;
          }
          files.set(d.fileId, parsed);
        }
        const dm = files.get(d.fileId)?.mandates.find((x) => x.line === d.line);
        if (dm) view.digital = digitalView(dm, d.matchedBy);
      }
      views.push(view);
    }
    return views;
  }

  function fileSummary(
    f: Pick<FileRow, 'id' | 'kind' | 'fileName' | 'recordCount' | 'byteLength' | 'createdAt' | 'staffEmail'>,
  ): AutogiroFileSummary {
    return {
      id: f.id,
      kind: f.kind,
      fileName: f.fileName,
      records: f.recordCount,
      bytes: f.byteLength,
      createdAt: f.createdAt.toISOString(),
      createdBy: f.staffEmail,
    };
  }

  async function overview(): Promise<AutogiroOverview> {
    const counts = Object.fromEntries(MANDATE_STATES.map((s) => [s, 0])) as Record<MandateState, number>;
    let newMonthlyKronor = 0;
    for (const row of await countMandatesByState(sql)) {
      counts[row.state] = row.count;
      if (row.state === 'signed' || row.state === 'sent' || row.state === 'approved')
        newMonthlyKronor += row.kronor;
      if (row.state === 'raisePending') newMonthlyKronor += row.raisedKronor;
    }
    return {
      counts,
      newMonthlyKronor,
      mandates: (await listMandates(sql, LIST_LIMIT)).map(listed),
      files: (await listFiles(sql, FILE_LIST_LIMIT)).map(fileSummary),
      discrepancies: await discrepancyViews(await openDiscrepancies(sql, LIST_LIMIT)),
      payee: {
        bankgiro: autogiro.bankgiro,
        bgcCustomerNumber: autogiro.bgcCustomerNumber,
        drawDay: autogiro.drawDay,
      },
      standIn: !!deps.standIn,
    };
  }

  const verifiedEvidence = (mandateId: string) => verifiedEvidenceOf(sql, protector, mandateId);

  /** One mandate as the office opens it (the opening is audited: it shows personal data and the signed text). */
  async function detail(staff: StaffMember, mandateId: string): Promise<MandateDetail> {
    const m = await mandateById(sql, mandateId);
    if (!m) throw notFound();
    await recordAudit(sql, { staffId: staff.id, action: 'mandates.view', subject: mandateId });
    const draws = (await drawsOf(sql, mandateId, DRAW_LIST_LIMIT)).map((d) => ({
      dueDate: d.dueDate,
      amount: Number(d.amountOre) / 100,
      result: d.result,
      code: d.code,
      fileName: d.fileName,
    }));
    const problems = await discrepancyViews(await openDiscrepancies(sql, LIST_LIMIT, mandateId));
    const [last] = draws;
    return {
      mandate: {
        ...summary(m, {
          lastDraw: last
            ? { dueDate: last.dueDate, amount: last.amount, result: last.result, code: last.code }
            : null,
          problems: problems.length,
        }),
        firstDrawDate: m.firstDrawDate,
        standingAmount: m.standingAmount,
        bank: m.bank,
        clearingNumber: m.clearingNumber,
        ticketId: doorCodes.open(
          (await ticketOfPerson(sql, m.personId)) ?? { doorCodeHash: null, doorCodeSealed: null },
        ),
        revocable: REVOCABLE[m.state] !== undefined,
      },
      history: (await transitionsOf(sql, mandateId)).map((t) => ({
        at: t.at.toISOString(),
        fromState: t.fromState,
        toState: t.toState,
        file: t.fileId && t.fileName ? { id: t.fileId, fileName: t.fileName } : null,
        staff: t.staffEmail,
        infoCode: t.infoCode,
        commentCode: t.commentCode,
        amount: t.amount,
        meaning: t.meaning,
      })),
      evidence: await verifiedEvidence(mandateId),
      draws,
      problems,
    };
  }

  async function storeFile(
    tx: Queryable,
    kind: AutogiroFileKind,
    fileName: string,
    bytes: Buffer,
    recordCount: number,
    staff: StaffMember | null,
    run: { runId: string; sendOrder: number } | null = null,
  ) {
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

  async function nextFileName(
    tx: Queryable,
    kind: 'mandates' | 'payments' | 'amendments',
    day: string,
  ): Promise<string> {
    const n = (await filesOfKindOn(tx, kind, day)) + 1;
    const prefix = FILE_PREFIX[kind];
    return `${prefix}-${autogiro.bgcCustomerNumber}-${day.replaceAll('-', '')}-${n}.txt`;
  }

  /**
   * One mandate file: a TK04 for every signed mandate not yet sent and a TK03 for every mandate
   * the office ended, each marked sent in the same transaction. The mandates are locked while it
   * is written, so two clicks at once give one file and an empty answer, never the same mandate
   * in two files. A row the TK04 cannot carry (an account the bank would refuse) is set aside and
   * listed for the office; the others go.
   */
  async function writeMandateFile(staff: StaffMember): Promise<AutogiroFileWritten> {
    return sql.begin(async (tx) => {
      const locked = await lockMandatesIn(tx, ['signed', 'revokePending']);
      const deletions = locked.filter((m) => m.state === 'revokePending');
      const lines: { mandate: MandateRow; line: NewMandateLine }[] = [];
      let setAside = 0;
      for (const m of locked.filter((r) => r.state === 'signed')) {
        const line = newMandateLine(m);
        if (line) {
          lines.push({ mandate: m, line });
        } else {
          setAside++;
          await recordDiscrepancy(tx, {
            reason: 'unwritableAccount',
            payerNumber: payerKey(m.payerNumber),
            mandateId: m.id,
            mandateState: m.state,
          });
        }
      }
      const count = lines.length + deletions.length;
      if (count === 0) {
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mandates.writeMandateFile',
          after: { mandates: 0, setAside },
        });
        return { file: null, mandates: 0, setAside };
      }
      const day = swedishDate(now());
      const bytes = mandateRequestFile(
        payee,
        day,
        lines.map((l) => l.line),
        deletions.map((m) => ({ payerNumber: m.payerNumber })),
      );
      const file = await storeFile(
        tx,
        'mandates',
        await nextFileName(tx, 'mandates', day),
        bytes,
        count + 1,
        staff,
      );
      for (const { mandate: m } of lines)
        await moveMandate(tx, {
          mandateId: m.id,
          fromState: m.state,
          toState: 'sent',
          fileId: file.id,
          staffId: staff.id,
          amount: m.monthlyAmount,
        });
      for (const m of deletions)
        await moveMandate(tx, {
          mandateId: m.id,
          fromState: m.state,
          toState: 'revokeSent',
          fileId: file.id,
          staffId: staff.id,
        });
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.writeMandateFile',
        subject: file.id,
        after: { fileName: file.fileName, mandates: lines.length, deletions: deletions.length, setAside },
      });
      return { file: fileSummary(file), mandates: count, setAside };
    });
  }

  /**
   * The TK04 values of a signed mandate, or null when the record cannot carry it: an account the
   * bank would refuse (bank-account.ts, the rule the sign-up applies; rows from before it may
   * break it), or a value that does not fit its field. A Nordea personkonto stored with the
   * century goes out as its 10 digits.
   */
  function newMandateLine(m: MandateRow): NewMandateLine | null {
    if (!m.accountNumberSealed || !m.clearingNumber) return null;
    const account = autogiroAccount(
      m.clearingNumber,
      protector.unseal(m.accountNumberSealed, SEALED_AT.mandateAccount(m.personalNumberHash)),
    );
    if (!account) return null;
    const line = {
      payerNumber: m.payerNumber,
      clearingNumber: account.clearingNumber,
      accountNumber: account.accountNumber,
      personalNumber: protector.unseal(
        m.personalNumberSealed,
        SEALED_AT.personalNumber(m.personalNumberHash),
      ),
    };
    try {
      newMandateRecord(payee, line);
      return line;
    } catch (err) {
      if (err instanceof RecordValueError) return null;
      throw err;
    }
  }

  /**
   * One payment run: a monthly TK82 until further notice for each approved mandate and each
   * raise, in the payment file; for each raise a TK25 cancelling the old standing instruction
   * (named by its payment the new one replaces, its amount, type and reference: for a standing
   * instruction Bankgirot cancels all its payments), in an amendment file of its own sent first
   * (send order 1, then 2). Each mandate becomes active at its new amount in the same
   * transaction. The first draw is never before the one the donor was told of, nor closer than
   * PAYMENT_LEAD_DAYS to today.
   */
  async function writePaymentFile(staff: StaffMember): Promise<AutogiroFileWritten> {
    return sql.begin(async (tx) => {
      const mandates = await lockMandatesIn(tx, ['approved', 'raisePending']);
      if (mandates.length === 0) {
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mandates.writePaymentFile',
          after: { mandates: 0 },
        });
        return { file: null, mandates: 0, amendments: null };
      }
      const day = swedishDate(now());
      const earliest = firstDrawDate(day, autogiro.drawDay, PAYMENT_LEAD_DAYS);
      const payments = mandates.map((m) => {
        // The donor was told the real (banking-day) date; the TK82 carries the due date it moves from.
        const realFirst = m.firstDrawDate && m.firstDrawDate > earliest ? m.firstDrawDate : earliest;
        return {
          mandate: m,
          payerNumber: m.payerNumber,
          realFirst,
          firstDate: dueDateOf(realFirst, autogiro.drawDay),
          amountOre: ore(m.monthlyAmount),
          reference: PAYMENT_REFERENCE,
        };
      });
      const raises = payments.filter((p) => p.mandate.state === 'raisePending' && p.mandate.standingAmount);
      const runId = randomUUID();
      let amendments: Awaited<ReturnType<typeof storeFile>> | null = null;
      if (raises.length > 0) {
        const bytes = amendmentRequestFile(
          payee,
          day,
          raises.map((p) => ({
            payerNumber: p.payerNumber,
            date: replacedPayment(p.mandate.standingDate, p.firstDate),
            amountOre: ore(p.mandate.standingAmount!),
            reference: PAYMENT_REFERENCE,
          })),
        );
        amendments = await storeFile(
          tx,
          'amendments',
          await nextFileName(tx, 'amendments', day),
          bytes,
          raises.length + 1,
          staff,
          { runId, sendOrder: 1 },
        );
      }
      const bytes = paymentRequestFile(payee, day, payments);
      const file = await storeFile(
        tx,
        'payments',
        await nextFileName(tx, 'payments', day),
        bytes,
        payments.length + 1,
        staff,
        { runId, sendOrder: amendments ? 2 : 1 },
      );
      for (const p of payments) {
        await moveMandate(
          tx,
          {
            mandateId: p.mandate.id,
            fromState: p.mandate.state,
            toState: 'active',
            fileId: file.id,
            staffId: staff.id,
            amount: p.mandate.monthlyAmount,
          },
          { standingAmount: p.mandate.monthlyAmount, standingDate: p.firstDate },
        );
        await setFirstDrawDate(tx, p.mandate.id, p.realFirst);
      }
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.writePaymentFile',
        subject: file.id,
        after: {
          fileName: file.fileName,
          mandates: payments.length,
          raises: raises.length,
          ...(amendments ? { amendmentFile: amendments.fileName } : {}),
        },
      });
      return {
        file: fileSummary(file),
        mandates: payments.length,
        amendments: amendments ? fileSummary(amendments) : null,
      };
    });
  }

  /**
   * Applies an AG-MEDAVI file in one transaction. Each TK73 is read as a meaning (lifecycle.ts)
   * and moves its mandate only where the state machine lists the move; an answer that does not
   * fit the mandate's state, or names a payer number we do not have, changes nothing and is
   * listed for the office. The same answer about the same payer twice in one file is applied
   * once. A donor whose mandate was rejected gets an e-mail asking them to get in touch. A file
   * that is not right — broken layout, a record we do not know, another payee's bankgiro, a
   * count that does not match, the same file again — is refused whole and changes nothing.
   */
  async function applyAnswerFile(
    staff: StaffMember,
    bytes: Buffer,
    uploadedName: string,
  ): Promise<AutogiroAnswerApplied> {
    try {
      return await applyAnswer(staff, bytes, uploadedName);
    } catch (err) {
      // The refused attempt is a staff action too: logged, while nothing of the file is applied.
      if (err instanceof AnswerFileRefused)
        await recordAudit(sql, {
          staffId: staff.id,
          action: 'mandates.readAnswerFile',
          after: { refused: err.refusal.reason, bytes: bytes.length },
        });
      throw err;
    }
  }

  async function applyAnswer(
    staff: StaffMember,
    bytes: Buffer,
    uploadedName: string,
  ): Promise<AutogiroAnswerApplied> {
    if (bytes.length === 0) throw new AnswerFileRefused({ reason: 'empty' });
    if (bytes.length > MAX_ANSWER_FILE_BYTES) throw new AnswerFileRefused({ reason: 'tooLarge' });
    const firstLine = Buffer.from(bytes.subarray(0, 82)).toString('latin1').split(/\r?\n/)[0]!;
    const kind = replyFileKind(firstLine);
    if (kind === 'amendmentAnswers') return applyAmendmentAnswers(staff, bytes, uploadedName);
    if (kind === 'digitalMandates') return applyDigitalMandates(staff, bytes, uploadedName);
    if (kind === 'paymentResults' || kind === 'paymentRejections')
      return applyDrawOutcomes(staff, bytes, uploadedName, kind);
    const parsed = readReply(() => readMandateAdviceFile(bytes, payee));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const refuseDuplicate = () => refuseDuplicateAnswer(sql, sha256);
    await refuseDuplicate();
    try {
      return await sql.begin(async (tx) => {
        const mandates = await lockMandatesOfPayers(tx, [
          ...new Set(parsed.advices.map((a) => payerKey(a.payerNumber))),
        ]);
        const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
        const file = await storeFile(
          tx,
          'answer',
          answerFileName(uploadedName, parsed.date),
          bytes,
          decodeFile(bytes).length,
          staff,
        );
        const counts = { approved: 0, rejected: 0, cancelled: 0, revoked: 0, discrepancies: 0, repeated: 0 };
        const seen = new Set<string>();
        for (const advice of parsed.advices) {
          const payer = payerKey(advice.payerNumber);
          const codes = { infoCode: advice.infoCode, commentCode: advice.commentCode };
          const once = `${payer}:${advice.infoCode}:${advice.commentCode}`;
          if (seen.has(once)) {
            counts.repeated++;
            continue;
          }
          seen.add(once);
          const meaning = adviceMeaning(advice.infoCode, advice.commentCode);
          const m = byPayer.get(payer);
          if (!m) {
            counts.discrepancies++;
            await recordDiscrepancy(tx, {
              reason: 'unknownPayer',
              fileId: file.id,
              line: advice.line,
              payerNumber: payer,
              meaning,
              ...codes,
            });
            continue;
          }
          const toState = stateAfterAnswer(m.state, meaning);
          if (!toState) {
            counts.discrepancies++;
            await recordDiscrepancy(tx, {
              reason: 'answerDoesNotFit',
              fileId: file.id,
              line: advice.line,
              payerNumber: payer,
              mandateId: m.id,
              mandateState: m.state,
              meaning,
              ...codes,
            });
            continue;
          }
          await moveMandate(
            tx,
            { mandateId: m.id, fromState: m.state, toState, fileId: file.id, staffId: staff.id, ...codes },
            codes,
          );
          if (
            toState === 'approved' ||
            toState === 'rejected' ||
            toState === 'cancelled' ||
            toState === 'revoked'
          )
            counts[toState]++;
          if (TELL_DONOR.has(meaning) && m.email) {
            await enqueueEmail(tx, {
              to: m.email,
              lang: m.lang,
              type: 'mandateRejected',
              vars: { firstName: m.firstName, code: advice.commentCode },
              dedupeKey: `mandateRejected:${m.id}:${file.id}`,
            });
          }
          m.state = toState; // a later record about the same payer moves on from here
        }
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mandates.readAnswerFile',
          subject: file.id,
          after: { fileName: file.fileName, ...counts },
        });
        return { file: fileSummary(file), kind: 'mandateAdvice' as const, ...counts };
      });
    } catch (err) {
      // Two uploads of the same file at once: the unique index lets one through.
      if ((err as { code?: string }).code === '23505') await refuseDuplicate();
      throw err;
    }
  }

  /**
   * Books a payment result file or a file of rejected instructions: each draw on its mandate
   * (paid, insufficient funds, no mandate, tried again, rejected with Bankgirot's code). A draw for
   * a payer we do not have, and a "no mandate" answer, are listed for the office; the rest of the
   * file is booked. One transaction; the same file twice is refused.
   */
  async function applyDrawOutcomes(
    staff: StaffMember,
    bytes: Buffer,
    uploadedName: string,
    kind: 'paymentResults' | 'paymentRejections',
  ): Promise<AutogiroAnswerApplied> {
    const parsed = readReply(() =>
      kind === 'paymentResults'
        ? readPaymentResultFile(bytes, payee)
        : readPaymentRejectionFile(bytes, payee),
    );
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const refuseDuplicate = () => refuseDuplicateAnswer(sql, sha256);
    await refuseDuplicate();
    try {
      return await sql.begin(async (tx) => {
        const mandates = await lockMandatesOfPayers(tx, [
          ...new Set(parsed.outcomes.map((o) => payerKey(o.payerNumber))),
        ]);
        const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
        const fallbackName = `${kind === 'paymentResults' ? 'AG-BETSPEC' : 'AG-AVVISADE'}-${parsed.date.replaceAll('-', '')}.txt`;
        const file = await storeFile(
          tx,
          'answer',
          plainFileName(uploadedName) ?? fallbackName,
          bytes,
          decodeFile(bytes).length,
          staff,
        );
        const draws: Record<DrawResult, number> = {
          paid: 0,
          insufficientFunds: 0,
          noMandate: 0,
          renewed: 0,
          rejected: 0,
        };
        let discrepancies = 0;
        for (const o of parsed.outcomes) {
          const payer = payerKey(o.payerNumber);
          const m = byPayer.get(payer);
          await recordDraw(tx, {
            mandateId: m?.id ?? null,
            payerNumber: payer,
            fileId: file.id,
            line: o.line,
            dueDate: o.dueDate,
            amountOre: o.amountOre,
            result: o.result,
            code: o.code,
          });
          draws[o.result]++;
          if (!m || o.result === 'noMandate') {
            discrepancies++;
            await recordDiscrepancy(tx, {
              reason: 'paymentForUnknownMandate',
              fileId: file.id,
              line: o.line,
              payerNumber: payer,
              mandateId: m?.id ?? null,
              mandateState: m?.state ?? null,
              commentCode: o.code,
            });
          }
        }
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'mandates.readAnswerFile',
          subject: file.id,
          after: { fileName: file.fileName, kind, ...draws, discrepancies },
        });
        return {
          file: fileSummary(file),
          kind,
          draws,
          approved: 0,
          rejected: 0,
          cancelled: 0,
          revoked: 0,
          discrepancies,
          repeated: 0,
        };
      });
    } catch (err) {
      if ((err as { code?: string }).code === '23505') await refuseDuplicate();
      throw err;
    }
  }

  /**
   * Applies a parsed reply file once, in one transaction: refused as a duplicate when the same
   * bytes were read before (also when two uploads race: the unique index lets one through), kept
   * sealed under the uploaded name (or one made from its kind and date).
   */
  async function applyOnce<T>(
    bytes: Buffer,
    uploadedName: string,
    fallbackName: string,
    staff: StaffMember,
    apply: (tx: Queryable, file: Awaited<ReturnType<typeof storeFile>>) => Promise<T>,
  ): Promise<T> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const refuseDuplicate = () => refuseDuplicateAnswer(sql, sha256);
    await refuseDuplicate();
    try {
      return (await sql.begin(async (tx) => {
        const file = await storeFile(
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

  const answered = (file: Awaited<ReturnType<typeof storeFile>>) => ({
    file: fileSummary(file),
    approved: 0,
    rejected: 0,
    cancelled: 0,
    revoked: 0,
    repeated: 0,
  });

  /**
   * Reads Bankgirot's cancellations/changes answer. Each record is read as a meaning
   * (lifecycle.ts amendmentMeaning) and logged on its mandate where the state machine lists it
   * (AMENDMENT_TRANSITIONS: a history entry, the state unchanged); everything else — a failed
   * cancellation, a payment the payer stopped on a running mandate, a change of date we never asked
   * for, the agreement ended, a payer number we do not have — is listed for the office, and the
   * rest of the file is applied. The same record about the same payer twice is applied once.
   */
  async function applyAmendmentAnswers(
    staff: StaffMember,
    bytes: Buffer,
    uploadedName: string,
  ): Promise<AutogiroAnswerApplied> {
    const parsed = readReply(() => readAmendmentAnswerFile(bytes, payee));
    const fallback = `AG-MAKULERING-${parsed.date.replaceAll('-', '')}.txt`;
    return applyOnce(bytes, uploadedName, fallback, staff, async (tx, file) => {
      const mandates = await lockMandatesOfPayers(tx, [
        ...new Set(parsed.answers.map((a) => a.payerNumber).filter(Boolean)),
      ]);
      const byPayer = new Map(mandates.map((m) => [payerKey(m.payerNumber), m]));
      let logged = 0;
      let discrepancies = 0;
      let repeated = 0;
      const seen = new Set<string>();
      for (const a of parsed.answers) {
        const once = [a.payerNumber, a.code, a.date, a.amountOre, a.paymentType, a.commentCode].join(':');
        if (seen.has(once)) {
          repeated++;
          continue;
        }
        seen.add(once);
        const meaning = amendmentMeaning(a.code, a.commentCode);
        const codes = { infoCode: a.code, commentCode: a.commentCode };
        const m = a.payerNumber ? byPayer.get(a.payerNumber) : undefined;
        const toState = m ? stateAfterAmendment(m.state, meaning) : null;
        if (m && toState) {
          logged++;
          await recordTransition(tx, {
            mandateId: m.id,
            fromState: m.state,
            toState,
            fileId: file.id,
            staffId: staff.id,
            meaning,
            ...codes,
          });
          continue;
        }
        discrepancies++;
        await recordDiscrepancy(tx, {
          // a payer number we do not have shows as such by its missing mandate
          reason: 'amendmentAnswer',
          fileId: file.id,
          line: a.line,
          payerNumber: a.payerNumber,
          mandateId: m?.id ?? null,
          mandateState: m?.state ?? null,
          meaning,
          ...codes,
        });
      }
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.readAnswerFile',
        subject: file.id,
        after: { fileName: file.fileName, kind: 'amendmentAnswers', logged, discrepancies, repeated },
      });
      return {
        ...answered(file),
        kind: 'amendmentAnswers' as const,
        logged,
        discrepancies,
        repeated,
      };
    });
  }

  /**
   * Reads a file of mandates payers gave in their internet bank (AG-EMEDGIV). None of them moves
   * a mandate: Bankgirot waits for the payee to approve or reject each (a TK04), and a mandate
   * made there carries no amount. Each is listed for the office as a digital mandate to look at,
   * tied to one of our donors by the payer number they typed or, failing that, by their personal
   * number (compared by its keyed hash, never stored apart from the sealed file), or to no one.
   */
  async function applyDigitalMandates(
    staff: StaffMember,
    bytes: Buffer,
    uploadedName: string,
  ): Promise<AutogiroAnswerApplied> {
    const parsed = readReply(() => readDigitalMandateFile(bytes, payee));
    const fallback = `AG-EMEDGIV-${parsed.date.replaceAll('-', '')}.txt`;
    return applyOnce(bytes, uploadedName, fallback, staff, async (tx, file) => {
      const byPayer = new Map(
        (await lockMandatesOfPayers(tx, [...new Set(parsed.mandates.map((d) => d.payerNumber))])).map((m) => [
          payerKey(m.payerNumber),
          m,
        ]),
      );
      const hashOf = (d: (typeof parsed.mandates)[number]) =>
        d.personalNumber.startsWith('00') ? null : protector.lookupHash(d.personalNumber);
      const byPerson = new Map(
        (
          await mandatesOfPersonHashes(
            tx,
            parsed.mandates.map(hashOf).filter((h): h is string => h !== null),
          )
        ).map((m) => [m.personalNumberHash, m]),
      );
      for (const d of parsed.mandates) {
        const hash = hashOf(d);
        const byNumber = byPayer.get(d.payerNumber);
        const m = byNumber ?? (hash ? byPerson.get(hash) : undefined);
        await recordDiscrepancy(tx, {
          reason: 'digitalMandate',
          fileId: file.id,
          line: d.line,
          payerNumber: d.payerNumber,
          mandateId: m?.id ?? null,
          mandateState: m?.state ?? null,
          meaning: DIGITAL_MEANINGS[d.messageType]!,
          matchedBy: byNumber ? 'payerNumber' : m ? 'personalNumber' : null,
        });
      }
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.readAnswerFile',
        subject: file.id,
        after: { fileName: file.fileName, kind: 'digitalMandates', digitalMandates: parsed.mandates.length },
      });
      return {
        ...answered(file),
        kind: 'digitalMandates' as const,
        digitalMandates: parsed.mandates.length,
        discrepancies: parsed.mandates.length,
      };
    });
  }

  async function fileBytes(
    staff: StaffMember,
    fileId: string,
    action: 'mandates.downloadFile' | 'mandates.standInAnswer' = 'mandates.downloadFile',
  ): Promise<{ fileName: string; bytes: Buffer; kind: AutogiroFileKind }> {
    const f = /^[0-9a-f-]{36}$/i.test(fileId) ? await fileById(sql, fileId) : undefined;
    if (!f) throw notFound();
    await recordAudit(sql, { staffId: staff.id, action, subject: f.id, after: { fileName: f.fileName } });
    return {
      fileName: f.fileName,
      kind: f.kind,
      bytes: Buffer.from(protector.unseal(f.contentSealed, SEALED_AT.autogiroFile(f.id)), 'base64'),
    };
  }

  /**
   * Demo: the stand-in's answer to one of our files, to download and upload as the office would
   * Bankgirot's: a mandate file's AG-MEDAVI; a payment file's payment results, or (`rejections`)
   * its instructions rejected at reception.
   */
  async function standInAnswer(
    staff: StaffMember,
    fileId: string,
    answer: 'results' | 'rejections' = 'results',
  ): Promise<{ fileName: string; bytes: Buffer }> {
    if (!deps.standIn) throw notFound();
    const file = await fileBytes(staff, fileId, 'mandates.standInAnswer');
    if (file.kind === 'mandates') {
      const bytes = await deps.standIn.mandateAdvice(file.bytes);
      return { fileName: `AG-MEDAVI-${file.fileName.replace(/^AG-MEDGIV-/, '')}`, bytes };
    }
    if (file.kind !== 'payments') throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const rest = file.fileName.replace(/^AG-BETALN-/, '');
    return answer === 'rejections'
      ? { fileName: `AG-AVVISADE-${rest}`, bytes: await deps.standIn.paymentRejections(file.bytes) }
      : { fileName: `AG-BETSPEC-${rest}`, bytes: await deps.standIn.paymentResults(file.bytes) };
  }

  /**
   * The mandate as the confirmation e-mails state it (amount, draw day, first draw, bankgiro), for
   * a confirmation queued again by hand; undefined when the ticket has no mandate behind it.
   */
  async function confirmationVars(
    externalTicketId: string,
    lang: Lang,
  ): Promise<Record<string, string> | undefined> {
    const m = await mandateOfTicket(sql, doorCodes.hash(externalTicketId));
    if (!m) return undefined;
    return {
      amount: lang === 'sv' ? `${m.monthlyAmount} kr` : `SEK ${m.monthlyAmount}`,
      drawDay: String(autogiro.drawDay),
      ...(m.firstDrawDate ? { firstDrawDate: dateText(lang, m.firstDrawDate) } : {}),
      bankgiro: bankgiroText(autogiro.bankgiro),
    };
  }

  /** The office has dealt with a discrepancy: it leaves the list (audited). */
  async function resolve(staff: StaffMember, discrepancyId: string): Promise<{ resolved: boolean }> {
    return sql.begin(async (tx) => {
      const resolved = await resolveDiscrepancy(tx, discrepancyId, staff.id);
      if (!resolved) throw notFound();
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.resolveDiscrepancy',
        subject: discrepancyId,
      });
      return { resolved };
    });
  }

  /**
   * The organisation ends a mandate. One Bankgirot has (or is asking the bank about) needs a
   * TK03 (revokePending: it goes in the next mandate file); one never sent is simply ended. A
   * mandate already closed cannot be ended again (FAILED_PRECONDITION). The donor is told.
   */
  async function revoke(staff: StaffMember, mandateId: string): Promise<{ state: MandateState }> {
    return sql.begin(async (tx) => {
      const [m] = await lockMandatesById(tx, [mandateId]);
      if (!m) throw notFound();
      const toState = REVOCABLE[m.state];
      if (!toState) throw new AppError('FAILED_PRECONDITION', 'invalidState');
      await moveMandate(tx, { mandateId: m.id, fromState: m.state, toState, staffId: staff.id });
      if (m.email) {
        await enqueueEmail(tx, {
          to: m.email,
          lang: m.lang,
          type: 'mandateRevoked',
          vars: { firstName: m.firstName },
          dedupeKey: `mandateRevoked:${m.id}`,
        });
      }
      await recordAudit(tx, {
        staffId: staff.id,
        action: 'mandates.revoke',
        subject: m.id,
        before: { state: m.state },
        after: { state: toState },
      });
      return { state: toState };
    });
  }

  return {
    resolve,
    revoke,
    confirmationVars,
    overview,
    detail,
    verifiedEvidence,
    writeMandateFile,
    writePaymentFile,
    applyAnswerFile,
    fileBytes,
    standInAnswer,
  };
}
export type MandateService = ReturnType<typeof createMandateService>;

/** Each signature of a mandate, verified now against BankID's signature (the staff page and `npm run verify-mandate`). */
export async function verifiedEvidenceOf(
  sql: Queryable,
  protector: Pick<PersonalDataProtector, 'unseal'>,
  mandateId: string,
): Promise<MandateEvidenceView[]> {
  return (await evidenceOf(sql, mandateId)).map((row) => {
    const evidence = JSON.parse(
      protector.unseal(row.evidenceSealed, SEALED_AT.mandateEvidence(row.id)),
    ) as MandateEvidence;
    const check = verifyEvidence(evidence);
    return {
      signType: row.signType,
      signedAt: row.signedAt.toISOString(),
      bankIdIssueDate: evidence.bankIdIssueDate,
      deviceIp: evidence.deviceIp,
      signedText: evidence.signedText,
      verdict: check.verdict,
      differences: check.differences,
      ...(check.problem ? { problem: check.problem } : {}),
    };
  });
}

const maxDate = (a: string | null, b: string) => (a && a > b ? a : b);
/** The calendar day after a YYYY-MM-DD. */
const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** The uploaded name if it is a plain file name. */
function plainFileName(uploaded: string): string | null {
  const name = uploaded.trim();
  return /^[\w.-]{1,100}$/.test(name) ? name : null;
}

/** The uploaded name if it is a plain file name, else one made from the file's date. */
function answerFileName(uploaded: string, date: string): string {
  return plainFileName(uploaded) ?? `AG-MEDAVI-${date.replaceAll('-', '')}.txt`;
}

/**
 * A completed BankID signature of a mandate, inside the transaction that applies it: the
 * evidence (signed text and completionData) sealed, the first draw the donor was told of, and
 * the transition (a new mandate: → signed; a raise of an active mandate: → raisePending).
 */
export async function recordSignature(
  tx: Queryable,
  protector: Pick<PersonalDataProtector, 'seal'>,
  s: {
    mandateId: string;
    state: MandateState | null;
    signType: 'new' | 'raise';
    bankIdTransactionId: string;
    amount: number;
    firstDrawDate: string;
    lang: Lang;
    signedText: string | undefined;
    completion: Completion;
  },
): Promise<void> {
  // Independent writes, issued together: in a transaction they go out as one round trip.
  const writes: Promise<void>[] = [];
  const transition = { mandateId: s.mandateId, bankIdTransactionId: s.bankIdTransactionId, amount: s.amount };
  if (s.signType === 'new') {
    writes.push(
      setSignedTerms(tx, s.mandateId, s.lang, s.firstDrawDate),
      recordTransition(tx, { ...transition, fromState: null, toState: 'signed' }),
    );
  } else if (s.state === 'active' || s.state === 'raisePending') {
    writes.push(
      setFirstDrawDate(tx, s.mandateId, s.firstDrawDate),
      moveMandate(tx, { ...transition, fromState: s.state, toState: 'raisePending' }),
    );
  } else {
    // Not drawn yet: the payment instruction to come carries the new amount.
    writes.push(recordTransition(tx, { ...transition, fromState: s.state, toState: s.state ?? 'signed' }));
  }
  // The evidence last: its write is the large one (the signature, sealed: about 11 KB).
  if (s.signedText !== undefined) {
    const id = randomUUID();
    const evidence: MandateEvidence = {
      signedText: s.signedText,
      signature: s.completion.signature,
      ocspResponse: s.completion.ocspResponse,
      bankIdIssueDate: s.completion.bankIdIssueDate,
      deviceIp: s.completion.device.ipAddress,
      personalNumber: s.completion.user.personalNumber,
    };
    writes.push(
      insertEvidence(tx, {
        id,
        mandateId: s.mandateId,
        bankIdTransactionId: s.bankIdTransactionId,
        signType: s.signType,
        evidenceSealed: protector.seal(JSON.stringify(evidence), SEALED_AT.mandateEvidence(id)),
      }),
    );
  }
  await Promise.all(writes);
}

/** What the office sees of a digital mandate, read from its record. */
function digitalView(
  d: ReturnType<typeof readDigitalMandateFile>['mandates'][number],
  matchedBy: DiscrepancyRow['matchedBy'],
): DigitalMandateView {
  return {
    matchedBy,
    nameAndAddress: d.nameAndAddress,
    postcode: d.postcode,
    city: d.city,
    info: d.info,
    clearingNumber: d.clearingNumber,
    organisation: d.personalNumber.startsWith('00'),
  };
}

/**
 * The payment of the old standing instruction that a raise's new one replaces, as the TK25 names
 * it: the old instruction's day of month (its TK82 date) in the month of the new first draw (due
 * date). The same as that date while the draw day has not changed.
 */
export function replacedPayment(standingDate: string | null, newFirstDue: string): string {
  if (!standingDate) return newFirstDue;
  return `${newFirstDue.slice(0, 8)}${standingDate.slice(8, 10)}`;
}

/** Reads an answer file; a file Bankgirot's layout refuses becomes the office's refusal (the file changes nothing). */
function readReply<T>(read: () => T): T {
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
