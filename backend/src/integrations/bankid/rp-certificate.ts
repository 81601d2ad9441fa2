/**
 * The relying party's credentials for BankID's mutual TLS, loaded and proven at start: the RP
 * certificate (PKCS#12, or PEM certificate and key) and BankID's own root, which BankID's
 * servers chain to (no public CA does). Each file is tried with Node's own TLS
 * (`tls.createSecureContext`), exactly as the calls will use it, so a file that loads here
 * works for the calls and one that cannot is refused before the server listens.
 * No library: Node's OpenSSL parses PKCS#12 and PEM; a JavaScript parser (node-forge) would
 * accept files OpenSSL then refuses, which is the failure this module exists to catch.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createSecureContext, type SecureContextOptions } from 'node:tls';
import { ConfigError, type Config } from '../../config.js';

export interface BankIdCredentialFiles {
  /** BANKID_PFX_PATH: PKCS#12 (.p12/.pfx), or a PEM file holding the certificate and its key. */
  pfxPath?: string;
  /** BANKID_CERT_PATH and BANKID_KEY_PATH: the certificate and key as PEM files. */
  certPath?: string;
  keyPath?: string;
  /** BANKID_PFX_PASSPHRASE: of the PKCS#12 file, or of an encrypted PEM key. */
  passphrase?: string;
  /** BANKID_CA_PATH: BankID's root certificate (PEM or DER). */
  caPath?: string;
}

/** The credential files the configuration names. */
export function bankIdCredentialFiles({ bankId }: Pick<Config, 'bankId'>): BankIdCredentialFiles {
  return {
    pfxPath: bankId.pfxPath,
    certPath: bankId.certPath,
    keyPath: bankId.keyPath,
    passphrase: bankId.pfxPassphrase,
    caPath: bankId.caPath,
  };
}

/** Whether any BankID TLS file is configured (production always; demo only against a simulator, without). */
export function hasBankIdCredentials({ bankId }: Pick<Config, 'bankId'>): boolean {
  return Boolean(bankId.pfxPath || bankId.certPath || bankId.caPath);
}

/** What undici's Agent takes as `connect` options. */
export interface BankIdTls {
  pfx?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  passphrase?: string;
  ca?: string;
}

/** What was loaded, for the start-up log: nothing personal (the certificate is the organisation's). */
export interface BankIdCredentialSummary {
  format: 'pkcs12' | 'pem';
  subject?: string;
  /** Who issued the RP certificate (BankID's CA: its test CA says so by name). */
  issuer?: string;
  validTo?: string;
  caSubjects: string[];
}

/** A credential file that cannot be used; the message names the variable and the fix (the server prints it and exits). */
export class BankIdCredentialError extends ConfigError {
  override readonly name = 'BankIdCredentialError';
}

/**
 * The one-line fix for a PKCS#12 file encrypted the old way (RC2-40), which OpenSSL 3 refuses:
 * re-encrypted with AES under the same passphrase (read from the variable, never typed on the
 * command line; the key in the intermediate PEM stays encrypted).
 */
export function reencryptCommand(file: string): string {
  const out = file.replace(/(\.p12|\.pfx)?$/i, '-aes.p12');
  const pem = file.replace(/(\.p12|\.pfx)?$/i, '-tmp.pem');
  const pass = 'env:BANKID_PFX_PASSPHRASE';
  return `openssl pkcs12 -legacy -in ${file} -passin ${pass} -passout ${pass} -out ${pem} && openssl pkcs12 -export -in ${pem} -passin ${pass} -passout ${pass} -out ${out} && rm ${pem}`;
}

/** Loads and proves the RP credentials; throws BankIdCredentialError with the cause and the fix. */
export async function loadBankIdCredentials(
  files: BankIdCredentialFiles,
  now = Date.now(),
): Promise<{ tls: BankIdTls; summary: BankIdCredentialSummary }> {
  const ca = await loadCa(files.caPath);
  const { tls, format } = await loadRpCertificate(files);
  const context = tryContext({ ...tls, ...(ca ? { ca: ca.pem } : {}) }, files);
  const leaf = leafCertificate(context);
  if (leaf && Date.parse(leaf.validTo) < now) {
    throw new BankIdCredentialError(
      `The BankID RP certificate (${leaf.subject.replace(/\n/g, ', ')}) expired ${leaf.validTo}: order a new one from your bank.`,
    );
  }
  return {
    tls: { ...tls, ...(ca ? { ca: ca.pem } : {}) },
    summary: {
      format,
      subject: leaf?.subject.replace(/\n/g, ', '),
      issuer: leaf?.issuer.replace(/\n/g, ', '),
      validTo: leaf?.validTo,
      caSubjects: ca?.subjects ?? [],
    },
  };
}

