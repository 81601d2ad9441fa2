import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ticketsWithRejectedMandate } from '../src/modules/mandates/queries/mandates.js';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { stockholmDate } from '@concert/shared/stockholm-time';
import { demoPerson } from '../src/integrations/demo-fixtures.js';
import { mandateAdviceFile } from '../src/integrations/bankgirot/mandate-advice.js';
import { demoDrawOutcome } from '../src/integrations/bankgirot/stand-in.js';
import { decodeFile, isoDate, readRecord } from '../src/integrations/bankgirot/records.js';
import {
  addBankingDays,
  dueDateOf,
  isBankingDay,
  realDrawDate,
} from '../src/modules/mandates/banking-days.js';
import { SEALED_AT } from '../src/privacy/personal-data.js';
import { replyFileKind, requestFileSections } from './autogiro-grammar.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

/** The Autogiro round trip over HTTP on real PostgreSQL: sign, mandate file, answer file, payment file, evidence. */
const AUDIENCE = 'api://concert-staff-test';
const payee = { bgcCustomerNumber: '471117', bankgiro: '9912346' };

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
    AUTOGIRO_DRAW_DAY: '28',
  });
  office = await authority.tokenFor('office@org.example');
}, 60_000);
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

/** A new member signs up through the API as the visitor flow does; answers the mandate's id. */
async function newMember(personalNumber: string, amount = 150, lang: 'sv' | 'en' = 'sv') {
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
    lang,
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
  if (!demoPerson(personalNumber)) await v.approveByHand(sign.body.result.transactionId);
  expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
  const [row] = await app.db.sql<{ id: string; payerNumber: string }[]>`
    SELECT a.id, p.payer_number::text AS payer_number FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id
    WHERE p.personal_number_hash = ${app.protector.lookupHash(personalNumber)}`;
  return { mandateId: row!.id, payerNumber: row!.payerNumber, email, v };
}

const staffCall = (name: string, data: object = {}) => app.call(name, data, office);
const upload = (bytes: Buffer | string, name = 'svar.txt', token = office) =>
  app.request(`/api/autogiro/answers?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', Authorization: `Bearer ${token}` },
    body: new Uint8Array(typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes),
  });
async function download(path: string) {
  const res = await fetch(`${app.baseUrl}${path}`, { headers: { Authorization: `Bearer ${office}` } });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), headers: res.headers };
}
/**
 * The request files written so far went out on an earlier day (as if the office wrote them
 * yesterday): Bankgirot must have a payment before a change of it, never on the same day.
 */
const sentYesterday = () =>
  app.db.sql`UPDATE autogiro_files SET created_at = created_at - interval '1 day' WHERE kind <> 'answer'`;
const stateOf = async (mandateId: string) =>
  (await staffCall('autogiroMandate', { mandateId })).body.result.mandate.state as string;
/** What the database holds, to show a refused file changed nothing. */
const snapshot = async () =>
  app.db.sql`SELECT id, state, info_code, comment_code, state_changed_at FROM autogiro_mandates ORDER BY id`;

describe('the round trip', () => {
  it('signed → mandate file → stand-in answer → approved / rejected 05 / 43 → payment file → active', async () => {
    const approved = await newMember(generatedPersonalNumber(), 170);
    const rejected = await newMember(DEMO_PERSONAL_NUMBERS.mandateRejected, 150, 'en');
    const unanswered = await newMember(DEMO_PERSONAL_NUMBERS.mandateUnanswered);
    for (const m of [approved, rejected, unanswered]) expect(await stateOf(m.mandateId)).toBe('signed');

    const overview = (await staffCall('autogiroOverview')).body.result;
    expect(overview.counts.signed).toBeGreaterThanOrEqual(3);
    expect(overview.newMonthlyKronor).toBeGreaterThanOrEqual(170 + 150 + 150);

    // mandate file: TK01 + one TK04 each; the mandates are sent, and never in a second file
    const written = await staffCall('writeMandateFile');
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.result.mandates).toBeGreaterThanOrEqual(3);
    expect((await staffCall('writeMandateFile')).body.result).toMatchObject({
      file: null,
      mandates: 0,
      setAside: 0,
    });
    const fileId = written.body.result.file.id;
    const file = await download(`/api/autogiro/files/${fileId}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(written.body.result.file.fileName);
    const lines = decodeFile(file.bytes);
    expect(requestFileSections(file.bytes)).toEqual(['mandates']);
    expect(readRecord('opening', lines[0]!)).toMatchObject({
      bgcCustomerNumber: '471117',
      bankgiro: '0009912346',
    });
    const tk04 = lines.slice(1).map((l) => readRecord('newMandate', l));
    const approvedLine = tk04.find((r) => BigInt(r.payerNumber) === BigInt(approved.payerNumber))!;
    expect(approvedLine).toMatchObject({ clearingNumber: '8327', accountNumber: '001234567897' });
    // the same file again, byte for byte
    expect((await download(`/api/autogiro/files/${fileId}`)).bytes.equals(file.bytes)).toBe(true);
    for (const m of [approved, rejected, unanswered]) expect(await stateOf(m.mandateId)).toBe('sent');

    // the stand-in's answer, uploaded as the office would upload Bankgirot's
    const answer = await download(`/api/autogiro/files/${fileId}/stand-in-answer`);
    expect(answer.status).toBe(200);
    expect(answer.bytes.toString('latin1')).toContain('AG-MEDAVI');
    const applied = await upload(answer.bytes, 'AG-MEDAVI-test.txt');
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.result).toMatchObject({ rejected: 2, cancelled: 0, discrepancies: 0, repeated: 0 });
    expect(applied.body.result.approved).toBe(tk04.length - 2);

    const approvedDetail = (await staffCall('autogiroMandate', { mandateId: approved.mandateId })).body
      .result;
    expect(approvedDetail.mandate).toMatchObject({ state: 'approved', commentCode: '32' });
    expect(approvedDetail.history.map((h: { toState: string }) => h.toState)).toEqual([
      'signed',
      'sent',
      'approved',
    ]);
    expect(approvedDetail.history[1]).toMatchObject({
      fromState: 'signed',
      staff: 'office@org.example',
      file: { id: fileId },
    });
    expect(approvedDetail.history[2].file.fileName).toBe('AG-MEDAVI-test.txt');
    const rejectedDetail = (await staffCall('autogiroMandate', { mandateId: rejected.mandateId })).body
      .result;
    expect(rejectedDetail.mandate).toMatchObject({ state: 'rejected', commentCode: '05' });
    expect(rejectedDetail.mandate.ticketId).toMatch(/^[0-9a-f]{32}$/);
    // the pair Bankgirot sends for an unanswered account inquiry: information 43, comment 07
    expect(
      (await staffCall('autogiroMandate', { mandateId: unanswered.mandateId })).body.result.mandate,
    ).toMatchObject({ state: 'rejected', infoCode: '43', commentCode: '07' });

    // the rejected donors are asked to get in touch, in their language; their tickets stay
    const mails = await app.db.sql<{ toEmail: string; lang: string; vars: { code: string } }[]>`
      SELECT to_email, lang, vars FROM email_outbox WHERE email_type = 'mandateRejected' ORDER BY to_email`;
    expect(mails.map((m) => [m.toEmail, m.lang, m.vars.code])).toEqual([
      [rejected.email, 'en', '05'],
      [unanswered.email, 'sv', '07'],
    ]);
    const [ticket] = await app.db
      .sql`SELECT confirmed_at IS NOT NULL AS confirmed FROM tickets WHERE door_code_hash = ${app.protector.doorCodeHash(rejectedDetail.mandate.ticketId)}`;
    expect(ticket).toEqual({ confirmed: true });
    // what an office list of tickets marks (the door's scan answer is unchanged)
    const approvedTicket = approvedDetail.mandate.ticketId as string;
    // (by ticket id: the door code is stored only as its keyed hash)
    const idOf = async (code: string) =>
      (
        await app.db.sql<{ id: string }[]>`
          SELECT id::text FROM tickets WHERE door_code_hash = ${app.protector.doorCodeHash(code)}`
      )[0]!.id;
    const rejectedId = await idOf(rejectedDetail.mandate.ticketId);
    expect(await ticketsWithRejectedMandate(app.db.sql, [rejectedId, await idOf(approvedTicket)])).toEqual(
      new Set([rejectedId]),
    );
    const listed = (await staffCall('listAttendees', { limit: 100 })).body.result.rows as {
      ticketCode: string;
      mandateRejected: boolean;
    }[];
    expect(listed.find((r) => r.ticketCode === rejectedDetail.mandate.ticketId)?.mandateRejected).toBe(true);
    expect(listed.find((r) => r.ticketCode === approvedTicket)?.mandateRejected).toBe(false);

    // a confirmation queued again by hand states the same mandate
    const resent = await staffCall('addEmailToQueue', {
      email: approved.email,
      name: 'Ny',
      emailType: 'registeredNew',
      ticketId: approvedTicket,
      lang: 'sv',
    });
    const [resentRow] = await app.db.sql<
      { vars: Record<string, string> }[]
    >`SELECT vars FROM email_outbox WHERE id = ${resent.body.result.id}`;
    expect(resentRow!.vars).toMatchObject({
      amount: '170 kr',
      drawDay: '28',
      bankgiro: '991-2346',
      firstDrawDate: expect.stringMatching(/^(28|29|30|31|1|2|3) \p{L}+ \d{4}$/u),
    });

    // payment file: a monthly TK82 until further notice, in öre, for the approved only
    const payments = await staffCall('writePaymentFile');
    expect(payments.status, JSON.stringify(payments.body)).toBe(200);
    const paymentBytes = (await download(`/api/autogiro/files/${payments.body.result.file.id}`)).bytes;
    expect(requestFileSections(paymentBytes)).toEqual(['payments']);
    expect(payments.body.result.amendments).toBeNull();
    const tk82 = decodeFile(paymentBytes)
      .slice(1)
      .map((l) => readRecord('payment', l));
    const mine = tk82.find((r) => BigInt(r.payerNumber) === BigInt(approved.payerNumber))!;
    expect(mine).toMatchObject({
      period: '1',
      repetitions: '',
      amountOre: '000000017000',
      bankgiro: '0009912346',
      reference: 'MANADSGAVA',
    });
    expect(mine.date.slice(6)).toBe('28');
    expect(tk82.some((r) => BigInt(r.payerNumber) === BigInt(rejected.payerNumber))).toBe(false);
    expect(await stateOf(approved.mandateId)).toBe('active');
    expect((await staffCall('writePaymentFile')).body.result).toMatchObject({ file: null, mandates: 0 });
  });

  it('a raise of an active mandate: raise pending; not cancelled on the day its TK82 went out, while a newcomer’s TK82 goes', async () => {
    const member = await newMember(generatedPersonalNumber(), 150);
    await staffCall('writeMandateFile');
    const [{ payerNumber }] = await app.db.sql<
      [{ payerNumber: string }]
    >`SELECT p.payer_number::text AS payer_number FROM persons p JOIN autogiro_mandates a ON a.person_id = p.id WHERE a.id = ${member.mandateId}`;
    const advice = {
      payerNumber,
      clearingNumber: '8327',
      accountNumber: '1234567890',
      personalNumber: '',
      reserved: '',
      infoCode: '04',
      commentCode: '32',
      date: '20261124',
    };
    expect((await upload(mandateAdviceFile(payee, '2026-11-24', [advice]), 'godkand.txt')).status).toBe(200);
    await staffCall('writePaymentFile');
    expect(await stateOf(member.mandateId)).toBe('active');

    // the member comes back and raises by 75 kr: a new signature, the state says a raise is pending
    const personalNumber = (
      await app.db.sql<
        { s: string; h: string }[]
      >`SELECT p.personal_number_sealed AS s, p.personal_number_hash AS h FROM persons p JOIN autogiro_mandates a ON a.person_id = p.id WHERE a.id = ${member.mandateId}`
    ).map((r) => app.protector.unseal(r.s, SEALED_AT.personalNumber(r.h)))[0]!;
    await app.db
      .sql`UPDATE tickets SET person_id = NULL WHERE person_id = (SELECT person_id FROM autogiro_mandates WHERE id = ${member.mandateId})`;
    const v = await visitor(app);
    const ticket = await v.register();
    await v.authenticate(personalNumber);
    await v.call('getPersonalInfo', { personalNumber, email: member.email });
    const sign = await v.call('startBankIDSign', {
      personalNumber,
      ticketId: ticket.ticketId,
      donationAmount: 75,
      signType: 'raise',
      lang: 'sv',
    });
    expect(sign.status, JSON.stringify(sign.body)).toBe(200);
    await v.approveByHand(sign.body.result.transactionId);
    expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
    const detail = (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result;
    expect(detail.mandate).toMatchObject({ state: 'raisePending', monthlyAmount: 225, standingAmount: 150 });
    expect(
      detail.evidence.map((e: { signType: string; verdict: string }) => [e.signType, e.verdict]),
    ).toEqual([
      ['new', 'ok'],
      ['raise', 'ok'],
    ]);

    // a new donor in the same run
    const newcomer = await newMember(generatedPersonalNumber(), 190);
    await staffCall('writeMandateFile');
    await upload(
      mandateAdviceFile(payee, '2026-11-25', [{ ...advice, payerNumber: newcomer.payerNumber }]),
      'godkand-2.txt',
    );
    const file = await staffCall('writePaymentFile');
    expect(file.status, JSON.stringify(file.body)).toBe(200);
    // The raiser's TK82 went out today: no TK25 of it today (manual 6.1.1: payments reach the bank
    // before changes of the same instruction, not the same day); the newcomer's TK82 goes.
    expect(file.body.result).toMatchObject({ amendments: null, held: 1 });
    const paymentBytes = (await download(`/api/autogiro/files/${file.body.result.file.id}`)).bytes;
    expect(requestFileSections(paymentBytes)).toEqual(['payments']);
    const tk82 = decodeFile(paymentBytes)
      .slice(1)
      .map((l) => readRecord('payment', l));
    expect(tk82.some((r) => BigInt(r.payerNumber) === BigInt(newcomer.payerNumber))).toBe(true);
    expect(tk82.some((r) => BigInt(r.payerNumber) === BigInt(payerNumber))).toBe(false);
    expect(
      (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result.mandate,
    ).toMatchObject({ state: 'raisePending', standingAmount: 150, nextDrawDate: expect.any(String) });
    // The day's files are numbered across runs and kinds: the office sends them in that order.
    const today = await app.db.sql<{ sendOrder: number; fileName: string }[]>`
      SELECT send_order, file_name FROM autogiro_files
      WHERE kind <> 'answer'
        AND (created_at AT TIME ZONE 'Europe/Stockholm')::date = (now() AT TIME ZONE 'Europe/Stockholm')::date
      ORDER BY created_at`;
    expect(today.map((f) => f.sendOrder)).toEqual(today.map((_, i) => i + 1));
    for (const f of today) expect(f.fileName).toMatch(new RegExp(`-${f.sendOrder}\\.txt$`));
    // The rest of the raise (the TK25 on a later day, Bankgirot's answer, the new TK82): autogiro-raise.api.test.ts.
  });
});

