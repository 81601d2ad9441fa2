import { z } from 'zod';
import { HOLD_MINUTES_DEFAULT } from '@concert/shared/universal';

const DAY_MS = 86_400_000;

const booleanString = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  CONCERT_CAPACITY: z.coerce.number().int().min(0).default(1000),
  SALES_OPEN_AT: z.string().datetime({ offset: true }).optional(),
  SALES_CLOSE_AT: z.string().datetime({ offset: true }).optional(),
  MEMBER_QUEUE: booleanString,
  HOLD_MINUTES: z.coerce.number().positive().default(HOLD_MINUTES_DEFAULT),
  ADMIN_ALLOWED_DOMAINS: z.string().default('staff.example,org.example'),
  /** Signs visitor session tokens; required in production, generated per data dir in demo mode. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** JSON map name → mf-manifest.json URL, overriding the built-in prefixes (separately deployed remotes). */
  REMOTES_JSON: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The site's public address, for links in e-mails (ticket scan URLs). */
  PUBLIC_URL: z.string().url().optional(),
  BANKID_API_URL: z.string().url().optional(),
  BANKID_APP_URL: z.string().min(1).optional(),
  BANKID_PFX_PATH: z.string().optional(),
  BANKID_PFX_PASSPHRASE: z.string().optional(),
  BANKID_CA_PATH: z.string().optional(),
  BANK_ACCOUNTS_API_URL: z.string().url().optional(),
  BANK_ACCOUNTS_API_KEY: z.string().optional(),
  BANK_ACCOUNTS_CREDITOR_ID: z.string().optional(),
  POPULATION_REGISTER_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('"Rättighetsrörelsen" <noreply@org.example>'),
  /** Demo only: how long simulated BankID orders of fixture persons and account retrievals take. */
  DEMO_BANKID_DELAY_MS: z.coerce.number().int().min(0).default(2000),
  DEMO_BANK_ACCOUNTS_DELAY_MS: z.coerce.number().int().min(0).default(2000),
});

/** The real outside services; in production every one of them must be configured. */
const PRODUCTION_SERVICES = ['BANKID_API_URL', 'BANKID_PFX_PATH', 'BANK_ACCOUNTS_API_URL', 'POPULATION_REGISTER_URL', 'SMTP_URL', 'PUBLIC_URL'] as const;

export interface Config {
  production: boolean;
  demo: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  capacity: number;
  salesOpenAt: number;
  salesCloseAt: number;
  memberQueue: boolean;
  holdMs: number;
  adminAllowedDomains: string[];
  sessionSecret: string | undefined;
  remotes: Record<string, string> | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  publicUrl: string;
  bankId: { apiUrl?: string; appUrl: string; pfxPath?: string; pfxPassphrase?: string; caPath?: string; demoDelayMs: number };
  bankAccounts: { apiUrl?: string; apiKey?: string; creditorId?: string; demoDelayMs: number };
  populationRegisterUrl?: string;
  mail: { smtpUrl?: string; from: string };
}

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
  if (production) {
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'SALES_OPEN_AT', 'SALES_CLOSE_AT', ...PRODUCTION_SERVICES] as const) {
      if (!e[name]) throw new ConfigError(`Production mode needs ${name}; demo defaults are refused.`);
    }
  }
  const salesOpenAt = e.SALES_OPEN_AT ? Date.parse(e.SALES_OPEN_AT) : now - 60_000;
  const salesCloseAt = e.SALES_CLOSE_AT ? Date.parse(e.SALES_CLOSE_AT) : now + 30 * DAY_MS;
  let remotes: Record<string, string> | undefined;
  if (e.REMOTES_JSON) {
    const r = z.record(z.string(), z.string().min(1)).safeParse(JSON.parse(e.REMOTES_JSON));
    if (!r.success) throw new ConfigError('Invalid configuration: REMOTES_JSON must map names to manifest URLs');
    remotes = r.data;
  }
  return {
    production,
    demo: !production,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    capacity: e.CONCERT_CAPACITY,
    salesOpenAt,
    salesCloseAt,
    memberQueue: e.MEMBER_QUEUE,
    holdMs: Math.round(e.HOLD_MINUTES * 60_000),
    adminAllowedDomains: e.ADMIN_ALLOWED_DOMAINS.split(',').map((d) => d.trim().toLowerCase()).filter(Boolean),
    sessionSecret: e.SESSION_SECRET,
    remotes,
    logLevel: e.LOG_LEVEL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    bankId: {
      apiUrl: e.BANKID_API_URL,
      appUrl: e.BANKID_APP_URL ?? (production ? 'https://app.bankid.com/' : '/sim/bankid/app'),
      pfxPath: e.BANKID_PFX_PATH,
      pfxPassphrase: e.BANKID_PFX_PASSPHRASE,
      caPath: e.BANKID_CA_PATH,
      demoDelayMs: e.DEMO_BANKID_DELAY_MS,
    },
    bankAccounts: { apiUrl: e.BANK_ACCOUNTS_API_URL, apiKey: e.BANK_ACCOUNTS_API_KEY, creditorId: e.BANK_ACCOUNTS_CREDITOR_ID, demoDelayMs: e.DEMO_BANK_ACCOUNTS_DELAY_MS },
    populationRegisterUrl: e.POPULATION_REGISTER_URL,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
  };
}
