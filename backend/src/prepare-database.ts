import type { Config } from './config.js';
import type { Sql } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEFAULT_COPY } from './modules/copy/default-copy.js';
import { seedMissingCopy } from './modules/copy/queries.js';
import { seedDemoMembers } from './modules/membership/demo-seed.js';
import type { PersonalDataProtector } from './privacy/personal-data.js';
import { ensureTicketRows } from './modules/tickets/queries.js';

/** Everything the database needs before the app serves: migrations, the copy seed, the ticket rows. Idempotent. */
export async function prepareDatabase(sql: Sql, config: Pick<Config, 'capacity' | 'demo'>, protector: PersonalDataProtector) {
  const migrations = await migrate(sql);
  const copySeeded = await seedMissingCopy(sql, DEFAULT_COPY);
  await ensureTicketRows(sql, config.capacity);
  if (config.demo) await seedDemoMembers(sql, protector);
  return { migrations, copySeeded };
}