describe('answer files that are refused change nothing', () => {
  let sent: { mandateId: string; payerNumber: string };
  beforeAll(async () => {
    sent = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
  }, 30_000);
  const advice = (over: object = {}) => ({
    payerNumber: sent.payerNumber,
    clearingNumber: '8327',
    accountNumber: '1234567890',
    personalNumber: '',
    reserved: '',
    infoCode: '04',
    commentCode: '32',
    date: '20261124',
    ...over,
  });

  const cases: [string, () => Buffer | string, object][] = [
    [
      'another bankgiro',
      () => mandateAdviceFile({ ...payee, bankgiro: '50501055' }, '2026-11-24', [advice()]),
      { reason: 'otherBankgiro', line: 1 },
    ],
    [
      'a broken layout',
      () =>
        mandateAdviceFile(payee, '2026-11-24', [advice()]).toString('latin1').replace('\r\n73', '\r\n73X'),
      { reason: 'brokenLayout', line: 2 },
    ],
    [
      'an unknown record',
      () =>
        mandateAdviceFile(payee, '2026-11-24', [advice()])
          .toString('latin1')
          .replace('\r\n09', '\r\n47' + ' '.repeat(78) + '\r\n09'),
      { reason: 'unknownRecord', line: 3, code: '47' },
    ],
    [
      'a wrong count',
      () =>
        mandateAdviceFile(payee, '2026-11-24', [advice()])
          .toString('latin1')
          .replace('99000000001', '99000000005'),
      { reason: 'countMismatch', stated: 5, found: 1 },
    ],
    ['not an answer file', () => 'hello', { reason: 'notMandateAdvice' }],
    ['an empty file', () => '', { reason: 'empty' }],
  ];
  for (const [what, file, refusal] of cases) {
    it(what, async () => {
      const before = await snapshot();
      const res = await upload(file());
      expect(res.status).toBe(400);
      expect(res.body.refusal).toMatchObject(refusal);
      expect(res.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'invalidState' });
      expect(await snapshot()).toEqual(before);
      expect(await stateOf(sent.mandateId)).toBe('sent');
    });
  }

  it('the same file twice: applied once, then refused as a duplicate', async () => {
    const bytes = mandateAdviceFile(payee, '2026-11-25', [advice({ commentCode: '99' })]);
    const first = await upload(bytes, 'first.txt');
    expect(first.body.result).toMatchObject({ discrepancies: 1, approved: 0 });
    // an unknown code changes nothing, and is kept and shown to the office, never dropped
    expect(await stateOf(sent.mandateId)).toBe('sent');
    const listed = (await staffCall('autogiroOverview')).body.result.discrepancies as {
      mandateId: string;
      commentCode: string;
      reason: string;
      meaning: string;
    }[];
    expect(listed.find((d) => d.mandateId === sent.mandateId)).toMatchObject({
      reason: 'answerDoesNotFit',
      commentCode: '99',
      meaning: 'unknown',
    });
    const before = await snapshot();
    const again = await upload(bytes, 'again.txt');
    expect(again.status).toBe(400);
    expect(again.body.refusal).toMatchObject({ reason: 'duplicate', fileName: 'first.txt' });
    expect(await snapshot()).toEqual(before);
  });

  it('cancellation by the payer’s bank (02) is recorded with its code', async () => {
    const res = await upload(
      mandateAdviceFile(payee, '2026-11-26', [advice({ infoCode: '46', commentCode: '02' })]),
    );
    expect(res.body.result).toMatchObject({ cancelled: 1 });
    expect(
      (await staffCall('autogiroMandate', { mandateId: sent.mandateId })).body.result.mandate,
    ).toMatchObject({ state: 'cancelled', infoCode: '46', commentCode: '02' });
  });
});

