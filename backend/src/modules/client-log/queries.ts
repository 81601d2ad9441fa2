import type { Queryable } from '../../db/connect.js';

/** A browser's error as stored: already redacted (client-log/redact.ts). */
export interface ClientLogEntry {
  level: string;
  message: string;
  source?: string;
  url?: string;
  userAgent?: string;
  detail: Record<string, unknown>;
}

export async function insertClientLog(sql: Queryable, entry: ClientLogEntry): Promise<void> {
  await sql`
    INSERT INTO client_log (level, message, source, url, user_agent, detail)
    VALUES (${entry.level}, ${entry.message}, ${entry.source ?? null}, ${entry.url ?? null}, ${entry.userAgent ?? null}, ${sql.json(entry.detail as never)})`;
}
