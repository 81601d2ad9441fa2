import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { HOLD_MINUTES_DEFAULT, QUEUE_OFFER_HOURS_DEFAULT, SUPPORT, paths } from '@concert/shared/universal';

const DAY_MS = 86_400_000;
/** Expected 25 000 hashes: about 0.1 s here in JS (0.4 s on a 4× slower phone), about 50 ms of a script's native SHA-256 (docs/privacy-and-limits.md). */
const SESSION_POW_MAX_NUMBER_DEFAULT = 50_000;

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  /** `true` runs demo mode (simulators, dev IdP, test mode); set by `npm start`, never implied. */
  DEMO: booleanString,
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Default: 127.0.0.1 in demo mode (the simulators approve anything), every interface in production. */
  HOST: z.string().optional(),
  /** Which X-Forwarded-For hops are trusted: a hop count (`1`) or a comma-separated list of addresses/CIDRs; unset: none. */
  TRUSTED_PROXIES: z.string().optional(),
  DATABASE_URL: z.string().url().optional(),
  /** Connections per backend process (processes × this must stay below the server's max_connections). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(16),
  /** `false` behind PgBouncer in transaction mode: no named prepared statements (they live in one server session). */
  DATABASE_PREPARE: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  DATA_DIR: z.string().default('./.data'),
  CONCERT_CAPACITY: z.coerce.number().int().min(0).default(1000),
  SALES_OPEN_AT: z.string().datetime({ offset: true }).optional(),
  SALES_CLOSE_AT: z.string().datetime({ offset: true }).optional(),
  MEMBER_QUEUE: booleanString,
  HOLD_MINUTES: z.coerce.number().positive().default(HOLD_MINUTES_DEFAULT),
  /** A hold nobody has identified with BankID ends after this (its session may claim again, within the budget). */
  HOLD_UNIDENTIFIED_MINUTES: z.coerce.number().positive().default(5),
  /** How long a waiting-list offer's link is valid (the office can change it at runtime). */
  QUEUE_OFFER_HOURS: z.coerce.number().positive().max(168).default(QUEUE_OFFER_HOURS_DEFAULT),
  /** How often each process looks for offers that ran out and tickets the queue may offer. */
  QUEUE_SWEEP_SECONDS: z.coerce.number().positive().max(3600).default(5),
  ADMIN_ALLOWED_DOMAINS: z.string().default('staff.example,org.example'),
  /** Signs visitor session tokens; required in production, generated per data dir in demo mode. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Keys the lookup hash and the sealing of personal and account numbers at rest; required in production. */
  PII_KEY: z.string().min(32).optional(),
  /** JSON map name → mf-manifest.json URL, overriding the built-in prefixes (separately deployed remotes). */
  REMOTES_JSON: z.string().optional(),
  /** The cost of a new visitor session (ALTCHA proof of work): numbers a client may have to try; 0 turns it off (demo benches only). */
  SESSION_POW_MAX_NUMBER: z.coerce
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .default(SESSION_POW_MAX_NUMBER_DEFAULT),
  /** On SIGTERM/SIGINT, requests in flight get this long to finish before they are cut. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** Idle keep-alive connections are kept this long: above common balancers' idle timeouts (60 s), so they close first. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(65_000),
  /** Bearer token for GET /metrics; in production /metrics answers only with it (unset: not served). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Multiplies every rate limit (docs/configuration.md); tests and benchmarks from one address raise it. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** The store every process counts rate limits in (redis://…); needed as soon as more than one backend process serves. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of this deployment's keys in Redis (several deployments or test runs may share one). */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('concert:'),
  /** `memory`: rate limits count in this process only; production accepts it instead of REDIS_URL only when said (one process). */
  RATE_LIMIT_STORE: z.enum(['redis', 'memory']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The site's public address, for links in e-mails (ticket scan URLs). */
  PUBLIC_URL: z.string().url().optional(),
  BANKID_API_URL: z.string().url().optional(),
  BANKID_APP_URL: z.string().min(1).optional(),
  /** The RP certificate for mutual TLS: PKCS#12 (or one PEM file with certificate and key)… */
  BANKID_PFX_PATH: z.string().optional(),
  /** …or the certificate and key as PEM files. */
  BANKID_CERT_PATH: z.string().optional(),
  BANKID_KEY_PATH: z.string().optional(),
  BANKID_PFX_PASSPHRASE: z.string().optional(),
  /** BankID's root certificate (PEM): BankID's servers chain to it, not to a public CA. Required in production. */
  BANKID_CA_PATH: z.string().optional(),
  /** BankID's signing root(s) (PEM), which the users' signature certificates chain to: `verify-mandate` checks signatures against it. */
  BANKID_SIGNATURE_ROOT_PATH: z.string().optional(),
  BANK_ACCOUNTS_API_URL: z.string().url().optional(),
  BANK_ACCOUNTS_API_KEY: z.string().optional(),
  BANK_ACCOUNTS_CREDITOR_ID: z.string().optional(),
  POPULATION_REGISTER_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('"Rättighetsrörelsen" <noreply@org.example>'),
  /** Where the contact form's messages go (the organisation's support mailbox). */
  SUPPORT_EMAIL: z.string().email().default(SUPPORT.email),
  /**
   * Staff sign-in: the work-account authority MSAL signs in against and whose tokens the API
   * accepts (Entra ID: https://login.microsoftonline.com/<tenant>/v2.0), the SPA's client id and
   * the API's audience. Demo mode without STAFF_AUTHORITY: the built-in dev IdP.
   */
  STAFF_AUTHORITY: z.string().url().optional(),
  STAFF_CLIENT_ID: z.string().min(1).optional(),
  STAFF_API_AUDIENCE: z.string().min(1).optional(),
  /** The API scope the browser requests; default `<audience>/access_as_user`. */
  STAFF_API_SCOPE: z.string().min(1).optional(),
  /** Skip discovery: the exact token issuer and JWKS URL (else read from the authority's discovery document). */
  STAFF_ISSUER: z.string().url().optional(),
  STAFF_JWKS_URI: z.string().url().optional(),
  /** MSAL's protocol mode; default AAD for Microsoft's hosts, OIDC for any other authority. */
  STAFF_PROTOCOL_MODE: z.enum(['AAD', 'OIDC']).optional(),
  /** E-mails that get the copy-admin right the first time they sign in (how the first copy admin exists). */
  STAFF_COPY_ADMINS: z.string().optional(),
  /** E-mails that get the office role, or the door role, the first time they sign in (how the first office member exists; the office gives roles after that). */
  STAFF_OFFICE: z.string().optional(),
  STAFF_DOOR: z.string().optional(),
  /** Demo only: the dev IdP's HTTPS port, and the SPA redirect URIs it accepts (comma-separated; default: this server's /, /admin/login, /admin/auth-callback). */
  DEV_IDP_PORT: z.coerce.number().int().min(0).max(65535).default(8443),
  DEV_IDP_REDIRECT_URIS: z.string().optional(),
  /** Demo only: how long simulated BankID orders of fixture persons and account retrievals take. */
  DEMO_BANKID_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  DEMO_BANK_ACCOUNTS_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  /** Demo only, for load drills: the BankID simulator completes every order by itself. */
  DEMO_BANKID_AUTO_APPROVE: booleanString,
  BANKID_ABANDON_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),
  /** The organisation's bankgiro number (7–8 digits; a hyphen allowed); demo: Bankgirot's example 991-2346. */
  BANKGIRO_NUMBER: z
    .string()
    .regex(/^\d{3,4}-?\d{4}$/, 'BANKGIRO_NUMBER must be a bankgiro number such as 991-2346')
    .transform((v) => v.replace('-', ''))
    .refine(
      hasMod10CheckDigit,
      'BANKGIRO_NUMBER has a wrong check digit (a bankgiro number ends with a mod 10 check digit)',
    )
    .optional(),
  /** Bankgirot's customer number for Autogiro (up to 6 digits); demo: 471117. */
  // No mod 10 check here: Bankgirot's own example customer number (471117) has none.
  BGC_CUSTOMER_NUMBER: z
    .string()
    .regex(/^\d{1,6}$/, 'BGC_CUSTOMER_NUMBER must be up to 6 digits')
    .refine((v) => /[1-9]/.test(v), 'BGC_CUSTOMER_NUMBER must not be zero')
    .optional(),
  /** The day of each month donations are drawn (1–28: it exists in every month). */
  AUTOGIRO_DRAW_DAY: z.coerce.number().int().min(1).max(28).default(28),
  /** The sale's personal data is erased this many days after the concert (or after the sale's close, if later). */
  ERASE_AFTER_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
});

