// `npm run verify-mandate -- <mandate id>`: proves a mandate's BankID evidence, for each signature
// of the mandate: the text stored is the one inside BankID's signature (the XML signature holds,
// and its usrVisibleData, decoded, is the stored text), the signature's certificates chain to
// BankID's root (BANKID_SIGNATURE_ROOT_PATH; demo: the simulator's root in DATA_DIR), each valid
// when it was signed, and BankID's OCSP response is signed by the issuer and says the signer's
// certificate was good. Says OK, or exactly what differs or fails.
// Exit code 0: every signature verified; 1: something differs or fails; 2: no such mandate, no
// evidence, or (production) no root to check against; demo mode without a root says NOT CHECKED. Uses DATABASE_URL (or the embedded database in
// DATA_DIR) and PII_KEY like the server.
import { readFile } from 'node:fs/promises';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { rootsFromPem, verifyBankIdTrust } from '../src/integrations/bankid/signature-trust.js';
import { simulatorCaFile } from '../src/integrations/bankid/simulator-ca.js';
import type { MandateEvidence } from '../src/modules/mandates/evidence.js';
import { evidenceOf } from '../src/modules/mandates/queries/evidence.js';
import { mandateById } from '../src/modules/mandates/queries/mandates.js';
import { verifiedEvidenceOf } from '../src/modules/mandates/signature.js';
import { loadSecret } from '../src/modules/session/secret.js';
import { SEALED_AT, createPersonalDataProtector } from '../src/privacy/personal-data.js';

const mandateId = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!mandateId || !/^[0-9a-f-]{36}$/i.test(mandateId)) {
  console.error('Usage: npm run verify-mandate -- <mandate id>');
  process.exit(2);
}
const config = loadConfig();

/** BankID's signing root: configured, or in demo mode the simulator's (kept in DATA_DIR). */
async function bankIdRoots(): Promise<{ pem: string; from: string } | undefined> {
  const file = config.bankId.signatureRootPath;
  if (file) return { pem: await readFile(file, 'utf8'), from: file };
  if (config.production) return undefined;
  try {
    const ca = JSON.parse(await readFile(simulatorCaFile(config.dataDir), 'utf8')) as { rootCert: string };
    return { pem: ca.rootCert, from: "the BankID simulator's root (demo)" };
  } catch {
    return undefined;
  }
}

const rootsFile = await bankIdRoots();
if (!rootsFile && config.production) {
  console.error(
    "No BankID root to check signatures against: set BANKID_SIGNATURE_ROOT_PATH to BankID's root certificate (PEM).",
  );
  process.exit(2);
}
const roots = rootsFile ? rootsFromPem(rootsFile.pem) : undefined;
const db = await openDatabase(config);
try {
  const protector = createPersonalDataProtector(await loadSecret(config.piiKey, config.dataDir, 'pii-key'));
  if (!(await mandateById(db.sql, mandateId))) {
    console.error(`No mandate ${mandateId}.`);
    process.exitCode = 2;
  } else {
    const checks = await verifiedEvidenceOf(db.sql, protector, mandateId);
    const rows = await evidenceOf(db.sql, mandateId);
    if (checks.length === 0) {
      console.error(
        `Mandate ${mandateId} has no stored BankID signature (it existed before signatures were kept).`,
      );
      process.exitCode = 2;
    }
    for (const [i, c] of checks.entries()) {
      const what = `${c.signType === 'new' ? 'new mandate' : 'raise'} signed ${c.signedAt}`;
      if (c.verdict === 'ok') {
        console.log(
          `OK: ${what}: the stored text is exactly the text inside BankID's signature, and the signature holds.`,
        );
      } else {
        process.exitCode = 1;
        console.log(`DIFFERS: ${what}: ${c.verdict}${c.problem ? ` (${c.problem})` : ''}`);
        for (const d of c.differences)
          console.log(
            `  line ${d.line}:\n    stored: ${d.stored ?? '(no such line)'}\n    signed: ${d.signed ?? '(no such line)'}`,
          );
      }
      if (!roots || !rootsFile) {
        console.log(
          `NOT CHECKED: ${what}: the certificate chain and OCSP response (demo without the simulator's root here: set BANKID_SIGNATURE_ROOT_PATH).`,
        );
        continue;
      }
      const row = rows[i]!;
      const evidence = JSON.parse(
        protector.unseal(row.evidenceSealed, SEALED_AT.mandateEvidence(row.id)),
      ) as MandateEvidence;
      const trust = await verifyBankIdTrust(evidence, roots, row.signedAt);
      if (trust.chain.ok)
        console.log(
          `OK: ${what}: the signer's certificate chains to ${rootsFile.from}: ${trust.chain.subjects.join(' ← ')}.`,
        );
      else console.log(`FAILS: ${what}: certificate chain: ${trust.chain.problem}`);
      if (trust.ocsp.ok)
        console.log(
          `OK: ${what}: BankID's OCSP response (produced ${trust.ocsp.producedAt}) says the certificate was good.`,
        );
      else console.log(`FAILS: ${what}: OCSP response: ${trust.ocsp.problem}`);
      if (!trust.chain.ok || !trust.ocsp.ok) process.exitCode = 1;
    }
  }
} finally {
  await db.close();
}
