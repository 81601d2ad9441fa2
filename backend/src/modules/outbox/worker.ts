import { getSystemErrorName } from 'node:util';
import type Mail from 'nodemailer/lib/mailer';
import type { Logger } from 'pino';
import { claimDueEmails, markFailed, markSent, type ClaimedEmail, type Queryable } from './queries.js';
import { renderEmail } from './templates.js';
import { openDoorCodeVars } from './door-code-vars.js';
import type { PersonalDataProtector } from '../../privacy/personal-data.js';

/** What the worker needs of a nodemailer transporter. */
export interface MailSender {
  sendMail(mail: Mail.Options): Promise<unknown>;
  /** Closes the connections it keeps open (a pooled transport); the worker calls it when it stops. */
  close?(): void;
}

export interface OutboxWorkerOptions {
  sql: Queryable;
  transport: MailSender;
  /** The From header, e.g. `"Rättighetsrörelsen" <noreply@org.example>`. */
  from: string;
  /** The site's public address (PUBLIC_URL), for the e-mails' logo. */
  publicUrl?: string;
  /** Opens the door codes the outbox keeps sealed (door-code-vars.ts). */
  protector: Pick<PersonalDataProtector, 'unseal'>;
  log: Logger;
  /** Pause between polls when the outbox had no full batch due. */
  intervalMs?: number;
  /** E-mails claimed (and sent side by side) per poll. */
  batch?: number;
  /** How long a claim lasts; past it, another worker takes the e-mail over (this one is presumed dead). */
  lockMs?: number;
  /** Wait before the next attempt, given the attempts made so far. */
  backoffMs?: (attempt: number) => number;
  /** Attempts after which an e-mail is given up (status failed). */
  maxAttempts?: number;
  /** false: no polling, only `runOnce` (tests). */
  autoStart?: boolean;
}

export interface OutboxWorker {
  /** Stops polling, waits for the e-mails in flight, then closes the transport's connections. */
  stop(): Promise<void>;
  /** Claims and sends one batch; resolves to the number of e-mails claimed. */
  runOnce(): Promise<number>;
}

const SECOND = 1000;

export const defaultBackoffMs = (attempt: number): number =>
  Math.min(2 ** attempt * 5 * SECOND, 10 * 60 * SECOND);

/**
 * Sends the outbox: claims due e-mails, renders them from the copy, sends them and marks them
 * sent, or schedules the next attempt. The claim keeps two workers from sending one e-mail at
 * the same time; an e-mail whose worker died is sent again after its claim runs out (at least
 * once), with the same Message-ID so a duplicate is recognisable.
 */
export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    sql,
    transport,
    from,
    publicUrl,
    protector,
    log,
    intervalMs = SECOND,
    batch = 10,
    lockMs = 60 * SECOND,
    backoffMs = defaultBackoffMs,
    maxAttempts = 10,
    autoStart = true,
  } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  async function deliver(email: ClaimedEmail): Promise<void> {
    try {
      const mail = await renderEmail(sql, {
        type: email.emailType,
        lang: email.lang,
        vars: openDoorCodeVars(protector, publicUrl ?? '', email.vars),
        to: email.toEmail,
        publicUrl,
      });
      if (mail.missingVariables.length > 0) {
        log.warn(
          { outboxId: email.id, type: email.emailType, variables: mail.missingVariables },
          'e-mail text has variables nobody supplied',
        );
      }
      await transport.sendMail({
        from,
        to: email.toEmail,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        messageId: outboxMessageId(email.id, from),
        headers: { 'Auto-Submitted': 'auto-generated' },
      });
    } catch (err) {
      await recordFailure(email, err);
      return;
    }
    try {
      await markSent(sql, email.id);
      log.info({ outboxId: email.id, type: email.emailType, attempts: email.attempts }, 'e-mail sent');
    } catch (err) {
      // Sent but not recorded: the claim runs out and it goes again, same Message-ID.
      log.error({ outboxId: email.id, error: errorCode(err) }, 'e-mail sent but not marked sent');
    }
  }

  async function recordFailure(email: ClaimedEmail, err: unknown): Promise<void> {
    const error = errorCode(err);
    const giveUp = email.attempts >= maxAttempts || isPermanentRejection(err);
    const nextAttemptAt = giveUp ? null : new Date(Date.now() + backoffMs(email.attempts));
    try {
      await markFailed(sql, email.id, error, nextAttemptAt);
    } catch (markErr) {
      log.error({ outboxId: email.id, error: errorCode(markErr) }, 'e-mail failure not recorded');
      return;
    }
    if (giveUp)
      log.error(
        { outboxId: email.id, type: email.emailType, attempts: email.attempts, error },
        'e-mail given up',
      );
    else
      log.warn(
        { outboxId: email.id, type: email.emailType, attempts: email.attempts, error, nextAttemptAt },
        'e-mail not sent; will retry',
      );
  }

  /**
   * One claim of up to `batch` e-mails, sent one after another: each is marked sent right after
   * the SMTP server accepts it, so a crash can repeat at most the one e-mail between acceptance
   * and that record (sent side by side, it was up to a whole batch). Workers in other processes
   * send in parallel with this one, each its own claim.
   */
  async function runOnce(): Promise<number> {
    const claimed = await claimDueEmails(sql, batch, lockMs);
    for (const email of claimed) await deliver(email);
    return claimed.length;
  }

  async function poll(): Promise<void> {
    let claimed = 0;
    try {
      claimed = await runOnce();
    } catch (err) {
      log.error({ error: errorCode(err) }, 'outbox poll failed');
    }
    // A full batch suggests more are due: go again at once.
    schedule(claimed >= batch ? 0 : intervalMs);
  }

  function schedule(delayMs: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      inFlight = poll();
    }, delayMs);
    timer.unref();
  }

  if (autoStart) schedule(0);

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await inFlight;
      transport.close?.();
    },
  };
}

/** `<outbox id@sender's domain>`: every attempt of one outbox row carries the same Message-ID. */
export function outboxMessageId(id: string, from: string): string {
  return `<${id}@${senderDomain(from)}>`;
}

function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'outbox.invalid';
}

/**
 * A short error for the outbox row and the log: nodemailer's code, the system error and the
 * SMTP reply code (e.g. 'ESOCKET ECONNREFUSED', 'EENVELOPE 550'). Never the message: server
 * replies quote addresses.
 */
export function errorCode(err: unknown): string {
  const e = (err ?? {}) as { code?: unknown; errno?: unknown; responseCode?: unknown };
  const parts: string[] = [];
  if (typeof e.code === 'string' && /^[A-Z0-9_]{1,40}$/.test(e.code)) parts.push(e.code);
  const systemError = systemErrorName(e.errno);
  if (systemError && !parts.includes(systemError)) parts.push(systemError);
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  return parts.length > 0 ? parts.join(' ') : 'EUNKNOWN';
}

function systemErrorName(errno: unknown): string | undefined {
  if (typeof errno !== 'number' || errno >= 0) return undefined;
  try {
    return getSystemErrorName(errno);
  } catch {
    return undefined;
  }
}

/** The server refused the recipient for good (5xx): retrying cannot help. */
function isPermanentRejection(err: unknown): boolean {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}
