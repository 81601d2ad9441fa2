import type { Queryable } from '../../db/connect.js';

/** Answers when the database does; throws when it cannot be reached. */
export async function pingDatabase(sql: Queryable): Promise<void> {
  await sql`SELECT 1`;
}
