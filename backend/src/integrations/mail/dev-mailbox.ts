import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/** One message the dev mailbox received, as `GET /dev/mail` lists it. */
export interface DevMail {
  id: string;
  messageId: string | null;
  /** The envelope recipients: who the message was actually delivered to. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** Inline images (cid:) are turned into data: URLs, so the HTML shows as is. */
  html: string | null;
  /** ISO time from the Date header, else when it arrived. */
  date: string;
  /** Each attachment with its content in base64, as a mail client would read it (CONTRACT.md §4 "E-mail"). */
  attachments: {
    filename: string | null;
    contentType: string;
    cid: string | null;
    size: number;
    content: string;
  }[];
}

export interface DevMailbox {
  smtpUrl: string;
  port: number;
  /** Everything received in this data dir, newest first. */
  list(): Promise<DevMail[]>;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

/**
 * Demo mode's mail server: an SMTP server on 127.0.0.1 that accepts every message and keeps
 * it, one JSON line each, in `<dataDir>/mailbox.jsonl`, so the mails survive a restart. The
 * outbox worker sends to it through the same SMTP transport it uses in production.
 */
export async function startDevMailbox(options: { dataDir: string; port?: number }): Promise<DevMailbox> {
  await mkdir(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'mailbox.jsonl');
  // Appends one at a time so that concurrent deliveries never interleave their lines.
  let appending: Promise<void> = Promise.resolve();
  const keep = (mail: DevMail): Promise<void> => {
    appending = appending.then(() => appendFile(file, `${JSON.stringify(mail)}\n`, 'utf8'));
    return appending;
  };

  const server = new SMTPServer({
    // Plain SMTP, and any credentials are welcome: a transport configured with a user still delivers here.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'dev' });
    },
    banner: 'dev mailbox',
    size: MAX_MESSAGE_BYTES,
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      receive(stream, session)
        .then(keep)
        .then(
          () => callback(),
          (err: Error) => callback(err),
        );
    },
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    port,
    list: () => readMailbox(file),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await appending;
    },
  };
}

async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<DevMail> {
  const parsed = await simpleParser(stream);
  if (stream.sizeExceeded)
    throw Object.assign(new Error('Message too big for the dev mailbox'), { responseCode: 552 });
  return toDevMail(parsed, session);
}

function toDevMail(parsed: ParsedMail, session: SMTPServerSession): DevMail {
  const { mailFrom, rcptTo } = session.envelope;
  return {
    id: randomUUID(),
    messageId: parsed.messageId ?? null,
    to: rcptTo.map((r) => r.address),
    from: parsed.from?.text ?? (mailFrom ? mailFrom.address : ''),
    subject: parsed.subject ?? '',
    text: parsed.text ?? '',
    html: parsed.html || null,
    date: (parsed.date ?? new Date()).toISOString(),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? null,
      contentType: a.contentType,
      cid: a.cid ?? null,
      size: a.size,
      content: a.content.toString('base64'),
    })),
  };
}

async function readMailbox(file: string): Promise<DevMail[]> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const mails: DevMail[] = [];
  for (const line of content.split('\n')) {
    if (!line.trim()) continue;
    try {
      mails.push(JSON.parse(line) as DevMail);
    } catch {
      // A line cut short by a crash mid-write; the rest of the mailbox is still good.
    }
  }
  return mails.reverse();
}
