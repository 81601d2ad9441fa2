import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { migrate } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database with every migration applied, which startTestApp's databases are copies of. */
    templateDatabase: string | undefined;
  }
}

/**
 * The API suite's global setup: with TEST_DATABASE_URL, migrates one database for the run, and
 * every app's fresh database is a copy of it (CREATE DATABASE … TEMPLATE, a fraction of a second)
 * instead of running the migrations again (1–2 s each, ~80 times a run). The app's start still runs
 * migrate(), which finds them all applied; tests of migrating an empty database use freshDatabase()
 * without a template. Dropped at the end.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL;
  project.provide('templateDatabase', undefined);
  if (!server) return;
  const name = `concert_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sql = postgres(url.href, { max: 1, onnotice: () => {} });
  try {
    await migrate(sql);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await sql.end();
  }
  project.provide('templateDatabase', name);
  return async () => {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