async function loadRpCertificate(
  files: BankIdCredentialFiles,
): Promise<{ tls: BankIdTls; format: 'pkcs12' | 'pem' }> {
  const passphrase = files.passphrase || undefined;
  if (files.certPath) {
    if (files.pfxPath)
      throw new BankIdCredentialError(
        'Set either BANKID_PFX_PATH or BANKID_CERT_PATH (with BANKID_KEY_PATH), not both.',
      );
    const cert = await readVariable('BANKID_CERT_PATH', files.certPath);
    const key = files.keyPath ? await readVariable('BANKID_KEY_PATH', files.keyPath) : cert;
    return { tls: { cert, key, ...(passphrase ? { passphrase } : {}) }, format: 'pem' };
  }
  if (!files.pfxPath)
    throw new BankIdCredentialError(
      'BankID needs the RP certificate: BANKID_PFX_PATH (PKCS#12) or BANKID_CERT_PATH and BANKID_KEY_PATH (PEM).',
    );
  const bytes = await readVariable('BANKID_PFX_PATH', files.pfxPath);
  // A PEM file named as the pfx: certificate and key in one file.
  if (bytes.subarray(0, 64).toString('latin1').includes('-----BEGIN'))
    return { tls: { cert: bytes, key: bytes, ...(passphrase ? { passphrase } : {}) }, format: 'pem' };
  return { tls: { pfx: bytes, ...(passphrase ? { passphrase } : {}) }, format: 'pkcs12' };
}

/** The context the calls will use; OpenSSL's refusal translated into what to do. */
function tryContext(options: SecureContextOptions, files: BankIdCredentialFiles) {
  try {
    return createSecureContext(options);
  } catch (err) {
    const reason = (err as Error).message;
    if (options.pfx) {
      const file = files.pfxPath!;
      if (/unsupported pkcs12 pfx data/i.test(reason)) {
        throw new BankIdCredentialError(
          `BANKID_PFX_PATH (${file}) is encrypted with a legacy algorithm (RC2-40, as BankID's files have been issued), which Node's OpenSSL 3 refuses ("${reason}"). ` +
            `Re-encrypt it once with AES: ${reencryptCommand(file)} — then point BANKID_PFX_PATH at the new file (or run Node with --openssl-legacy-provider).`,
        );
      }
      if (/mac verify failure/i.test(reason))
        throw new BankIdCredentialError(
          `BANKID_PFX_PATH (${file}): wrong or missing BANKID_PFX_PASSPHRASE ("${reason}").`,
        );
      throw new BankIdCredentialError(
        `BANKID_PFX_PATH (${file}) is not a PKCS#12 file OpenSSL can read ("${reason}").`,
      );
    }
    if (options.ca && /ca|x509|certificate/i.test(reason) && !/key/i.test(reason)) {
      throw new BankIdCredentialError(`BANKID_CA_PATH (${files.caPath}) cannot be used ("${reason}").`);
    }
    const where = files.certPath
      ? `BANKID_CERT_PATH/BANKID_KEY_PATH (${files.certPath}${files.keyPath ? `, ${files.keyPath}` : ''})`
      : `BANKID_PFX_PATH (${files.pfxPath})`;
    if (/bad decrypt|bad password|interrupted or cancelled/i.test(reason))
      throw new BankIdCredentialError(
        `${where}: the key is encrypted; wrong or missing BANKID_PFX_PASSPHRASE ("${reason}").`,
      );
    if (/key values mismatch/i.test(reason))
      throw new BankIdCredentialError(`${where}: the key does not belong to the certificate ("${reason}").`);
    throw new BankIdCredentialError(`${where}: needs a PEM certificate and its private key ("${reason}").`);
  }
}

/** BankID's root(s) as PEM; undefined when no path is set (demo against the local simulator). */
async function loadCa(caPath: string | undefined): Promise<{ pem: string; subjects: string[] } | undefined> {
  if (!caPath) return undefined;
  const bytes = await readVariable('BANKID_CA_PATH', caPath);
  const text = bytes.toString('latin1');
  const blocks = text.includes('-----BEGIN CERTIFICATE-----')
    ? (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [])
    : [bytes];
  const certificates: X509Certificate[] = [];
  for (const block of blocks) {
    try {
      certificates.push(new X509Certificate(block));
    } catch {
      throw new BankIdCredentialError(
        `BANKID_CA_PATH (${caPath}) holds something that is not a certificate: it must be BankID's root certificate (PEM).`,
      );
    }
  }
  if (!certificates.length)
    throw new BankIdCredentialError(
      `BANKID_CA_PATH (${caPath}) holds no certificate: it must be BankID's root certificate (PEM).`,
    );
  return {
    pem: certificates.map((c) => c.toString()).join(''),
    subjects: certificates.map((c) => c.subject.replace(/\n/g, ', ')),
  };
}

async function readVariable(variable: string, file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    throw new BankIdCredentialError(
      `${variable} (${file}) cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.`,
    );
  }
}

/** The certificate the context presents (Node's SecureContext exposes it; absent in some runtimes: then not checked). */
function leafCertificate(context: ReturnType<typeof createSecureContext>): X509Certificate | undefined {
  const der = (context.context as { getCertificate?: () => Buffer | null }).getCertificate?.();
  if (!der) return undefined;
  try {
    return new X509Certificate(der);
  } catch {
    return undefined;
  }
}
