import { poolStatsOf, watchTransaction, type Queryable, type Sql } from './connect.js';

/** What a transaction's work gets: its queries, and savepoints inside it. */
export interface Transaction extends Queryable {
  /** Runs `fn` in a savepoint: if it throws, what it wrote is undone and the transaction goes on. */
  savepoint<T>(fn: (sp: Transaction) => Promise<T>): Promise<T>;
}

/**
 * postgres.js's connection as its internal `onexecute` query option hands it over (3.4: how its
 * own `sql.begin` learns its connection). `onclose` is called once if the connection closes.
 */
interface PoolConnection {
  onclose: ((err: unknown) => void) | null;
}

/**
 * A transaction whose BEGIN, SAVEPOINT, RELEASE and COMMIT cost no round trip of their own.
 *
 * postgres.js's `sql.begin` waits for the answer to BEGIN before the first statement goes out,
 * and to each SAVEPOINT and RELEASE. Under a rush every round trip also waits for a busy event
 * loop to read its answer (bench:rush: 25–50 ms at p99), so a sign's transaction paid for four
 * round trips that carry nothing. Here the transaction has a connection of its own
 * (`sql.reserve()`), and those statements go out with the statements around them: postgres.js
 * pipelines the queries of one connection and writes those of one tick together. The server
 * still runs them one after the other, in the order they were issued.
 *
 * As `sql.begin`: if `fn` returns, its work is committed; if it throws, rolled back. A statement
 * that failed aborts the transaction even if `fn` caught its error: the COMMIT then answers
 * ROLLBACK, and that is an error here.
 */
export async function transaction<T>(sql: Sql, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return watchTransaction(poolStatsOf(sql), async (started) => {
    const conn = await sql.reserve();
    started();
    // A statement sent on a connection that has closed throws where nothing can catch it
    // (postgres.js writes to its socket, by then null, in a timer), so nothing more is sent once
    // this one has closed; postgres.js has already put it back among its closed connections.
    let connection: PoolConnection | undefined;
    let closed = false;
    const onexecute = (c: PoolConnection) => {
      connection = c;
      c.onclose = () => void (closed = true);
      return true; // keep pipelining on it
    };
    /** Statements whose answers nobody waits for (BEGIN, SAVEPOINT, RELEASE): checked before the COMMIT. */
    const unanswered: Promise<unknown>[] = [];
    const send = (statement: string, options?: object) => {
      const answer = Promise.resolve(conn.unsafe(statement, [], options).execute());
      answer.catch(() => {}); // seen when the COMMIT waits for it; until then not unhandled
      unanswered.push(answer);
    };
    let savepoints = 0;
    // The work's own statements after a close throw at once, before they reach the connection.
    const guarded = new Proxy(conn, {
      apply(target, self, args: unknown[]) {
        if (closed) throw new Error('the database connection closed during the transaction');
        return Reflect.apply(target, self, args);
      },
    });
    const tx: Transaction = Object.assign(guarded, {
      async savepoint<S>(inner: (sp: Transaction) => Promise<S>): Promise<S> {
        const name = `s${savepoints++}`;
        send(`SAVEPOINT ${name}`);
        let result: S;
        try {
          result = await inner(tx);
        } catch (err) {
          if (!closed) await conn.unsafe(`ROLLBACK TO SAVEPOINT ${name}`);
          throw err;
        }
        send(`RELEASE SAVEPOINT ${name}`);
        return result;
      },
    });

    send('BEGIN', { onexecute });
    let result: T;
    try {
      result = await fn(tx);
      await Promise.all(unanswered);
      if (closed) throw new Error('the database connection closed during the transaction');
      const committed = await conn`COMMIT`;
      // PostgreSQL answers COMMIT with ROLLBACK when a statement of the transaction failed.
      if (committed.command !== 'COMMIT') throw new Error(`the transaction was rolled back (a statement in it failed): ${committed.command}`);
    } catch (err) {
      // Back to the pool only if the connection answers the rollback.
      const rolledBack = !closed && (await conn`ROLLBACK`.then(() => true, () => false));
      if (connection) connection.onclose = null;
      if (rolledBack) conn.release();
      throw err;
    }
    if (connection) connection.onclose = null;
    conn.release();
    return result;
  });
}