/** Luhn (mod 10) over all digits, the last being the check digit: bankgiro numbers carry one. */
export function hasMod10CheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** Demo defaults of the Autogiro identity (Bankgirot's own example numbers). */
const DEMO_BANKGIRO = '9912346';
const DEMO_BGC_CUSTOMER_NUMBER = '471117';

/** The real outside services; in production every one of them must be configured. */
const PRODUCTION_SERVICES = [
  'BANKID_API_URL',
  'BANKID_CA_PATH',
  'BANK_ACCOUNTS_API_URL',
  'POPULATION_REGISTER_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'STAFF_AUTHORITY',
  'STAFF_CLIENT_ID',
  'STAFF_API_AUDIENCE',
  'BANKGIRO_NUMBER',
  'BGC_CUSTOMER_NUMBER',
] as const;

/** Variables that point at a real service: refused in demo mode, where the simulators stand in for them. */
const REAL_SERVICE_VARIABLES = [
  'BANKID_API_URL',
  'BANKID_PFX_PATH',
  'BANKID_CERT_PATH',
  'BANKID_CA_PATH',
  'BANK_ACCOUNTS_API_URL',
  'POPULATION_REGISTER_URL',
  'SMTP_URL',
  'STAFF_AUTHORITY',
] as const;

/** Service URLs that must be encrypted in production (SMTP: smtps: or STARTTLS, see `requireTls`). */
const HTTPS_VARIABLES = [
  'BANKID_API_URL',
  'BANK_ACCOUNTS_API_URL',
  'POPULATION_REGISTER_URL',
  'PUBLIC_URL',
  'STAFF_AUTHORITY',
  'STAFF_ISSUER',
  'STAFF_JWKS_URI',
] as const;

/** Demo defaults of staff sign-in: the dev IdP's client and API. */
const DEMO_STAFF_CLIENT_ID = 'concert-staff';
const DEMO_STAFF_API_AUDIENCE = 'api://concert-staff';
const DEMO_COPY_ADMINS = 'editor@staff.example';
const DEMO_OFFICE = 'editor@staff.example,office@org.example';
const DEMO_DOOR = 'door@org.example';
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
  capacity: number;
  salesOpenAt: number;
  salesCloseAt: number;
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

export interface StaffConfig {
  /** Unset in demo mode until the dev IdP has started (its port may be chosen at start). */
  authority?: string;
  clientId: string;
  apiAudience: string;
  apiScope: string;
  issuer?: string;
  jwksUri?: string;
  protocolMode?: 'AAD' | 'OIDC';
  /** Lower-case e-mails granted the copy-admin right on first sign-in. */
  copyAdminEmails: string[];
  /** Lower-case e-mails given the office role, or the door role, on first sign-in. */
  officeEmails: string[];
  doorEmails: string[];
}

export type TrustedProxies = { hops: number } | { addresses: string[] } | undefined;

export class ConfigError extends Error {}

/** Validates the environment once at start; a production configuration missing a real value fails fast, naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, now = Date.now()): Config {
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
    for (const name of [
      'DATABASE_URL',
      'SESSION_SECRET',
      'PII_KEY',
      'SALES_OPEN_AT',
      'SALES_CLOSE_AT',
      ...PRODUCTION_SERVICES,
    ] as const) {
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
  const salesOpenAt = e.SALES_OPEN_AT ? Date.parse(e.SALES_OPEN_AT) : now - 60_000;
  const salesCloseAt = e.SALES_CLOSE_AT ? Date.parse(e.SALES_CLOSE_AT) : now + 30 * DAY_MS;
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

/**
 * BankID in production: the RP API v6.0 at BankID's host, the RP certificate one way or the
 * other, and BankID's root (BANKID_CA_PATH, in PRODUCTION_SERVICES). That the files load is
 * proven at start (integrations/bankid/rp-certificate.ts).
 */
function checkBankIdProduction(e: z.infer<typeof envSchema>): void {
  if (!e.BANKID_PFX_PATH && !e.BANKID_CERT_PATH) {
    throw new ConfigError(
      'Production mode needs the BankID RP certificate: BANKID_PFX_PATH (PKCS#12) or BANKID_CERT_PATH and BANKID_KEY_PATH (PEM).',
    );
  }
  if (e.BANKID_PFX_PATH && e.BANKID_CERT_PATH)
    throw new ConfigError('Set either BANKID_PFX_PATH or BANKID_CERT_PATH (with BANKID_KEY_PATH), not both.');
  if (!/\/rp\/v6\.0\/?$/.test(new URL(e.BANKID_API_URL!).pathname)) {
    throw new ConfigError(
      'BANKID_API_URL must be the RP API v6.0 base: https://appapi2.bankid.com/rp/v6.0 (test: https://appapi2.test.bankid.com/rp/v6.0).',
    );
  }
}

function staffConfig(e: z.infer<typeof envSchema>, production: boolean): StaffConfig {
  const apiAudience = e.STAFF_API_AUDIENCE ?? DEMO_STAFF_API_AUDIENCE;
  return {
    authority: e.STAFF_AUTHORITY?.replace(/\/+$/, ''),
    clientId: e.STAFF_CLIENT_ID ?? DEMO_STAFF_CLIENT_ID,
    apiAudience,
    apiScope: e.STAFF_API_SCOPE ?? `${apiAudience}/access_as_user`,
    issuer: e.STAFF_ISSUER,
    jwksUri: e.STAFF_JWKS_URI,
    protocolMode: e.STAFF_PROTOCOL_MODE,
    copyAdminEmails: emails(e.STAFF_COPY_ADMINS ?? (production ? '' : DEMO_COPY_ADMINS)),
    officeEmails: emails(e.STAFF_OFFICE ?? (production ? '' : DEMO_OFFICE)),
    doorEmails: emails(e.STAFF_DOOR ?? (production ? '' : DEMO_DOOR)),
  };
}

const emails = (list: string) => commaList(list).map((m) => m.toLowerCase());

function parseTrustedProxies(value: string | undefined): TrustedProxies {
  if (!value?.trim()) return undefined;
  if (/^\d+$/.test(value.trim())) return { hops: Number(value.trim()) };
  const addresses = commaList(value);
  const invalid = addresses.find((a) => !isAddressOrCidr(a));
  if (invalid)
    throw new ConfigError(
      `Invalid configuration: TRUSTED_PROXIES must be a hop count or addresses/CIDRs (not "${invalid}")`,
    );
  return { addresses };
}

function isAddressOrCidr(value: string): boolean {
  const [address, bits, extra] = value.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d+$/.test(bits) && Number(bits) <= max;
}

function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** smtps:, or smtp: with STARTTLS required (nodemailer's `requireTLS` URL option). */
function isEncryptedSmtp(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'smtps:' || (u.protocol === 'smtp:' && u.searchParams.get('requireTLS') === 'true');
}

function commaList(value: string): string[] {
  return value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