describe('the evidence', () => {
  it('an untouched signature verifies; a tampered stored text fails and says which line differs', async () => {
    const { mandateId } = await newMember(generatedPersonalNumber(), 160, 'en');
    const detail = (await staffCall('autogiroMandate', { mandateId })).body.result;
    expect(detail.evidence).toHaveLength(1);
    const [evidence] = detail.evidence;
    expect(evidence).toMatchObject({
      signType: 'new',
      verdict: 'ok',
      differences: [],
      deviceIp: expect.any(String),
      bankIdIssueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(evidence.signedText).toContain('SEK 160 per month');
    expect(evidence.signedText).toContain('Bankgiro number: 991-2346');

    // someone with database access and the key changes the stored text
    const [row] = await app.db.sql<
      { id: string; evidenceSealed: string }[]
    >`SELECT id, evidence_sealed FROM mandate_evidence WHERE mandate_id = ${mandateId}`;
    const stored = JSON.parse(app.protector.unseal(row!.evidenceSealed, SEALED_AT.mandateEvidence(row!.id)));
    const tampered = {
      ...stored,
      signedText: stored.signedText.replace('SEK 160 per month', 'SEK 1,600 per month'),
    };
    await app.db
      .sql`UPDATE mandate_evidence SET evidence_sealed = ${app.protector.seal(JSON.stringify(tampered), SEALED_AT.mandateEvidence(row!.id))} WHERE id = ${row!.id}`;
    const after = (await staffCall('autogiroMandate', { mandateId })).body.result.evidence[0];
    expect(after.verdict).toBe('textDiffers');
    expect(after.differences).toHaveLength(1);
    expect(after.differences[0].stored).toContain('SEK 1,600 per month');
    expect(after.differences[0].signed).toContain('SEK 160 per month');
  });
});

describe('npm run verify-mandate', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'says OK for an untouched mandate, and exactly what differs (exit 1) once the stored text is changed',
    async () => {
      const { mandateId } = await newMember(generatedPersonalNumber(), 180);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'verify-mandate-'));
      await writeFile(path.join(dataDir, 'pii-key'), app.piiKey);
      const run = async () => {
        try {
          const { stdout } = await promisify(execFile)(
            'npx',
            ['tsx', 'backend/scripts/verify-mandate.ts', mandateId],
            {
              cwd: path.resolve(import.meta.dirname, '../..'),
              env: {
                ...process.env,
                DEMO: 'true',
                DATABASE_URL: app.db.url!,
                DATA_DIR: dataDir,
                LOG_LEVEL: 'silent',
              },
            },
          );
          return { code: 0, stdout };
        } catch (err) {
          const e = err as { code: number; stdout: string };
          return { code: e.code, stdout: e.stdout };
        }
      };
      try {
        const ok = await run();
        expect(ok.code).toBe(0);
        expect(ok.stdout).toMatch(
          /^OK: new mandate signed .*: the stored text is exactly the text inside BankID's signature/m,
        );

        const [row] = await app.db.sql<
          { id: string; evidenceSealed: string }[]
        >`SELECT id, evidence_sealed FROM mandate_evidence WHERE mandate_id = ${mandateId}`;
        const stored = JSON.parse(
          app.protector.unseal(row!.evidenceSealed, SEALED_AT.mandateEvidence(row!.id)),
        );
        const tampered = {
          ...stored,
          signedText: stored.signedText.replace('*180 kr per månad*', '*1800 kr per månad*'),
        };
        await app.db
          .sql`UPDATE mandate_evidence SET evidence_sealed = ${app.protector.seal(JSON.stringify(tampered), SEALED_AT.mandateEvidence(row!.id))} WHERE id = ${row!.id}`;
        const differs = await run();
        expect(differs.code).toBe(1);
        expect(differs.stdout).toContain('DIFFERS: new mandate signed');
        expect(differs.stdout).toMatch(
          /line 3:\n {4}stored: .*1800 kr per månad.*\n {4}signed: .*180 kr per månad/,
        );
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

describe('who may', () => {
  it('refuses visitors and the unauthenticated, for callables and files alike', async () => {
    const v = await visitor(app);
    expect((await v.call('autogiroOverview')).status).toBe(401);
    expect((await app.call('writeMandateFile', {})).status).toBe(401);
    expect((await app.request('/api/autogiro/answers', { method: 'POST', body: 'x' })).status).toBe(401);
    const id =
      (await app.db.sql<{ id: string }[]>`SELECT id FROM autogiro_files LIMIT 1`)[0]?.id ??
      '00000000-0000-0000-0000-000000000000';
    expect((await app.request(`/api/autogiro/files/${id}`)).status).toBe(401);
    expect(
      (
        await fetch(`${app.baseUrl}/api/autogiro/files/not-a-uuid`, {
          headers: { Authorization: `Bearer ${office}` },
        })
      ).status,
    ).toBe(404);
    expect((await staffCall('autogiroMandate', { mandateId: 'nope' })).status).toBe(400);
  });

  it('is office work: the door is refused (403), for callables and files alike', async () => {
    const door = await authority.tokenFor('door@org.example');
    for (const name of ['autogiroOverview', 'writeMandateFile', 'writePaymentFile'])
      expect((await app.call(name, {}, door)).status, name).toBe(403);
    const id = (await app.db.sql<{ id: string }[]>`SELECT id FROM autogiro_files LIMIT 1`)[0]!.id;
    expect(
      (await app.request(`/api/autogiro/files/${id}`, { headers: { Authorization: `Bearer ${door}` } }))
        .status,
    ).toBe(403);
    expect((await upload('x', 'x.txt', door)).status).toBe(403);
  });

  it('every office action left an audit row with ids and counts, never personal data', async () => {
    const rows = await app.db.sql<
      { action: string; subject: string | null; after: Record<string, unknown> | null }[]
    >`
      SELECT action, subject, after FROM audit_log WHERE action LIKE 'mandates.%' ORDER BY id`;
    const actions = new Set(rows.map((r) => r.action));
    for (const a of [
      'mandates.writeMandateFile',
      'mandates.readAnswerFile',
      'mandates.writePaymentFile',
      'mandates.downloadFile',
      'mandates.standInAnswer',
      'mandates.view',
    ])
      expect(actions, a).toContain(a);
    expect(rows.some((r) => r.action === 'mandates.readAnswerFile' && r.after?.refused === 'duplicate')).toBe(
      true,
    );
    const text = JSON.stringify(rows).replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
      '<id>',
    );
    expect(text).not.toMatch(/\d{12}/); // no personal or account numbers
    expect(text).not.toContain('@example.se');
  });
});

describe('answers are checked against the mandate’s state (issue 28)', () => {
  /** A mandate taken to `active` through the files, as the office would. */
  async function activeMember(amount = 150) {
    const member = await newMember(generatedPersonalNumber(), amount);
    await staffCall('writeMandateFile');
    const approve = {
      payerNumber: member.payerNumber,
      clearingNumber: '',
      accountNumber: '',
      personalNumber: '',
      reserved: '',
      infoCode: '04',
      commentCode: '32',
      date: '20261124',
    };
    expect(
      (await upload(mandateAdviceFile(payee, '2026-11-24', [approve]), `ok-${member.payerNumber}.txt`)).body
        .result,
    ).toMatchObject({ approved: 1 });
    await staffCall('writePaymentFile');
    expect(await stateOf(member.mandateId)).toBe('active');
    return member;
  }
  const tk73 = (payerNumber: string, infoCode: string, commentCode: string) => ({
    payerNumber,
    clearingNumber: '',
    accountNumber: '',
    personalNumber: '',
    reserved: '',
    infoCode,
    commentCode,
    date: '20261201',
  });
  const discrepanciesOf = async (mandateId: string) =>
    (
      (await staffCall('autogiroOverview')).body.result.discrepancies as {
        mandateId: string;
        reason: string;
        mandateState: string;
        commentCode: string;
      }[]
    ).filter((d) => d.mandateId === mandateId);

  it('a second approval (32) of an active mandate changes nothing: no second standing TK82, shown as a discrepancy', async () => {
    const member = await activeMember();
    const res = await upload(
      mandateAdviceFile(payee, '2026-12-01', [tk73(member.payerNumber, '04', '32')]),
      'again-32.txt',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ approved: 0, discrepancies: 1 });
    expect(await stateOf(member.mandateId)).toBe('active');
    expect(await discrepanciesOf(member.mandateId)).toEqual([
      expect.objectContaining({ reason: 'answerDoesNotFit', mandateState: 'active', commentCode: '32' }),
    ]);
    const next = await staffCall('writePaymentFile');
    expect(next.body.result.file).toBeNull();
  });

  it('an approval of a mandate whose TK04 was never sent changes nothing', async () => {
    const member = await newMember(generatedPersonalNumber());
    const res = await upload(
      mandateAdviceFile(payee, '2026-12-02', [tk73(member.payerNumber, '04', '32')]),
      'never-sent.txt',
    );
    expect(res.body.result).toMatchObject({ approved: 0, discrepancies: 1 });
    expect(await stateOf(member.mandateId)).toBe('signed');
  });

  it('"already exists" (10) about an active mandate neither rejects it nor mails the donor', async () => {
    const member = await activeMember();
    const res = await upload(
      mandateAdviceFile(payee, '2026-12-03', [tk73(member.payerNumber, '04', '10')]),
      'exists-10.txt',
    );
    expect(res.body.result).toMatchObject({ rejected: 0, discrepancies: 1 });
    expect(await stateOf(member.mandateId)).toBe('active');
    const mails = await app.db
      .sql`SELECT 1 FROM email_outbox WHERE email_type = 'mandateRejected' AND to_email = ${member.email}`;
    expect(mails).toHaveLength(0);
  });

  it('an unknown payer number is listed, and the rest of the file is applied', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    const res = await upload(
      mandateAdviceFile(payee, '2026-12-04', [
        tk73('999999999', '04', '32'),
        tk73(member.payerNumber, '04', '32'),
      ]),
      'unknown-payer.txt',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ approved: 1, discrepancies: 1 });
    expect(await stateOf(member.mandateId)).toBe('approved');
    const listed = (await staffCall('autogiroOverview')).body.result.discrepancies as {
      payerNumber: string;
      reason: string;
      line: number;
      file: { fileName: string };
    }[];
    expect(listed.find((d) => d.payerNumber === '999999999')).toMatchObject({
      reason: 'unknownPayer',
      line: 2,
      file: { fileName: 'unknown-payer.txt' },
    });
  });

  it('the same answer twice for one payer in one file is applied once (one e-mail)', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    const res = await upload(
      mandateAdviceFile(payee, '2026-12-05', [
        tk73(member.payerNumber, '04', '05'),
        tk73(member.payerNumber, '04', '05'),
      ]),
      'twice.txt',
    );
    expect(res.body.result).toMatchObject({ rejected: 1, repeated: 1, discrepancies: 0 });
    const mails = await app.db
      .sql`SELECT 1 FROM email_outbox WHERE email_type = 'mandateRejected' AND to_email = ${member.email}`;
    expect(mails).toHaveLength(1);
  });

  it('the office marks a discrepancy done (audited); a second time is 404', async () => {
    const [open] = (await staffCall('autogiroOverview')).body.result.discrepancies as { id: string }[];
    expect((await staffCall('resolveAutogiroDiscrepancy', { discrepancyId: open!.id })).body.result).toEqual({
      resolved: true,
    });
    expect((await staffCall('resolveAutogiroDiscrepancy', { discrepancyId: open!.id })).status).toBe(404);
    expect(
      ((await staffCall('autogiroOverview')).body.result.discrepancies as { id: string }[]).some(
        (d) => d.id === open!.id,
      ),
    ).toBe(false);
  });
});

