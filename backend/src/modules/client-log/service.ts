import type { Logger } from 'pino';
import type { Sql } from '../../db/connect.js';
import { insertClientLog } from './queries.js';
import { redact, redactText } from './redact.js';

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
export function createClientLogService({ sql, log }: { sql: Sql; log: Logger }) {
  /**
   * Redacted before it is stored or logged: a browser's error or state may carry what the
   * visitor typed (personal numbers, accounts, e-mail), and that must never reach a log. The
   * query string of the URL is dropped for the same reason.
   */
  async function record(report: ClientLogReport): Promise<void> {
    const { level, message, source, lineno, colno, url, userAgent, error, globalState } = report;
    const entry = {
      level,
      message: redactText(message),
      source: source && redactText(source),
      url: url && redactText(url.split('?')[0]!),
      userAgent,
      detail: redact({ lineno, colno, error, globalState }) as Record<string, unknown>,
    };
    await insertClientLog(sql, entry);
    log.info({ clientLog: { level: entry.level, message: entry.message, url: entry.url } }, 'client log');
  }

  return { record };
}
export type ClientLogService = ReturnType<typeof createClientLogService>;
