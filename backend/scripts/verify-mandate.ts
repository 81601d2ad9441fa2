// `npm run verify-mandate -- <mandate id>`: proves that the text stored as a mandate's evidence is
// the one inside BankID's signature (the XML signature holds, and its usrVisibleData, decoded, is
// the stored text), for each signature of the mandate; says OK, or exactly which lines differ.
// Exit code 0: every signature verified; 1: something differs; 2: no such mandate or no evidence.
// Uses DATABASE_URL (or the embedded database in DATA_DIR) and PII_KEY like the server.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { mandateById } from '../src/modules/mandates/queries.js';
import { verifiedEvidenceOf } from '../src/modules/mandates/service.js';
import { loadSecret } from '../src/modules/session/secret.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';

const mandateId = process.argv.slice(2).find((a) => !a.startsWith('-'));
if (!mandateId || !/^[0-9a-f-]{36}$/i.test(mandateId)) {
  console.error('Usage: npm run verify-mandate -- <mandate id>');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  const protector = createPersonalDataProtector(await loadSecret(config.piiKey, config.dataDir, 'pii-key'));
  if (!(await mandateById(db.sql, mandateId))) {
    console.error(`No mandate ${mandateId}.`);
    process.exitCode = 2;
  } else {
    const checks = await verifiedEvidenceOf(db.sql, protector, mandateId);
    if (checks.length === 0) {
      console.error(`Mandate ${mandateId} has no stored BankID signature (it existed before signatures were kept).`);
      process.exitCode = 2;
    }
    for (const c of checks) {
      const what = `${c.signType === 'new' ? 'new mandate' : 'raise'} signed ${c.signedAt}`;
      if (c.verdict === 'ok') {
        console.log(`OK: ${what}: the stored text is exactly the text inside BankID's signature, and the signature holds.`);
        continue;
      }
      process.exitCode = 1;
      console.log(`DIFFERS: ${what}: ${c.verdict}${c.problem ? ` (${c.problem})` : ''}`);
      for (const d of c.differences) console.log(`  line ${d.line}:\n    stored: ${d.stored ?? '(no such line)'}\n    signed: ${d.signed ?? '(no such line)'}`);
    }
  }
} finally {
  await db.close();
}
