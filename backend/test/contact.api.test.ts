// Issue 29 §6: the contact form delivers — to the support mailbox through the outbox, with a receipt
// to the sender — and says "sent" only then; bad input is refused and nothing is queued.
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
        vars: { contactMessage: 'Kan jag ta med en ledsagare?' },
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
});
