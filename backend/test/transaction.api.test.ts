import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolStatsOf, type Database } from '../src/db/connect.js';
import { transaction, type Transaction } from '../src/db/transaction.js';
import { freshDatabase } from './harness.js';

/** db/transaction.ts: sql.begin's meaning, with BEGIN, SAVEPOINT, RELEASE and COMMIT pipelined. */
describe('transaction', () => {
  let db: Database;
  beforeAll(async () => {
    db = await freshDatabase({ poolMax: 2 });
    await db.sql`CREATE TABLE t (n int PRIMARY KEY)`;
  });
  afterAll(() => db?.close());
  const rows = async () => (await db.sql<{ n: number }[]>`SELECT n FROM t ORDER BY n`).map((r) => r.n);
  const clear = () => db.sql`DELETE FROM t`;

  it('commits what the work wrote, in one transaction', async () => {
    await clear();
    const inside = await transaction(db.sql, async (tx) => {
      await Promise.all([tx`INSERT INTO t VALUES (1)`, tx`INSERT INTO t VALUES (2)`]);
      const [{ xact } = { xact: 0 }] = await tx<{ xact: string }[]>`SELECT txid_current_if_assigned()::text AS xact`;
      return xact;
    });
    expect(inside).not.toBeNull(); // the inserts ran inside a transaction, not one by one
    expect(await rows()).toEqual([1, 2]);
  });

  it('rolls back when the work throws, and the connection serves the next transaction', async () => {
    await clear();
    for (let i = 0; i < 4; i++) {
      await expect(
        transaction(db.sql, async (tx) => {
          await tx`INSERT INTO t VALUES (${10 + i})`;
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
    }
    expect(await rows()).toEqual([]);
    expect(poolStatsOf(db.sql)).toMatchObject({ waiting: 0, active: 0 });
  });

  it('a failed statement whose error the work swallowed still rolls everything back', async () => {
    await clear();
    await expect(
      transaction(db.sql, async (tx) => {
        await tx`INSERT INTO t VALUES (1)`;
        await tx`INSERT INTO t VALUES (1)`.catch(() => undefined); // unique violation, caught
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await rows()).toEqual([]);
  });

  it('a savepoint undoes only its own work when it throws', async () => {
    await clear();
    await transaction(db.sql, async (tx) => {
      await tx`INSERT INTO t VALUES (1)`;
      await expect(
        tx.savepoint(async (sp) => {
          await sp`INSERT INTO t VALUES (2)`;
          await sp`INSERT INTO t VALUES (2)`; // fails: the savepoint is rolled back, the transaction goes on
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await tx.savepoint(async (sp) => sp`INSERT INTO t VALUES (3)`);
      await tx`INSERT INTO t VALUES (4)`;
    });
    expect(await rows()).toEqual([1, 3, 4]);
  });

  /** Ends the transaction's session from another connection, as a database restart or a timeout would. */
  async function terminateOwnSession(tx: Transaction) {
    const [{ pid } = { pid: 0 }] = await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
    await db.sql`SELECT pg_terminate_backend(${pid})`;
    await new Promise((resolve) => setTimeout(resolve, 200)); // postgres.js sees the close
  }

  // Another connection ends the session: the embedded database has one connection only.
  it.skipIf(!process.env.TEST_DATABASE_URL)('a session that ends mid-transaction: the work fails, nothing is committed, and the pool serves again', async () => {
    await clear();
    await expect(
      transaction(db.sql, async (tx) => {
        await tx`INSERT INTO t VALUES (1)`;
        await terminateOwnSession(tx);
        await tx`INSERT INTO t VALUES (2)`;
      }),
    ).rejects.toThrow(/closed/);
    // The work throws on its own after the close: no ROLLBACK may go to the closed connection
    // (postgres.js would throw it from a timer, where it would end the process).
    await expect(
      transaction(db.sql, async (tx) => {
        await tx`INSERT INTO t VALUES (3)`;
        await terminateOwnSession(tx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // It returns and the COMMIT would go to the closed connection.
    await expect(transaction(db.sql, (tx) => terminateOwnSession(tx))).rejects.toThrow(/closed/);
    await expect(transaction(db.sql, (tx) => tx.savepoint(async (sp) => (await terminateOwnSession(sp), Promise.reject(new Error('inner')))))).rejects.toThrow('inner');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await rows()).toEqual([]);
    for (let i = 0; i < 3; i++) await transaction(db.sql, async (tx) => tx`INSERT INTO t VALUES (${10 + i})`);
    expect(await rows()).toEqual([10, 11, 12]);
    expect(poolStatsOf(db.sql)).toMatchObject({ waiting: 0, active: 0 });
  });

  it('runs as many transactions at once as the pool has connections, the rest wait', async () => {
    await clear();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        transaction(db.sql, async (tx) => {
          await tx`SELECT pg_sleep(0.05)`;
          await tx`INSERT INTO t VALUES (${i})`;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await rows()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(poolStatsOf(db.sql)).toMatchObject({ waiting: 0, active: 0 });
  });
});
