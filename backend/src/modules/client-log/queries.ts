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

/** What the server knows of the session's names: its ticket's attendee, and its sealed sign-up (60 min). */
export async function sessionNames(
  sql: Queryable,
  sessionUid: string,
): Promise<{ firstName: string | null; lastName: string | null; flowSealed: string | null }> {
  const [row] = await sql<{ firstName: string | null; lastName: string | null; flowSealed: string | null }[]>`
    SELECT (SELECT attendee_first_name FROM tickets WHERE holder_uid = ${sessionUid}) AS first_name,
           (SELECT attendee_last_name FROM tickets WHERE holder_uid = ${sessionUid}) AS last_name,
           (SELECT state_sealed FROM session_flows WHERE session_uid = ${sessionUid}) AS flow_sealed`;
  return row ?? { firstName: null, lastName: null, flowSealed: null };
}
