import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devMailRoutes } from './dev-mailbox-routes.js';
import { startDevMailbox, type DevMailbox } from './dev-mailbox.js';
import { createMailTransport } from './transport.js';

// A 1×1 transparent PNG, enough to prove an inline image arrives.
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let dataDir: string;
let mailbox: DevMailbox | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'dev-mailbox-'));
});
afterEach(async () => {
  await mailbox?.close();
  mailbox = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

function send(smtpUrl: string, subject: string, extra: { html?: string; withImage?: boolean } = {}) {
  return createMailTransport({ smtpUrl }).sendMail({
    from: '"Konserten" <noreply@org.example>',
    to: 'anna@example.com',
    subject,
    text: 'Hej Anna!\n\nVälkommen.',
    html: extra.html,
    messageId: `<${subject.replace(/\W/g, '')}@org.example>`,
    attachments: extra.withImage
      ? [{ filename: 'ticket-qr.png', content: PIXEL_PNG, contentType: 'image/png', cid: 'qr@test' }]
      : [],
  });
}

describe('dev mailbox', () => {
  it('receives a message sent over SMTP and lists it', async () => {
    mailbox = await startDevMailbox({ dataDir });
    expect(mailbox.smtpUrl).toBe(`smtp://127.0.0.1:${mailbox.port}`);
    await send(mailbox.smtpUrl, 'Din biljett', {
      html: '<p>Hej</p><img src="cid:qr@test">',
      withImage: true,
    });

    const [mail, ...rest] = await mailbox.list();
    expect(rest).toEqual([]);
    expect(mail).toMatchObject({
      messageId: '<Dinbiljett@org.example>',
      to: ['anna@example.com'],
      from: '"Konserten" <noreply@org.example>',
      subject: 'Din biljett',
      text: 'Hej Anna!\n\nVälkommen.',
    });
    expect(mail!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(mail!.date))).toBe(false);
    expect(mail!.attachments).toEqual([
      {
        filename: 'ticket-qr.png',
        contentType: 'image/png',
        cid: 'qr@test',
        size: PIXEL_PNG.length,
        content: PIXEL_PNG.toString('base64'),
      },
    ]);
    // The inline image shows in the stored HTML without the attachment.
    expect(mail!.html).toContain('data:image/png;base64,');
  });

  it('keeps the mails in <dataDir>/mailbox.jsonl across a restart, newest first', async () => {
    mailbox = await startDevMailbox({ dataDir });
    await send(mailbox.smtpUrl, 'First');
    await mailbox.close();

    mailbox = await startDevMailbox({ dataDir });
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(['First']);
    await send(mailbox.smtpUrl, 'Second');
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(['Second', 'First']);

    const lines = (await readFile(path.join(dataDir, 'mailbox.jsonl'), 'utf8')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).subject)).toEqual(['First', 'Second']);
  });

  it('lists nothing for a new data dir and skips a line cut short by a crash', async () => {
    mailbox = await startDevMailbox({ dataDir });
    expect(await mailbox.list()).toEqual([]);
    await send(mailbox.smtpUrl, 'Whole');
    await appendFile(path.join(dataDir, 'mailbox.jsonl'), '{"id":"cut');
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(['Whole']);
  });

  it('keeps every message when several arrive at once', async () => {
    mailbox = await startDevMailbox({ dataDir });
    const url = mailbox.smtpUrl;
    await Promise.all(Array.from({ length: 8 }, (_, i) => send(url, `Mail ${i}`)));
    expect((await mailbox.list()).map((m) => m.subject).sort()).toEqual(
      Array.from({ length: 8 }, (_, i) => `Mail ${i}`).sort(),
    );
  });

  it('serves GET /dev/mail as a JSON list, never cached', async () => {
    mailbox = await startDevMailbox({ dataDir });
    await send(mailbox.smtpUrl, 'Listed');
    const app = new Koa();
    const router = devMailRoutes(mailbox);
    app.use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/dev/mail`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = (await res.json()) as { subject: string }[];
      expect(body.map((m) => m.subject)).toEqual(['Listed']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
