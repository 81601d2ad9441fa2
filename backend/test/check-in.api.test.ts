import { randomUUID } from 'node:crypto';
import { doorHash } from '@concert/shared/door';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { convertPlainDoorCodes, createDoorCodes } from '../src/modules/tickets/door-codes.js';
import { startTestApp, type TestApp } from './harness.js';
import { startTestAuthority } from './staff.js';

/** The door (check-in module): check-in by code or id, undo, offline sync, counts, the offline list. */
const AUDIENCE = 'api://concert-staff-test';

let app: TestApp;
let authority: Awaited<ReturnType<typeof startTestAuthority>>;
let office: string;
let door: string;
let helper: string;
let door2: string;
const deviceO = randomUUID();
const deviceA = randomUUID();
const deviceB = randomUUID();

beforeAll(async () => {
  authority = await startTestAuthority({ audience: AUDIENCE });
  app = await startTestApp({
    STAFF_AUTHORITY: authority.issuer,
    STAFF_CLIENT_ID: 'spa',
    STAFF_API_AUDIENCE: AUDIENCE,
    CONCERT_CAPACITY: '1200',
    STAFF_DOOR: 'door@org.example,door2@org.example',
  });
  office = await authority.tokenFor('office@org.example');
  door = await authority.tokenFor('door@org.example');
  helper = await authority.tokenFor('helper@org.example');
  door2 = await authority.tokenFor('door2@org.example');
  expect((await app.call('registerDoorDevice', { deviceId: deviceA, label: 'Dörr 1' }, door)).status).toBe(
    200,
  );
  expect((await app.call('registerDoorDevice', { deviceId: deviceB, label: 'Dörr 2' }, door)).status).toBe(
    200,
  );
  expect(
    (await app.call('registerDoorDevice', { deviceId: deviceO, label: 'Kansliet' }, office)).status,
  ).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await authority?.close();
});

let nextSeq = 1;
/** Confirmed tickets as a sale leaves them (door code, attendee), straight in the table. */
async function confirmedTickets(n: number): Promise<{ ticketId: string; code: string; email: string }[]> {
  const first = nextSeq;
  nextSeq += n;
  const rows = await app.db.sql<{ ticketId: string; code: string; email: string }[]>`
    UPDATE tickets
    SET confirmed_at = now(),
        external_id = replace(gen_random_uuid()::text, '-', ''),
        attendee_first_name = 'Åsa' || seq,
        attendee_last_name = 'Öberg-Lindqvist',
        attendee_email = 'asa.oberg' || seq || '@example.se'
    WHERE seq >= ${first} AND seq < ${first + n}
    RETURNING id::text AS ticket_id, external_id AS code, attendee_email AS email`;
  // Plain codes as a database from before migration 037 held them, converted as at start.
  await convertPlainDoorCodes(app.db.sql, app.protector);
  return rows;
}

