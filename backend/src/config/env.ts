/** The environment the backend reads, as one zod schema: each variable, its default and its bounds. */
import { z } from 'zod';
import { HOLD_MINUTES_DEFAULT, QUEUE_OFFER_HOURS_DEFAULT, SUPPORT } from '@concert/shared/universal';

export const DAY_MS = 86_400_000;

/** Expected 25 000 hashes: about 0.1 s here in JS (0.4 s on a 4× slower phone), about 50 ms of a script's native SHA-256 (docs/privacy-and-limits.md). */
const SESSION_POW_MAX_NUMBER_DEFAULT = 50_000;

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const envSchema = z.object({
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
  /** Demo only: the seeded concert's date (else today + 56 days, Stockholm); a past date gives a sale that is Done. */
  DEMO_CONCERT_DATE: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'DEMO_CONCERT_DATE must be YYYY-MM-DD')
    .optional(),
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
  /** Production only: `true` lets the server run against BankID's public test service (URL or certificate), logged loudly. */
  BANKID_ALLOW_TEST_SERVICE: z.enum(['true', 'false', '']).optional(),
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
