import { fileURLToPath } from 'node:url';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { defaultRemotes } from './http/web-apps.js';
import { createLogger } from './logger.js';
import { loadSessionSecret } from './modules/session/secret.js';
import { createSessionTokens } from './modules/session/tokens.js';
import { visitorCallables } from './modules/visitor-callables.js';
import { prepareDatabase } from './prepare-database.js';

const WEB_ROOT = fileURLToPath(new URL('../../', import.meta.url));

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const db = await openDatabase(config);
  const prepared = await prepareDatabase(db.sql, config);
  const tokens = createSessionTokens(await loadSessionSecret(config.sessionSecret, config.dataDir));
  const domain = visitorCallables({ sql: db.sql, config });
  const app = createApp({
    config,
    sql: db.sql,
    log,
    tokens,
    concertStatus: domain.concertStatus,
    callables: domain.callables,
    webRoot: WEB_ROOT,
    remotes: config.remotes ?? defaultRemotes(),
  });
  const server = app.listen(config.port, config.host, () => {
    log.info(
      { port: config.port, mode: config.demo ? 'demo' : 'production', database: config.databaseUrl ? 'server' : 'embedded', ...prepared },
      `listening on http://localhost:${config.port}`,
    );
  });
  server.requestTimeout = 30_000;
  const stop = () => {
    log.info('shutting down');
    server.close();
    void db.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('start-up failed:', (err as Error).message);
  }
  process.exit(1);
});