describe('the organisation ends a mandate (TK03)', () => {
  it('active → revokePending → TK03 in the mandate file → revokeSent → Bankgirot’s 03/33 → revoked; the donor is mailed', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    const approve = {
      payerNumber: member.payerNumber,
      clearingNumber: '',
      accountNumber: '',
      personalNumber: '',
      reserved: '',
      infoCode: '04',
      commentCode: '32',
      date: '20261124',
    };
    await upload(mandateAdviceFile(payee, '2026-11-24', [approve]), `ok-revoke-${member.payerNumber}.txt`);
    await staffCall('writePaymentFile');

    const res = await staffCall('revokeMandate', { mandateId: member.mandateId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toEqual({ state: 'revokePending' });
    expect((await staffCall('revokeMandate', { mandateId: member.mandateId })).status).toBe(400);
    const [mail] = await app.db.sql<
      { lang: string }[]
    >`SELECT lang FROM email_outbox WHERE email_type = 'mandateRevoked' AND to_email = ${member.email}`;
    expect(mail).toBeDefined();

    // Its TK82 went out today: the TK03 waits for another day (manual 6.1.1)
    const sameDay = await staffCall('writeMandateFile');
    expect(sameDay.body.result.file).toBeNull();
    expect(await stateOf(member.mandateId)).toBe('revokePending');
    await sentYesterday();
    const file = await staffCall('writeMandateFile');
    const lines = decodeFile((await download(`/api/autogiro/files/${file.body.result.file.id}`)).bytes);
    const tk03 = lines.filter((l) => l.startsWith('03')).map((l) => readRecord('deleteMandate', l));
    expect(tk03.map((r) => BigInt(r.payerNumber))).toContain(BigInt(member.payerNumber));
    expect(await stateOf(member.mandateId)).toBe('revokeSent');

    const answer = await download(`/api/autogiro/files/${file.body.result.file.id}/stand-in-answer`);
    const applied = await upload(answer.bytes, `revoke-answer-${member.payerNumber}.txt`);
    expect(applied.body.result).toMatchObject({ revoked: 1 });
    expect(await stateOf(member.mandateId)).toBe('revoked');
    const audit = await app.db
      .sql`SELECT 1 FROM audit_log WHERE action = 'mandates.revoke' AND subject = ${member.mandateId}`;
    expect(audit).toHaveLength(1);
  });
});

describe('the office takes back a file never uploaded to the bank (issue 39)', () => {
  const approval = (payerNumber: string) => ({
    payerNumber,
    clearingNumber: '',
    accountNumber: '',
    personalNumber: '',
    reserved: '',
    infoCode: '04',
    commentCode: '32',
    date: '20261124',
  });
  const payersIn = async (fileId: string, code: '04' | '82') =>
    decodeFile((await download(`/api/autogiro/files/${fileId}`)).bytes)
      .filter((l) => l.startsWith(code))
      .map((l) => BigInt(readRecord(code === '04' ? 'newMandate' : 'payment', l).payerNumber));

  it('a mandate file: its mandates are signed again and go in the next file; audited; refused once Bankgirot answered', async () => {
    const member = await newMember(generatedPersonalNumber());
    const first = (await staffCall('writeMandateFile')).body.result;
    expect(await stateOf(member.mandateId)).toBe('sent');
    const door = await authority.tokenFor('door@org.example');
    expect((await app.call('takeBackAutogiroFile', { fileId: first.file.id }, door)).status).toBe(403);

    const back = await staffCall('takeBackAutogiroFile', { fileId: first.file.id });
    expect(back.body).toEqual({ result: { fileName: first.file.fileName, mandates: first.mandates } });
    expect(await stateOf(member.mandateId)).toBe('signed');
    const history = (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result.history;
    expect(history.at(-1)).toMatchObject({
      fromState: 'sent',
      toState: 'signed',
      staff: 'office@org.example',
      file: { id: first.file.id, fileName: first.file.fileName },
    });
    const listed = (await staffCall('autogiroOverview')).body.result.files.find(
      (f: { id: string }) => f.id === first.file.id,
    );
    expect(listed.takenBackAt).toEqual(expect.any(String));
    expect((await staffCall('takeBackAutogiroFile', { fileId: first.file.id })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    const [audit] = await app.db.sql<{ after: Record<string, unknown> }[]>`
      SELECT after FROM audit_log WHERE action = 'mandates.takeBackFile' AND subject = ${first.file.id}`;
    expect(audit!.after).toEqual({
      fileName: first.file.fileName,
      kind: 'mandates',
      mandates: first.mandates,
    });

    // the next file writes the mandate again, under a name of its own
    const again = (await staffCall('writeMandateFile')).body.result;
    expect(again.file.fileName).not.toBe(first.file.fileName);
    expect(await payersIn(again.file.id, '04')).toContain(BigInt(member.payerNumber));
    // Bankgirot's answer to it has been read: it cannot be taken back
    await upload(
      mandateAdviceFile(payee, '2026-11-24', [approval(member.payerNumber)]),
      `ok-back-${member.payerNumber}.txt`,
    );
    expect(await stateOf(member.mandateId)).toBe('approved');
    expect((await staffCall('takeBackAutogiroFile', { fileId: again.file.id })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'fileAnswered' },
    });
    expect(await stateOf(member.mandateId)).toBe('approved');
  });

  it('a payment file: the mandate is approved again without a standing payment and goes in the next one; refused once a later change builds on it', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    await upload(
      mandateAdviceFile(payee, '2026-11-24', [approval(member.payerNumber)]),
      `ok-pay-back-${member.payerNumber}.txt`,
    );
    const before = (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result.mandate;
    const run = (await staffCall('writePaymentFile')).body.result;
    expect(await stateOf(member.mandateId)).toBe('active');

    const back = await staffCall('takeBackAutogiroFile', { fileId: run.file.id });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result.mandate;
    expect(after).toMatchObject({
      state: 'approved',
      standingAmount: null,
      firstDrawDate: before.firstDrawDate,
      nextDrawDate: null,
    });
    // taken back, it no longer counts as today's payment: the next run writes the TK82 again today
    const rerun = (await staffCall('writePaymentFile')).body.result;
    expect(await payersIn(rerun.file.id, '82')).toContain(BigInt(member.payerNumber));
    expect(await stateOf(member.mandateId)).toBe('active');
    // the office ends the mandate afterwards: the payment file can no longer be taken back
    await staffCall('revokeMandate', { mandateId: member.mandateId });
    expect((await staffCall('takeBackAutogiroFile', { fileId: rerun.file.id })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'fileDependedOn' },
    });
    expect(await stateOf(member.mandateId)).toBe('revokePending');
  });
});

describe('accounts as the bank takes them (issue 28)', () => {
  it('sign-up refuses an account the bank would refuse: 400 invalidState, nothing signed', async () => {
    const personalNumber = generatedPersonalNumber();
    const v = await visitor(app);
    const ticket = await v.register();
    await v.authenticate(personalNumber);
    await v.call('getPersonalInfo', { personalNumber, email: `${personalNumber}@example.se` });
    const person = {
      firstName: 'Ny',
      lastName: 'Givare',
      email: `${personalNumber}@example.se`,
      phone: '0701234567',
      address: 'Gatan 1',
      zipCode: '12345',
      city: 'Stad',
    };
    for (const accountInfo of [
      { bank: 'FSPA', clearingNumber: '8327-9', accountNumber: '123 456 789-0' }, // check digit
      { bank: 'FSPA', clearingNumber: '1234-5', accountNumber: '1234567' }, // 5 digits not 8xxx-x
      { bank: 'FSPA', clearingNumber: '8327-9', accountNumber: '123456789012345' }, // 15 digits
    ]) {
      const res = await v.call('startBankIDSign', {
        personalNumber,
        ticketId: ticket.ticketId,
        donationAmount: 150,
        signType: 'new',
        lang: 'sv',
        person,
        accountInfo,
      });
      expect(res.status, JSON.stringify(accountInfo)).toBe(400);
      expect(res.body.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'invalidState' });
      expect(JSON.stringify(res.body)).not.toContain('123');
    }
  });

  it('one row the TK04 cannot carry is set aside and named; the others go; a Nordea personkonto with the century goes out as 10 digits', async () => {
    await staffCall('writeMandateFile'); // nothing else waiting
    const good = await newMember(generatedPersonalNumber());
    const broken = await newMember(generatedPersonalNumber());
    const nordea = await newMember(generatedPersonalNumber());
    // rows from before sign-up checked accounts: a 15-digit account, a personkonto typed with its century
    const sealAccount = async (mandateId: string, clearing: string, account: string) => {
      const [row] = await app.db.sql<
        { hash: string }[]
      >`SELECT p.personal_number_hash AS hash FROM persons p JOIN autogiro_mandates a ON a.person_id = p.id WHERE a.id = ${mandateId}`;
      await app.db
        .sql`UPDATE autogiro_mandates SET clearing_number = ${clearing}, account_number_sealed = ${app.protector.seal(account, SEALED_AT.mandateAccount(row!.hash))} WHERE id = ${mandateId}`;
    };
    await sealAccount(broken.mandateId, '8327', '123456789012345');
    await sealAccount(nordea.mandateId, '3300', '198505055551');

    const written = await staffCall('writeMandateFile');
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.result).toMatchObject({ mandates: 2, setAside: 1 });
    const bytes = (await download(`/api/autogiro/files/${written.body.result.file.id}`)).bytes;
    expect(requestFileSections(bytes)).toEqual(['mandates']);
    const tk04 = decodeFile(bytes)
      .slice(1)
      .map((l) => readRecord('newMandate', l));
    expect(tk04.map((r) => BigInt(r.payerNumber)).sort()).toEqual(
      [BigInt(good.payerNumber), BigInt(nordea.payerNumber)].sort(),
    );
    const nordeaLine = tk04.find((r) => BigInt(r.payerNumber) === BigInt(nordea.payerNumber))!;
    expect(nordeaLine.clearingNumber + nordeaLine.accountNumber).toBe('3300008505055551');
    expect(await stateOf(broken.mandateId)).toBe('signed');
    const listed = (await staffCall('autogiroOverview')).body.result.discrepancies as {
      mandateId: string;
      reason: string;
    }[];
    expect(listed.filter((d) => d.mandateId === broken.mandateId)).toEqual([
      expect.objectContaining({ reason: 'unwritableAccount' }),
    ]);
    // written again: still set aside, listed once
    expect((await staffCall('writeMandateFile')).body.result).toMatchObject({ file: null, setAside: 1 });
    const again = (await staffCall('autogiroOverview')).body.result.discrepancies as { mandateId: string }[];
    expect(again.filter((d) => d.mandateId === broken.mandateId)).toHaveLength(1);
  });
});

