// `PII_KEY_PREVIOUS=<old key> PII_KEY=<new key> npm run rotate-pii-key -- --yes`: re-keys the
// personal data at rest (see src/privacy/rotate-key.ts) in one transaction. Stop the servers
// first and start them again with the new PII_KEY: a server still on the old key would write
// data the new one cannot read. Uses DATABASE_URL like the server.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { createPersonalDataProtector } from '../src/privacy/personal-data.js';
import { rotatePersonalDataKey, WrongKeyError } from '../src/privacy/rotate-key.js';

const previous = process.env.PII_KEY_PREVIOUS;
const next = process.env.PII_KEY;
if (!previous || !next || previous === next) {
  console.error('Give the key in use as PII_KEY_PREVIOUS and the new one as PII_KEY (they must differ).');
  process.exit(2);
}
if (!process.argv.includes('--yes')) {
  console.error(
    'This re-keys all personal data at rest; pending BankID orders are cancelled and visitors sign in again. Stop the servers, then run again with --yes.',
  );
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
const key = (secret: string) => createPersonalDataProtector(new TextEncoder().encode(secret));
try {
  console.log('re-keyed:', await rotatePersonalDataKey(db.sql, key(previous), key(next)));
} catch (err) {
  if (!(err instanceof WrongKeyError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
} finally {
  await db.close();
}
