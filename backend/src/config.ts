import path from 'node:path';
import { z } from 'zod';
import { paths } from '@concert/shared/universal';
import { envSchema } from './config/env.js';
import {
  PRODUCTION_SERVICES,
  REAL_SERVICE_VARIABLES,
  HTTPS_VARIABLES,
  checkBankIdProduction,
  isLoopbackUrl,
  isEncryptedSmtp,
} from './config/production.js';
import { type StaffConfig, staffConfig } from './config/staff.js';
import { type TrustedProxies, ConfigError, parseTrustedProxies, commaList } from './config/values.js';

export { hasMod10CheckDigit } from './config/env.js';
export type { StaffConfig } from './config/staff.js';
export { ConfigError, type TrustedProxies } from './config/values.js';

/** Demo defaults of the Autogiro identity (Bankgirot's own example numbers). */
const DEMO_BANKGIRO = '9912346';

const DEMO_BGC_CUSTOMER_NUMBER = '471117';

/** Where the SPA receives the sign-in: the shell's root, the admin login page and the callback route. */
export const STAFF_REDIRECT_PATHS = ['/', paths.admin.login.path, paths.admin.authCallback.path] as const;

export interface AutogiroConfig {
  /** Digits only. */
  bankgiro: string;
  bgcCustomerNumber: string;
  drawDay: number;
}

export interface Config {
  production: boolean;
  demo: boolean;
  port: number;
  host: string;
  /** Which X-Forwarded-For hops count: a hop count, a list of addresses/CIDRs, or none. */
  trustedProxies: TrustedProxies;
  databaseUrl: string | undefined;
  /** Connections per process to a PostgreSQL server. */
  poolMax: number;
  /** Named prepared statements (postgres.js `prepare`); off behind PgBouncer in transaction mode. */
  databasePrepare: boolean;
  dataDir: string;
  /** The first concert's capacity, sale window and hold when none is stored yet (modules/concert/seed.ts); ignored after. */
  capacity: number;
  salesOpenAt: number | undefined;
  salesCloseAt: number | undefined;
  /** Demo only: the seeded concert's date (DEMO_CONCERT_DATE). */
  demoConcertDate: string | undefined;
  memberQueue: boolean;
  holdMs: number;
  /** How long a hold lasts until BankID identifies its holder. */
  holdUnidentifiedMs: number;
  /** QUEUE_OFFER_HOURS: an offer's link is valid this long unless the office set another value. */
  queueOfferHours: number;
  queueSweepMs: number;
  adminAllowedDomains: string[];
  sessionSecret: string | undefined;
  piiKey: string | undefined;
  remotes: Record<string, string> | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  rateLimitScale: number;
  /** Where rate limits count: Redis shared by every process, or this process's memory (undefined url). */
  rateLimitStore: { redisUrl?: string; keyPrefix: string };
  keepAliveTimeoutMs: number;
  shutdownGraceMs: number;
  /** GET /metrics: open in demo mode; in production only with this bearer token (unset: not served). */
  metricsToken: string | undefined;
  /** The proof of work a new session costs: the largest number a client may have to try (0: none). */
  sessionPowMaxNumber: number;
  publicUrl: string;
  bankId: {
    apiUrl?: string;
    appUrl: string;
    /** The RP certificate: pfxPath (PKCS#12, or PEM with the key) or certPath + keyPath (PEM); loaded and proven at start (integrations/bankid/rp-certificate.ts). */
    pfxPath?: string;
    certPath?: string;
    keyPath?: string;
    pfxPassphrase?: string;
    caPath?: string;
    /** BankID's signing root(s) for `verify-mandate` (demo: the simulator's, from DATA_DIR). */
    signatureRootPath?: string;
    demoDelayMs: number;
    demoAutoApprove: boolean;
    /** How long an order a page abandoned waits for the page to poll again before it is cancelled. */
    abandonGraceMs: number;
    /** BANKID_ALLOW_TEST_SERVICE=true: production may run against BankID's public test service (logged loudly). */
    allowTestService: boolean;
  };
  bankAccounts: { apiUrl?: string; apiKey?: string; creditorId?: string; demoDelayMs: number };
  populationRegisterUrl?: string;
  /** `supportTo`: where the contact form's messages are delivered. */
  mail: { smtpUrl?: string; from: string; supportTo: string };
  /** The organisation's Autogiro identity and draw day. */
  autogiro: AutogiroConfig;
  staff: StaffConfig;
  /** Demo mode without STAFF_AUTHORITY: the built-in dev IdP; undefined otherwise (always in production). */
  devIdp?: { port: number; redirectUris?: string[] };
  /** Days after the concert (or the sale's close, if later) when the sale's personal data is erased. */
  eraseAfterDays: number;
}

