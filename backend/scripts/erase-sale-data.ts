// `npm run erase-sale-data -- --yes`: after the event, erase the personal data of the sale,
// leaving the statistics (see src/modules/retention/erase-sale-data.ts). Uses DATABASE_URL,
// or the embedded database in DATA_DIR, like the server.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { eraseSaleData } from '../src/modules/retention/erase-sale-data.js';

if (!process.argv.includes('--yes')) {
  console.error('This erases the personal data of the sale for good. Run again with --yes to proceed.');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  const erased = await eraseSaleData(db.sql);
  console.log('erased personal data of the sale:', erased);
} finally {
  await db.close();
}