describe('AG-MEDAVI in the old layout', () => {
  it('is read and applied like the new one (bankgiro checked, no customer number)', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    const payer = member.payerNumber.padStart(16, '0');
    const old = [
      '012026120199000009912346AG-MEDAVI',
      `730009912346${payer}${'0'.repeat(28)}00000043220261201000000`,
      '092026120199000000001',
    ].join('\r\n');
    const res = await upload(old, 'old-layout.txt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ approved: 1, discrepancies: 0 });
    expect(await stateOf(member.mandateId)).toBe('approved');
  });
});

describe('draw dates on banking days', () => {
  it('the first draw shown is a banking day, the TK82 carries the draw day it moves from, the office sees the next draw', async () => {
    const member = await newMember(generatedPersonalNumber());
    await staffCall('writeMandateFile');
    const approve = {
      payerNumber: member.payerNumber,
      clearingNumber: '',
      accountNumber: '',
      personalNumber: '',
      reserved: '',
      infoCode: '04',
      commentCode: '32',
      date: '20261124',
    };
    await upload(mandateAdviceFile(payee, '2026-11-24', [approve]), `ok-days-${member.payerNumber}.txt`);
    const payments = await staffCall('writePaymentFile');
    const tk82 = decodeFile((await download(`/api/autogiro/files/${payments.body.result.file.id}`)).bytes)
      .slice(1)
      .map((l) => readRecord('payment', l))
      .find((r) => BigInt(r.payerNumber) === BigInt(member.payerNumber))!;
    const detail = (await staffCall('autogiroMandate', { mandateId: member.mandateId })).body.result.mandate;
    expect(isBankingDay(detail.firstDrawDate)).toBe(true);
    expect(tk82.date.slice(6)).toBe('28');
    expect(dueDateOf(detail.firstDrawDate, 28)).toBe(isoDate(tk82.date));
    expect(isBankingDay(detail.nextDrawDate)).toBe(true);
    expect(detail.nextDrawDate >= detail.firstDrawDate).toBe(true);
  });
});

