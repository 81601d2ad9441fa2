// The e2e run's servers (playwright.config.ts), started side by side: Playwright starts the entries
// of its webServer list one after another, each only once the one before answers, so seven servers
// took 7 × 4–6 s before the first test. This starts them all at once (scripts/e2e-server.mjs each,
// on a database of its own), prints "e2e servers ready" when every one answers /api/health (the
// line the config waits for), and on SIGTERM or SIGINT stops them all at once and waits for them
// (each drains, then its database is dropped).
// Usage: E2E_SERVERS='[{"port":8181,"database":"…","env":{…}},…]' node scripts/e2e-servers.mjs
// Outside CI a server already answering on its port is used as it is (as Playwright's
// reuseExistingServer did); on CI a port in use is an error.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import postgres from 'postgres';
import { tsImport } from 'tsx/esm/api';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (!servers.length) throw new Error('E2E_SERVERS lists no server');

/** Whether the server on `port` answers its health check (any answer but a refused connection). */
async function answers(port) {
  try {
    const response = await fetch(`http://localhost:${port}/api/health`);
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}

const children = [];
let stopping = false;

function stop(signal) {
  stopping = true;
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => stop(signal));

/** Output of one server, each line marked with its port. */
function relay(stream, port, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`[${port}] ${line}\n`);
  });
  stream.on('end', () => rest && out.write(`[${port}] ${rest}\n`));
}

async function start({ port, database, env }) {
  if (await answers(port)) {
    if (process.env.CI) throw new Error(`port ${port} is in use: stop what runs there first`);
    console.log(`[${port}] a server already answers: used as it is`);
    return;
  }
  await rm(env.DATA_DIR, { recursive: true, force: true });
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs', database], {
    env: { ...process.env, ...env, ...(template ? { E2E_TEMPLATE_DATABASE: template } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  relay(child.stdout, port, process.stdout);
  relay(child.stderr, port, process.stderr);
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  void exited.then((code) => {
    if (!stopping) console.error(`[${port}] the server stopped by itself (exit ${code})`);
  });
  for (;;) {
    const early = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 200))]);
    if (early !== undefined)
      throw new Error(`the server on port ${port} stopped while starting (exit ${early})`);
    if (await answers(port)) return;
  }
}

/**
 * With TEST_DATABASE_URL: one database migrated for the run (the backend's own migrate(), from
 * its source), which every server's database is a copy of (CREATE DATABASE … TEMPLATE), as the API
 * suite does (backend/test/template-database.ts): the migrations run once, not once a server.
 */
async function makeTemplate() {
  const server = process.env.TEST_DATABASE_URL;
  const runId = servers[0].database.split('_').pop();
  if (!server || !/^[a-z0-9]+$/.test(runId)) return undefined;
  const name = `concert_e2e_template_${runId}`;
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  const sql = postgres(url.href, { max: 1, onnotice: () => {} });
  try {
    const { migrate } = await tsImport('../backend/src/db/migrate.ts', import.meta.url);
    await migrate(sql);
  } finally {
    // A database anyone is connected to cannot be a template.
    await sql.end();
  }
  return name;
}

async function dropTemplate(name) {
  const admin = postgres(process.env.TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  await admin.end();
}

let template;
try {
  template = await makeTemplate();
  await Promise.all(servers.map(start));
  console.log('e2e servers ready');
} catch (error) {
  console.error(`e2e servers: ${error.message}`);
  stop('SIGTERM');
  process.exitCode = 1;
}

// Until every server has stopped (they stop on the signal Playwright sends at the end).
await Promise.all(
  children.map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.on('exit', resolve);
      }),
  ),
);
if (template) await dropTemplate(template);
