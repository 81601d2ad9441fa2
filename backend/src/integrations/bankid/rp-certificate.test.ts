import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBankIdClient } from './client.js';
import { checkBankIdConnection } from './connection-check.js';
import { BankIdCredentialError, loadBankIdCredentials, reencryptCommand } from './rp-certificate.js';

const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const PASS = 'qwerty123'; // BankID's test certificates come with this passphrase

/**
 * Made with openssl as BankID's setup has them: a root, a server certificate for 127.0.0.1, the
 * RP certificate as PEM, as a modern PKCS#12 (AES) and as a legacy one (RC2-40, `-legacy`), and
 * a second root that signed nothing here.
 */
function makeFiles(dir: string) {
  const f = (name: string) => path.join(dir, name);
  const ssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  for (const ca of ['ca', 'other-ca']) {
    ssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f(`${ca}.key`),
      '-out',
      f(`${ca}.pem`),
      '-days',
      '2',
      '-subj',
      `/CN=Test BankID Root ${ca}`,
    );
  }
  for (const [name, cn, ext] of [
    ['server', '127.0.0.1', 'subjectAltName=IP:127.0.0.1'],
    ['rp', 'Test RP Organisation', 'extendedKeyUsage=clientAuth'],
  ] as const) {
    ssl(
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      f(`${name}.key`),
      '-out',
      f(`${name}.csr`),
      '-subj',
      `/CN=${cn}`,
    );
    writeFileSync(f(`${name}.ext`), `${ext}\n`);
    ssl(
      'x509',
      '-req',
      '-in',
      f(`${name}.csr`),
      '-CA',
      f('ca.pem'),
      '-CAkey',
      f('ca.key'),
      '-CAcreateserial',
      '-out',
      f(`${name}.pem`),
      '-days',
      '2',
      '-extfile',
      f(`${name}.ext`),
    );
  }
  ssl(
    'pkcs12',
    '-export',
    '-inkey',
    f('rp.key'),
    '-in',
    f('rp.pem'),
    '-out',
    f('rp-modern.p12'),
    '-passout',
    `pass:${PASS}`,
  );
  ssl(
    'pkcs12',
    '-export',
    '-legacy',
    '-inkey',
    f('rp.key'),
    '-in',
    f('rp.pem'),
    '-out',
    f('rp-legacy.p12'),
    '-passout',
    `pass:${PASS}`,
  );
  writeFileSync(f('rp-both.pem'), Buffer.concat([readFileSync(f('rp.pem')), readFileSync(f('rp.key'))]));
  writeFileSync(f('garbage.pem'), 'not a certificate\n');
  return f;
}

describe.skipIf(!hasOpenssl)('BankID RP credentials at start', () => {
  let dir: string;
  let f: (name: string) => string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'bankid-rp-'));
    f = makeFiles(dir);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function refusal(files: Parameters<typeof loadBankIdCredentials>[0], now?: number): Promise<string> {
    const err = await loadBankIdCredentials(files, now).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BankIdCredentialError);
    return (err as Error).message;
  }

  it('loads a modern PKCS#12, naming the certificate and the root', async () => {
    const { tls, summary } = await loadBankIdCredentials({
      pfxPath: f('rp-modern.p12'),
      passphrase: PASS,
      caPath: f('ca.pem'),
    });
    expect(tls.pfx).toBeInstanceOf(Buffer);
    expect(summary).toMatchObject({
      format: 'pkcs12',
      subject: 'CN=Test RP Organisation',
      caSubjects: ['CN=Test BankID Root ca'],
    });
  });

  it('refuses a legacy RC2-40 PKCS#12 with the one-line fix, and the fix works', async () => {
    const message = await refusal({ pfxPath: f('rp-legacy.p12'), passphrase: PASS, caPath: f('ca.pem') });
    expect(message).toContain('legacy algorithm (RC2-40');
    expect(message).toContain('Unsupported PKCS12 PFX data');
    expect(message).toContain(reencryptCommand(f('rp-legacy.p12')));
    expect(message).not.toContain(PASS);
    // The command the message gives, run as an operator would.
    execFileSync('sh', ['-c', reencryptCommand(f('rp-legacy.p12'))], {
      cwd: dir,
      env: { ...process.env, BANKID_PFX_PASSPHRASE: PASS },
      stdio: 'ignore',
    });
    const { summary } = await loadBankIdCredentials({
      pfxPath: f('rp-legacy-aes.p12'),
      passphrase: PASS,
      caPath: f('ca.pem'),
    });
    expect(summary.subject).toBe('CN=Test RP Organisation');
  });

  it('loads the legacy PKCS#12 when Node runs with the legacy provider', () => {
    const script = `import('${path.join(import.meta.dirname, 'rp-certificate.ts')}').then(m => m.loadBankIdCredentials({ pfxPath: '${f('rp-legacy.p12')}', passphrase: '${PASS}' })).then(r => console.log(r.summary.subject))`;
    const out = execFileSync(
      process.execPath,
      ['--openssl-legacy-provider', '--import', 'tsx', '-e', script],
      { encoding: 'utf8' },
    );
    expect(out.trim()).toBe('CN=Test RP Organisation');
  }, 30_000);

  it('loads PEM: certificate and key apart, or both in one file', async () => {
    expect(
      (await loadBankIdCredentials({ certPath: f('rp.pem'), keyPath: f('rp.key'), caPath: f('ca.pem') }))
        .summary,
    ).toMatchObject({ format: 'pem', subject: 'CN=Test RP Organisation' });
    expect(
      (await loadBankIdCredentials({ pfxPath: f('rp-both.pem'), caPath: f('ca.pem') })).summary,
    ).toMatchObject({ format: 'pem' });
  });

  it('names the cause of every other refusal', async () => {
    expect(await refusal({ pfxPath: f('rp-modern.p12'), passphrase: 'wrong', caPath: f('ca.pem') })).toMatch(
      /wrong or missing BANKID_PFX_PASSPHRASE/,
    );
    expect(await refusal({ pfxPath: f('garbage.pem'), caPath: f('ca.pem') })).toMatch(
      /BANKID_PFX_PATH .* is not a PKCS#12 file OpenSSL can read/,
    );
    expect(await refusal({ pfxPath: f('ca.key'), caPath: f('ca.pem') })).toMatch(/needs a PEM certificate/);
    expect(await refusal({ certPath: f('rp.pem'), keyPath: f('server.key'), caPath: f('ca.pem') })).toMatch(
      /key does not belong to the certificate/,
    );
    expect(await refusal({ pfxPath: f('missing.p12'), caPath: f('ca.pem') })).toMatch(
      /BANKID_PFX_PATH .*missing\.p12.* cannot be read: ENOENT/,
    );
    expect(
      await refusal({ pfxPath: f('rp-modern.p12'), passphrase: PASS, caPath: f('garbage.pem') }),
    ).toMatch(/BANKID_CA_PATH .* not a certificate: it must be BankID's root/);
    expect(await refusal({ pfxPath: f('rp-modern.p12'), passphrase: PASS, caPath: f('rp.key') })).toMatch(
      /BANKID_CA_PATH/,
    );
    expect(await refusal({ caPath: f('ca.pem') })).toMatch(/needs the RP certificate/);
    expect(
      await refusal(
        { pfxPath: f('rp-modern.p12'), passphrase: PASS, caPath: f('ca.pem') },
        Date.now() + 5 * 86_400_000,
      ),
    ).toMatch(/expired .*order a new one/);
  });
});

