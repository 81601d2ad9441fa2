/**
 * What the office sees of the Autogiro round trip: the overview (counts, mandates, files, open
 * discrepancies) and one mandate opened with its history, draws, evidence and problems.
 */
import {
  MANDATE_STATES,
  type AutogiroDiscrepancy,
  type AutogiroFileSummary,
  type AutogiroOverview,
  type DigitalMandateView,
  type MandateDetail,
  type MandateState,
  type MandateSummary,
} from '@concert/shared/api';
import { notFound } from '../../errors.js';
import { FileRefused } from '../../integrations/bankgirot/replies.js';
import { readDigitalMandateFile } from '../../integrations/bankgirot/digital-mandates.js';
import { SEALED_AT } from '../../privacy/personal-data.js';
import { recordAudit } from '../audit/queries.js';
import type { StaffMember } from '../staff/identity.js';
import { stockholmDate } from '@concert/shared/stockholm-time';
import { realDrawDate } from './banking-days.js';
import type { Autogiro } from './autogiro.js';
import { DRAWING, REVOCABLE, SENDABLE_AGAIN, nextDrawDate } from './lifecycle.js';
import {
  countMandatesByState,
  listMandates,
  mandateById,
  ticketOfPerson,
  type ListedMandateRow,
  type MandateRow,
} from './queries/mandates.js';
import { drawsOf } from './queries/draws.js';
import { fileById, listFiles, type FileRow } from './queries/files.js';
import { openDiscrepancies, type DiscrepancyRow } from './queries/discrepancies.js';
import { transitionsOf } from './queries/transitions.js';
import { verifiedEvidenceOf } from './signature.js';

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

const FILE_LIST_LIMIT = 100;

/**
 * The next real draw of a mandate Bankgirot draws (a standing payment it holds: active, or a raise
 * whose old payment still runs): never before the first one the donor was told of (for a raise the
 * old amount's next draw, not the new amount's first), and after the last draw Bankgirot has
 * reported (the demo's stand-in reports a draw before its day). None when nothing is drawn: a
 * rejected standing payment, a raise between the confirmed cancellation and its new payment.
 */
function nextDraw(ag: Autogiro, m: MandateRow, lastDue: string | undefined) {
  const { autogiro, now } = ag;
  if (!DRAWING.has(m.state)) return null;
  const from = lastDue
    ? maxDate(stockholmDate(now()), dayAfter(realDrawDate(lastDue)))
    : stockholmDate(now());
  if (m.state !== 'active') return nextDrawDate(from, autogiro.drawDay);
  return maxDate(m.firstDrawDate, nextDrawDate(from, autogiro.drawDay));
}

function summary(
  ag: Autogiro,
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
    nextDrawDate: nextDraw(ag, m, extra.lastDraw?.dueDate),
    ...extra,
  };
}

/** The office's list: each mandate with its latest draw and how many problems are open. */
const listed = (ag: Autogiro, m: ListedMandateRow) =>
  summary(ag, m, {
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
export async function discrepancyViews(ag: Autogiro, rows: DiscrepancyRow[]): Promise<AutogiroDiscrepancy[]> {
  const { sql, protector, payee } = ag;
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

export function fileSummary(
  f: Pick<FileRow, 'id' | 'kind' | 'fileName' | 'recordCount' | 'byteLength' | 'createdAt' | 'staffEmail'> &
    Partial<Pick<FileRow, 'takenBackAt'>>,
): AutogiroFileSummary {
  return {
    id: f.id,
    kind: f.kind,
    fileName: f.fileName,
    records: f.recordCount,
    bytes: f.byteLength,
    createdAt: f.createdAt.toISOString(),
    createdBy: f.staffEmail,
    takenBackAt: f.takenBackAt?.toISOString() ?? null,
  };
}

export async function overview(ag: Autogiro): Promise<AutogiroOverview> {
  const { sql, autogiro } = ag;
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
    mandates: (await listMandates(sql, LIST_LIMIT)).map((m) => listed(ag, m)),
    files: (await listFiles(sql, FILE_LIST_LIMIT)).map(fileSummary),
    discrepancies: await discrepancyViews(ag, await openDiscrepancies(sql, LIST_LIMIT)),
    payee: {
      bankgiro: autogiro.bankgiro,
      bgcCustomerNumber: autogiro.bgcCustomerNumber,
      drawDay: autogiro.drawDay,
    },
    standIn: !!ag.standIn,
  };
}

/** One mandate as the office opens it (the opening is audited: it shows personal data and the signed text). */
export async function detail(ag: Autogiro, staff: StaffMember, mandateId: string): Promise<MandateDetail> {
  const { sql, doorCodes } = ag;
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
  const problems = await discrepancyViews(ag, await openDiscrepancies(sql, LIST_LIMIT, mandateId));
  const [last] = draws;
  return {
    mandate: {
      ...summary(ag, m, {
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
      sendableAgain: SENDABLE_AGAIN[m.state] !== undefined,
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
    evidence: await verifiedEvidenceOf(sql, ag.protector, mandateId),
    draws,
    problems,
  };
}

const maxDate = (a: string | null, b: string) => (a && a > b ? a : b);
/** The calendar day after a YYYY-MM-DD. */
const dayAfter = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

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