const refusal = (res: { status: number; body: any }) => ({ status: res.status, error: res.body?.error });
const auditCount = async (action: string, subject: string) =>
  (
    await app.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND subject = ${subject}`
  )[0]!.n;

describe('check-in at the door', () => {
  it('checks in by code and by ticket id: OK once, then already checked in with the first time and device', async () => {
    const [a, b] = await confirmedTickets(2);
    const first = await app.call('checkIn', { code: a!.code, deviceId: deviceA }, door);
    expect(first.body.result).toMatchObject({
      outcome: 'OK',
      ticketId: a!.ticketId,
      firstName: expect.stringMatching(/^Åsa/),
      device: 'Dörr 1',
    });
    const again = await app.call('checkIn', { ticketId: a!.ticketId, deviceId: deviceB }, door);
    expect(again.body.result).toEqual({ ...first.body.result, outcome: 'ALREADY_SCANNED' });
    // The scan page shares the rule and the record.
    const scanned = await app.call('scanTicket', { externalTicketId: a!.code }, door);
    expect(scanned.body.result).toMatchObject({
      outcome: 'ALREADY_SCANNED',
      scannedAt: first.body.result.scannedAt,
    });
    expect((await app.call('scanTicket', { externalTicketId: b!.code }, door)).body.result.outcome).toBe(
      'OK',
    );
    expect(
      (await app.call('checkIn', { ticketId: b!.ticketId, deviceId: deviceA }, door)).body.result,
    ).toMatchObject({ outcome: 'ALREADY_SCANNED', device: null });
    expect(await auditCount('checkIn.scan', a!.ticketId)).toBe(1);
  });

  it('refuses unknown tickets, bad payloads and unregistered devices clearly', async () => {
    expect(refusal(await app.call('checkIn', { code: 'no-such-code', deviceId: deviceA }, door))).toEqual({
      status: 404,
      error: { status: 'NOT_FOUND', message: 'notFound' },
    });
    expect((await app.call('checkIn', { ticketId: '999999', deviceId: deviceA }, door)).status).toBe(404);
    expect(refusal(await app.call('checkIn', { deviceId: deviceA }, door)).status).toBe(400);
    expect(
      refusal(await app.call('checkIn', { code: 'x', ticketId: '1', deviceId: deviceA }, door)).status,
    ).toBe(400);
    expect(
      refusal(await app.call('checkIn', { ticketId: '1; DROP TABLE tickets', deviceId: deviceA }, door))
        .status,
    ).toBe(400);
    expect(refusal(await app.call('checkIn', { code: 'x', deviceId: 'not-a-uuid' }, door)).status).toBe(400);
    const [t] = await confirmedTickets(1);
    expect(refusal(await app.call('checkIn', { code: t!.code, deviceId: randomUUID() }, door))).toEqual({
      status: 400,
      error: { status: 'FAILED_PRECONDITION', message: 'invalidState' },
    });
    expect((await app.call('registerDoorDevice', { deviceId: deviceA, label: '' }, door)).status).toBe(400);
    expect(
      (await app.call('registerDoorDevice', { deviceId: deviceA, label: 'x'.repeat(41) }, door)).status,
    ).toBe(400);
  });

  it('door and office staff do all of it; staff without a role none of it', async () => {
    const [t] = await confirmedTickets(1);
    const calls = [
      ['registerDoorDevice', { deviceId: deviceA, label: 'Dörr 1' }],
      ['checkIn', { code: t!.code, deviceId: deviceA }],
      ['undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }],
      [
        'syncCheckIns',
        { deviceId: deviceA, checkIns: [{ id: randomUUID(), ticketId: t!.ticketId, at: Date.now() }] },
      ],
      ['doorStatus', {}],
      ['doorList', {}],
    ] as const;
    for (const [fn, data] of calls) {
      expect(refusal(await app.call(fn, data, helper)), fn).toEqual({
        status: 403,
        error: { status: 'PERMISSION_DENIED', message: 'permissionDenied' },
      });
      expect((await app.call(fn, data)).status, fn).toBe(401);
    }
    for (const [fn, data] of calls) expect((await app.call(fn, data, door)).status, fn).toBe(200);
    // The office on its own device (a device is bound to the account that registered it).
    const [u] = await confirmedTickets(1);
    const officeCalls = [
      ['registerDoorDevice', { deviceId: deviceO, label: 'Kansliet' }],
      ['checkIn', { code: u!.code, deviceId: deviceO }],
      ['undoCheckIn', { ticketId: u!.ticketId, deviceId: deviceO }],
      [
        'syncCheckIns',
        { deviceId: deviceO, checkIns: [{ id: randomUUID(), ticketId: u!.ticketId, at: Date.now() }] },
      ],
      ['doorStatus', {}],
      ['doorList', {}],
    ] as const;
    for (const [fn, data] of officeCalls) expect((await app.call(fn, data, office)).status, fn).toBe(200);
  });

  it('50 devices check one ticket in at once: exactly one lets it in, 49 hear already with its time and device', async () => {
    const [t] = await confirmedTickets(1);
    const devices = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const id = randomUUID();
        await app.call('registerDoorDevice', { deviceId: id, label: `Dörr ${i + 10}` }, door);
        return id;
      }),
    );
    const answers = await Promise.all(
      devices.map((deviceId) => app.call('checkIn', { code: t!.code, deviceId }, door)),
    );
    expect(answers.map((a) => a.status)).toEqual(devices.map(() => 200));
    const oks = answers.filter((a) => a.body.result.outcome === 'OK');
    expect(oks).toHaveLength(1);
    const winner = oks[0]!.body.result;
    for (const a of answers)
      expect(a.body.result).toMatchObject({ scannedAt: winner.scannedAt, device: winner.device });
    const [events] = await app.db.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM check_in_events WHERE ticket_id = ${t!.ticketId}::bigint`;
    expect(events!.n).toBe(1);
    expect(await auditCount('checkIn.scan', t!.ticketId)).toBe(1);
  });
});

