import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('loadConfig', () => {
  it('runs in demo mode by default: open now, closing in 30 days, capacity 1000, 15-minute holds', () => {
    const c = loadConfig({}, NOW);
    expect(c.demo).toBe(true);
    expect(c.port).toBe(8080);
    expect(c.capacity).toBe(1000);
    expect(c.holdMs).toBe(15 * 60_000);
    expect(c.salesOpenAt).toBeLessThanOrEqual(NOW);
    expect(c.salesCloseAt).toBe(NOW + 30 * 86_400_000);
    expect(c.adminAllowedDomains).toEqual(['staff.example', 'org.example']);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('production refuses demo defaults, naming the first missing variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' }, NOW)).toThrow(/DATABASE_URL/);
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/concert',
      SESSION_SECRET: 's'.repeat(40),
      PII_KEY: 'k'.repeat(40),
      SALES_OPEN_AT: '2025-06-01T08:00:00+02:00',
      SALES_CLOSE_AT: '2025-09-14T18:00:00+02:00',
    };
    expect(() => loadConfig(base, NOW)).toThrow(ConfigError);
    expect(() => loadConfig(base, NOW)).toThrow(/BANKID_API_URL/);
  });

  it('refuses malformed values with the variable named', () => {
    expect(() => loadConfig({ CONCERT_CAPACITY: 'many' }, NOW)).toThrow(/CONCERT_CAPACITY/);
    expect(() => loadConfig({ SALES_OPEN_AT: 'tomorrow' }, NOW)).toThrow(/SALES_OPEN_AT/);
    expect(() => loadConfig({ REMOTES_JSON: '{"copy_editor": 3}' }, NOW)).toThrow(/REMOTES_JSON/);
  });
});
