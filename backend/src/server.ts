import { fileURLToPath } from 'node:url';
import { startApp } from './compose.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { createLogger } from './logger.js';
import { errorFields } from './http/request-log.js';
import { loadSecret } from './modules/session/secret.js';
import { createPersonalDataProtector } from './privacy/personal-data.js';
import { createSessionTokens } from './modules/session/tokens.js';
import { prepareDatabase } from './prepare-database.js';

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  // Whatever escapes every handler is one JSON line too (class, code, message), then the process
  // ends as Node would have ended it; never a multi-line stack on stderr.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.on(event, (err: unknown) => {
      log.fatal({ error: errorFields(err) }, event);
      process.exit(1);
    });
  }
  const db = await openDatabase(config);
  const protector = createPersonalDataProtector(await loadSecret(config.piiKey, config.dataDir, 'pii-key'));
  const prepared = await prepareDatabase(db.sql, config, protector);
  const tokens = createSessionTokens(
    await loadSecret(config.sessionSecret, config.dataDir, 'session-secret'),
  );
  const running = await startApp({ config, sql: db.sql, log, tokens, protector, webRoot: WEB_ROOT });
  log.info(
    {
      port: config.port,
      mode: config.demo ? 'demo' : 'production',
      database: config.databaseUrl ? 'server' : 'embedded',
      ...prepared,
    },
    `listening on http://localhost:${config.port}`,
  );
  if (
    config.databaseUrl &&
    (prepared.timeouts.statement === '0' || prepared.timeouts.idleInTransaction === '0')
  ) {
    log.warn(
      { timeouts: prepared.timeouts },
      'the database sessions have no statement_timeout or idle_in_transaction_session_timeout: behind PgBouncer set them with connect_query (deploy/pgbouncer.ini) or on the role',
    );
  }
  if (prepared.concert.envIgnored)
    log.warn(
      'SALES_OPEN_AT, SALES_CLOSE_AT and CONCERT_CAPACITY are ignored: the concert is stored, and the office sets it on /admin/concert',
    );
  let stopping = false;
  // Graceful: readiness 503 at once, requests in flight finish (up to SHUTDOWN_GRACE_MS), the
  // outbox finishes its batch, the pool closes, exit 0. A second signal stops at once.
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    const started = Date.now();
    void running
      .close({ graceMs: config.shutdownGraceMs })
      .then(({ cut }) => log.info({ ms: Date.now() - started, cut }, 'stopped'))
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ error: errorFields(err) }, 'stopping failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `start-up failed: ${(err as Error).message}`);
  process.exit(1);
});
