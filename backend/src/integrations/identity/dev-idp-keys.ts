/** What the dev IdP keeps in dataDir across restarts: its TLS certificate and its signing and cookie keys. */
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

const CERT_VALID_DAYS = 365;
const CERT_RENEW_BEFORE_MS = 7 * 86_400_000;

/** The self-signed certificate for localhost, made once and reused while it is valid. */
export async function ensureCertificate(dir: string): Promise<{ key: string; cert: string }> {
  const keyPath = path.join(dir, 'tls-key.pem');
  const certPath = path.join(dir, 'tls-cert.pem');
  try {
    const [key, cert] = await Promise.all([readFile(keyPath, 'utf8'), readFile(certPath, 'utf8')]);
    const x509 = new X509Certificate(cert);
    if (Date.parse(x509.validTo) - Date.now() > CERT_RENEW_BEFORE_MS && x509.checkHost('localhost'))
      return { key, cert };
  } catch {
    // none yet, or unreadable: make a new one
  }
  const { generate } = await import('selfsigned');
  const notBeforeDate = new Date(Date.now() - 60_000);
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256',
    notBeforeDate,
    notAfterDate: new Date(notBeforeDate.getTime() + CERT_VALID_DAYS * 86_400_000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
          { type: 7, ip: '::1' },
        ],
      },
    ],
  });
  await writeFile(keyPath, pems.private, { mode: 0o600 });
  await writeFile(certPath, pems.cert);
  return { key: pems.private, cert: pems.cert };
}

/** The token-signing key and cookie keys, kept across restarts so issued tokens and sessions stay valid. */
export async function ensureSigningState(dir: string): Promise<{ signingKey: JWK; cookieKeys: string[] }> {
  const file = path.join(dir, 'keys.json');
  try {
    const saved = JSON.parse(await readFile(file, 'utf8')) as { signingKey?: JWK; cookieKeys?: string[] };
    if (saved.signingKey?.d && saved.cookieKeys?.length)
      return { signingKey: saved.signingKey, cookieKeys: saved.cookieKeys };
  } catch {
    // none yet
  }
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey: JWK = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const cookieKeys = [randomBytes(32).toString('base64url')];
  await writeFile(file, JSON.stringify({ signingKey, cookieKeys }), { mode: 0o600 });
  return { signingKey, cookieKeys };
}
