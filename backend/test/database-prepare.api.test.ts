import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

/**
 * DATABASE_PREPARE=false (PgBouncer in transaction mode): the app never leaves a named prepared
 * statement in a server session, where the next transaction, on another session, would miss it.
 * pg_prepared_statements lists the asking session's own; every pool connection is asked.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('DATABASE_PREPARE', () => {
  let unprepared: TestApp;
  let prepared: TestApp;
  beforeAll(async () => {
    [unprepared, prepared] = await Promise.all([startTestApp({ DATABASE_PREPARE: 'false' }), startTestApp()]);
  });
  afterAll(() => Promise.all([unprepared?.close(), prepared?.close()]));

  /** Named statements in each session of the app's pool (asked from as many sessions at once as the pool has). */
  async function namedStatements(app: TestApp): Promise<number[]> {
    return Promise.all(
      Array.from({ length: app.config.poolMax }, () =>
        app.db.sql.begin(async (tx) => {
          const [row] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_prepared_statements`;
          await tx`SELECT pg_sleep(0.1)`; // hold this session, so each transaction gets its own
          return row!.n;
        }),
      ),
    );
  }

  it('false: a whole visitor flow runs on unnamed statements only', async () => {
    for (let i = 0; i < 3; i++) {
      const v = await visitor(unprepared);
      await v.register();
      await v.authenticate(generatedPersonalNumber());
    }
    expect(await namedStatements(unprepared)).toEqual(Array(unprepared.config.poolMax).fill(0));
  });

  it('default (true): statements are prepared (the negative control)', async () => {
    const v = await visitor(prepared);
    await v.register();
    expect(Math.max(...(await namedStatements(prepared)))).toBeGreaterThan(0);
  });
});
