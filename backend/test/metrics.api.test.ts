import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const scrape = async () => {
  const res = await app.request('/metrics');
  expect(res.status).toBe(200);
  return String(res.body);
};
/** The value of one sample line (`name{labels} value`), or undefined when it is absent. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /metrics: what the operator watches in a rush', () => {
  it('counts BankID calls by method and outcome, with their latency', async () => {
    const v = await visitor(app);
    await v.register();
    await v.authenticate(generatedPersonalNumber());
    const text = await scrape();
    expect(sample(text, 'bankid_requests_total{method="auth",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bankid_requests_total{method="collect",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'bankid_request_duration_seconds_count{method="auth"}')).toBeGreaterThanOrEqual(1);
  });

  it('tells the pool: its size, transactions waiting and running, and how long they waited for a connection', async () => {
    const v = await visitor(app);
    await v.register(); // a claim runs in a transaction
    const text = await scrape();
    expect(sample(text, 'db_pool_max_connections')).toBe(
      process.env.TEST_DATABASE_URL ? app.config.poolMax : 1,
    );
    expect(sample(text, 'db_transactions{state="waiting"}')).toBe(0);
    expect(sample(text, 'db_transactions{state="active"}')).toBe(0);
    expect(sample(text, 'db_transaction_wait_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('counts waits while every connection is taken', async () => {
    const max = process.env.TEST_DATABASE_URL ? app.config.poolMax : 1;
    // every connection open first (postgres.js opens them as needed)
    await Promise.all(Array.from({ length: max }, () => app.db.sql.begin((tx) => tx`SELECT pg_sleep(0.05)`)));
    const before = await scrape();
    // max + 3 transactions each holding its connection 600 ms: 3 must wait about that long
    const release = Promise.all(
      Array.from({ length: max + 3 }, () => app.db.sql.begin((tx) => tx`SELECT pg_sleep(0.6)`)),
    );
    await new Promise((r) => setTimeout(r, 200));
    const during = await scrape();
    await release;
    const after = await scrape();
    expect(sample(during, 'db_transactions{state="waiting"}')).toBe(3);
    expect(sample(during, 'db_transactions{state="active"}')).toBe(max);
    const slow = (t: string) =>
      sample(t, 'db_transaction_wait_seconds_count')! -
      sample(t, 'db_transaction_wait_seconds_bucket{le="0.25"}')!;
    expect(slow(after) - slow(before)).toBe(3);
  });

  it('shows the outbox backlog and the age of its oldest waiting e-mail', async () => {
    const empty = await scrape();
    expect(sample(empty, 'outbox_oldest_waiting_age_seconds')).toBe(0);
    await app.db
      .sql`INSERT INTO email_outbox (to_email, lang, email_type, created_at) VALUES ('a@example.se', 'sv', 'registeredNew', now() - interval '90 seconds')`;
    await new Promise((r) => setTimeout(r, 1100)); // scrapes within a second share one reading
    const text = await scrape();
    expect(sample(text, 'concert_sale{state="outbox_waiting"}')).toBe(1);
    expect(sample(text, 'outbox_oldest_waiting_age_seconds')).toBeGreaterThanOrEqual(90);
    expect(sample(text, 'outbox_oldest_waiting_age_seconds')).toBeLessThan(120);
  });
});
