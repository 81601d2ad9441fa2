import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { substituteCopy } from '@concert/shared/universal';
import type { Database } from '../src/db/connect.js';
import { migrate } from '../src/db/migrate.js';
import { createMailTransport } from '../src/integrations/mail/transport.js';
import { DEFAULT_COPY } from '../src/modules/copy/default-copy.js';
import { seedMissingCopy } from '../src/modules/copy/queries.js';
import {
  claimDueEmails,
  enqueueEmail,
  listOutbox,
  outboxStatus,
  type NewEmail,
} from '../src/modules/outbox/queries.js';
import {
  startOutboxWorker,
  type MailSender,
  type OutboxWorkerOptions,
} from '../src/modules/outbox/worker.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';
import { freshDatabase } from './harness.js';
import { decodeQr } from './qr.js';
import { ensureConcert } from '../src/modules/concert/seed.js';
import { admissionTexts, concertCopyVariables } from '../src/modules/concert/copy-variables.js';
import { publishedConcert } from '../src/modules/concert/records.js';

/** The stored concert's facts as the e-mails name them. */
const concertVars = async (lang: 'sv' | 'en') =>
  concertCopyVariables((await publishedConcert(db.sql))!, lang, await admissionTexts(db.sql));

const FROM = '"Rättighetsrörelsen" <noreply@org.example>';

interface Delivery {
  messageId: string | undefined;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** `text`: a calendar file's content. */
  attachments: {
    contentType: string;
    cid: string | undefined;
    size: number;
    content: Buffer;
    text?: string;
  }[];
}

/** A real SMTP server on 127.0.0.1 that records what it receives; it may refuse some recipients. */
async function startSmtp(options: { port?: number; refuse?: RegExp; delayMs?: number } = {}) {
  const deliveries: Delivery[] = [];
  /** Connections opened so far, and those still open. */
  const connections = { opened: 0, open: 0 };
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    closeTimeout: 500,
    onConnect(_session, callback) {
      connections.opened++;
      connections.open++;
      callback();
    },
    onClose() {
      connections.open--;
    },
    onRcptTo(address, _session, callback) {
      if (options.refuse?.test(address.address)) {
        callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream, { skipImageLinks: true })
        .then(async (mail) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          deliveries.push({
            messageId: mail.messageId,
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html || '',
            attachments: mail.attachments.map((a) => ({
              contentType: a.contentType,
              cid: a.cid,
              size: a.size,
              content: a.content,
              ...(a.contentType === 'text/calendar' ? { text: a.content.toString('utf8') } : {}),
            })),
          });
        })
        .then(() => callback(), callback);
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port that nothing listens on (SMTP down). */
async function deadPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Log lines, to check that no address ever reaches them. */
const logLines: string[] = [];
const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });

let db: Database;
const protector = createPersonalDataProtector(randomBytes(32));
let smtp: Awaited<ReturnType<typeof startSmtp>>;

function worker(overrides: Partial<OutboxWorkerOptions> & { smtpUrl?: string } = {}) {
  const { smtpUrl = smtp.url, ...rest } = overrides;
  return startOutboxWorker({
    sql: db.sql,
    transport: createMailTransport({ smtpUrl }),
    from: FROM,
    protector,
    log,
    autoStart: false,
    ...rest,
  });
}

function enqueue(email: Partial<NewEmail> = {}) {
  return enqueueEmail(db.sql, {
    to: 'anna@example.com',
    lang: 'sv',
    type: 'registeredNew',
    vars: { firstName: 'Anna' },
    ...email,
  });
}

const byMessageId = (id: string) => smtp.deliveries.filter((d) => d.messageId === `<${id}@org.example>`);

beforeAll(async () => {
  db = await freshDatabase();
  await migrate(db.sql);
  // The concert the e-mails name (a start stores one: modules/concert/seed.ts).
  await ensureConcert(db.sql, { demo: true, capacity: 10, holdMs: 15 * 60_000 });
  await seedMissingCopy(db.sql, DEFAULT_COPY);
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
  await db.close();
});
beforeEach(async () => {
  await db.sql`TRUNCATE email_outbox`;
  smtp.deliveries.length = 0;
});

