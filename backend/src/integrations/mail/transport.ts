import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export type MailTransport = Transporter<SMTPTransport.SentMessageInfo>;

/**
 * An SMTP transport for the outbox worker (`smtp://…` or `smtps://user:pass@host:465`).
 * One connection per message and short timeouts: a slow or dead server fails the attempt
 * quickly, and the outbox retries it, rather than holding a worker's claim.
 */
export function createMailTransport(options: { smtpUrl: string }): MailTransport {
  return nodemailer.createTransport({
    // No `pool`: the plain SMTP transport opens one connection per message.
    url: options.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    // Nodemailer's own logger would print envelopes (addresses); the worker logs outbox ids.
    logger: false,
    debug: false,
  });
}
