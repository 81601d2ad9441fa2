import { describe, expect, it } from 'vitest';
import type { SaleSnapshot } from '../modules/concert/queries.js';
import { createMetrics, routeOf } from './metrics.js';

const SALE: SaleSnapshot = {
  confirmed: 3,
  liveHolds: 2,
  unidentifiedHolds: 1,
  pendingHolds: 0,
  queueWaiting: 4,
  queueOffered: 1,
  outboxWaiting: 5,
  outboxOldestSeconds: 12.5,
};

describe('metrics', () => {
  it('reads the sale once per scrape, however many metrics come from it', async () => {
    let reads = 0;
    const metrics = createMetrics({ readSale: async () => (reads++, SALE) });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toMatch(/^concert_sale\{state="outbox_waiting"\} 5$/m);
    expect(text).toMatch(/^outbox_oldest_waiting_age_seconds 12\.5$/m);
  });

  it('labels routes from closed sets, never the raw path', () => {
    expect(routeOf('/api/register')).toBe('api/register');
    expect(routeOf('/api/getConcertStatus')).toBe('api/getConcertStatus');
    expect(routeOf('/api/whatever/ABC123')).toBe('api/other');
    expect(routeOf('/admin/scan/0123456789abcdef')).toBe('admin');
    expect(routeOf('/')).toBe('root');
    expect(routeOf('/a-code-in-the-path')).toBe('other');
  });

  it('labels BankID outcomes from a closed set', async () => {
    const metrics = createMetrics({ readSale: async () => SALE });
    metrics.observeBankId({ method: 'auth', seconds: 0.02, outcome: 'ok' });
    metrics.observeBankId({ method: 'collect', seconds: 0.03, outcome: 'someNewCodeFromBankId' });
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^bankid_requests_total\{method="auth",outcome="ok"\} 1$/m);
    expect(text).toMatch(/^bankid_requests_total\{method="collect",outcome="other"\} 1$/m);
  });
});