describe('undo', () => {
  it('takes back this device’s check-in (audited with who, when and what), after which the ticket checks in again', async () => {
    const [t] = await confirmedTickets(1);
    const first = (await app.call('checkIn', { code: t!.code, deviceId: deviceA }, door)).body.result;
    // Another door device may not undo it; the office may.
    expect(
      refusal(await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceB }, door)),
    ).toEqual({ status: 400, error: { status: 'FAILED_PRECONDITION', message: 'invalidState' } });
    expect(
      (await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }, door)).body.result,
    ).toEqual({ ticketId: t!.ticketId, undone: true });
    // Nothing left to undo.
    expect((await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }, door)).status).toBe(
      400,
    );
    const [audit] = await app.db.sql<{ email: string; at: Date; before: any; after: any }[]>`
      SELECT s.email, a.at, a.before, a.after FROM audit_log a JOIN staff s ON s.id = a.staff_id
      WHERE a.action = 'checkIn.undo' AND a.subject = ${t!.ticketId}`;
    expect(audit).toMatchObject({
      email: 'door@org.example',
      before: { scannedAt: first.scannedAt, device: deviceA },
      after: { device: deviceA },
    });
    expect(Date.now() - audit!.at.getTime()).toBeLessThan(60_000);
    expect((await app.call('checkIn', { code: t!.code, deviceId: deviceB }, door)).body.result).toMatchObject(
      { outcome: 'OK', device: 'Dörr 2' },
    );
    expect((await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceO }, office)).status).toBe(
      200,
    );
  });

  it('a device is bound to the account that registered it: another account can neither relabel it nor use it to undo', async () => {
    const [t] = await confirmedTickets(1);
    await app.call('checkIn', { code: t!.code, deviceId: deviceA }, door);
    const denied = { status: 403, error: { status: 'PERMISSION_DENIED', message: 'permissionDenied' } };
    // Relabel by another door account: refused, the label stays.
    expect(
      refusal(await app.call('registerDoorDevice', { deviceId: deviceA, label: 'Kapad' }, door2)),
    ).toEqual(denied);
    expect(
      refusal(await app.call('registerDoorDevice', { deviceId: deviceA, label: 'Kapad' }, office)),
    ).toEqual(denied);
    const [device] = await app.db.sql<
      { label: string }[]
    >`SELECT label FROM door_devices WHERE id = ${deviceA}`;
    expect(device!.label).toBe('Dörr 1');
    // Undo of its check-in, claiming to be that device: refused, the ticket stays in.
    expect(
      refusal(await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }, door2)),
    ).toEqual(denied);
    const [ticket] = await app.db.sql<
      { scannedAt: Date | null }[]
    >`SELECT scanned_at FROM tickets WHERE id = ${t!.ticketId}::bigint`;
    expect(ticket!.scannedAt).not.toBeNull();
    expect(await auditCount('checkIn.undo', t!.ticketId)).toBe(0);
    // Nor can it check in or sync in that device's name.
    const [u] = await confirmedTickets(1);
    expect(refusal(await app.call('checkIn', { code: u!.code, deviceId: deviceA }, door2))).toEqual(denied);
    expect(
      refusal(
        await app.call(
          'syncCheckIns',
          { deviceId: deviceA, checkIns: [{ id: randomUUID(), ticketId: u!.ticketId, at: Date.now() }] },
          door2,
        ),
      ),
    ).toEqual(denied);
    // Its own device works; the owner still relabels and undoes.
    const own = randomUUID();
    expect((await app.call('registerDoorDevice', { deviceId: own, label: 'Dörr 3' }, door2)).status).toBe(
      200,
    );
    expect((await app.call('registerDoorDevice', { deviceId: deviceA, label: 'Dörr 1' }, door)).status).toBe(
      200,
    );
    expect((await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }, door)).status).toBe(
      200,
    );
  });

  it('is refused once the check-in is older than 10 minutes', async () => {
    const [t] = await confirmedTickets(1);
    await app.call('checkIn', { code: t!.code, deviceId: deviceA }, door);
    await app.db
      .sql`UPDATE check_in_events SET recorded_at = now() - interval '11 minutes' WHERE ticket_id = ${t!.ticketId}::bigint`;
    expect(
      refusal(await app.call('undoCheckIn', { ticketId: t!.ticketId, deviceId: deviceA }, door)).status,
    ).toBe(400);
    expect((await app.call('checkIn', { code: t!.code, deviceId: deviceA }, door)).body.result.outcome).toBe(
      'ALREADY_SCANNED',
    );
  });
});

