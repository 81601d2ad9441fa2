import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './connect.js';

/** backend/migrations, from the source (backend/src/db/) and from the built server (backend/dist/) alike. */
const MIGRATIONS_DIR = path.join(backendRoot(fileURLToPath(import.meta.url)), 'migrations');

function backendRoot(file: string): string {
  const at = file.lastIndexOf(`${path.sep}backend${path.sep}`);
  return at >= 0 ? file.slice(0, at + '/backend'.length) : path.resolve(path.dirname(file), '../..');
}
const MIGRATION_LOCK = 724_001;

/** The version the code expects: the highest numbered SQL file it ships. */
export async function expectedMigrationVersion(): Promise<number> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f));
  return Math.max(0, ...files.map((f) => Number(f.slice(0, 3))));
}

/** Applies the numbered SQL files not yet applied, in order, in one transaction under an advisory lock (several servers may start at once). */
export async function migrate(sql: Sql): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{3}_.+\.sql$/.test(f)).sort();
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version INT PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
      )`;
    const done = new Set(
      (await tx<{ version: number }[]>`SELECT version FROM schema_migrations`).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      await tx.unsafe(await readFile(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx`INSERT INTO schema_migrations (version, name) VALUES (${version}, ${file})`;
      applied.push(file);
    }
    return applied;
  });
}
