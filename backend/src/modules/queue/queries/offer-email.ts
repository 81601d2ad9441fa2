import type { Queryable } from '../../../db/connect.js';

/** The address the offer of this queue entry was sent to (the visitor's offer page fills it in). */
export async function offeredEmail(sql: Queryable, entryId: string): Promise<string | undefined> {
  const [row] = await sql<{ email: string }[]>`SELECT email FROM queue_entries WHERE id = ${entryId}`;
  return row?.email;
}
