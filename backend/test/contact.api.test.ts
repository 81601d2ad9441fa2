// Issue 29 §6: the contact form delivers — to the support mailbox through the outbox, with a receipt
// to the sender — and says "sent" only then; bad input is refused and nothing is queued.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT } from '@concert/shared/universal';
import { startTestApp, type TestApp } from './harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ SUPPORT_EMAIL: 'support@org.example', RATE_LIMIT_SCALE: '1' });
});
afterAll(() => app.close());

const outbox = () =>
  app.db.sql<
    { toEmail: string; emailType: string; lang: string; vars: Record<string, string> }[]
  >`SELECT to_email, email_type, lang, vars FROM email_outbox WHERE email_type LIKE 'contact%' ORDER BY email_type, id`;

describe('sendContactMessage (issue 29 §6)', () => {
  it('queues the message to SUPPORT_EMAIL and a receipt to the sender, in one go', async () => {
    const { idToken } = await app.session();
    const res = await app.call(
      'sendContactMessage',
      { email: ' anna@example.se ', message: '  Kan jag ta med en ledsagare?  ', lang: 'en' },
      idToken,
    );
    expect(res.body).toEqual({ result: { sent: true } });
    expect(await outbox()).toEqual([
      {
        toEmail: 'support@org.example',
        emailType: 'contactMessage',
        lang: 'sv',
        vars: {
          senderEmail: 'anna@example.se',
          contactMessage: 'Kan jag ta med en ledsagare?',
          senderLang: 'en',
        },
      },
      {
        toEmail: 'anna@example.se',
        emailType: 'contactReceipt',
        lang: 'en',
        vars: {},
      },
    ]);
    expect(SUPPORT.email).not.toBe('support@org.example'); // the variable, not the constant, decides
  });

  it('refuses a bad address or an empty message with the matching id, and queues nothing', async () => {
    await app.db.sql`DELETE FROM email_outbox WHERE email_type LIKE 'contact%'`;
    const { idToken } = await app.session();
    expect(
      (await app.call('sendContactMessage', { email: 'anna@gmail', message: 'Hej hej' }, idToken)).body,
    ).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidEmail' } });
    expect(
      (await app.call('sendContactMessage', { email: 'anna@example.se', message: ' x ' }, idToken)).body,
    ).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    expect(
      (await app.call('sendContactMessage', { email: 'anna@example.se', message: 'x'.repeat(5001) }, idToken))
        .body,
    ).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'invalidState' } });
    expect(
      (await app.call('sendContactMessage', { email: 'anna@example.se', message: 'Hej' }, undefined)).status,
    ).toBe(401);
    expect(await outbox()).toEqual([]);
  });

  it('a session sends a few messages, then is told to wait (429), and nothing more is queued', async () => {
    await app.db.sql`DELETE FROM email_outbox WHERE email_type LIKE 'contact%'`;
    const { idToken } = await app.session();
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await app.call('sendContactMessage', { email: 'bo@example.se', message: `Fråga ${i}` }, idToken))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(await outbox()).toHaveLength(6);
  });

  it("the receipt is a fixed confirmation: none of the visitor's text or links (issue 39 §10)", async () => {
    await app.db.sql`DELETE FROM email_outbox WHERE email_type LIKE 'contact%'`;
    const { idToken } = await app.session();
    const typed =
      'You won! Claim it at https://evil.example/claim and <a href="https://evil.example">here</a>';
    const res = await app.call(
      'sendContactMessage',
      { email: 'victim@example.se', message: typed, lang: 'sv' },
      idToken,
    );
    expect(res.status).toBe(200);
    await app.running.outbox.runOnce();
    const mail = (await app.request('/dev/mail')).body as {
      to: string[];
      subject: string;
      text: string;
      html: string;
    }[];
    const receipt = mail.find((m) => m.to.includes('victim@example.se'))!;
    expect(receipt.subject).toBe('Vi har fått ditt meddelande');
    expect(receipt.text).toContain('Vi har fått ditt meddelande');
    for (const part of [receipt.text, receipt.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('You won');
      expect(part).not.toContain('{{');
    }
    // Negative control: the organisation's copy does carry the text, to answer it.
    const support = mail.find((m) => m.to.includes('support@org.example') && m.text.includes('You won'));
    expect(support?.text).toContain('https://evil.example/claim');
  });

  it('migration 043 gives a stored receipt that still quotes the message the fixed text, and leaves an edited one alone', async () => {
    const migration = readFileSync(
      new URL('../migrations/043_contact_receipt_fixed.sql', import.meta.url),
      'utf8',
    );
    const body = async () =>
      (
        await app.db.sql<
          { sv: string; en: string }[]
        >`SELECT sv, en FROM copy WHERE key = 'email.contactReceipt.body'`
      )[0]!;
    const fixed = await body();
    expect(fixed.sv).not.toContain('{{contactMessage}}');
    try {
      await app.db
        .sql`UPDATE copy SET sv = 'Ditt meddelande: {{contactMessage}}' WHERE key = 'email.contactReceipt.body'`;
      await app.db.sql.unsafe(migration);
      expect(await body()).toEqual(fixed);
      await app.db.sql`UPDATE copy SET sv = 'Tack, vi svarar snart.' WHERE key = 'email.contactReceipt.body'`;
      await app.db.sql.unsafe(migration);
      expect((await body()).sv).toBe('Tack, vi svarar snart.');
    } finally {
      await app.db
        .sql`UPDATE copy SET sv = ${fixed.sv}, en = ${fixed.en} WHERE key = 'email.contactReceipt.body'`;
    }
  });
});
