/** For tests: a complete production environment (every real service configured, https), to vary one variable at a time. */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://db.example/concert',
  SESSION_SECRET: 's'.repeat(40),
  PII_KEY: 'k'.repeat(40),
  SALES_OPEN_AT: '2025-06-01T08:00:00+02:00',
  SALES_CLOSE_AT: '2025-09-14T18:00:00+02:00',
  BANKID_API_URL: 'https://appapi2.bankid.com/rp/v6.0',
  BANKID_PFX_PATH: '/secrets/bankid.pfx',
  BANKID_CA_PATH: '/secrets/bankid-root.pem',
  BANK_ACCOUNTS_API_URL: 'https://accounts.example',
  POPULATION_REGISTER_URL: 'https://register.example',
  SMTP_URL: 'smtps://mail.example',
  PUBLIC_URL: 'https://konsert.example',
  STAFF_AUTHORITY: 'https://login.microsoftonline.com/t/v2.0',
  STAFF_CLIENT_ID: 'c',
  STAFF_API_AUDIENCE: 'api://c',
  BANKGIRO_NUMBER: '5050-1055',
  BGC_CUSTOMER_NUMBER: '123456',
  REDIS_URL: 'redis://redis.internal:6379',
} as const;

/** The production environment without the named variables. */
export function productionEnvWithout(...names: (keyof typeof PRODUCTION_ENV)[]): Record<string, string> {
  return Object.fromEntries(
    Object.entries(PRODUCTION_ENV).filter(([name]) => !names.includes(name as keyof typeof PRODUCTION_ENV)),
  );
}
