import { describe, expect, it } from 'vitest';
import { PRODUCTION_ENV, productionEnvWithout } from './config.fixtures.js';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('refuses to start unless demo mode or production is asked for, naming both', () => {
    expect(() => loadConfig({})).toThrow(ConfigError);
    expect(() => loadConfig({})).toThrow(/DEMO=true.*NODE_ENV=production/);
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/DEMO=true/);
    expect(() => loadConfig({ DEMO: 'true', NODE_ENV: 'production' })).toThrow(/contradict/);
  });

  it('demo mode: open now, closing in 30 days, capacity 1000, 15-minute holds, on 127.0.0.1 only', () => {
    const c = loadConfig({ DEMO: 'true' });
    expect(c.demo).toBe(true);
    expect(c.production).toBe(false);
    expect(c.host).toBe('127.0.0.1');
    expect(c.trustedProxies).toBeUndefined();
    expect(c.poolMax).toBe(16);
    expect(loadConfig({ DEMO: 'true', DATABASE_POOL_MAX: '4' }).poolMax).toBe(4);
    expect(() => loadConfig({ DEMO: 'true', DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(c.port).toBe(8080);
    expect(c.capacity).toBe(1000);
    expect(c.holdMs).toBe(15 * 60_000);
    // Unset: the stored concert's sale window rules (demo mode seeds one: modules/concert/seed.ts).
    expect(c.salesOpenAt).toBeUndefined();
    expect(c.salesCloseAt).toBeUndefined();
    expect(c.adminAllowedDomains).toEqual(['staff.example', 'org.example']);
    expect(c.databaseUrl).toBeUndefined();
  });

  it('demo mode refuses a real service, but not a stand-alone simulator on this machine', () => {
    expect(() => loadConfig({ DEMO: 'true', BANKID_API_URL: 'https://appapi2.bankid.com/rp/v6.0' })).toThrow(
      /BANKID_API_URL/,
    );
    expect(() => loadConfig({ DEMO: 'true', SMTP_URL: 'smtp://mail.example' })).toThrow(/SMTP_URL/);
    expect(() =>
      loadConfig({ DEMO: 'true', STAFF_AUTHORITY: 'https://login.microsoftonline.com/t/v2.0' }),
    ).toThrow(/STAFF_AUTHORITY/);
    expect(
      loadConfig({ DEMO: 'true', BANKID_API_URL: 'http://127.0.0.1:8700/sim/bankid/rp/v6.0' }).bankId.apiUrl,
    ).toBe('http://127.0.0.1:8700/sim/bankid/rp/v6.0');
  });

  it('trusted proxies: a hop count or addresses/CIDRs; anything else refused', () => {
    expect(loadConfig({ DEMO: 'true', TRUSTED_PROXIES: '2' }).trustedProxies).toEqual({ hops: 2 });
    expect(loadConfig({ DEMO: 'true', TRUSTED_PROXIES: '10.0.0.0/8, ::1' }).trustedProxies).toEqual({
      addresses: ['10.0.0.0/8', '::1'],
    });
    expect(() => loadConfig({ DEMO: 'true', TRUSTED_PROXIES: 'nginx' })).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ DEMO: 'true', TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES/);
  });

  it('production refuses demo defaults, naming the first missing variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/DATABASE_URL/);
    const base = productionEnvWithout(
      'BANKID_API_URL',
      'BANKID_PFX_PATH',
      'BANK_ACCOUNTS_API_URL',
      'POPULATION_REGISTER_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'STAFF_AUTHORITY',
      'STAFF_CLIENT_ID',
      'STAFF_API_AUDIENCE',
    );
    expect(() => loadConfig(base)).toThrow(ConfigError);
    expect(() => loadConfig(base)).toThrow(/BANKID_API_URL/);
  });

  it('production: every service URL encrypted, two different keys, listening on every interface', () => {
    const complete = PRODUCTION_ENV;
    const c = loadConfig(complete);
    expect(c.production).toBe(true);
    expect(c.demo).toBe(false);
    expect(c.host).toBe('0.0.0.0');
    expect(
      loadConfig({ ...complete, SMTP_URL: 'smtp://mail.example:587?requireTLS=true' }).mail.smtpUrl,
    ).toContain('requireTLS');
    expect(() => loadConfig({ ...complete, SMTP_URL: 'smtp://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...complete, BANKID_API_URL: 'http://appapi2.bankid.com/rp/v6.0' })).toThrow(
      /https BANKID_API_URL/,
    );
    expect(() => loadConfig({ ...complete, PUBLIC_URL: 'http://konsert.example' })).toThrow(
      /https PUBLIC_URL/,
    );
    expect(() => loadConfig({ ...complete, PII_KEY: complete.SESSION_SECRET })).toThrow(/must differ/);
  });

  it('rate limits count in Redis, shared by every process; production without it only when a single process says so', () => {
    expect(loadConfig(PRODUCTION_ENV).rateLimitStore).toEqual({
      redisUrl: 'redis://redis.internal:6379',
      keyPrefix: 'concert:',
    });
    const { REDIS_URL: _, ...withoutRedis } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutRedis)).toThrow(/REDIS_URL/);
    expect(loadConfig({ ...withoutRedis, RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toEqual({
      redisUrl: undefined,
      keyPrefix: 'concert:',
    });
    // The demo needs nothing installed: without REDIS_URL each process counts on its own.
    expect(loadConfig({ DEMO: 'true' }).rateLimitStore.redisUrl).toBeUndefined();
    expect(() => loadConfig({ DEMO: 'true', RATE_LIMIT_STORE: 'redis' })).toThrow(/REDIS_URL/);
  });

  it('refuses malformed values with the variable named', () => {
    expect(() => loadConfig({ DEMO: 'true', CONCERT_CAPACITY: 'many' })).toThrow(/CONCERT_CAPACITY/);
    expect(() => loadConfig({ DEMO: 'true', SALES_OPEN_AT: 'tomorrow' })).toThrow(/SALES_OPEN_AT/);
    expect(() => loadConfig({ DEMO: 'true', REMOTES_JSON: '{"copy_editor": 3}' })).toThrow(/REMOTES_JSON/);
  });

  it('the Autogiro identity: a bankgiro number with a wrong mod 10 check digit or a zero customer number is refused at start', () => {
    expect(() => loadConfig({ DEMO: 'true', BANKGIRO_NUMBER: '991-2345' })).toThrow(
      /BANKGIRO_NUMBER has a wrong check digit/,
    );
    expect(() => loadConfig({ DEMO: 'true', BGC_CUSTOMER_NUMBER: '000000' })).toThrow(/BGC_CUSTOMER_NUMBER/);
    expect(
      loadConfig({ DEMO: 'true', BANKGIRO_NUMBER: '5050-1055', BGC_CUSTOMER_NUMBER: '471117' }).autogiro,
    ).toMatchObject({ bankgiro: '50501055', bgcCustomerNumber: '471117' });
    expect(loadConfig({ DEMO: 'true' }).autogiro.bankgiro).toBe('9912346');
  });

  it('production BankID: BankID’s root and the RP certificate (PKCS#12 or PEM) are required, at the v6.0 API', () => {
    expect(() => loadConfig(productionEnvWithout('BANKID_CA_PATH'))).toThrow(
      /Production mode needs BANKID_CA_PATH/,
    );
    expect(() => loadConfig(productionEnvWithout('BANKID_PFX_PATH'))).toThrow(
      /BANKID_PFX_PATH \(PKCS#12\) or BANKID_CERT_PATH and BANKID_KEY_PATH \(PEM\)/,
    );
    const pem = {
      ...productionEnvWithout('BANKID_PFX_PATH'),
      BANKID_CERT_PATH: '/secrets/rp.pem',
      BANKID_KEY_PATH: '/secrets/rp.key',
    };
    expect(loadConfig(pem).bankId).toMatchObject({
      certPath: '/secrets/rp.pem',
      keyPath: '/secrets/rp.key',
      caPath: '/secrets/bankid-root.pem',
    });
    expect(() => loadConfig({ ...pem, BANKID_PFX_PATH: '/secrets/rp.p12' })).toThrow(
      /either BANKID_PFX_PATH or BANKID_CERT_PATH/,
    );
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, BANKID_API_URL: 'https://appapi2.bankid.com/rp/v5.1' }),
    ).toThrow(/RP API v6.0 base/);
    // BankID's public test service lets anyone be anyone: refused unless allowed by name (issue 39 §7).
    const testService = { ...PRODUCTION_ENV, BANKID_API_URL: 'https://appapi2.test.bankid.com/rp/v6.0/' };
    expect(() => loadConfig(testService)).toThrow(/refuses BankID's public test service/);
    expect(() => loadConfig({ ...testService, BANKID_ALLOW_TEST_SERVICE: 'false' })).toThrow(
      /BANKID_ALLOW_TEST_SERVICE=true/,
    );
    expect(() => loadConfig({ ...testService, BANKID_ALLOW_TEST_SERVICE: 'yes' })).toThrow();
    const allowed = loadConfig({ ...testService, BANKID_ALLOW_TEST_SERVICE: 'true' }).bankId;
    expect(allowed).toMatchObject({ allowTestService: true });
    expect(allowed.apiUrl).toContain('test.bankid.com');
    expect(loadConfig(PRODUCTION_ENV).bankId.allowTestService).toBe(false);
    // Demo mode never takes real BankID files.
    expect(() => loadConfig({ DEMO: 'true', BANKID_CA_PATH: '/secrets/bankid-root.pem' })).toThrow(
      /Demo mode refuses BANKID_CA_PATH/,
    );
  });
});
