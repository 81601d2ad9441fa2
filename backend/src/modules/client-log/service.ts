import type { Logger } from 'pino';
import type { Sql } from '../../db/connect.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';
import { insertClientLog, sessionNames } from './queries.js';
import { namePattern, redact, redactString } from './redact.js';

export interface ClientLogReport {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  source?: string;
  lineno?: number;
  colno?: number;
  url?: string;
  userAgent?: string;
  error?: unknown;
  globalState?: unknown;
}

/** The browsers' errors, kept for whoever debugs the front ends. */
export function createClientLogService({
  sql,
  log,
  protector,
}: {
  sql: Sql;
  log: Logger;
  protector?: Pick<PersonalDataProtector, 'unseal'>;
}) {
  /**
   * The names this session's visitor gave or BankID gave for them (the ticket's attendee, the
   * saved sign-up): what a report of theirs may carry in any text. A flow that cannot be read
   * (another key) adds nothing.
   */
  async function namesOf(sessionUid: string): Promise<string[]> {
    const known = await sessionNames(sql, sessionUid);
    const names: unknown[] = [known.firstName, known.lastName];
    if (known.flowSealed && protector) {
      try {
        const flow = JSON.parse(protector.unseal(known.flowSealed, SEALED_AT.sessionFlow(sessionUid))) as {
          person?: { firstName?: unknown; lastName?: unknown };
          authenticatedUser?: { givenName?: unknown; surname?: unknown; name?: unknown } | null;
        };
        names.push(
          flow.person?.firstName,
          flow.person?.lastName,
          flow.authenticatedUser?.givenName,
          flow.authenticatedUser?.surname,
          flow.authenticatedUser?.name,
        );
      } catch {
        // not readable: the ticket's names still count
      }
    }
    return names.filter((n): n is string => typeof n === 'string' && n !== '');
  }

  /**
   * Redacted before it is stored or logged: a browser's error or state may carry what the
   * visitor typed (personal numbers, accounts, e-mail, names), and that must never reach a log.
   * Names are redacted in personal fields, and, wherever they stand in any text, the names known
   * for the session (CONTRACT.md §2: names in the body are redacted). The query string of the
   * URL is dropped for the same reason.
   */
  async function record(report: ClientLogReport, sessionUid?: string): Promise<void> {
    const { level, message, source, lineno, colno, url, userAgent, error, globalState } = report;
    const names = sessionUid ? namePattern(await namesOf(sessionUid)) : undefined;
    const entry = {
      level,
      message: redactString(message, names),
      source: source && redactString(source, names),
      url: url && redactString(url.split('?')[0]!, names),
      userAgent,
      detail: redact({ lineno, colno, error, globalState }, 0, names) as Record<string, unknown>,
    };
    await insertClientLog(sql, entry);
    log.info({ clientLog: { level: entry.level, message: entry.message, url: entry.url } }, 'client log');
  }

  return { record };
}
export type ClientLogService = ReturnType<typeof createClientLogService>;
