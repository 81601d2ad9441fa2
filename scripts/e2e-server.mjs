// One e2e server (playwright.config.ts) as production runs it (the built backend/dist/server.js),
// on a database of its own: with TEST_DATABASE_URL, a fresh database of the given name on that
// PostgreSQL server (dropped when the server stops); without it, the embedded PGlite in DATA_DIR (slower: it serialises
// every transaction of the workers' journeys). Usage: node scripts/e2e-server.mjs <database name>
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import postgres from 'postgres';

const name = process.argv[2];
const server = process.env.TEST_DATABASE_URL;
if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error(`a database name, not ${name}`);

let url;
if (server) {
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // A copy of the run's migrated database when scripts/e2e-servers.mjs made one (the server's
  // start then finds every migration applied), else an empty one the server migrates.
  const template = process.env.E2E_TEMPLATE_DATABASE;
  if (template && !/^[a-z0-9_]+$/.test(template))
    throw new Error(`a template database name, not ${template}`);
  await admin.unsafe(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  url = new URL(server);
  url.pathname = `/${name}`;
}

// The built server, as production runs it (README): it starts in about half the time tsx takes to
// load the sources, seven times at the start of every e2e run. `npm run build` makes it with the
// apps the tests need anyway; the start smoke test (scripts/start-smoke.mjs) runs `npm start`'s tsx.
const SERVER = 'backend/dist/server.js';
if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build first`);
const child = spawn(process.execPath, [SERVER], {
  env: url ? { ...process.env, DATABASE_URL: url.href } : process.env,
  stdio: 'inherit',
});
// Playwright stops its servers with SIGTERM to the whole group: the server drains, then the database goes.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', async (code, signal) => {
  if (server) {
    const admin = postgres(server, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  }
  process.exit(code ?? (signal ? 0 : 1));
});
