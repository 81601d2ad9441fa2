// One e2e server (playwright.config.ts) as `npm run serve` runs it, on a database of its own:
// with TEST_DATABASE_URL, a fresh database of the given name on that PostgreSQL server (dropped
// when the server stops); without it, the embedded PGlite in DATA_DIR (slower: it serialises
// every transaction of the workers' journeys). Usage: node scripts/e2e-server.mjs <database name>
import { spawn } from 'node:child_process';
import postgres from 'postgres';

const name = process.argv[2];
const server = process.env.TEST_DATABASE_URL;
if (!name || !/^[a-z0-9_]+$/.test(name)) throw new Error(`a database name, not ${name}`);

let url;
if (server) {
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  url = new URL(server);
  url.pathname = `/${name}`;
}

const child = spawn(process.execPath, ['--import', 'tsx', 'backend/src/server.ts'], {
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
