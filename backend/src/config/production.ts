/** What production demands of the configuration: every real service, encrypted, BankID's RP API v6.0. */
import type { z } from 'zod';
import type { envSchema } from './env.js';
import { ConfigError } from './values.js';

/** The real outside services; in production every one of them must be configured. */
export const PRODUCTION_SERVICES = [
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
export const REAL_SERVICE_VARIABLES = [
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
export const HTTPS_VARIABLES = [
  'BANKID_API_URL',
  'BANK_ACCOUNTS_API_URL',
  'POPULATION_REGISTER_URL',
  'PUBLIC_URL',
  'STAFF_AUTHORITY',
  'STAFF_ISSUER',
  'STAFF_JWKS_URI',
] as const;

/**
 * BankID in production: the RP API v6.0 at BankID's host, the RP certificate one way or the
 * other, and BankID's root (BANKID_CA_PATH, in PRODUCTION_SERVICES). That the files load is
 * proven at start (integrations/bankid/rp-certificate.ts).
 */
export function checkBankIdProduction(e: z.infer<typeof envSchema>): void {
  if (!e.BANKID_PFX_PATH && !e.BANKID_CERT_PATH) {
    throw new ConfigError(
      'Production mode needs the BankID RP certificate: BANKID_PFX_PATH (PKCS#12) or BANKID_CERT_PATH and BANKID_KEY_PATH (PEM).',
    );
  }
  if (e.BANKID_PFX_PATH && e.BANKID_CERT_PATH)
    throw new ConfigError('Set either BANKID_PFX_PATH or BANKID_CERT_PATH (with BANKID_KEY_PATH), not both.');
  if (isBankIdTestServiceUrl(e.BANKID_API_URL!) && e.BANKID_ALLOW_TEST_SERVICE !== 'true') {
    throw new ConfigError(
      `Production mode refuses BankID's public test service (BANKID_API_URL ${new URL(e.BANKID_API_URL!).host}): anyone can make a test BankID for any personal number. Use https://appapi2.bankid.com/rp/v6.0, or set BANKID_ALLOW_TEST_SERVICE=true to run against the test service on purpose.`,
    );
  }
  if (!/\/rp\/v6\.0\/?$/.test(new URL(e.BANKID_API_URL!).pathname)) {
    throw new ConfigError(
      'BANKID_API_URL must be the RP API v6.0 base: https://appapi2.bankid.com/rp/v6.0 (test: https://appapi2.test.bankid.com/rp/v6.0).',
    );
  }
}

export function isLoopbackUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const host = new URL(value).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** smtps:, or smtp: with STARTTLS required (nodemailer's `requireTLS` URL option). */
export function isEncryptedSmtp(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return u.protocol === 'smtps:' || (u.protocol === 'smtp:' && u.searchParams.get('requireTLS') === 'true');
}

/**
 * BankID's public test service (issue 39 §7): anyone can create a test BankID there for any
 * personal number, so production refuses it unless BANKID_ALLOW_TEST_SERVICE=true says so.
 */
export function isBankIdTestServiceUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase();
  return host === 'test.bankid.com' || host.endsWith('.test.bankid.com');
}

/**
 * Whether loaded RP credentials are BankID's test ones: the RP certificate is issued by BankID's
 * test CA ("… Test …", e.g. the public "FP Testcert" certificates) or the TLS root is BankID's test
 * root ("Test BankID SSL Root CA v1 Test"). The issuer and roots are BankID's names, never the organisation's.
 */
export function isBankIdTestCredential(summary: {
  subject?: string;
  issuer?: string;
  caSubjects: string[];
}): boolean {
  const testName = /\btest/i;
  return (
    testName.test(summary.issuer ?? '') ||
    /testcert/i.test(summary.subject ?? '') ||
    summary.caSubjects.some((subject) => testName.test(subject))
  );
}

/**
 * What of BankID's test service a production configuration uses (empty: none). The URL is refused
 * at config time; the certificate once it is loaded (compose.ts), unless allowed by name.
 */
export function bankIdTestServiceInUse(
  bankId: { apiUrl?: string },
  summary: { subject?: string; issuer?: string; caSubjects: string[] } | undefined,
): string[] {
  const uses: string[] = [];
  if (bankId.apiUrl && isBankIdTestServiceUrl(bankId.apiUrl))
    uses.push(`BANKID_API_URL ${new URL(bankId.apiUrl).host}`);
  if (summary && isBankIdTestCredential(summary))
    uses.push(
      `a test certificate (BANKID_PFX_PATH/BANKID_CERT_PATH issued by ${summary.issuer ?? '?'}, or BANKID_CA_PATH ${summary.caSubjects.join('; ')})`,
    );
  return uses;
}