describe('offline sync', () => {
  it('the same batch twice changes nothing the second time and answers the same', async () => {
    const tickets = await confirmedTickets(3);
    const at = Date.now() - 60_000;
    const batch = {
      deviceId: deviceA,
      checkIns: tickets.map((t, i) => ({ id: randomUUID(), ticketId: t.ticketId, at: at + i })),
    };
    const before = (await app.call('doorStatus', {}, door)).body.result;
    const once = await app.call('syncCheckIns', batch, door);
    expect(once.body.result.results.map((r: any) => r.outcome)).toEqual(['OK', 'OK', 'OK']);
    expect(once.body.result.results[0].at).toBe(new Date(at).toISOString());
    const twice = await app.call('syncCheckIns', batch, door);
    expect(twice.body.result).toEqual(once.body.result);
    const after = (await app.call('doorStatus', {}, door)).body.result;
    expect(after.checkedIn - before.checkedIn).toBe(3);
    for (const t of tickets) expect(await auditCount('checkIn.offline', t.ticketId)).toBe(1);
    // The offline time is when they came in.
    expect(
      (await app.call('checkIn', { ticketId: tickets[0]!.ticketId, deviceId: deviceB }, door)).body.result,
    ).toMatchObject({ outcome: 'ALREADY_SCANNED', scannedAt: new Date(at).toISOString(), device: 'Dörr 1' });
  });

  it('one ticket checked in offline on two devices: counted once, the second reported as a conflict with both times', async () => {
    const [t] = await confirmedTickets(1);
    const before = (await app.call('doorStatus', {}, door)).body.result;
    const atA = Date.now() - 120_000;
    const atB = Date.now() - 60_000;
    const a = await app.call(
      'syncCheckIns',
      { deviceId: deviceA, checkIns: [{ id: randomUUID(), ticketId: t!.ticketId, at: atA }] },
      door,
    );
    const b = await app.call(
      'syncCheckIns',
      { deviceId: deviceB, checkIns: [{ id: randomUUID(), ticketId: t!.ticketId, at: atB }] },
      door,
    );
    expect(a.body.result.results[0]).toMatchObject({ outcome: 'OK' });
    expect(b.body.result.results[0]).toMatchObject({
      outcome: 'CONFLICT',
      at: new Date(atB).toISOString(),
      firstAt: new Date(atA).toISOString(),
      firstDevice: 'Dörr 1',
    });
    const after = (await app.call('doorStatus', { since: before.cursor }, door)).body.result;
    expect(after.checkedIn - before.checkedIn).toBe(1);
    expect(after.changes).toEqual([
      { ticketId: t!.ticketId, scannedAt: new Date(atA).toISOString(), device: 'Dörr 1' },
    ]);
    expect(await auditCount('checkIn.conflict', t!.ticketId)).toBe(1);
  });

  it('a time in the future is taken as now; unknown tickets are reported, not stored', async () => {
    const [t] = await confirmedTickets(1);
    const res = await app.call(
      'syncCheckIns',
      {
        deviceId: deviceA,
        checkIns: [
          { id: randomUUID(), ticketId: t!.ticketId, at: Date.now() + 3_600_000 },
          { id: randomUUID(), ticketId: '999998', at: Date.now() },
        ],
      },
      door,
    );
    expect(res.body.result.results.map((r: any) => r.outcome)).toEqual(['OK', 'UNKNOWN']);
    expect(new Date(res.body.result.results[0].at).getTime()).toBeLessThanOrEqual(Date.now());
    const tooMany = Array.from({ length: 201 }, () => ({
      id: randomUUID(),
      ticketId: t!.ticketId,
      at: Date.now(),
    }));
    expect((await app.call('syncCheckIns', { deviceId: deviceA, checkIns: tooMany }, door)).status).toBe(400);
  });
});

