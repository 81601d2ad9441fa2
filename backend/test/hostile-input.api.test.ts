import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payloadSchemas } from '@concert/shared/api';
import { ERROR_IDS } from '@concert/shared/universal';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  token = (await app.session()).idToken;
});
afterAll(() => app.close());

const FUNCTIONS = Object.keys(payloadSchemas);
const PERSONAL_NUMBER = DEMO_PERSONAL_NUMBERS.member;
const EMAIL = 'secret.person@example.se';

/** What every refusal must look like: the envelope, a catalogue id, no internals, no echo of personal data. */
function expectCleanRefusal(res: { status: number; body: any }, context: string) {
  expect(res.status, context).toBeLessThan(500);
  if (res.status === 200) return;
  expect(Object.keys(res.body), context).toEqual(['error']);
  expect(ERROR_IDS, context).toContain(res.body.error.message);
  const text = JSON.stringify(res.body);
  expect(text, context).not.toMatch(/stack|SELECT|INSERT|postgres|node_modules|\.ts:\d/i);
  expect(text, context).not.toContain(PERSONAL_NUMBER);
  expect(text, context).not.toContain(EMAIL);
}

describe('hostile input to every callable function', () => {
  it('wrong types, huge strings and odd keys give a clean 4xx, never a 500', async () => {
    const hostile: unknown[] = [
      {},
      { personalNumber: Number(PERSONAL_NUMBER) },
      { personalNumber: [PERSONAL_NUMBER] },
      { personalNumber: { $gt: '' } },
      { personalNumber: 'x'.repeat(60_000) },
      { email: EMAIL.repeat(1000) },
      { transactionId: 42, publicId: null, ticketId: true },
      { transactionId: '../../etc/passwd', publicId: '%00', externalTicketId: "' OR 1=1 --" },
      { donationAmount: 'NaN', signType: 'steal', lang: 'xx' },
      { donationAmount: 1e308, signType: 'new' },
      { person: 'not an object', accountInfo: [] },
      {
        person: { firstName: '<script>', lastName: '\u0000', email: EMAIL, personalNumber: PERSONAL_NUMBER },
      },
      JSON.parse('{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {}}}'),
    ];
    for (const name of FUNCTIONS) {
      for (const data of hostile) {
        const res = await app.call(name, data, token);
        expectCleanRefusal(res, `${name} ${JSON.stringify(data).slice(0, 80)}`);
      }
    }
  });

  it('property: any JSON payload to any function is answered cleanly and never echoes personal data', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...FUNCTIONS),
        fc.dictionary(
          fc.constantFrom(
            'personalNumber',
            'email',
            'transactionId',
            'ticketId',
            'person',
            'donationAmount',
            'signType',
            'publicId',
            'bank',
            'sv',
            'key',
          ),
          fc.jsonValue({ maxDepth: 3 }),
        ),
        fc.boolean(),
        async (name, payload, withPersonalData) => {
          const data = withPersonalData
            ? { ...payload, personalNumber: PERSONAL_NUMBER, email: EMAIL }
            : payload;
          const res = await app.call(name, data, token);
          expectCleanRefusal(res, `${name} ${JSON.stringify(data).slice(0, 120)}`);
        },
      ),
      { numRuns: 250 },
    );
  });
});

describe('POST /api/clientLog', () => {
  const withSession = async () => ({
    'Content-Type': 'application/json',
    Authorization: `Bearer ${(await app.session()).idToken}`,
  });

  it('stores browser errors with personal data redacted anywhere in the body, and answers 204', async () => {
    const res = await app.request('/api/clientLog', {
      method: 'POST',
      headers: await withSession(),
      body: JSON.stringify({
        level: 'error',
        message: `TypeError for ${EMAIL} with 19850315-1238`,
        url: `/sv/memberCheck?email=${EMAIL}`,
        error: { stack: 'at x (bundle.js:1:2) account 3300 123 456 7890' },
        globalState: {
          person: { firstName: 'Maria', lastName: 'Lind', personalNumber: PERSONAL_NUMBER },
          lang: 'sv',
          nested: { deeper: { accountNumber: '1234567890', note: 'call 070-123 45 67' } },
        },
      }),
    });
    expect(res.status).toBe(204);
    const rows = await app.db.sql`SELECT message, url, detail FROM client_log`;
    const stored = JSON.stringify(rows);
    for (const secret of [
      EMAIL,
      PERSONAL_NUMBER,
      '19850315-1238',
      'Maria',
      'Lind',
      '1234567890',
      '123 456 7890',
      '070-123 45 67',
    ]) {
      expect(stored).not.toContain(secret);
    }
    expect(stored).toContain('TypeError');
    expect(stored).toContain('"lang":"sv"');
  });

  it('refuses a body that is not a log entry, and one over its size bound', async () => {
    const headers = await withSession();
    const post = (body: string) => app.request('/api/clientLog', { method: 'POST', headers, body });
    expect((await post('{"level": 5}')).status).toBe(400);
    expect((await post(JSON.stringify({ message: 'x'.repeat(20_000) }))).status).toBe(413);
  });

  it('keeps nothing sent without a session (same 204, body unread), and cuts long strings before redacting', async () => {
    const count = async () => (await app.db.sql`SELECT count(*)::int AS n FROM client_log`)[0]!.n as number;
    const before = await count();
    const anonymous = await app.request('/api/clientLog', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ message: 'anonymous' }),
    });
    expect(anonymous.status).toBe(204);
    const forged = await app.request('/api/clientLog', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer forged' },
      body: '{"level": 5}',
    });
    expect(forged.status).toBe(204);
    expect(await count()).toBe(before);
    // a hostile string: one long word without @, then an address at the end, past the cut
    const hostile = `${'a.'.repeat(3000)}x ${EMAIL}`;
    expect(
      (
        await app.request('/api/clientLog', {
          method: 'POST',
          headers: await withSession(),
          body: JSON.stringify({ message: 'hostile', globalState: { note: hostile } }),
        })
      ).status,
    ).toBe(204);
    const [row] = await app.db.sql`SELECT detail FROM client_log WHERE message = 'hostile'`;
    expect(row!.detail.globalState.note.length).toBeLessThanOrEqual(2000);
    expect(JSON.stringify(row)).not.toContain(EMAIL);
  });
});