/** Validates the environment once at start; a production configuration missing a real value fails fast, naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && e.DEMO)
    throw new ConfigError('NODE_ENV=production and DEMO=true contradict each other: set one of them.');
  if (!production && !e.DEMO) {
    throw new ConfigError(
      'Refusing to start: set DEMO=true for demo mode (simulators, dev sign-in; `npm start` does this) or NODE_ENV=production for the real services.',
    );
  }
  if (production) {
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'PII_KEY', ...PRODUCTION_SERVICES] as const) {
      if (!e[name]) throw new ConfigError(`Production mode needs ${name}; demo defaults are refused.`);
    }
    for (const name of HTTPS_VARIABLES) {
      const value = e[name];
      if (value && new URL(value).protocol !== 'https:')
        throw new ConfigError(`Production mode needs an https ${name}.`);
    }
    checkBankIdProduction(e);
    if (!isEncryptedSmtp(e.SMTP_URL!))
      throw new ConfigError(
        'Production mode needs an encrypted SMTP_URL: smtps://… or smtp://… with ?requireTLS=true.',
      );
    if (e.SESSION_POW_MAX_NUMBER === 0)
      throw new ConfigError(
        'Production mode needs a session proof of work: SESSION_POW_MAX_NUMBER must be above 0.',
      );
    if (e.SESSION_SECRET === e.PII_KEY)
      throw new ConfigError(
        'SESSION_SECRET and PII_KEY must differ: one key must not both sign sessions and seal personal data.',
      );
    if (!e.REDIS_URL && e.RATE_LIMIT_STORE !== 'memory') {
      throw new ConfigError(
        'Production mode needs REDIS_URL, where every backend process counts the rate limits (or RATE_LIMIT_STORE=memory for a single process).',
      );
    }
  } else {
    // A stand-alone simulator on this machine (drills) is allowed; anything else is a real service.
    const real = REAL_SERVICE_VARIABLES.find((name) => e[name] && !isLoopbackUrl(e[name]));
    if (real)
      throw new ConfigError(
        `Demo mode refuses ${real}: the simulators stand in for the real services. Use NODE_ENV=production to talk to them.`,
      );
  }
  const devIdpRedirectUris = e.DEV_IDP_REDIRECT_URIS ? commaList(e.DEV_IDP_REDIRECT_URIS) : undefined;
  if (e.RATE_LIMIT_STORE === 'redis' && !e.REDIS_URL)
    throw new ConfigError('RATE_LIMIT_STORE=redis needs REDIS_URL.');
  if (devIdpRedirectUris?.some((uri) => !URL.canParse(uri)))
    throw new ConfigError('Invalid configuration: DEV_IDP_REDIRECT_URIS must be comma-separated URLs');
  const salesOpenAt = e.SALES_OPEN_AT ? Date.parse(e.SALES_OPEN_AT) : undefined;
  const salesCloseAt = e.SALES_CLOSE_AT ? Date.parse(e.SALES_CLOSE_AT) : undefined;
  if (production && e.DEMO_CONCERT_DATE)
    throw new ConfigError('DEMO_CONCERT_DATE is for demo mode only: the office sets the concert.');
  let remotes: Record<string, string> | undefined;
  if (e.REMOTES_JSON) {
    const r = z.record(z.string(), z.string().min(1)).safeParse(JSON.parse(e.REMOTES_JSON));
    if (!r.success)
      throw new ConfigError('Invalid configuration: REMOTES_JSON must map names to manifest URLs');
    remotes = r.data;
  }
  return {
    production,
    demo: e.DEMO,
    port: e.PORT,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
    databaseUrl: e.DATABASE_URL,
    poolMax: e.DATABASE_POOL_MAX,
    databasePrepare: e.DATABASE_PREPARE,
    // Relative to where the command was started (npm runs workspace scripts in backend/, but
    // `npm start` from the project root means the project's ./.data).
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR),
    capacity: e.CONCERT_CAPACITY,
    salesOpenAt,
    salesCloseAt,
    demoConcertDate: e.DEMO_CONCERT_DATE,
    memberQueue: e.MEMBER_QUEUE,
    holdMs: Math.round(e.HOLD_MINUTES * 60_000),
    holdUnidentifiedMs: Math.round(e.HOLD_UNIDENTIFIED_MINUTES * 60_000),
    queueOfferHours: e.QUEUE_OFFER_HOURS,
    queueSweepMs: Math.round(e.QUEUE_SWEEP_SECONDS * 1000),
    adminAllowedDomains: e.ADMIN_ALLOWED_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    sessionSecret: e.SESSION_SECRET,
    piiKey: e.PII_KEY,
    remotes,
    logLevel: e.LOG_LEVEL,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    rateLimitStore: {
      redisUrl: e.RATE_LIMIT_STORE === 'memory' ? undefined : e.REDIS_URL,
      keyPrefix: e.REDIS_KEY_PREFIX,
    },
    metricsToken: e.METRICS_TOKEN,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    sessionPowMaxNumber: e.SESSION_POW_MAX_NUMBER,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    bankId: {
      apiUrl: e.BANKID_API_URL,
      appUrl: e.BANKID_APP_URL ?? (production ? 'https://app.bankid.com/' : '/sim/bankid/app'),
      pfxPath: e.BANKID_PFX_PATH,
      certPath: e.BANKID_CERT_PATH,
      keyPath: e.BANKID_KEY_PATH,
      pfxPassphrase: e.BANKID_PFX_PASSPHRASE,
      caPath: e.BANKID_CA_PATH,
      signatureRootPath: e.BANKID_SIGNATURE_ROOT_PATH,
      demoDelayMs: e.DEMO_BANKID_DELAY_MS,
      demoAutoApprove: e.DEMO_BANKID_AUTO_APPROVE,
      abandonGraceMs: e.BANKID_ABANDON_GRACE_MS,
      allowTestService: e.BANKID_ALLOW_TEST_SERVICE === 'true',
    },
    bankAccounts: {
      apiUrl: e.BANK_ACCOUNTS_API_URL,
      apiKey: e.BANK_ACCOUNTS_API_KEY,
      creditorId: e.BANK_ACCOUNTS_CREDITOR_ID,
      demoDelayMs: e.DEMO_BANK_ACCOUNTS_DELAY_MS,
    },
    populationRegisterUrl: e.POPULATION_REGISTER_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, supportTo: e.SUPPORT_EMAIL },
    autogiro: {
      bankgiro: e.BANKGIRO_NUMBER ?? DEMO_BANKGIRO,
      bgcCustomerNumber: e.BGC_CUSTOMER_NUMBER ?? DEMO_BGC_CUSTOMER_NUMBER,
      drawDay: e.AUTOGIRO_DRAW_DAY,
    },
    staff: staffConfig(e, production),
    devIdp:
      production || e.STAFF_AUTHORITY
        ? undefined
        : { port: e.DEV_IDP_PORT, redirectUris: devIdpRedirectUris },
    eraseAfterDays: e.ERASE_AFTER_DAYS,
  };
}