describe('the door’s offline list', () => {
  it('holds ticket id, hashed code and e-mail, names and check-in only; pages of 500; its size for 1,000 attendees', async () => {
    await confirmedTickets(1000 - (nextSeq - 1));
    const pages = [];
    let after: string | undefined;
    do {
      const page = (await app.call('doorList', after ? { after } : {}, door)).body.result;
      pages.push(page);
      after = page.next ?? undefined;
    } while (after);
    const rows = pages.flatMap((p) => p.rows);
    expect(rows).toHaveLength(1000);
    const [stored] = await app.db.sql<
      { id: string; doorCodeHash: string; doorCodeSealed: string; email: string }[]
    >`SELECT id::text, door_code_hash, door_code_sealed, attendee_email AS email FROM tickets WHERE seq = 500`;
    const sample = { ...stored!, code: createDoorCodes(app.protector).open(stored!)! };
    const row = rows.find((r) => r[0] === sample!.id)!;
    const salt = pages[0].salt;
    expect(row[1]).toBe(await doorHash(salt, 'code', sample!.code));
    expect(row[2]).toBe(await doorHash(salt, 'email', ` ${sample!.email.toUpperCase()}`));
    const json = JSON.stringify(rows);
    expect(json).not.toContain(sample!.code);
    expect(json).not.toContain('@');
    const bytes = pages.reduce((n, p) => n + Buffer.byteLength(JSON.stringify({ result: p })), 0);
    const gz = pages.reduce((n, p) => n + gzipSync(JSON.stringify({ result: p })).length, 0);
    console.log(`door list, 1,000 attendees: ${pages.length} pages, ${bytes} bytes JSON (${gz} bytes gzip)`);
    expect(bytes).toBeLessThan(120_000);
  });
});

describe('what the door page needs from the server', () => {
  it('staff pages may compile the scanner’s WebAssembly and run the door’s service worker; visitor pages may not', async () => {
    const admin = (await app.request('/admin/door')).headers.get('content-security-policy') ?? '';
    expect(admin).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(admin).toContain("worker-src 'self'");
    expect(admin).not.toMatch(/unsafe-inline[^;]*;?.*script-src|script-src[^;]*'unsafe-eval'/);
    for (const path of ['/sv/', '/api/health', '/adminx'])
      expect((await app.request(path)).headers.get('content-security-policy'), path).not.toContain(
        'wasm-unsafe-eval',
      );
  });
});
