// `npm run erase-sale-data -- --yes [--concert=N]`: after the event, erase the personal data of
// a concert's sale (the published concert's unless --concert names another), leaving the
// statistics (see src/modules/retention/erase-sale-data.ts). Uses DATABASE_URL, or the embedded
// database in DATA_DIR, like the server.
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/connect.js';
import { publishedConcert } from '../src/modules/concert/records.js';
import { eraseSaleData } from '../src/modules/retention/erase-sale-data.js';

if (!process.argv.includes('--yes')) {
  console.error('This erases the personal data of the sale for good. Run again with --yes to proceed.');
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase(config);
try {
  const named = process.argv.find((a) => a.startsWith('--concert='))?.slice('--concert='.length);
  const concertId = named ? Number(named) : (await publishedConcert(db.sql))?.id;
  if (!concertId || !Number.isInteger(concertId)) {
    console.error('No concert to erase: none is published. Name one with --concert=N.');
    process.exitCode = 2;
  } else {
    const erased = await eraseSaleData(db.sql, concertId);
    console.log(`erased personal data of concert ${concertId}'s sale:`, erased);
  }
} finally {
  await db.close();
}