describe.skipIf(!hasOpenssl)('check-bankid: one harmless call', () => {
  let dir: string;
  let f: (name: string) => string;
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bankid-check-'));
    f = makeFiles(dir);
    // BankID's server: its certificate from the root, and only RP certificates from that root.
    server = createServer(
      {
        key: readFileSync(f('server.key')),
        cert: readFileSync(f('server.pem')),
        ca: readFileSync(f('ca.pem')),
        requestCert: true,
        rejectUnauthorized: true,
      },
      (_req, res) => {
        // A recorded answer of the real service to a collect for an order it does not know.
        res.writeHead(400, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ errorCode: 'invalidParameters', details: 'No such order' }));
      },
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/rp/v6.0`;
  }, 60_000);
  afterEach(() => server.closeAllConnections());
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  async function check(files: Parameters<typeof loadBankIdCredentials>[0]) {
    const { tls } = await loadBankIdCredentials(files);
    const client = createBankIdClient({ baseUrl, tls, timeoutMs: 5_000 });
    try {
      return await checkBankIdConnection(client);
    } finally {
      await client.close();
    }
  }

  it('reports "BankID reachable, certificate accepted" when both sides trust each other', async () => {
    expect(await check({ pfxPath: f('rp-modern.p12'), passphrase: PASS, caPath: f('ca.pem') })).toEqual({
      ok: true,
      message: 'BankID reachable, certificate accepted',
    });
  });

  it('reports the exact TLS error without BankID’s root', async () => {
    const result = await check({ pfxPath: f('rp-modern.p12'), passphrase: PASS });
    // BankID sends its leaf only ("unable to verify the first certificate"); this stand-in sends its root too.
    expect(result).toEqual({
      ok: false,
      message:
        'BankID not reachable: BankID unreachable: SELF_SIGNED_CERT_IN_CHAIN: self-signed certificate in certificate chain',
    });
  });

  it('reports the exact TLS error with the wrong root', async () => {
    const result = await check({ pfxPath: f('rp-modern.p12'), passphrase: PASS, caPath: f('other-ca.pem') });
    expect(result.ok).toBe(false);
    expect(result.message).toBe(
      'BankID not reachable: BankID unreachable: SELF_SIGNED_CERT_IN_CHAIN: self-signed certificate in certificate chain',
    );
  });

  it('reports when BankID does not accept the RP certificate', async () => {
    // An RP certificate from another root: the server refuses the handshake.
    const other = (name: string) => path.join(dir, name);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-keyout',
        other('self.key'),
        '-out',
        other('self.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=Self-made RP',
      ],
      { stdio: 'ignore' },
    );
    const result = await check({
      certPath: other('self.pem'),
      keyPath: other('self.key'),
      caPath: f('ca.pem'),
    });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/BankID not reachable: BankID unreachable: .+/);
  });
});
