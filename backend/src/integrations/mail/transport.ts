import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';

export type MailTransport = Transporter<SMTPPool.SentMessageInfo>;

/**
 * An SMTP transport for the outbox worker (`smtp://…` or `smtps://user:pass@host:465`).
 * Pooled: the worker's e-mails go over one connection kept open (up to `MAX_MESSAGES` each)
 * instead of a connection, TLS handshake, greeting and login per message. A relay pauses before
 * its greeting (against early talkers: smtp-server, the demo's mailbox, 100 ms; Postfix's
 * postscreen seconds), so one connection per message sent about 9 a second, and a rush's
 * confirmations fell further behind its sign-ups every second (bench:rush, 1 000 sign-ups in
 * 60 s: 540 sent by its end, p50 16 s and p99 30 s from the sign; pooled: all 1 000, p50 0.6 s,
 * p99 1.1 s). Short timeouts: a slow or dead server fails the attempt quickly, and the outbox
 * retries it, rather than holding a worker's claim; an idle connection the server closes is
 * opened again for the next message.
 */
export function createMailTransport(options: { smtpUrl: string }): MailTransport {
  return nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    // The worker sends one e-mail at a time (worker.ts): one connection carries them all.
    maxConnections: 1,
    maxMessages: MAX_MESSAGES,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Nodemailer's own logger would print envelopes (addresses); the worker logs outbox ids.
    logger: false,
    debug: false,
  } satisfies SMTPPool.Options);
}

/** Messages one connection carries before it is replaced (nodemailer's default; relays limit a session). */
const MAX_MESSAGES = 100;