describe('payment results and rejected instructions, booked per draw', () => {
  /** A payment result file as Bankgirot writes it (new layout), for our payee. */
  function paymentResults(date: string, draws: { payerNumber: string; amountOre: number; status: string }[]) {
    const paid = draws.filter((d) => d.status === '0');
    const sum = paid.reduce((a, d) => a + d.amountOre, 0);
    return [
      `01AUTOGIRO${' '.repeat(14)}${date}120000000000BET. SPEC & STOPP TK4711170009912346`,
      `15${'0'.repeat(35)}${date}00001${String(sum).padStart(18, '0')}   ${String(paid.length).padStart(8, '0')}`,
      ...draws.map(
        (d) =>
          `82${date}1    ${d.payerNumber.padStart(16, '0')}${String(d.amountOre).padStart(12, '0')}0009912346${'MANADSGAVA'.padEnd(16)}${' '.repeat(10)}${d.status}`,
      ),
      `09${date}9900000001${String(paid.length).padStart(12, '0')}${'0'.repeat(36)}`,
    ].join('\r\n');
  }

  it('paid, insufficient funds, no mandate and a payer we do not have: each booked, the problems listed, the rest applied', async () => {
    const a = await newMember(generatedPersonalNumber());
    const b = await newMember(generatedPersonalNumber());
    const file = paymentResults('20261228', [
      { payerNumber: a.payerNumber, amountOre: 15000, status: '0' },
      { payerNumber: b.payerNumber, amountOre: 15000, status: '1' },
      { payerNumber: b.payerNumber, amountOre: 15000, status: '2' },
      { payerNumber: '999999998', amountOre: 15000, status: '0' },
    ]);
    const res = await upload(file, 'BETSPEC-20261228.txt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      kind: 'paymentResults',
      draws: { paid: 2, insufficientFunds: 1, noMandate: 1, renewed: 0, rejected: 0 },
      discrepancies: 2,
    });
    const detailA = (await staffCall('autogiroMandate', { mandateId: a.mandateId })).body.result;
    expect(detailA.draws).toEqual([
      { dueDate: '2026-12-28', amount: 150, result: 'paid', code: '0', fileName: 'BETSPEC-20261228.txt' },
    ]);
    const detailB = (await staffCall('autogiroMandate', { mandateId: b.mandateId })).body.result;
    expect(detailB.draws.map((d: { result: string }) => d.result).sort()).toEqual([
      'insufficientFunds',
      'noMandate',
    ]);
    expect(detailB.problems).toEqual([expect.objectContaining({ reason: 'paymentForUnknownMandate' })]);
    // the same file again changes nothing
    const before = await app.db.sql`SELECT count(*)::int AS n FROM autogiro_draws`;
    expect((await upload(file, 'again.txt')).body.refusal).toMatchObject({ reason: 'duplicate' });
    expect(await app.db.sql`SELECT count(*)::int AS n FROM autogiro_draws`).toEqual(before);
  });

  it('a rejected instruction is booked with Bankgirot’s comment code; a broken count changes nothing', async () => {
    const a = await newMember(generatedPersonalNumber());
    const rejections = [
      `01AUTOGIRO${' '.repeat(14)}20261228${' '.repeat(10)}  AVVISADE BET UPPDR  4711170009912346`,
      `82202612281   ${a.payerNumber.padStart(16, '0')}000000015000${'MANADSGAVA'.padEnd(16)}02`,
      '09202612289900000000000000000000000001000000015000',
    ].join('\r\n');
    const broken = rejections.replace('9900000000000000000000000001', '9900000000000000000000000002');
    const before = await app.db.sql`SELECT count(*)::int AS n FROM autogiro_draws`;
    expect((await upload(broken, 'broken.txt')).body.refusal).toMatchObject({ reason: 'countMismatch' });
    expect(await app.db.sql`SELECT count(*)::int AS n FROM autogiro_draws`).toEqual(before);
    const res = await upload(rejections, 'AVVISADE-20261228.txt');
    expect(res.body.result).toMatchObject({ kind: 'paymentRejections', draws: { rejected: 1 } });
    expect((await staffCall('autogiroMandate', { mandateId: a.mandateId })).body.result.draws).toEqual([
      expect.objectContaining({ result: 'rejected', code: '02' }),
    ]);
  });
});

/** A mandate taken to `active` through the files, as the office would (approved by a TK73 04/32, then a payment file). */
async function activeMandate(personalNumber = generatedPersonalNumber(), amount = 150) {
  const member = await newMember(personalNumber, amount);
  await staffCall('writeMandateFile');
  const approve = {
    payerNumber: member.payerNumber,
    clearingNumber: '',
    accountNumber: '',
    personalNumber: '',
    reserved: '',
    infoCode: '04',
    commentCode: '32',
    date: '20261124',
  };
  const res = await upload(mandateAdviceFile(payee, '2026-11-24', [approve]), `ok-${member.payerNumber}.txt`);
  expect(res.body.result).toMatchObject({ approved: 1 });
  await staffCall('writePaymentFile');
  expect(await stateOf(member.mandateId)).toBe('active');
  return { ...member, personalNumber };
}
type Listed = {
  id: string;
  reason: string;
  payerNumber: string;
  mandateId: string | null;
  mandateState: string | null;
  infoCode: string | null;
  commentCode: string | null;
  meaning: string | null;
  digital?: Record<string, unknown>;
};
const openDiscrepancies = async () =>
  (await staffCall('autogiroOverview')).body.result.discrepancies as Listed[];

/**
 * Bankgirot's cancellations/changes answer, written for the tests field by field from the
 * manual (8.5.2): code | date | payer 16 | type | amount 12 | text 8 | reserved/new date 8 |
 * reference 16 | comment | 6 blanks; TK09 counts the payments cancelled or changed (12, 14, 18).
 */
