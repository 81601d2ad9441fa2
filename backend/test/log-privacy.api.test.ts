import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

/** Names allow only letters, spaces and hyphens. */
const randomLetters = () =>
  Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyzåäö'[randomInt(29)]).join('');

const logLines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { logLines });
});
afterAll(() => app.close());

/** A 10-digit account number with a valid mod 10 check digit (Nordea 3300: the bank checks it). */
function withMod10CheckDigit(nine: string): string {
  for (let d = 0; d <= 9; d++) {
    const digits = nine + d;
    let sum = 0;
    for (let i = 0; i < digits.length; i++) {
      let n = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) n = n * 2 > 9 ? n * 2 - 9 : n * 2;
      sum += n;
    }
    if (sum % 10 === 0) return digits;
  }
  return nine;
}

describe('server log output', () => {
  it('never contains personal numbers, e-mails, names or account numbers sent in requests', async () => {
    const secrets: string[] = [];
    for (let i = 0; i < 3; i++) {
      const pn = generatedPersonalNumber();
      const email = `person${randomInt(1e6)}@private-example.se`;
      const firstName = `Förnamn${randomLetters()}`;
      const lastName = `Efternamn${randomLetters()}`;
      const clearing = '3300';
      const account = withMod10CheckDigit(String(randomInt(1e8, 1e9 - 1)));
      secrets.push(pn, pn.slice(2), `${pn.slice(0, 8)}-${pn.slice(8)}`, email, firstName, lastName, account);

      const v = await visitor(app);
      const ticket = await v.register();
      await v.authenticate(pn);
      await v.call('getPersonalInfo', { personalNumber: pn, email });
      const person = {
        firstName,
        lastName,
        email,
        phone: '070-1234567',
        address: 'Gatan 1',
        zipCode: '123 45',
        city: 'Staden',
      };
      const sign = await v.call('startBankIDSign', {
        personalNumber: pn,
        ticketId: ticket.ticketId,
        donationAmount: 150,
        signType: 'new',
        lang: 'sv',
        person,
        accountInfo: { bank: 'NB', clearingNumber: clearing, accountNumber: account },
      });
      expect(sign.status, JSON.stringify(sign.body)).toBe(200);
      await v.approveByHand(sign.body.result.transactionId);
      expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');

      // refusals and bad input carrying the same data
      await v.call('getPersonalInfo', { personalNumber: pn, email: 'not an email' });
      await v.call('startBankIDAuth', { personalNumber: `${pn}x` });
      await v.call('enterQueue', { person: { ...person, email: `${email}.invalid..` } });
      await app.request('/api/clientLog', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${v.idToken}` },
        body: JSON.stringify({ message: `failed for ${pn} ${email}`, globalState: { person } }),
      });
      await app.request(`/api/getCopy?lang=${encodeURIComponent(email)}`);
    }
    // the outbox worker renders and sends e-mails to these addresses too
    await app.running.outbox.runOnce();

    const output = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(20); // the test looks at real log output
    for (const secret of secrets) expect(output, 'a log line carries personal data').not.toContain(secret);
  });
});

describe("the ticket page's error reports (issue 39 §11)", () => {
  it('keep no door code: neither the stored report nor the log line names it', async () => {
    const code = randomBytes(16).toString('hex');
    const v = await visitor(app);
    const res = await app.request('/api/clientLog', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${v.idToken}` },
      body: JSON.stringify({
        level: 'error',
        message: `TypeError: failed to load https://konsert.example/sv/ticket/${code}`,
        url: `/sv/ticket/${code}`,
        error: { stack: `at render (/admin/scan/${code})` },
      }),
    });
    expect(res.status).toBe(204);
    const rows = await app.db.sql<{ url: string }[]>`
      SELECT url, message, detail::text AS detail FROM client_log WHERE url LIKE '/sv/ticket/%'`;
    expect(rows.length).toBeGreaterThan(0); // the report was stored
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows.map((r) => r.url)).toContain('/sv/ticket/[redacted]');
    expect(logLines.join('\n')).not.toContain(code);
  });
});
