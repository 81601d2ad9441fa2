import ExcelJS from 'exceljs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { createMailTransport } from '../src/integrations/mail/transport.js';
import { createExportService } from '../src/modules/exports/service.js';
import { createMailoutService } from '../src/modules/mailout/service.js';
import { createDoorCodes } from '../src/modules/tickets/door-codes.js';
import { startOutboxWorker } from '../src/modules/outbox/worker.js';
import { createRetentionService } from '../src/modules/retention/service.js';
import { createSaleService } from '../src/modules/sale/service.js';
import { publishedConcert } from '../src/modules/concert/records.js';
import { startTestApp, type TestApp } from './harness.js';
import { seedConfirmedTickets } from './office-seed.js';
import { startTestAuthority } from './staff.js';
import { visitor } from './visitor.js';

/** The office's work: dashboard, attendees, exports, mail-out, audit log, erasure; its rights and the audit rows each action writes. */
const AUDIENCE = 'api://concert-office-test';
const MEMBER = DEMO_PERSONAL_NUMBERS.member;
const SEEDED = 120;

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
let door: string;
let helper: string;
beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
    CONCERT_CAPACITY: '200',
  });
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
  helper = await authority.tokenFor('helper@org.example');
  await seedConfirmedTickets(app.db.sql, app.protector, SEEDED, 1);
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