describe('e-mail outbox', () => {
  it('sends one e-mail at a time, so a crash can repeat at most one (the one accepted but not yet recorded)', async () => {
    for (let i = 0; i < 6; i++) await enqueue({ to: `p${i}@example.com` });
    const real = createMailTransport({ smtpUrl: smtp.url });
    let sending = 0;
    let most = 0;
    const counting: MailSender = {
      sendMail: async (mail) => {
        most = Math.max(most, ++sending);
        try {
          return await real.sendMail(mail);
        } finally {
          sending--;
        }
      },
    };
    expect(await worker({ transport: counting }).runOnce()).toBe(6);
    expect(smtp.deliveries).toHaveLength(6);
    expect(most).toBe(1);
    real.close();
  });

  it('sends a batch over one connection kept open (no connection, greeting and login per e-mail), and closes it when it stops', async () => {
    for (let i = 0; i < 5; i++) await enqueue({ to: `k${i}@example.com` });
    const opened = smtp.connections.opened;
    const w = worker();
    expect(await w.runOnce()).toBe(5);
    expect(smtp.deliveries).toHaveLength(5);
    expect(smtp.connections.opened - opened).toBe(1);
    // Later e-mails go over the same connection.
    await enqueue({ to: 'later@example.com' });
    expect(await w.runOnce()).toBe(1);
    expect(smtp.connections.opened - opened).toBe(1);
    const open = smtp.connections.open;
    await w.stop();
    await expect.poll(() => smtp.connections.open).toBe(open - 1);
  });

  it('delivers an enqueued e-mail in its language, marked with the outbox id, and records it sent', async () => {
    // The confirmations state the mandate (issue 12): the sign supplies amount, draw day, first draw and bankgiro.
    const mandate = { drawDay: '28', bankgiro: '991-2346' };
    const sv = await enqueue({
      lang: 'sv',
      type: 'registeredNew',
      vars: { firstName: 'Åsa', amount: '150 kr', firstDrawDate: '28 december 2026', ...mandate },
    });
    const en = await enqueue({
      to: 'bob@example.com',
      lang: 'en',
      type: 'registeredMember',
      vars: { firstName: 'Bob', amount: 'SEK 275', firstDrawDate: '28 December 2026', ...mandate },
    });
    expect(sv.created).toBe(true);

    expect(await worker().runOnce()).toBe(2);

    const [svMail] = byMessageId(sv.id);
    expect(svMail).toMatchObject({
      to: ['anna@example.com'],
      subject: substituteCopy(DEFAULT_COPY['email.registeredNew.subject'].sv, 'sv', await concertVars('sv')),
    });
    expect(svMail!.text).toContain('Hej Åsa!');
    expect(svMail!.html).toContain('<p>Hej Åsa!</p>');
    expect(svMail!.text).not.toMatch(/\{\{|\}\}/);
    const [enMail] = byMessageId(en.id);
    expect(enMail).toMatchObject({
      to: ['bob@example.com'],
      subject: DEFAULT_COPY['email.registeredMember.subject'].en,
    });
    expect(enMail!.text).toContain('Hi Bob!');

    const state = await outboxStatus(db.sql, sv.id);
    expect(state).toMatchObject({ status: 'sent', attempts: 1, lastError: null, lockedUntil: null });
    expect(state!.sentAt).toBeInstanceOf(Date);
    expect(await worker().runOnce()).toBe(0);
  });

  it('sends the ticket e-mail with the code, the ticket page as its first link, a QR code of the scan URL (clicked: the ticket page), and a calendar file linking the ticket page', async () => {
    const { id } = await enqueue({
      lang: 'en',
      type: 'finalTicket',
      vars: {
        firstName: 'Anna',
        ticketId: 'a1b2c3d4',
        scanUrl: 'https://concert.example/admin/scan/a1b2c3d4',
      },
    });
    await worker().runOnce();
    const [mail] = byMessageId(id);
    expect(mail!.subject).toBe(
      substituteCopy(DEFAULT_COPY['email.finalTicket.subject'].en, 'en', await concertVars('en')),
    );
    expect(mail!.text).toContain('\na1b2c3d4\n');
    expect(mail!.attachments).toHaveLength(2);
    const [qr, calendar] = mail!.attachments;
    expect(qr!.contentType).toBe('image/png');
    expect(qr!.size).toBeGreaterThan(100);
    // The QR picture encodes the door's scan address; clicked, it opens the visitor's ticket page.
    expect(await decodeQr(qr!.content)).toBe('https://concert.example/admin/scan/a1b2c3d4');
    expect(mail!.html).toContain(
      `<a href="https://concert.example/en/ticket/a1b2c3d4"><img src="cid:${qr!.cid}"`,
    );
    // The first link of each part is the visitor's ticket page.
    expect(/<a href="([^"]+)"/.exec(mail!.html)?.[1]).toBe('https://concert.example/en/ticket/a1b2c3d4');
    expect(/https?:\/\/\S+/.exec(mail!.text)?.[0]).toBe('https://concert.example/en/ticket/a1b2c3d4');
    expect(mail!.html).toMatch(
      /<p><a href="https:\/\/concert\.example\/admin\/scan\/a1b2c3d4" style="[^"]*word-break:break-all[^"]*">https:\/\/concert\.example\/admin\/scan\/a1b2c3d4<\/a><\/p>/,
    );
    expect(mail!.text).toContain('\nhttps://concert.example/admin/scan/a1b2c3d4\n');
    expect(calendar!.contentType).toBe('text/calendar');
    expect(calendar!.size).toBeGreaterThan(200);
    const ics = calendar!.text!.replace(/\r\n /g, '');
    expect(ics).toContain('\r\nURL:https://concert.example/en/ticket/a1b2c3d4\r\n');
    expect(ics).not.toContain('/admin/');
  });

  it('shows the organisation’s logo from the site’s own files, its name as the alt text, no attachment more', async () => {
    const { id } = await enqueue({ type: 'queueConfirmation', lang: 'en', vars: { firstName: 'Anna' } });
    await worker({ publicUrl: 'https://concert.example' }).runOnce();
    const [mail] = byMessageId(id);
    expect(mail!.html).toMatch(
      /<img src="https:\/\/concert\.example\/media\/logo-v1\.png" alt="[^"]+" width="40" height="40"/,
    );
    expect(mail!.attachments).toHaveLength(0);
  });

  it('escapes values in the HTML part and offers the recipient as {{email}} without storing it twice', async () => {
    const { id } = await enqueue({
      type: 'queueConfirmation',
      lang: 'sv',
      vars: { firstName: '<b>Bo</b> & co', email: 'other@example.com' },
    });
    const [row] = await db.sql<
      { vars: Record<string, unknown> }[]
    >`SELECT vars FROM email_outbox WHERE id = ${id}`;
    expect(row!.vars).toEqual({ firstName: '<b>Bo</b> & co' });

    await worker().runOnce();
    const [mail] = byMessageId(id);
    expect(mail!.subject).toBe(
      substituteCopy(DEFAULT_COPY['email.queueConfirmation.subject'].sv, 'sv', await concertVars('sv')),
    );
    expect(mail!.text).toContain('Hej <b>Bo</b> & co!');
    expect(mail!.text).toContain('anna@example.com');
    expect(mail!.html).toContain('Hej &#60;b&#62;Bo&#60;/b&#62; &#38; co!');
    expect(mail!.html).not.toContain('<b>Bo');
  });

  it('enqueues one e-mail per dedupe key, and sends it once', async () => {
    const first = await enqueue({ dedupeKey: 'registeredNew:ticket-1' });
    const again = await enqueue({ dedupeKey: 'registeredNew:ticket-1', vars: { firstName: 'Someone else' } });
    expect(again).toEqual({ id: first.id, created: false });
    const [{ count }] = await db.sql<[{ count: number }]>`SELECT count(*)::int AS count FROM email_outbox`;
    expect(count).toBe(1);

    await worker().runOnce();
    await enqueue({ dedupeKey: 'registeredNew:ticket-1' });
    await worker().runOnce();
    expect(smtp.deliveries).toHaveLength(1);
    expect(smtp.deliveries[0]!.text).toContain('Hej Anna!');
  });

  it('enqueues inside the caller’s transaction: a rolled-back event leaves no e-mail', async () => {
    const committed = await db.sql.begin((tx) =>
      enqueueEmail(tx, { to: 'anna@example.com', lang: 'sv', type: 'finalTicket', dedupeKey: 'tx:1' }),
    );
    await expect(
      db.sql.begin(async (tx) => {
        await enqueueEmail(tx, {
          to: 'anna@example.com',
          lang: 'sv',
          type: 'finalTicket',
          dedupeKey: 'tx:2',
        });
        throw new Error('business rule refused');
      }),
    ).rejects.toThrow('business rule refused');
    expect((await listOutbox(db.sql, 10)).map((e) => e.id)).toEqual([committed.id]);
  });

  it('records the error and retries after the back-off when SMTP is down, then sends exactly once', async () => {
    const port = await deadPort();
    const retryMs = 500;
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${port}`, backoffMs: () => retryMs });
    const { id } = await enqueue({ to: 'down@example.com' });
    const failedAt = Date.now();

    expect(await w.runOnce()).toBe(1);
    const failed = await outboxStatus(db.sql, id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lockedUntil: null, sentAt: null });
    expect(failed!.lastError).toMatch(/ECONNREFUSED/);
    expect(failed!.lastError).not.toMatch(/@|127\.0\.0\.1/);
    expect(failed!.nextAttemptAt!.getTime()).toBeGreaterThan(failedAt);
    expect(await w.runOnce()).toBe(0); // not due yet

    const back = await startSmtp({ port });
    try {
      await new Promise((resolve) => setTimeout(resolve, retryMs + 100));
      expect(await w.runOnce()).toBe(1);
      expect(await w.runOnce()).toBe(0);
      expect(back.deliveries.filter((d) => d.messageId === `<${id}@org.example>`)).toHaveLength(1);
      expect(await outboxStatus(db.sql, id)).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await back.close();
    }
  });

  it('gives up after maxAttempts', async () => {
    const w = worker({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, backoffMs: () => 0, maxAttempts: 2 });
    const { id } = await enqueue();
    await w.runOnce();
    expect(await outboxStatus(db.sql, id)).toMatchObject({ status: 'pending', attempts: 1 });
    await w.runOnce();
    expect(await outboxStatus(db.sql, id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
    });
    expect(await w.runOnce()).toBe(0);
  });

  it('gives up at once when the server refuses the recipient for good, recording only the code', async () => {
    const strict = await startSmtp({ refuse: /^nobody@/ });
    try {
      const { id } = await enqueue({ to: 'nobody@example.com' });
      await worker({ smtpUrl: strict.url }).runOnce();
      expect(await outboxStatus(db.sql, id)).toMatchObject({
        status: 'failed',
        attempts: 1,
        lastError: 'EENVELOPE 550',
        nextAttemptAt: null,
      });
    } finally {
      await strict.close();
    }
  });

  it('never sends an e-mail twice when two workers run on the same outbox', async () => {
    const slow = await startSmtp({ delayMs: 5 });
    try {
      const ids = [];
      for (let i = 0; i < 30; i++)
        ids.push((await enqueue({ to: `person${i}@example.com`, vars: { firstName: `P${i}` } })).id);
      const options = { smtpUrl: slow.url, autoStart: true, intervalMs: 5, batch: 4 };
      const workers = [worker(options), worker(options)];
      const deadline = Date.now() + 20_000;
      for (;;) {
        const [{ open }] = await db.sql<
          [{ open: number }]
        >`SELECT count(*)::int AS open FROM email_outbox WHERE status <> 'sent'`;
        if (open === 0 || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await Promise.all(workers.map((w) => w.stop()));

      const perMessage = new Map<string, number>();
      for (const d of slow.deliveries)
        perMessage.set(d.messageId ?? '', (perMessage.get(d.messageId ?? '') ?? 0) + 1);
      expect([...perMessage.keys()].sort()).toEqual(ids.map((id) => `<${id}@org.example>`).sort());
      expect([...perMessage.values()].every((n) => n === 1)).toBe(true);
      const [{ attempts }] = await db.sql<
        [{ attempts: number }]
      >`SELECT sum(attempts)::int AS attempts FROM email_outbox`;
      expect(attempts).toBe(30);
    } finally {
      await slow.close();
    }
  });

  it('takes over an e-mail whose worker died mid-send once its claim has run out, and not before', async () => {
    const { id } = await enqueue();
    const [claimed] = await claimDueEmails(db.sql, 10, 60_000); // a worker claims it, then dies
    expect(claimed!.id).toBe(id);
    expect(await outboxStatus(db.sql, id)).toMatchObject({ status: 'sending', attempts: 1 });

    expect(await worker().runOnce()).toBe(0);
    await db.sql`UPDATE email_outbox SET locked_until = now() - interval '1 second' WHERE id = ${id}`;
    expect(await worker().runOnce()).toBe(1);
    expect(byMessageId(id)).toHaveLength(1);
    expect(await outboxStatus(db.sql, id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('logs outbox ids, never addresses', () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).toContain('"outboxId"');
    expect(logLines.join('\n')).not.toMatch(/[\w.-]+@example\.com/);
  });
});