function amendmentAnswers(
  date: string,
  records: { code: string; payer: string; amountOre: number; comment: string; type?: string }[],
) {
  const done = (type: string) =>
    records.filter((r) => (r.type ?? '82') === type && ['12', '14', '18'].includes(r.comment));
  const incoming = done('82');
  const lines = [
    `01AUTOGIRO${' '.repeat(14)}${date}${' '.repeat(12)}MAKULERING/ÄNDRING  4711170009912346`,
    ...records.map(
      (r) =>
        `${r.code}${r.code === '21' ? '00000000' : '20261228'}${r.payer ? r.payer.padStart(16, '0') : ' '.repeat(16)}${r.type ?? '82'}${String(r.amountOre).padStart(12, '0')}REFERENS00000000${'MANADSGAVA'.padEnd(16)}${r.comment}${' '.repeat(6)}`,
    ),
    `09${date}9900${' '.repeat(14)}${'0'.repeat(12)}${String(done('32').length).padStart(6, '0')}${String(incoming.length).padStart(6, '0')}0000${String(incoming.reduce((a, r) => a + r.amountOre, 0)).padStart(12, '0')}${'0'.repeat(12)}`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

describe('a rejected standing payment stops the gift visibly (issue 39)', () => {
  /** Bankgirot's AVVISADE BET UPPDR file, written from the manual's layout: standing TK82s with comment codes. */
  function rejections(
    date: string,
    rows: { payer: string; due: string; amountOre: number; comment: string }[],
  ) {
    const sum = rows.reduce((a, r) => a + r.amountOre, 0);
    return [
      `01AUTOGIRO${' '.repeat(14)}${date}${' '.repeat(10)}  AVVISADE BET UPPDR  4711170009912346`,
      ...rows.map(
        (r) =>
          `82${r.due.replaceAll('-', '')}1   ${r.payer.padStart(16, '0')}${String(r.amountOre).padStart(12, '0')}${'MANADSGAVA'.padEnd(16)}${r.comment}`,
      ),
      `09${date}9900${'0'.repeat(18)}${String(rows.length).padStart(6, '0')}${String(sum).padStart(12, '0')}`,
    ].join('\r\n');
  }
  const standing = async (mandateId: string) =>
    (
      await app.db.sql<{ due: string }[]>`
        SELECT to_char(standing_date, 'YYYY-MM-DD') AS due FROM autogiro_mandates WHERE id = ${mandateId}`
    )[0]!.due;

  it('02 (account closed): out of active, no next draw, a problem saying what to do; 12 (date): approved and sent again; an old instruction: only listed', async () => {
    const closed = await activeMandate();
    const badDate = await activeMandate();
    const older = await activeMandate();
    const file = rejections('20261201', [
      { payer: closed.payerNumber, due: await standing(closed.mandateId), amountOre: 15000, comment: '02' },
      { payer: badDate.payerNumber, due: await standing(badDate.mandateId), amountOre: 15000, comment: '12' },
      // not the standing payment the mandate runs on (another amount): nothing moves, it is listed
      { payer: older.payerNumber, due: await standing(older.mandateId), amountOre: 9900, comment: '02' },
    ]);
    expect(replyFileKind(Buffer.from(`${file}\r\n`, 'latin1'))).toBe('paymentRejections');
    const res = await upload(file, `AVVISADE-${closed.payerNumber}.txt`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ draws: { rejected: 3 }, discrepancies: 3 });

    const detail = async (mandateId: string) =>
      (await staffCall('autogiroMandate', { mandateId })).body.result as {
        mandate: { state: string; nextDrawDate: string | null; problems: number };
        problems: { reason: string; commentCode: string; mandateState: string }[];
        history: { toState: string; commentCode: string | null }[];
      };
    const c = await detail(closed.mandateId);
    expect(c.mandate).toMatchObject({ state: 'paymentRejected', nextDrawDate: null, problems: 1 });
    expect(c.problems).toEqual([
      expect.objectContaining({
        reason: 'paymentRejected',
        commentCode: '02',
        mandateState: 'paymentRejected',
      }),
    ]);
    expect(c.history.at(-1)).toMatchObject({ toState: 'paymentRejected', commentCode: '02' });
    const b = await detail(badDate.mandateId);
    expect(b.mandate).toMatchObject({ state: 'approved', nextDrawDate: null, problems: 1 });
    const o = await detail(older.mandateId);
    expect(o.mandate).toMatchObject({ state: 'active', problems: 1 });
    expect(o.mandate.nextDrawDate).not.toBeNull();

    // the next payment run sends the date-rejected one again, with a valid date; never the closed account
    await sentYesterday();
    const run = (await staffCall('writePaymentFile')).body.result;
    const tk82 = decodeFile((await download(`/api/autogiro/files/${run.file.id}`)).bytes)
      .slice(1)
      .map((l) => readRecord('payment', l));
    const resent = tk82.find((r) => BigInt(r.payerNumber) === BigInt(badDate.payerNumber))!;
    expect(resent).toMatchObject({ period: '1', repetitions: '', amountOre: '000000015000' });
    expect(realDrawDate(isoDate(resent.date)) >= addBankingDays(stockholmDate(new Date()), 2)).toBe(true);
    expect(tk82.some((r) => BigInt(r.payerNumber) === BigInt(closed.payerNumber))).toBe(false);
    expect(await stateOf(badDate.mandateId)).toBe('active');
    expect(await stateOf(closed.mandateId)).toBe('paymentRejected');
  });

  it('the office sends a rejected standing payment again (sendMandateAgain): audited, its problem leaves the list, the next run writes a new TK82; any other state is refused', async () => {
    const m = await activeMandate();
    const other = await activeMandate();
    const res = await upload(
      rejections('20261202', [
        { payer: m.payerNumber, due: await standing(m.mandateId), amountOre: 15000, comment: '02' },
      ]),
      `AVVISADE-igen-${m.payerNumber}.txt`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const detail = async (mandateId: string) =>
      (await staffCall('autogiroMandate', { mandateId })).body.result as {
        mandate: { state: string; problems: number; sendableAgain: boolean };
        history: { fromState: string | null; toState: string; staff: string | null }[];
      };
    expect((await detail(m.mandateId)).mandate).toMatchObject({
      state: 'paymentRejected',
      problems: 1,
      sendableAgain: true,
    });

    // any other state: refused, nothing changes; an unknown mandate: 404; the door: 403
    expect((await detail(other.mandateId)).mandate.sendableAgain).toBe(false);
    expect((await staffCall('sendMandateAgain', { mandateId: other.mandateId })).body).toEqual({
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect(await stateOf(other.mandateId)).toBe('active');
    const unknown = await staffCall('sendMandateAgain', {
      mandateId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.status).toBe(404);
    const door = await authority.tokenFor('door@org.example');
    expect((await app.call('sendMandateAgain', { mandateId: m.mandateId }, door)).status).toBe(403);
    expect(await stateOf(m.mandateId)).toBe('paymentRejected');

    const sent = await staffCall('sendMandateAgain', { mandateId: m.mandateId });
    expect(sent.body).toEqual({ result: { state: 'approved', resolved: 1 } });
    const after = await detail(m.mandateId);
    expect(after.mandate).toMatchObject({ state: 'approved', problems: 0, sendableAgain: false });
    expect(after.history.at(-1)).toMatchObject({
      fromState: 'paymentRejected',
      toState: 'approved',
      staff: 'office@org.example',
    });
    const audit = await app.db.sql<{ before: unknown; after: unknown }[]>`
      SELECT before, after FROM audit_log WHERE action = 'mandates.sendAgain' AND subject = ${m.mandateId}`;
    expect(audit).toEqual([
      { before: { state: 'paymentRejected' }, after: { state: 'approved', resolvedProblems: 1 } },
    ]);
    // once only: it is on its way now
    expect((await staffCall('sendMandateAgain', { mandateId: m.mandateId })).status).toBe(400);

    // the next payment run writes its standing TK82 again, with a date Bankgirot can reach
    await sentYesterday();
    const run = (await staffCall('writePaymentFile')).body.result;
    const tk82 = decodeFile((await download(`/api/autogiro/files/${run.file.id}`)).bytes)
      .slice(1)
      .map((l) => readRecord('payment', l));
    const again = tk82.find((r) => BigInt(r.payerNumber) === BigInt(m.payerNumber))!;
    expect(again).toMatchObject({ period: '1', repetitions: '', amountOre: '000000015000' });
    expect(realDrawDate(isoDate(again.date)) >= addBankingDays(stockholmDate(new Date()), 2)).toBe(true);
    expect(await stateOf(m.mandateId)).toBe('active');
  });
});

describe('the cancellations/changes answer (MAKULERING/ÄNDRING), booked through the state machine', () => {
  it('a TK25 we did not send (done or failed), a payer’s stop, the agreement ended and an unknown payer are listed; the rest applied', async () => {
    const raised = await activeMandate();
    const failed = await activeMandate();
    const stopped = await activeMandate();
    const file = amendmentAnswers('20261215', [
      { code: '25', payer: raised.payerNumber, amountOre: 15000, comment: '12' },
      { code: '25', payer: failed.payerNumber, amountOre: 15000, comment: '13' },
      { code: '11', payer: stopped.payerNumber, amountOre: 15000, comment: '12' },
      { code: '21', payer: '', amountOre: 0, comment: '12', type: '00' },
      { code: '25', payer: '999999997', amountOre: 15000, comment: '12' },
      { code: '25', payer: raised.payerNumber, amountOre: 15000, comment: '12' },
    ]);
    expect(replyFileKind(file)).toBe('amendmentAnswers');
    const before = await app.db.sql`SELECT id, state, state_changed_at FROM autogiro_mandates ORDER BY id`;
    const res = await upload(file, 'MAKULERING-20261215.txt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({
      kind: 'amendmentAnswers',
      logged: 0,
      discrepancies: 5,
      repeated: 1,
      approved: 0,
      cancelled: 0,
    });
    // no mandate moved: the mandate advice says what becomes of mandates, this file only of payments
    expect(await app.db.sql`SELECT id, state, state_changed_at FROM autogiro_mandates ORDER BY id`).toEqual(
      before,
    );
    // a standing payment of a running mandate cancelled without our asking: nothing is drawn until the office acts
    const listed = await openDiscrepancies();
    expect(listed.find((d) => d.mandateId === raised.mandateId)).toMatchObject({
      reason: 'amendmentAnswer',
      meaning: 'paymentsCancelled',
      infoCode: '25',
      commentCode: '12',
      mandateState: 'active',
    });
    expect(listed.find((d) => d.mandateId === failed.mandateId)).toMatchObject({
      reason: 'amendmentAnswer',
      meaning: 'cancellationFailed',
      infoCode: '25',
      commentCode: '13',
      mandateState: 'active',
    });
    expect(listed.find((d) => d.mandateId === stopped.mandateId)).toMatchObject({
      reason: 'amendmentAnswer',
      meaning: 'cancelledByPayer',
    });
    expect(listed.find((d) => d.payerNumber === '999999997')).toMatchObject({
      reason: 'amendmentAnswer',
      mandateId: null,
      meaning: 'paymentsCancelled',
    });
    expect(listed.find((d) => d.payerNumber === '' && d.meaning === 'agreementEnded')).toMatchObject({
      reason: 'amendmentAnswer',
      infoCode: '21',
    });
    // the donor's page shows it among the problems; the list counts them
    expect(
      (await staffCall('autogiroMandate', { mandateId: failed.mandateId })).body.result.problems,
    ).toEqual([expect.objectContaining({ meaning: 'cancellationFailed' })]);
    const mandates = (await staffCall('autogiroOverview')).body.result.mandates as {
      id: string;
      problems: number;
    }[];
    expect(mandates.find((m) => m.id === failed.mandateId)!.problems).toBe(1);
    // the same file again changes nothing
    const count = await app.db.sql`SELECT count(*)::int AS n FROM autogiro_discrepancies`;
    expect((await upload(file, 'again.txt')).body.refusal).toMatchObject({ reason: 'duplicate' });
    expect(await app.db.sql`SELECT count(*)::int AS n FROM autogiro_discrepancies`).toEqual(count);
  });

  it('a removed mandate’s payments (TK03) fit a mandate we ended; a broken count refuses the whole file', async () => {
    const ended = await activeMandate();
    await staffCall('revokeMandate', { mandateId: ended.mandateId });
    await sentYesterday();
    await staffCall('writeMandateFile');
    expect(await stateOf(ended.mandateId)).toBe('revokeSent');
    const good = amendmentAnswers('20261216', [
      { code: '03', payer: ended.payerNumber, amountOre: 15000, comment: '12' },
    ]);
    const broken = Buffer.from(
      good.toString('latin1').replace(/0000010000000000015000/, '0000020000000000015000'),
      'latin1',
    );
    const discrepancies = await app.db.sql`SELECT count(*)::int AS n FROM autogiro_discrepancies`;
    expect((await upload(broken, 'broken.txt')).body.refusal).toEqual({
      reason: 'countMismatch',
      stated: 2,
      found: 1,
    });
    expect(await app.db.sql`SELECT count(*)::int AS n FROM autogiro_discrepancies`).toEqual(discrepancies);
    const res = await upload(good, 'MAKULERING-20261216.txt');
    expect(res.body.result).toMatchObject({ logged: 1, discrepancies: 0 });
    expect(await stateOf(ended.mandateId)).toBe('revokeSent');
  });
});

/**
 * A file of mandates given in the internet bank (AG-EMEDGIV), written for the tests from the
 * manual (8.6): TK51, per mandate TK52 + TK53–TK56, TK59 with the number of records between.
 */
function digitalMandates(mandates: { payer: string; personalNumber: string; type?: string; name: string }[]) {
  const lines = [
    `512026120199000009912346AG-EMEDGIV${' '.repeat(46)}`,
    ...mandates.flatMap((m) => [
      `520009912346${m.payer.padStart(16, '0')}8327${'9001234567'.padStart(12, '0')}${m.personalNumber}${' '.repeat(5)}${m.type ?? '0'}${' '.repeat(18)}`,
      `53${'JAG VILL GE MÅNADSVIS'.padEnd(36)}${' '.repeat(42)}`,
      `54${m.name.padEnd(36)}${''.padEnd(36)}${' '.repeat(6)}`,
      `55${'STORGATAN 1'.padEnd(36)}${''.padEnd(36)}${' '.repeat(6)}`,
      `56${'11122'}${'STOCKHOLM'.padEnd(31)}${' '.repeat(42)}`,
    ]),
    `5920261201${'9900'}${String(mandates.length * 5).padStart(7, '0')}${' '.repeat(59)}`,
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

describe('mandates given in the internet bank (AG-EMEDGIV)', () => {
  it('are listed for the office, tied to a donor by payer number or personal number, or to no one; nothing moves', async () => {
    const byNumber = await activeMandate();
    const byPersonalNumber = await activeMandate();
    const stranger = generatedPersonalNumber();
    const file = digitalMandates([
      { payer: byNumber.payerNumber, personalNumber: byNumber.personalNumber, name: 'GIVARE ETT' },
      { payer: '777777771', personalNumber: byPersonalNumber.personalNumber, type: '1', name: 'GIVARE TVÅ' },
      { payer: '777777772', personalNumber: stranger, type: '2', name: 'NY GIVARE' },
    ]);
    expect(replyFileKind(file)).toBe('digitalMandates');
    const before = await snapshot();
    const res = await upload(file, 'EMEDGIV-20261201.txt');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result).toMatchObject({ kind: 'digitalMandates', digitalMandates: 3, discrepancies: 3 });
    expect(await snapshot()).toEqual(before);
    const listed = (await openDiscrepancies()).filter((d) => d.reason === 'digitalMandate');
    expect(listed.find((d) => d.payerNumber === byNumber.payerNumber)).toMatchObject({
      mandateId: byNumber.mandateId,
      mandateState: 'active',
      meaning: 'new',
      digital: {
        matchedBy: 'payerNumber',
        nameAndAddress: ['GIVARE ETT', 'STORGATAN 1'],
        postcode: '11122',
        city: 'STOCKHOLM',
        info: 'JAG VILL GE MÅNADSVIS',
        clearingNumber: '8327',
        organisation: false,
      },
    });
    expect(listed.find((d) => d.payerNumber === '777777771')).toMatchObject({
      mandateId: byPersonalNumber.mandateId,
      meaning: 'reminder1',
      digital: { matchedBy: 'personalNumber' },
    });
    expect(listed.find((d) => d.payerNumber === '777777772')).toMatchObject({
      mandateId: null,
      meaning: 'reminder2',
      digital: { matchedBy: null, nameAndAddress: ['NY GIVARE', 'STORGATAN 1'] },
    });
    // no personal number in the list, the audit row or anywhere but the sealed file
    const body = JSON.stringify((await staffCall('autogiroOverview')).body);
    expect(body).not.toContain(stranger);
    const audit = await app.db
      .sql`SELECT after FROM audit_log WHERE action = 'mandates.readAnswerFile' ORDER BY id DESC LIMIT 1`;
    expect(JSON.stringify(audit)).not.toContain(stranger);
    expect(JSON.stringify(audit)).toContain('digitalMandates');
  });
});

describe('the stand-in answers a payment file like the bank (demo round trip)', () => {
  it('payment results (paid, insufficient funds) and rejections (02) book each draw; the office’s list shows the last payment', async () => {
    const paid = await newMember(generatedPersonalNumber(), 150);
    const poor = await newMember(generatedPersonalNumber(), 160);
    const closed = await newMember(generatedPersonalNumber(), 170);
    // the stand-in decides by the payer number's last digit: give these three known ones
    const numbers = {
      [paid.mandateId]: '8800001',
      [poor.mandateId]: '8800003',
      [closed.mandateId]: '8800007',
    };
    for (const [mandateId, n] of Object.entries(numbers))
      await app.db
        .sql`UPDATE persons SET payer_number = ${n} WHERE id = (SELECT person_id FROM autogiro_mandates WHERE id = ${mandateId})`;
    expect([demoDrawOutcome('8800001'), demoDrawOutcome('8800003'), demoDrawOutcome('8800007')]).toEqual([
      'paid',
      'insufficientFunds',
      'rejected',
    ]);
    const mandateFile = (await staffCall('writeMandateFile')).body.result.file;
    expect(
      (
        await upload(
          (await download(`/api/autogiro/files/${mandateFile.id}/stand-in-answer`)).bytes,
          'medavi-demo.txt',
        )
      ).status,
    ).toBe(200);
    const payments = (await staffCall('writePaymentFile')).body.result.file;
    for (const m of [paid, poor, closed]) expect(await stateOf(m.mandateId)).toBe('active');

    const results = await download(`/api/autogiro/files/${payments.id}/stand-in-answer`);
    expect(results.status).toBe(200);
    expect(replyFileKind(results.bytes)).toBe('paymentResults');
    expect(results.headers.get('content-disposition')).toContain('AG-BETSPEC-');
    const rejections = await download(`/api/autogiro/files/${payments.id}/stand-in-answer?answer=rejections`);
    expect(replyFileKind(rejections.bytes)).toBe('paymentRejections');
    // only codes Bankgirot sends: status 0/1 (manual 8.2.3), comment 02 (8.4.3)
    const statuses = new Set(
      decodeFile(results.bytes)
        .filter((l) => l.startsWith('82'))
        .map((l) => l.padEnd(80)[79]),
    );
    for (const s of statuses) expect(['0', '1']).toContain(s);
    expect(decodeFile(rejections.bytes)[1]!.slice(58, 60)).toBe('02');

    const booked = await upload(results.bytes, 'BETSPEC-demo.txt');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.result.draws).toMatchObject({ paid: expect.any(Number), insufficientFunds: 1 });
    expect((await upload(rejections.bytes, 'AVVISADE-demo.txt')).body.result.draws).toMatchObject({
      rejected: 1,
    });

    const list = (await staffCall('autogiroOverview')).body.result.mandates as {
      id: string;
      lastDraw: { result: string; amount: number; code: string; dueDate: string } | null;
      nextDrawDate: string | null;
    }[];
    const row = (id: string) => list.find((m) => m.id === id)!;
    expect(row(paid.mandateId).lastDraw).toMatchObject({ result: 'paid', amount: 150, code: '0' });
    expect(row(poor.mandateId).lastDraw).toMatchObject({
      result: 'insufficientFunds',
      amount: 160,
      code: '1',
    });
    expect(row(closed.mandateId).lastDraw).toMatchObject({ result: 'rejected', amount: 170, code: '02' });
    // its standing payment was rejected (account closed): no longer active, no next draw, a problem
    expect(row(closed.mandateId)).toMatchObject({
      state: 'paymentRejected',
      nextDrawDate: null,
      problems: 1,
    });
    expect(isBankingDay(row(paid.mandateId).nextDrawDate!)).toBe(true);
    // the next draw comes after the one reported (the stand-in reports a draw ahead of its day)
    expect(row(paid.mandateId).nextDrawDate! > row(paid.mandateId).lastDraw!.dueDate).toBe(true);
    const detail = (await staffCall('autogiroMandate', { mandateId: poor.mandateId })).body.result.mandate;
    expect(detail.lastDraw).toMatchObject({ result: 'insufficientFunds' });
  });

  it('an answer file has no stand-in answer: refused, nothing made', async () => {
    const [answer] = await app.db.sql<
      { id: string }[]
    >`SELECT id FROM autogiro_files WHERE kind = 'answer' LIMIT 1`;
    const res = await download(`/api/autogiro/files/${answer!.id}/stand-in-answer`);
    expect(res.status).toBe(400);
  });
});
