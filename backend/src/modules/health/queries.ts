import type { Queryable } from '../../db/connect.js';

/** Answers when the database does; throws when it cannot be reached. */
export async function pingDatabase(sql: Queryable): Promise<void> {
  await sql`SELECT 1`;
}

/** The newest migration applied to the database (0 before any). */
export async function appliedMigrationVersion(sql: Queryable): Promise<number> {
  const [row] = await sql<{ version: number | null }[]>`
    SELECT max(version) AS version
    FROM schema_migrations`;
  return row?.version ?? 0;
}
