import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_ENV } from '../src/config.fixtures.js';
import { createSimulatedSigner } from '../src/integrations/bankid/simulated-signature.js';
import { simulatorCaFile } from '../src/integrations/bankid/simulator-ca.js';
import { SEALED_AT } from '../src/privacy/personal-data.js';
import { startTestApp, type TestApp } from './harness.js';
import { generatedPersonalNumber, visitor } from './visitor.js';

// verify-mandate checks who signed, not only what: the chain to BankID's root and the OCSP
// response, on a mandate signed through the simulator (which makes them as BankID does).

let app: TestApp;
let dir: string;
beforeAll(async () => {
  app = await startTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'verify-trust-'));
  await writeFile(path.join(dir, 'pii-key'), app.piiKey);
  // BankID's root as an operator would give it: a PEM file. (The simulator makes its CA in the
  // background; its routes answer once it exists.)
  await app.request('/sim/bankid/');
  const ca = JSON.parse(await readFile(simulatorCaFile(app.config.dataDir), 'utf8')) as { rootCert: string };
  await writeFile(path.join(dir, 'root.pem'), ca.rootCert);
  const other = await createSimulatedSigner({ caFile: path.join(dir, 'other-ca.json') });
  await writeFile(path.join(dir, 'other-root.pem'), other.root);
  await writeFile(path.join(dir, 'other-ocsp.txt'), other.ocspResponse);
}, 60_000);
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

async function signedMandate(): Promise<string> {
  const v = await visitor(app);
  const pn = generatedPersonalNumber();
  const ticket = await v.register();
  await v.authenticate(pn);
  const email = `${pn}@example.se`;
  await v.call('getPersonalInfo', { personalNumber: pn, email });
  const person = {
    firstName: 'Test',
    lastName: 'Testsson',
    email,
    phone: '0701234567',
    address: 'Gatan 1',
    zipCode: '123 45',
    city: 'Stad',
  };
  const sign = await v.call('startBankIDSign', {
    personalNumber: pn,
    ticketId: ticket.ticketId,
    donationAmount: 170,
    signType: 'new',
    lang: 'sv',
    person,
    accountInfo: { bank: 'NB', clearingNumber: '3300', accountNumber: pn.slice(2) },
  });
  expect(sign.status, JSON.stringify(sign.body)).toBe(200);
  await v.approveByHand(sign.body.result.transactionId);
  expect((await v.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
  const [row] = await app.db.sql<
    { id: string }[]
  >`SELECT a.id FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id WHERE p.email = ${email}`;
  return row!.id;
}

async function verify(mandateId: string, env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(
      'npx',
      ['tsx', 'backend/scripts/verify-mandate.ts', mandateId],
      {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: {
          ...process.env,
          DEMO: 'true',
          DATABASE_URL: app.db.url!,
          DATA_DIR: dir,
          LOG_LEVEL: 'silent',
          ...env,
        },
      },
    );
    return { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'verify-mandate: the signature chain and the OCSP response',
  () => {
    it('OK for a mandate signed through the simulator: chain to the root, OCSP good', async () => {
      const mandateId = await signedMandate();
      const { code, stdout } = await verify(mandateId, {
        BANKID_SIGNATURE_ROOT_PATH: path.join(dir, 'root.pem'),
      });
      expect(stdout).toMatch(
        /^OK: new mandate signed .*: the signer's certificate chains to .*root\.pem: CN=Test Testsson .* ← CN=Test Bank Customer CA .* ← CN=Test BankID Root CA/m,
      );
      expect(stdout).toMatch(
        /^OK: new mandate signed .*: BankID's OCSP response \(produced .*\) says the certificate was good\./m,
      );
      expect(code).toBe(0);
    }, 60_000);

    it('fails (exit 1) against another root, and with an OCSP response from another CA', async () => {
      const mandateId = await signedMandate();
      const wrongRoot = await verify(mandateId, {
        BANKID_SIGNATURE_ROOT_PATH: path.join(dir, 'other-root.pem'),
      });
      expect(wrongRoot.code).toBe(1);
      expect(wrongRoot.stdout).toMatch(
        /^FAILS: new mandate signed .*: certificate chain: .*is not issued by BankID's root/m,
      );

      const [row] = await app.db.sql<
        { id: string; evidenceSealed: string }[]
      >`SELECT e.id, e.evidence_sealed FROM mandate_evidence e WHERE e.mandate_id = ${mandateId}`;
      const stored = JSON.parse(
        app.protector.unseal(row!.evidenceSealed, SEALED_AT.mandateEvidence(row!.id)),
      );
      const swapped = { ...stored, ocspResponse: await readFile(path.join(dir, 'other-ocsp.txt'), 'utf8') };
      await app.db
        .sql`UPDATE mandate_evidence SET evidence_sealed = ${app.protector.seal(JSON.stringify(swapped), SEALED_AT.mandateEvidence(row!.id))} WHERE id = ${row!.id}`;
      const wrongOcsp = await verify(mandateId, { BANKID_SIGNATURE_ROOT_PATH: path.join(dir, 'root.pem') });
      expect(wrongOcsp.code).toBe(1);
      expect(wrongOcsp.stdout).toMatch(/^OK: .*chains to/m);
      expect(wrongOcsp.stdout).toMatch(
        /^FAILS: new mandate signed .*: OCSP response: the OCSP response is not signed by the issuer/m,
      );
    }, 60_000);

    it('production without BankID’s signing root: refuses to judge (exit 2)', async () => {
      const { code } = await verify('00000000-0000-4000-8000-000000000000', {
        ...PRODUCTION_ENV,
        DEMO: '',
        DATABASE_URL: app.db.url!,
      });
      expect(code).toBe(2);
    }, 60_000);
  },
);
