import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedSigner, signatureXml, type SimulatedSigner } from './simulated-signature.js';
import { rootsFromPem, verifyBankIdTrust } from './signature-trust.js';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const dir = mkdtempSync(path.join(tmpdir(), 'bankid-trust-'));
let signer: SimulatedSigner;
let other: SimulatedSigner; // another "BankID": its own root and bank CA
let signature: string;
const NOW = new Date();

beforeAll(async () => {
  signer = await createSimulatedSigner({ caFile: path.join(dir, 'ca.json') });
  other = await createSimulatedSigner({ caFile: path.join(dir, 'other-ca.json') });
  signature = base64(
    signatureXml(signer, { userVisibleData: base64('Jag godkänner'), funcId: 'Signing', at: NOW.getTime() }),
  );
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a BankID signature’s chain and OCSP response (simulator-made, as BankID makes them)', () => {
  it('chains from the user’s certificate through the bank’s CA to BankID’s root; the OCSP response says good', async () => {
    const check = await verifyBankIdTrust(
      { signature, ocspResponse: signer.ocspResponse },
      rootsFromPem(signer.root),
      NOW,
    );
    expect(check.chain).toEqual({
      ok: true,
      subjects: [
        'CN=Test Testsson (BankID simulator user - demo only)',
        'CN=Test Bank Customer CA (simulator - demo only)',
        'CN=Test BankID Root CA (simulator - demo only)',
      ],
    });
    expect(check.ocsp).toMatchObject({ ok: true, status: 'good', producedAt: expect.any(String) });
  });

  it('refuses a chain to another root', async () => {
    const check = await verifyBankIdTrust(
      { signature, ocspResponse: signer.ocspResponse },
      rootsFromPem(other.root),
      NOW,
    );
    expect(check.chain).toMatchObject({
      ok: false,
      problem: expect.stringContaining("is not issued by BankID's root"),
    });
  });

  it('refuses a signature made outside its certificate’s validity', async () => {
    const later = new Date(NOW.getTime() + 2 * 365 * 86_400_000);
    const check = await verifyBankIdTrust(
      { signature, ocspResponse: signer.ocspResponse },
      rootsFromPem(signer.root),
      later,
    );
    expect(check.chain).toMatchObject({ ok: false, problem: expect.stringContaining('was not valid at') });
  });

  it('refuses an OCSP response about another certificate, from another CA, or tampered with', async () => {
    const roots = rootsFromPem(signer.root);
    const foreign = await verifyBankIdTrust({ signature, ocspResponse: other.ocspResponse }, roots, NOW);
    expect(foreign.ocsp).toMatchObject({
      ok: false,
      problem: 'the OCSP response is not signed by the issuer of the signer’s certificate',
    });

    const bytes = Buffer.from(signer.ocspResponse, 'base64');
    const outer = pkijs.OCSPResponse.fromBER(bytes);
    const basic = pkijs.BasicOCSPResponse.fromBER(
      new Uint8Array(outer.responseBytes!.response.valueBlock.valueHexView),
    );
    const signatureAt = bytes.indexOf(Buffer.from(basic.signature.valueBlock.valueHexView));
    expect(signatureAt).toBeGreaterThan(0);
    bytes.writeUInt8(bytes.readUInt8(signatureAt + 20) ^ 0xff, signatureAt + 20); // inside the responder's signature
    const tampered = await verifyBankIdTrust(
      { signature, ocspResponse: bytes.toString('base64') },
      roots,
      NOW,
    );
    expect(tampered.ocsp.ok).toBe(false);

    const garbage = await verifyBankIdTrust({ signature, ocspResponse: base64('not ocsp') }, roots, NOW);
    expect(garbage.ocsp).toMatchObject({ ok: false, problem: expect.stringContaining('cannot be read') });
  });

  it('a self-signed signer (as the simulator made them before) does not chain', async () => {
    const selfSigned = rootsFromPem(signer.root)[0]!;
    expect(selfSigned).toBeInstanceOf(X509Certificate);
    const check = await verifyBankIdTrust(
      {
        signature: base64('<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"></Signature>'),
        ocspResponse: signer.ocspResponse,
      },
      [selfSigned],
      NOW,
    );
    expect(check.chain).toMatchObject({ ok: false, problem: expect.stringContaining('no KeyInfo') });
  });

  it('keeps the root across restarts (caFile), so older signatures still chain', async () => {
    const again = await import('./simulated-signature.js');
    const reread = JSON.parse((await import('node:fs')).readFileSync(path.join(dir, 'ca.json'), 'utf8')) as {
      rootCert: string;
    };
    expect(reread.rootCert).toBe(signer.root);
    expect(typeof again.createSimulatedSigner).toBe('function');
  });
});