const denied = { status: 403, error: { status: 'PERMISSION_DENIED', message: 'permissionDenied' } };
const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });
const result = async (name: string, data: unknown = {}, token = office) => {
  const res = await app.call(name, data, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
};
async function auditRows(action: string) {
  return app.db.sql<{ email: string | null; subject: string | null; before: any; after: any }[]>`
    SELECT s.email, a.subject, a.before, a.after
    FROM audit_log a LEFT JOIN staff s ON s.id = a.staff_id
    WHERE a.action = ${action}
    ORDER BY a.id`;
}
async function download(path: string, token?: string) {
  const res = await fetch(app.baseUrl + path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** RFC 4180 with `;`: quoted fields, doubled quotes, CRLF rows. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

describe('rights', () => {
  it('door staff and staff without a role are refused everything of the office; the office is not', async () => {
    const calls = [
      ['getSaleDashboard', {}],
      ['listAttendees', {}],
      ['attendeeHistory', { ticketId: '1' }],
      ['getMailout', {}],
      ['scheduleMailout', { sendAt: '2099-01-01T10:00:00Z' }],
      ['cancelMailout', {}],
      ['retryMailout', {}],
      ['previewMailout', {}],
      ['sendMailoutTest', {}],
      ['listAudit', {}],
      ['getErasurePlan', {}],
      ['eraseSaleDataNow', { confirm: true }],
    ] as const;
    for (const [fn, data] of calls) {
      expect(refusal(await app.call(fn, data, door)), fn).toEqual(denied);
      expect(refusal(await app.call(fn, data, helper)), fn).toEqual(denied);
      expect((await app.call(fn, data)).status, fn).toBe(401);
    }
    for (const kind of ['attendees', 'donations', 'queue']) {
      for (const token of [door, helper]) {
        const res = await download(`/api/exports/${kind}?format=csv`, token);
        expect(res.status).toBe(403);
        expect(JSON.parse(res.bytes.toString())).toEqual({ error: denied.error });
      }
      expect((await download(`/api/exports/${kind}?format=csv`)).status).toBe(401);
    }
    // Refusals left no trace of an action.
    expect(await auditRows('export.download')).toEqual([]);
    expect(await auditRows('mailout.schedule')).toEqual([]);
    expect(await auditRows('retention.erase')).toEqual([]);
    expect((await app.call('getSaleDashboard', {}, office)).status).toBe(200);
  });

  it('bad input is a clear 400 or 404, never a 500', async () => {
    expect(refusal(await app.call('listAttendees', { cursor: "1' OR 1=1 --" }, office))).toEqual({
      status: 400,
      error: { status: 'INVALID_ARGUMENT', message: 'invalidState' },
    });
    expect(refusal(await app.call('listAudit', { cursor: 'x' }, office)).status).toBe(400);
    expect(refusal(await app.call('attendeeHistory', { ticketId: 'abc' }, office)).status).toBe(400);
    expect(refusal(await app.call('attendeeHistory', { ticketId: '999999' }, office)).status).toBe(404);
    expect(refusal(await app.call('scheduleMailout', { sendAt: 'tomorrow' }, office)).status).toBe(400);
    expect(refusal(await app.call('eraseSaleDataNow', { confirm: false }, office)).status).toBe(400);
    expect((await download('/api/exports/persons?format=csv', office)).status).toBe(404);
    expect((await download('/api/exports/attendees?format=pdf', office)).status).toBe(400);
  });
});

describe('dashboard', () => {
  it('counts the sale in one aggregate query and moves when a visitor signs', async () => {
    const before = await result('getSaleDashboard');
    expect(before).toMatchObject({
      capacity: 200,
      confirmed: SEEDED,
      checkedIn: SEEDED / 5,
      liveHolds: 0,
      queue: { waiting: 0, offered: 0, accepted: 0 },
    });
    expect(before.donations.newDonors + before.donations.raises).toBe(SEEDED - SEEDED / 10);
    expect(before.mandates.map((m: { state: string }) => m.state)).toEqual(
      expect.arrayContaining(['active', 'signed']),
    );
    expect(before.perMinute.reduce((sum: number, [, tickets]: number[]) => sum + tickets!, 0)).toBe(SEEDED);

    const v = await visitor(app);
    const ticket = await v.register();
    await v.authenticate(MEMBER);
    await v.call('getPersonalInfo', { personalNumber: MEMBER, email: 'maria@example.se' });
    const sign = await v.call('startBankIDSign', {
      personalNumber: MEMBER,
      ticketId: ticket.ticketId,
      donationAmount: 105,
      signType: 'raise',
      lang: 'en',
    });
    expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
    // The shared count is at most 2 s old.
    await new Promise((r) => setTimeout(r, 2100));
    const after = await result('getSaleDashboard');
    expect(after.confirmed).toBe(before.confirmed + 1);
    expect(after.funnel).toEqual({
      started: before.funnel.started + 1,
      identified: before.funnel.identified + 1,
      signed: before.funnel.signed + 1,
    });
    expect(after.donations.raises).toBe(before.donations.raises + 1);
    expect(after.donations.raiseKronor).toBe(before.donations.raiseKronor + 105);
  });

  it('20 viewers at once cost one query; the next after the shared interval', async () => {
    let clock = 1_000_000;
    const sale = createSaleService({
      sql: app.db.sql,
      terms: { ticketScope: { concertId: 1, capacity: 200 } },
      now: () => clock,
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => sale.dashboard()));
    expect(sale.queriesRun()).toBe(1);
    expect(new Set(answers.map((a) => a.asOf)).size).toBe(1);
    clock += 1999;
    await Promise.all(Array.from({ length: 20 }, () => sale.dashboard()));
    expect(sale.queriesRun()).toBe(1);
    clock += 1;
    await Promise.all(Array.from({ length: 20 }, () => sale.dashboard()));
    expect(sale.queriesRun()).toBe(2);
  });
});

describe('attendees', () => {
  it('pages through every confirmed ticket newest first, searches and filters, and shows a ticket history', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await result('listAttendees', { limit: 50, ...(cursor ? { cursor } : {}) });
      seen.push(...page.rows.map((r: { ticketId: string }) => r.ticketId));
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(SEEDED + 1);

    const found = await result('listAttendees', { search: 'attendee42@' });
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]).toMatchObject({
      firstName: 'Attendee42',
      email: 'attendee42@example.se',
      origin: 'raise',
      checkedInAt: null,
    });
    expect((await result('listAttendees', { search: '%' })).rows).toHaveLength(0);
    const manual = await result('listAttendees', { origin: 'manual', limit: 200 });
    expect(manual.rows).toHaveLength(SEEDED / 10);
    const newMembers = await result('listAttendees', { origin: 'newMember', limit: 200 });
    expect(newMembers.rows.every((r: { origin: string }) => r.origin === 'newMember')).toBe(true);
    const checked = await result('listAttendees', { checkedIn: true, limit: 200 });
    expect(checked.rows).toHaveLength(SEEDED / 5);
    const byCode = await result('listAttendees', { search: found.rows[0].ticketCode });
    expect(byCode.rows.map((r: { ticketId: string }) => r.ticketId)).toEqual([found.rows[0].ticketId]);

    // Sorted by a column: every ticket once over the pages, in that order; a cursor of another order is refused.
    const readAll = async (sort: string, dir: string) => {
      const all: { ticketId: string; ticketCode: string; checkedInAt: string | null }[] = [];
      let next: string | undefined;
      do {
        const page = await result('listAttendees', {
          limit: 50,
          sort,
          dir,
          ...(next ? { cursor: next } : {}),
        });
        all.push(...page.rows);
        next = page.nextCursor ?? undefined;
      } while (next);
      return all;
    };
    const byNameAsc = (await readAll('name', 'asc')).map((r) => r.ticketId);
    const byNameDesc = (await readAll('name', 'desc')).map((r) => r.ticketId);
    expect(new Set(byNameAsc).size).toBe(SEEDED + 1);
    expect(byNameDesc).toEqual([...byNameAsc].reverse());
    const byCheckIn = await readAll('checkedInAt', 'desc');
    expect(byCheckIn.slice(0, SEEDED / 5).every((r) => r.checkedInAt !== null)).toBe(true);
    expect(byCheckIn.slice(SEEDED / 5).every((r) => r.checkedInAt === null)).toBe(true);
    expect(
      refusal(await app.call('listAttendees', { sort: 'name', cursor: `${Date.now() * 1000}.1` }, office)),
    ).toEqual({ status: 400, error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    expect((await app.call('listAttendees', { sort: 'email' }, office)).status).toBe(400);
    // Door codes are kept only hashed and sealed: not a sort key.
    expect((await app.call('listAttendees', { sort: 'ticketCode' }, office)).status).toBe(400);

    // A check-in at the door shows in the history, with who did it.
    await result('scanTicket', { externalTicketId: found.rows[0].ticketCode }, door);
    const history = await result('attendeeHistory', { ticketId: found.rows[0].ticketId });
    expect(history.attendee.checkedInAt).not.toBeNull();
    expect(history.events.map((e: { what: string; staff: string | null }) => [e.what, e.staff])).toEqual([
      ['confirmed', null],
      ['checkIn.scan', 'door@org.example'],
    ]);
  });
});

describe('exports', () => {
  it('CSV: UTF-8 with BOM, `;`, quoted where needed, formulas defused; the codes asked for, marked; audited with the row count', async () => {
    const res = await download('/api/exports/attendees?format=csv&lang=sv&codes=1', office);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="attendees-med-koder-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect([...res.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(res.bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([
      'Förnamn',
      'Efternamn',
      'E-post',
      'Biljettkod (KÄNSLIG: öppnar dörren)',
      'Status',
    ]);
    expect(rows).toHaveLength(SEEDED + 2);
    const first = rows.find((r) => r[0] === 'Attendee1')!;
    expect(first[1]).toBe(`'=HYPERLINK("x")`);
    const second = rows.find((r) => r[0] === 'Attendee2')!;
    expect(second[1]).toBe('Lastname; "2"');
    expect(second[3]).toMatch(/^[0-9a-f]{32}$/);
    // The ticket's state in the attendee screens' words: every fifth seeded ticket is checked in.
    expect(second[4]).toBe('Bekräftad');
    expect(rows.find((r) => r[0] === 'Attendee5')![4]).toBe('Incheckad');
    expect(res.bytes.toString('utf8')).toContain('"Lastname; ""2"""');
    expect(await auditRows('export.download')).toEqual([
      {
        email: 'office@org.example',
        subject: 'attendees',
        before: null,
        after: { format: 'csv', rows: SEEDED + 1, finished: true, withCodes: true },
      },
    ]);
  });

  it('XLSX reads back with exceljs; donations carry amounts and no personal numbers; the queue exports', async () => {
    const res = await download('/api/exports/donations?format=xlsx&lang=en', office);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Kind',
      'First name',
      'Last name',
      'E-mail',
      'Previous amount per month',
      'Amount per month',
      'Added per month',
      'Signed',
      'Mandate state',
    ]);
    expect(sheet.rowCount).toBe(SEEDED - SEEDED / 10 + 1 + 1); // seeded signed + Maria's raise + heading
    const raise = (sheet.getSheetValues() as unknown[][]).find((r) => r?.[2] === 'Attendee3')!;
    expect(raise.slice(1, 8)).toEqual([
      'Raise',
      'Attendee3',
      'Lastname; "3"',
      'attendee3@example.se',
      200,
      300,
      100,
    ]);
    const text = res.bytes.toString('latin1');
    expect(text).not.toContain(MEMBER);
    // XLSX defuses a formula-looking name as the CSV does: text, the same value in both.
    const attendees = await download('/api/exports/attendees?format=xlsx', office);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(attendees.bytes as unknown as ArrayBuffer);
    const cell = (wb2.worksheets[0]!.getSheetValues() as unknown[][]).find((r) => r?.[1] === 'Attendee1')![2];
    expect(cell).toBe(`'=HYPERLINK("x")`);

    // Opens well: bold, frozen, filtered header; widths that fit; states in words; dates as date cells.
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    for (let c = 1; c <= 9; c++)
      expect(sheet.getColumn(c).width, `column ${c}`).toBeGreaterThanOrEqual(String(values(1)[c - 1]).length);
    expect(raise[9]).not.toMatch(/^[a-z]+$/);
    const signed = sheet.getRow(2).getCell(8);
    expect(signed.value).toBeInstanceOf(Date);
    expect(signed.numFmt).toBe('yyyy-mm-dd hh:mm');

    // Read in many small batches, every row comes exactly once, in the table's order.
    const staffRow = (
      await app.db.sql<{ id: string }[]>`SELECT id FROM staff WHERE email = 'office@org.example'`
    )[0]!;
    const small = createExportService({
      sql: app.db.sql,
      concert: { id: await publishedConcertId() },
      log: pino({ level: 'silent' }),
      batchRows: 7,
      doorCodes: createDoorCodes(app.protector),
    });
    for (const kind of ['attendees', 'donations'] as const) {
      const file = await small.exportFile(
        { id: staffRow.id, email: 'office@org.example', name: null, role: 'office', isCopyAdmin: false },
        kind,
        'csv',
        'sv',
      );
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
      const lines = parseCsv(Buffer.concat(chunks).toString('utf8').slice(1)).slice(1);
      expect(lines).toHaveLength(kind === 'attendees' ? SEEDED + 1 : SEEDED - SEEDED / 10 + 1);
      expect(new Set(lines.map((l) => l.join(';'))).size).toBe(lines.length);
    }

    const queue = await download('/api/exports/queue?format=csv&lang=en', office);
    expect(parseCsv(queue.bytes.toString('utf8').slice(1))).toEqual([
      ['Position', 'First name', 'Last name', 'E-mail', 'Joined', 'Confirmed', 'State'],
    ]);
    expect(
      (await auditRows('export.download')).map((r) => [r.subject, r.after.format, r.after.rows]),
    ).toEqual([
      ['attendees', 'csv', SEEDED + 1],
      ['donations', 'xlsx', SEEDED - SEEDED / 10 + 1],
      ['attendees', 'xlsx', SEEDED + 1],
      ['attendees', 'csv', SEEDED + 1],
      ['donations', 'csv', SEEDED - SEEDED / 10 + 1],
      ['queue', 'csv', 0],
    ]);
  });
  it("the XLSX has the CSV's values: local times as date cells, states in words, formulas defused", async () => {
    for (const kind of ['attendees', 'donations'] as const) {
      const csv = parseCsv(
        (await download(`/api/exports/${kind}?format=csv&lang=sv`, office)).bytes.toString('utf8').slice(1),
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(
        (await download(`/api/exports/${kind}?format=xlsx&lang=sv`, office)).bytes as unknown as ArrayBuffer,
      );
      const shown = (v: unknown) =>
        v instanceof Date
          ? v.toISOString().slice(0, 16).replace('T', ' ')
          : v === null || v === undefined
            ? ''
            : String(v);
      const xlsx = (book.worksheets[0]!.getSheetValues() as unknown[][])
        .filter(Boolean)
        .map((r) => r.slice(1).map(shown));
      expect(xlsx.length).toBe(csv.length);
      expect(xlsx.map((r) => r.join('|'))).toEqual(csv.map((r) => r.join('|')));
    }
  });
});

