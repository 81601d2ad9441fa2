import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';

export type Sql = postgres.Sql;
/** What query functions take: the pool's `sql` or a transaction's, so callers choose the transaction. */
export type Queryable = postgres.ISql;
export type TransactionSql = postgres.TransactionSql;

/**
 * What the pool's transactions wait for. postgres.js has no pool events and keeps its queues to
 * itself, so this watches `sql.begin()` only (the work that holds a connection for itself; single
 * statements are pipelined onto busy connections and rarely wait): how many are waiting for
 * their callback to start, how many are running, and each one's wait from the call until its
 * callback starts (a free connection, connecting if needed, and the BEGIN round trip).
 */
export interface PoolStats {
  max: number;
  waiting: number;
  active: number;
  /** Called with each transaction's wait in seconds (metrics set it). */
  onWait?: (seconds: number) => void;
}

const poolStats = new WeakMap<object, PoolStats>();
/** The stats of a pool opened by `openDatabase` (undefined for any other `sql`). */
export function poolStatsOf(sql: Sql): PoolStats | undefined {
  return poolStats.get(sql);
}

type Begin = (...args: unknown[]) => Promise<unknown>;
function watchTransactions(sql: Sql, max: number): Sql {
  const stats: PoolStats = { max, waiting: 0, active: 0 };
  const begin = (sql.begin as unknown as Begin).bind(sql);
  (sql as unknown as { begin: Begin }).begin = (...args) => {
    const fn = args.pop() as (tx: unknown) => unknown;
    const asked = performance.now();
    let started = false;
    stats.waiting++;
    return begin(...args, (tx: unknown) => {
      started = true;
      stats.waiting--;
      stats.active++;
      stats.onWait?.((performance.now() - asked) / 1000);
      return fn(tx);
    }).finally(() => {
      if (started) stats.active--;
      else stats.waiting--;
    });
  };
  poolStats.set(sql, stats);
  return sql;
}

export interface Database {
  sql: Sql;
  close(): Promise<void>;
}

/** Server pool: 16 measured best on 2 cores (bench:register: 10 → 1591/s, 16 → 1717/s, 32 → no better). */
export const POOL_SIZE = 16;

const common = {
  max: POOL_SIZE,
  transform: postgres.camel,
  onnotice: () => {},
  connect_timeout: 5,
  // Reconnect quickly after the database comes back: the default backoff grows to 20 s, which
  // kept requests waiting long after a short outage (drill:db-outage).
  backoff: (attempt: number) => Math.min(0.1 * attempt, 1),
  idle_timeout: 30,
  connection: {
    statement_timeout: 5000,
    idle_in_transaction_session_timeout: 10_000,
    application_name: 'concert-backend',
  },
} satisfies postgres.Options<Record<string, never>>;

/**
 * postgres.js over the given server (`databasePrepare` false: unnamed statements only, for
 * PgBouncer's transaction mode), or over an embedded PGlite (in dataDir) behind a local socket. `poolMax` (DATABASE_POOL_MAX) is per process: processes × poolMax must stay below the
 * server's max_connections (100 by default: 6 processes at 16 already take 96).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  databasePrepare?: boolean;
}): Promise<Database> {
  if (options.databaseUrl) {
    const max = options.poolMax ?? POOL_SIZE;
    // prepare: false behind PgBouncer in transaction mode (DATABASE_PREPARE=false): a named
    // statement is prepared in one server session, and the next transaction may get another.
    // Behind a transaction pooler the session settings cannot travel as startup parameters
    // (PgBouncer refuses the connection: "unsupported startup parameter: statement_timeout"):
    // the pooler sets them on its server connections (deploy/pgbouncer.ini, connect_query).
    const behindPooler = options.databasePrepare === false;
    const connection = behindPooler
      ? { application_name: common.connection.application_name }
      : common.connection;
    const sql = watchTransactions(
      postgres(options.databaseUrl, { ...common, max, prepare: !behindPooler, connection }),
      max,
    );
    return { sql, close: () => sql.end({ timeout: 5 }) };
  }
  return openEmbedded(options.dataDir);
}

async function openEmbedded(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const dir = path.resolve(dataDir, 'pgdata');
  await mkdir(dir, { recursive: true });
  const db = await PGlite.create(dir);
  // pglite-socket serves one connection unless told otherwise; it must cover the pool.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: POOL_SIZE + 2 });
  await server.start();
  const conn = server.getServerConn(); // "host:port"
  const [host, port] = conn.split(':');
  // fetch_types off: PGlite races on the pool's type lookup ("portal does not exist").
  // One connection: PGlite is one backend session, and pglite-socket interleaves the extended-
  // protocol messages of several connections (seen as `portal "" does not exist` under load).
  const sql = watchTransactions(
    postgres({
      ...common,
      max: 1,
      host,
      port: Number(port),
      database: 'postgres',
      username: 'postgres',
      fetch_types: false,
      connection: { application_name: 'concert-backend' },
    }),
    1,
  );
  return {
    sql,
    async close() {
      await sql.end({ timeout: 2 });
      await server.stop();
      await db.close();
    },
  };
}
