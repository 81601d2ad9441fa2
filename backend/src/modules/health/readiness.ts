import type { Sql } from '../../db/connect.js';
import { appliedMigrationVersion, pingDatabase } from './queries.js';

/** What readiness asks of the process besides the database: the migrations it expects, and that it is not stopping. */
export interface Readiness {
  expectedMigration: () => Promise<number>;
  stopping: () => boolean;
}

/** How the process is: `ok`, or why not. */
export interface Health {
  ok: boolean;
  reason?: 'stopping' | 'migrations' | 'database';
}

/** Whether the database answers. */
export async function databaseHealth(sql: Sql): Promise<Health> {
  return pingDatabase(sql).then(
    () => ({ ok: true }),
    () => ({ ok: false }),
  );
}

/** Ready: the database answers and has every migration this code expects, and the process is not stopping. */
export async function readinessHealth(sql: Sql, readiness: Readiness): Promise<Health> {
  if (readiness.stopping()) return { ok: false, reason: 'stopping' };
  try {
    const [applied, expected] = await Promise.all([
      appliedMigrationVersion(sql),
      readiness.expectedMigration(),
    ]);
    return applied < expected ? { ok: false, reason: 'migrations' } : { ok: true };
  } catch {
    return { ok: false, reason: 'database' };
  }
}