describe('mail-out', () => {
  const worker = () =>
    startOutboxWorker({
      sql: app.db.sql,
      transport: createMailTransport({ smtpUrl: app.running.integrations.smtpUrl }),
      from: '"Org" <noreply@org.example>',
      protector: app.protector,
      publicUrl: app.config.publicUrl,
      log: pino({ level: 'silent' }),
      autoStart: false,
      batch: 25,
    });

  it('before it goes, the preview names whom it reaches and the subject, and a test goes to the caller alone', async () => {
    const preview = await result('previewMailout', { lang: 'sv' });
    expect(preview.recipients).toBe(SEEDED + 1);
    expect(preview.subject.length).toBeGreaterThan(3);
    expect(preview.testTo).toBe('office@org.example');
    // The QR is inline (a frame cannot resolve cid:), and its code opens no door.
    expect(preview.html).toContain('data:image/png;base64,');
    expect(preview.html).not.toContain('cid:');
    expect(preview.text).toContain('TEST-EJ-GILTIG');
    expect((await app.call('previewMailout', { lang: 'xx' }, office)).status).toBe(400);

    const count = async () =>
      (await app.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM email_outbox`)[0]!.n;
    const before = await count();
    expect(await result('sendMailoutTest', { lang: 'en' })).toEqual({ to: 'office@org.example' });
    const queued = await app.db.sql<
      { toEmail: string; lang: string; emailType: string }[]
    >`SELECT to_email, lang, email_type FROM email_outbox WHERE to_email = 'office@org.example'`;
    expect(await count()).toBe(before + 1);
    expect(queued).toEqual([{ toEmail: 'office@org.example', lang: 'en', emailType: 'finalTicket' }]);
    expect((await result('getMailout')).sendAt).toBeNull();
    expect((await auditRows('mailout.test')).map((r) => [r.email, r.after])).toEqual([
      ['office@org.example', { lang: 'en' }],
    ]);
    expect((await result('previewMailout')).recipients).toBe(SEEDED + 1);
  });

  // 121 ticket e-mails rendered (QR image, calendar file) and sent by two workers: a volume, not a race against the clock.
  it(
    'scheduled for later, nothing goes; called off and scheduled now, each attendee gets it once under two schedulers, two workers and a restart',
    { timeout: 120_000 },
    async () => {
      const later = await result('scheduleMailout', {
        sendAt: new Date(Date.now() + 3600_000).toISOString(),
      });
      expect(later).toMatchObject({ releasedAt: null, attendees: SEEDED + 1, waiting: SEEDED + 1, sent: 0 });
      expect(await app.running.office.mailout.tick()).toBe(0);
      await result('cancelMailout');
      expect((await result('getMailout')).sendAt).toBeNull();

      // Pressed twice at once, while two processes' schedulers tick.
      const other = createMailoutService({
        sql: app.db.sql,
        concertId: await publishedConcertId(),
        publicUrl: app.config.publicUrl,
        doorCodes: createDoorCodes(app.protector),
      });
      await Promise.all([
        result('scheduleMailout'),
        result('scheduleMailout'),
        other.tick(),
        app.running.office.mailout.tick(),
        other.tick(),
      ]);
      const counts = async () =>
        (
          await app.db.sql<{ tickets: number; rows: number; distinct: number }[]>`
        SELECT (SELECT count(*)::int FROM ticket_mailout_emails) AS tickets,
               (SELECT count(*)::int FROM email_outbox WHERE dedupe_key LIKE 'mailout:%') AS rows,
               (SELECT count(DISTINCT to_email)::int FROM email_outbox WHERE dedupe_key LIKE 'mailout:%') AS distinct`
        )[0];
      expect(await counts()).toEqual({ tickets: SEEDED + 1, rows: SEEDED + 1, distinct: SEEDED + 1 });

      // Two workers send side by side; then a "restarted" process ticks again: nothing new.
      const [a, b] = [worker(), worker()];
      for (;;) {
        const [x, y] = await Promise.all([a.runOnce(), b.runOnce()]);
        if (x + y === 0) break;
      }
      const restarted = createMailoutService({
        sql: app.db.sql,
        concertId: await publishedConcertId(),
        publicUrl: app.config.publicUrl,
        doorCodes: createDoorCodes(app.protector),
      });
      expect(await restarted.tick()).toBe(0);
      await result('scheduleMailout');
      expect(await counts()).toEqual({ tickets: SEEDED + 1, rows: SEEDED + 1, distinct: SEEDED + 1 });
      const state = await result('getMailout');
      expect(state).toMatchObject({ attendees: SEEDED + 1, sent: SEEDED + 1, waiting: 0, failed: 0 });

      const mail = (await app.request('/dev/mail')).body as {
        to: string[];
        subject: string;
        text: string;
        html: string;
        attachments: { filename: string; contentType: string }[];
        messageId: string;
      }[];
      const tickets = mail.filter(
        (m) => m.attachments.some((x) => x.filename === 'konsert.ics') && m.to[0] !== 'office@org.example',
      );
      expect(tickets).toHaveLength(SEEDED + 1);
      expect(new Set(tickets.map((m) => m.to[0])).size).toBe(SEEDED + 1);
      // Maria signed in English: hers is in English, with her ticket page's link and the QR image.
      const maria = tickets.find((m) => m.to[0] === 'maria@example.se')!;
      expect(maria.subject).toMatch(/ticket/i);
      const [code] = /\b[0-9a-f]{32}\b/.exec(maria.text)!;
      // Her first link is her ticket page (the QR image clicked opens it too); the QR encodes the door's scan address.
      expect(maria.html).toContain(`<a href="${app.config.publicUrl}/en/ticket/${code}">`);
      expect(maria.text).toContain('19:00');
      expect(maria.attachments.map((x) => x.contentType).sort()).toEqual(['image/png', 'text/calendar']);

      // Each press that changed the plan is in the log; presses after it went out change nothing.
      const schedules = (await auditRows('mailout.schedule')).map((r) => [
        r.email,
        r.after.sendAt === 'now' ? 'now' : 'later',
      ]);
      expect(schedules[0]).toEqual(['office@org.example', 'later']);
      expect(schedules.slice(1).length).toBeGreaterThanOrEqual(1);
      expect(schedules.slice(1).length).toBeLessThanOrEqual(2);
      expect(new Set(schedules.slice(1).map(String))).toEqual(new Set(['office@org.example,now']));
      expect((await auditRows('mailout.cancel')).length).toBe(1);
    },
  );

  it('a ticket confirmed after the mail-out gets its e-mail at once; failures can be retried', async () => {
    const added = await result('addManualAttendee', {
      firstName: 'Sen',
      lastName: 'Komling',
      email: 'sen@example.se',
    });
    const [row] = await app.db.sql`
      SELECT o.to_email, o.status FROM ticket_mailout_emails m JOIN email_outbox o ON o.id = m.outbox_id
      WHERE m.ticket_id = ${added.attendeeId}`;
    expect(row).toEqual({ toEmail: 'sen@example.se', status: 'pending' });

    await app.db
      .sql`UPDATE email_outbox SET status = 'failed', last_error = 'EENVELOPE 550' WHERE to_email = 'sen@example.se'`;
    const failed = await result('getMailout');
    expect(failed.failed).toBe(1);
    expect(failed.failures).toEqual([
      { ticketId: added.attendeeId, email: 'sen@example.se', error: 'EENVELOPE 550' },
    ]);
    expect((await result('previewMailout')).recipients).toBe(0);
    const retried = await result('retryMailout');
    expect(retried).toMatchObject({ retried: 1, failed: 0, waiting: 1 });
    expect((await auditRows('mailout.retry')).map((r) => r.after)).toEqual([{ retried: 1 }]);
  });
});

describe('audit log', () => {
  it('is searchable by action, staff, subject and time, a page at a time', async () => {
    const all = await result('listAudit', { limit: 200 });
    expect(all.actions).toEqual(
      expect.arrayContaining(['export.download', 'mailout.schedule', 'retention.erase', 'checkIn.scan']),
    );
    const ids: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await result('listAudit', {
        action: 'export.download',
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.rows.length).toBeLessThanOrEqual(2);
      expect(page.rows.every((r: { action: string }) => r.action === 'export.download')).toBe(true);
      ids.push(...page.rows.map((r: { id: string }) => Number(r.id)));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const exportRows = await auditRows('export.download');
    expect(ids).toHaveLength(exportRows.length);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    const doors = await result('listAudit', { staff: 'door@' });
    expect(doors.rows.every((r: { staff: string }) => r.staff === 'door@org.example')).toBe(true);
    // Names instead of ids: who acted, and whom the subject id names (a ticket's holder here).
    const scans = await result('listAudit', { action: 'checkIn.scan' });
    expect(scans.rows[0]).toMatchObject({
      staff: 'door@org.example',
      staffName: 'Test Staff',
      subjectName: 'Attendee42 Lastname; "42"',
    });
    const added = await result('listAudit', { action: 'tickets.addManualAttendee' });
    expect(added.rows.map((r: { subjectName: string }) => r.subjectName)).toContain('Sen Komling');
    expect((await result('listAudit', { action: 'export.download' })).rows[0].subjectName).toBeNull();
    expect((await result('listAudit', { staff: 'test staff' })).rows.length).toBe(all.rows.length);
    expect(
      (await result('listAudit', { subject: 'attendees', action: 'export.download' })).rows,
    ).toHaveLength(exportRows.filter((r) => r.subject === 'attendees').length);
    expect(
      (await result('listAudit', { from: '2000-01-01T00:00:00Z', to: '2000-01-02T00:00:00Z' })).rows,
    ).toHaveLength(0);
  });
});

describe('scheduled erasure', () => {
  it('the office sees what and when; too early is refused; on the day it runs once across two processes, keeping the statistics', async () => {
    const plan = await result('getErasurePlan');
    expect(plan.eraseAfterDays).toBe(30);
    // 30 days after the concert has ended (or its sale closed, if later): the stored concert's times.
    const seeded = (await publishedConcert(app.db.sql))!;
    const reference = Math.max(seeded.endsAt.getTime(), seeded.saleClosesAt.getTime());
    expect(new Date(plan.dueAt).getTime() - reference).toBe(30 * 86_400_000);
    expect(plan.earlyAllowedFrom).toBe(seeded.saleClosesAt.toISOString());
    expect(plan.concertAt).toBe(seeded.startsAt.toISOString());
    expect(plan.pending.tickets).toBeGreaterThan(SEEDED);
    expect(plan.done).toEqual([]);
    // The sale is open (demo: closes in 30 days): erasing now would take the attendees.
    expect(refusal(await app.call('eraseSaleDataNow', { confirm: true }, office))).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });

    const log = pino({ level: 'silent' });
    const concert = (await publishedConcert(app.db.sql))!;
    const times = {
      id: concert.id,
      startsAt: concert.startsAt.getTime(),
      endsAt: concert.endsAt.getTime(),
      salesCloseAt: concert.saleClosesAt.getTime(),
    };
    const base = { sql: app.db.sql, log, eraseAfterDays: 30, concert: times };
    const dayBefore = createRetentionService({
      ...base,
      now: () => new Date(new Date(plan.dueAt).getTime() - 60_000),
    });
    expect(await dayBefore.tick()).toBeUndefined();
    const confirmedBefore = (await result('getSaleDashboard')).confirmed;

    const onTheDay = () =>
      createRetentionService({ ...base, now: () => new Date(new Date(plan.dueAt).getTime() + 1000) });
    const [x, y] = await Promise.all([onTheDay().tick(), onTheDay().tick()]);
    const ran = [x, y].filter(Boolean);
    expect(ran).toHaveLength(1);
    expect(ran[0]!.tickets).toBeGreaterThan(SEEDED);
    expect(await onTheDay().tick()).toBeUndefined();

    const after = await result('getErasurePlan');
    expect(after.pending).toEqual({
      tickets: 0,
      queueEntries: 0,
      bankIdTransactions: 0,
      sessionIdentities: 0,
      emails: 0,
      clientLogs: 0,
    });
    expect(after.done).toEqual([expect.objectContaining({ trigger: 'scheduled', staff: null })]);
    const rows = await auditRows('retention.erase');
    expect(rows).toEqual([
      {
        email: null,
        subject: String(concert.id),
        before: null,
        after: expect.objectContaining({ trigger: 'scheduled', tickets: ran[0]!.tickets }),
      },
    ]);
    // Statistics and the member register stay; names and addresses are gone.
    await new Promise((r) => setTimeout(r, 2100));
    expect((await result('getSaleDashboard')).confirmed).toBe(confirmedBefore);
    const [counted] = await app.db.sql<
      { mandates: number }[]
    >`SELECT count(*)::int AS mandates FROM autogiro_mandates`;
    expect(counted!.mandates).toBeGreaterThan(SEEDED / 2);
    expect((await result('listAttendees', { search: 'attendee' })).rows).toHaveLength(0);

    // Early erasure once the sale has closed is the office's, audited.
    const closed = createRetentionService({ ...base, now: () => new Date(times.salesCloseAt + 1000) });
    const staff = {
      id: (await app.db.sql`SELECT id FROM staff WHERE email = 'office@org.example'`)[0]!.id,
      email: 'office@org.example',
      name: null,
      role: 'office' as const,
      isCopyAdmin: false,
    };
    expect(await closed.eraseEarly(staff)).toMatchObject({ tickets: 0 });
    expect((await auditRows('retention.erase')).map((r) => [r.email, r.after.trigger])).toEqual([
      [null, 'scheduled'],
      ['office@org.example', 'early'],
    ]);
  });
});

/** The published concert's id (the mail-out is its own). */
async function publishedConcertId(): Promise<number> {
  const [row] = await app.db.sql<{ id: number }[]>`SELECT id FROM concerts WHERE status = 'published'`;
  return row!.id;
}
