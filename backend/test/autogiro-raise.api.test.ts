/**
 * Issue 39: a raise over Bankgirot's register, on the app's clock, checked month by month: a donor
 * is never drawn at two amounts in one month and no month is skipped without the office being
 * told, whatever Bankgirot answers the cancellation and whenever the office runs the files.
 *
 * `Register` is a model of Bankgirot's register written from the manual, independent of our
 * writer: standing TK82s by payer with the next due date it holds; a TK25 cancels the standing
 * instruction whose next due date, amount and reference it names, else Bankgirot answers 13
 * ("payment missing"). A test row may force another answer code (any of them can come).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mandateAdviceFile } from '../src/integrations/bankgirot/mandate-advice.js';
import { dateText } from '../src/integrations/bankid/user-visible-data.js';
import { decodeFile, isoDate, readRecord, transactionCode } from '../src/integrations/bankgirot/records.js';
import { realDrawDate } from '../src/modules/mandates/banking-days.js';
import { replyFileKind, requestFileSections } from './autogiro-grammar.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

const AUDIENCE = 'api://concert-staff-test';
const payee = { bgcCustomerNumber: '471117', bankgiro: '9912346' };

let clock = new Date('2026-11-20T09:00:00Z');
/** Sets the app's clock to 10:00 in Stockholm on a day. */
const on = (day: string) => {
  clock = new Date(`${day}T10:00:00+01:00`);
};

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp(
    {
      STAFF_AUTHORITY: authority.issuer,
      STAFF_CLIENT_ID: 'spa',
      STAFF_API_AUDIENCE: AUDIENCE,
      AUTOGIRO_DRAW_DAY: '28',
    },
    { now: () => clock },
  );
  office = await authority.tokenFor('office@org.example');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const staffCall = async (name: string, data: object = {}) => {
  const res = await app.call(name, data, office);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const upload = async (bytes: Buffer, name: string) => {
  const res = await app.request(`/api/autogiro/answers?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${office}` },
    body: new Uint8Array(bytes),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
const fileBytes = async (id: string) => {
  const res = await fetch(`${app.baseUrl}/api/autogiro/files/${id}`, {
    headers: { Authorization: `Bearer ${office}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
};
const mandate = async (mandateId: string) => (await staffCall('autogiroMandate', { mandateId })).mandate;

/** Bankgirot's register for one payer, fed our files in the order they are sent. */
class Register {
  instructions: {
    first: string;
    next: string;
    amountOre: number;
    reference: string;
    cancelledFrom: string | null;
  }[] = [];
  answers: { date: string; amountOre: number; reference: string; comment: string }[] = [];
  constructor(readonly payer: string) {}

  /** A file sent on `day` (it reaches the register that evening). `force`: the comment code Bankgirot answers a matching TK25 with. */
  receive(bytes: Buffer, day: string, force = '12') {
    for (const line of decodeFile(bytes).slice(1)) {
      const code = transactionCode(line);
      if (code === '82') {
        const r = readRecord('payment', line);
        if (BigInt(r.payerNumber) !== BigInt(this.payer)) continue;
        const first = isoDate(r.date);
        // Bankgirot refuses a payment date whose cut-off (the banking day before) has passed.
        expect(realDrawDate(first) > day, `TK82 ${first} sent on ${day}`).toBe(true);
        this.instructions.push({
          first,
          next: first,
          amountOre: Number(r.amountOre),
          reference: r.reference,
          cancelledFrom: null,
        });
      } else if (code === '25') {
        const r = readRecord('cancelPayment', line);
        if (BigInt(r.payerNumber) !== BigInt(this.payer)) continue;
        const date = isoDate(r.date);
        this.advanceTo(day);
        const match = this.instructions.find(
          (i) =>
            !i.cancelledFrom &&
            i.next === date &&
            i.amountOre === Number(r.amountOre) &&
            i.reference === r.reference,
        );
        const comment = match ? force : '13';
        if (match && comment === '12') match.cancelledFrom = date;
        this.answers.push({ date, amountOre: Number(r.amountOre), reference: r.reference, comment });
      }
    }
  }

  /** Each instruction's next due date as of `day` (draws before it are made). */
  advanceTo(day: string) {
    for (const i of this.instructions) while (realDrawDate(i.next) < day) i.next = nextMonth(i.next);
  }

  /**
   * The amounts drawn for each month from `from` to `to` (YYYY-MM), by due date: a draw due on a
   * Sunday 28 February is February's, though the bank makes it on 1 March.
   */
  drawsByMonth(from: string, to: string): Map<string, number[]> {
    const months = new Map<string, number[]>();
    for (let m = from; m <= to; m = nextMonth(`${m}-01`).slice(0, 7)) months.set(m, []);
    for (const i of this.instructions) {
      for (let due = i.first; due.slice(0, 7) <= to; due = nextMonth(due)) {
        if (i.cancelledFrom && due >= i.cancelledFrom) break;
        months.get(due.slice(0, 7))?.push(i.amountOre / 100);
      }
    }
    return months;
  }
}
const nextMonth = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 10);
};

/** Bankgirot's cancellations/changes answer to TK25s (manual 8.5.2), for our payee. */
function amendmentAnswerFile(day: string, payer: string, answers: Register['answers']) {
  const done = answers.filter((a) => a.comment === '12');
  const lines = [
    `01AUTOGIRO${' '.repeat(14)}${day}${' '.repeat(12)}MAKULERING/ÄNDRING  4711170009912346`,
    ...answers.map(
      (a) =>
        `25${a.date.replaceAll('-', '')}${payer.padStart(16, '0')}82${String(a.amountOre).padStart(12, '0')}${' '.repeat(8)}00000000${a.reference.padEnd(16)}${a.comment}${' '.repeat(6)}`,
    ),
    `09${day}9900${' '.repeat(14)}${'0'.repeat(12)}000000${String(done.length).padStart(6, '0')}0000${String(done.reduce((s, a) => s + a.amountOre, 0)).padStart(12, '0')}${'0'.repeat(12)}`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

/** A donor signs on `day`, the office sends the mandate file, Bankgirot approves it. */
async function approvedDonor(amount: number, day: string) {
  on(day);
  const personalNumber = generatedPersonalNumber();
  const v = await visitor(app);
  const ticket = await v.register();
  await v.authenticate(personalNumber);
  const email = `${personalNumber}@example.se`;
  expect((await v.call('getPersonalInfo', { personalNumber, email })).status).toBe(200);
  const sign = await v.call('startBankIDSign', {
    personalNumber,
    ticketId: ticket.ticketId,
    donationAmount: amount,
    signType: 'new',
    lang: 'sv',
    person: {
      firstName: 'Ny',
      lastName: 'Givare',
      email,
      phone: '0701234567',
      address: 'Gatan 1',
      zipCode: '12345',
      city: 'Stad',
    },
    accountInfo: { bank: 'FSPA', clearingNumber: '8327-9', accountNumber: '123 456 789-7' },
  });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  await v.approveByHand(sign.body.result.transactionId);
  expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
  const [row] = await app.db.sql<{ id: string; payerNumber: string }[]>`
    SELECT a.id, p.payer_number::text AS payer_number FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id
    WHERE p.personal_number_hash = ${app.protector.lookupHash(personalNumber)}`;
  const { id: mandateId, payerNumber } = row!;
  await staffCall('writeMandateFile');
  const advice = {
    payerNumber,
    clearingNumber: '',
    accountNumber: '',
    personalNumber: '',
    reserved: '',
    infoCode: '04',
    commentCode: '32',
    date: day.replaceAll('-', ''),
  };
  await upload(mandateAdviceFile(payee, day, [advice]), `MEDAVI-${payerNumber}.txt`);
  expect((await mandate(mandateId)).state).toBe('approved');
  return { mandateId, payerNumber, personalNumber, email };
}

/** An approved donor whose first payment file the office writes on `paymentsOn`. */
async function activeDonor(amount: number, day: string, paymentsOn: string) {
  const donor = await approvedDonor(amount, day);
  const register = new Register(donor.payerNumber);
  await runPayments(register, paymentsOn);
  expect((await mandate(donor.mandateId)).state).toBe('active');
  return { ...donor, register };
}

/** The donor comes back on `day` and raises by `by` kr with BankID. */
async function raise(donor: Awaited<ReturnType<typeof activeDonor>>, by: number, day: string) {
  on(day);
  await app.db
    .sql`UPDATE tickets SET person_id = NULL WHERE person_id = (SELECT person_id FROM autogiro_mandates WHERE id = ${donor.mandateId})`;
  const v = await visitor(app);
  const ticket = await v.register();
  await v.authenticate(donor.personalNumber);
  await v.call('getPersonalInfo', { personalNumber: donor.personalNumber, email: donor.email });
  const sign = await v.call('startBankIDSign', {
    personalNumber: donor.personalNumber,
    ticketId: ticket.ticketId,
    donationAmount: by,
    signType: 'raise',
    lang: 'sv',
  });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  await v.approveByHand(sign.body.result.transactionId);
  expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
}

/** A payment run on `day`; its files go to Bankgirot that day, in send order (the amendment file first). */
async function runPayments(register: Register, day: string, force?: string) {
  on(day);
  const written = await staffCall('writePaymentFile');
  for (const f of [written.amendments, written.file].filter(Boolean)) {
    const bytes = await fileBytes(f.id);
    expect(requestFileSections(bytes)).toHaveLength(1);
    register.receive(bytes, day, force);
  }
}

describe('a raise is never drawn beside the old amount, and no month goes silently undrawn (issue 39)', () => {
  // Active from 2026-12-28 (150 kr); raise +75 signed 2027-01-20 (promised from the draw of 28 February, a Sunday: 1 March).
  // Bankgirot answers the cancellation with each code; the office runs payments before or after the February cut-off.
  const ANSWERS = ['12', '01', '02', '04', '05', '10', '11', '13'];
  const cases = ANSWERS.flatMap((code) => (['inTime', 'late'] as const).map((office) => ({ code, office })));
  it.each(cases)('answer $code, office runs payments $office', async ({ code, office: timing }) => {
    const donor = await activeDonor(150, '2026-11-20', '2026-12-01');
    const { register } = donor;
    await raise(donor, 75, '2027-01-20');
    expect((await mandate(donor.mandateId)).firstDrawDate).toBe('2027-03-01');

    // The office runs payments the next day, and again after January's draw.
    await runPayments(register, '2027-01-21', code);
    await runPayments(register, '2027-01-29', code);
    // Bankgirot's answer to the cancellation (if one was sent), read on the next banking day.
    on('2027-02-01');
    if (register.answers.length > 0)
      await upload(
        amendmentAnswerFile('20270201', donor.payerNumber, register.answers),
        `MAK-${donor.payerNumber}.txt`,
      );
    // Payments again: in time for the February draw, or after its cut-off; and in March.
    await runPayments(register, timing === 'inTime' ? '2027-02-02' : '2027-02-26');
    await runPayments(register, '2027-03-05');

    const months = register.drawsByMonth('2027-01', '2027-06');
    const after = await mandate(donor.mandateId);
    const problems = (await staffCall('autogiroMandate', { mandateId: donor.mandateId })).problems as {
      reason: string;
      meaning: string | null;
    }[];
    // The donor is told by e-mail, once, when the new amount's first draw moved later than promised.
    const moved = await app.db.sql<{ lang: string; vars: Record<string, string> }[]>`
      SELECT lang, vars FROM email_outbox WHERE email_type = 'raiseFirstDrawMoved' AND to_email = ${donor.email}`;
    if (code === '12' && timing === 'late') {
      expect(after.firstDrawDate > '2027-03-01').toBe(true);
      expect(moved).toEqual([
        {
          lang: 'sv',
          vars: {
            firstName: expect.any(String), // BankID's given name
            amount: '225 kr',
            firstDrawDate: dateText('sv', after.firstDrawDate),
            promisedDate: dateText('sv', '2027-03-01'),
          },
        },
      ]);
    } else expect(moved).toEqual([]);
    // Never two amounts (nor two draws) in one month.
    for (const [month, amounts] of months)
      expect(amounts.length, `${month}: ${amounts.join(' + ')}`).toBeLessThanOrEqual(1);
    // January at the old amount, as the donor was told.
    expect(months.get('2027-01')).toEqual([150]);
    if (code === '12') {
      // The old payment is gone from the draw it was cancelled from; the new amount from then on.
      expect(register.answers.map((a) => a.date)).toEqual(['2027-02-28']);
      expect(months.get('2027-04')).toEqual([225]);
      expect(after).toMatchObject({ state: 'active', standingAmount: 225 });
      expect(months.get('2027-03')).toEqual([225]);
      if (timing === 'inTime') {
        expect(months.get('2027-02')).toEqual([225]); // due Sunday 28 February: drawn 1 March
        expect(after.firstDrawDate).toBe('2027-03-01');
        expect(problems).toEqual([]);
      } else {
        // Too late for the month it was cancelled from: that month is not drawn, and the office is told.
        expect(months.get('2027-02')).toEqual([]);
        expect(problems).toEqual([expect.objectContaining({ reason: 'monthNotDrawn' })]);
      }
    } else {
      // Not cancelled: the old amount goes on every month, the new one is held back, the office is told what to do.
      for (const [month, amounts] of months) expect(amounts, month).toEqual([150]);
      expect(after).toMatchObject({
        state: 'raiseHeld',
        standingAmount: 150,
        nextDrawDate: expect.any(String),
      });
      expect(problems).toEqual([
        expect.objectContaining({ reason: 'amendmentAnswer', meaning: 'cancellationFailed' }),
      ]);
    }
  });
});

describe('one day’s files, across runs (issue 39, manual 6.1.1)', () => {
  /** Each request file of a Swedish day: its send order, name and the mandates it moved. */
  async function filesOn(day: string) {
    return app.db.sql<
      { id: string; kind: string; sendOrder: number; fileName: string; mandates: string[] }[]
    >`
      SELECT f.id::text, f.kind, f.send_order, f.file_name,
             coalesce(array_agg(t.mandate_id::text) FILTER (WHERE t.mandate_id IS NOT NULL), '{}') AS mandates
      FROM autogiro_files f
      LEFT JOIN mandate_transitions t ON t.file_id = f.id
      WHERE f.kind <> 'answer'
        AND (f.created_at AT TIME ZONE 'Europe/Stockholm')::date = ${day}::date
      GROUP BY f.id
      ORDER BY f.created_at, f.send_order`;
  }
  const revoke = (mandateId: string) => staffCall('revokeMandate', { mandateId });

  // A: active, a raise pending (its TK25 may go); B: approved (its first TK82 goes today); C: active since
  // December, ended by the office today. The office's clicks come in different orders on different days.
  const ORDERS: { day: string; steps: ('payments' | 'mandates' | 'revokeB' | 'revokeC')[] }[] = [
    { day: '2027-01-29', steps: ['payments', 'revokeB', 'revokeC', 'mandates', 'payments', 'mandates'] },
    { day: '2027-02-01', steps: ['revokeC', 'mandates', 'payments', 'revokeB', 'mandates', 'payments'] },
    { day: '2027-02-02', steps: ['revokeB', 'revokeC', 'payments', 'mandates', 'payments'] },
  ];
  it.each(ORDERS)('$day: $steps', async ({ day, steps }) => {
    const a = await activeDonor(150, '2026-11-20', '2026-12-01');
    const c = await activeDonor(160, '2026-11-20', '2026-12-01');
    await raise(a, 75, '2027-01-20');
    const b = await approvedDonor(170, '2027-01-20');
    on(day);
    for (const step of steps) {
      if (step === 'payments') await staffCall('writePaymentFile');
      else if (step === 'mandates') await staffCall('writeMandateFile');
      else await revoke(step === 'revokeB' ? b.mandateId : c.mandateId);
    }
    const files = await filesOn(day);
    // numbered 1, 2, 3… in the order written, across runs and kinds; the name ends with the number
    expect(files.map((f) => f.sendOrder)).toEqual(files.map((_, i) => i + 1));
    for (const f of files)
      expect(f.fileName).toMatch(new RegExp(`-${day.replaceAll('-', '')}-${f.sendOrder}\\.txt$`));
    // no mandate has a payment and a change (TK25, TK03) on this day
    const paid = new Set(files.filter((f) => f.kind === 'payments').flatMap((f) => f.mandates));
    const changed = files.filter((f) => f.kind !== 'payments').flatMap((f) => f.mandates);
    for (const id of changed) expect(paid.has(id), id).toBe(false);
    // A's TK25 and C's TK03 went today; B either got its TK82 (then no TK03 today) or was ended first (TK03, never a TK82)
    expect(changed).toContain(a.mandateId);
    expect(changed).toContain(c.mandateId);
    const bPaidFirst = steps.indexOf('payments') < steps.indexOf('revokeB');
    expect(paid.has(b.mandateId)).toBe(bPaidFirst);
    expect(changed.includes(b.mandateId)).toBe(!bPaidFirst);
    expect((await mandate(b.mandateId)).state).toBe(bPaidFirst ? 'revokePending' : 'revokeSent');
    if (bPaidFirst) {
      // the next banking day its TK03 goes
      const next = new Date(`${day}T00:00:00Z`);
      next.setUTCDate(next.getUTCDate() + (new Date(`${day}T00:00:00Z`).getUTCDay() === 5 ? 3 : 1));
      on(next.toISOString().slice(0, 10));
      await staffCall('writeMandateFile');
      expect((await mandate(b.mandateId)).state).toBe('revokeSent');
    }
  });
});

describe('the demo stand-in confirms a raise’s cancellation like the bank', () => {
  it('amendment file → stand-in’s MAKULERING/ÄNDRING (12) → raiseReady → the new TK82 from the cancelled draw', async () => {
    const donor = await activeDonor(150, '2026-11-20', '2026-12-01');
    await raise(donor, 75, '2027-01-20');
    on('2027-01-29');
    const run = await staffCall('writePaymentFile');
    expect(run.file).toBeNull();
    expect(run.amendments.fileName).toMatch(/^AG-MAKAND-471117-20270129-\d+\.txt$/);
    expect((await mandate(donor.mandateId)).state).toBe('raiseCancelSent');
    const res = await fetch(`${app.baseUrl}/api/autogiro/files/${run.amendments.id}/stand-in-answer`, {
      headers: { Authorization: `Bearer ${office}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('AG-MAKULERING-');
    const answer = Buffer.from(await res.arrayBuffer());
    expect(replyFileKind(answer)).toBe('amendmentAnswers');
    on('2027-02-01');
    expect(await upload(answer, `MAK-demo-${donor.payerNumber}.txt`)).toMatchObject({
      kind: 'amendmentAnswers',
      logged: 1,
      discrepancies: 0,
    });
    expect((await mandate(donor.mandateId)).state).toBe('raiseReady');
    await runPayments(donor.register, '2027-02-01');
    expect(await mandate(donor.mandateId)).toMatchObject({
      state: 'active',
      monthlyAmount: 225,
      firstDrawDate: '2027-03-01',
    });
    const tk82 = donor.register.instructions.at(-1)!;
    expect(tk82).toMatchObject({ first: '2027-02-28', amountOre: 22500 });
  });
});
