import net from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from './harness.js';

/**
 * postgres.js as patched (patches/postgres+3.4.9.patch, applied by `npm ci`'s postinstall): a
 * transaction's callback starts once BEGIN has its connection, so BEGIN and the first statements
 * travel in one write (one round trip less per transaction). What must not change with it: the
 * connection belongs to the transaction from BEGIN on, and a failure rolls everything back.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('transactions (postgres.js, patched)', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase();
    await db.sql`CREATE TABLE tx_probe (n int NOT NULL)`;
  });
  afterAll(() => db?.close());

  /** A one-connection pool whose socket records what each write carried. */
  function recordingPool() {
    const url = new URL(db.url!);
    const writes: string[] = [];
    // `socket` (a connection of our own making) is a postgres.js option its types leave out.
    const options = {
      max: 1,
      onnotice: () => {},
      socket: () => {
        const socket = net.connect(Number(url.port || 5432), url.hostname);
        const write = socket.write.bind(socket) as (chunk: Uint8Array, ...rest: unknown[]) => boolean;
        socket.write = ((chunk: Uint8Array, ...rest: unknown[]) => {
          writes.push(Buffer.from(chunk).toString('latin1'));
          return write(chunk, ...rest);
        }) as typeof socket.write;
        return socket;
      },
    };
    const sql = postgres(db.url!, options as postgres.Options<Record<string, never>>);
    return { sql, writes };
  }

  it('sends BEGIN in the same write as the first statement', async () => {
    const { sql, writes } = recordingPool();
    try {
      await sql`SELECT 1`; // connected, types fetched
      writes.length = 0;
      const [row] = await sql.begin((tx) => [tx`SELECT 41 + 1 AS answer`]);
      expect(row).toEqual([{ answer: 42 }]);
      const withBegin = writes.filter((w) => w.includes('begin'));
      expect(withBegin).toHaveLength(1);
      expect(withBegin[0]).toContain('SELECT 41 + 1 AS answer');
    } finally {
      await sql.end();
    }
  });

  it('rolls back what came before a failing statement, and what a throwing callback did', async () => {
    await db.sql`TRUNCATE tx_probe`;
    await expect(db.sql.begin((tx) => [tx`INSERT INTO tx_probe VALUES (1)`, tx`SELECT 1 / 0`])).rejects.toThrow(/division by zero/);
    await expect(
      db.sql.begin(async (tx) => {
        await tx`INSERT INTO tx_probe VALUES (2)`;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await db.sql`SELECT n FROM tx_probe`).toEqual([]);
  });

  it('keeps the connection for the transaction: a statement asked meanwhile waits and is not rolled back with it', async () => {
    const { sql } = recordingPool();
    try {
      await sql`TRUNCATE tx_probe`;
      let outside: Promise<unknown> | undefined;
      const rolledBack = sql.begin(async (tx) => {
        // Asked on the pool while the only connection runs this transaction.
        outside = sql`INSERT INTO tx_probe VALUES (3)`.execute();
        await tx`INSERT INTO tx_probe VALUES (4)`;
        await tx`SELECT pg_sleep(0.05)`;
        throw new Error('roll back');
      });
      await expect(rolledBack).rejects.toThrow('roll back');
      await outside;
      expect(await sql`SELECT n FROM tx_probe ORDER BY n`).toEqual([{ n: 3 }]);
      // Transactions asked together each get the connection in turn.
      const sums = await Promise.all([1, 2, 3].map((k) => sql.begin((tx) => [tx`SELECT ${k}::int + 1 AS s`]).then(([rows]) => rows)));
      expect(sums).toEqual([[{ s: 2 }], [{ s: 3 }], [{ s: 4 }]]);
    } finally {
      await sql.end();
    }
  });
});
