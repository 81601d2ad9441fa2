import type { Config } from './config.js';
import type { Sql } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEFAULT_COPY } from './modules/copy/default-copy.js';
import { seedMissingCopy } from './modules/copy/queries.js';
import { seedDemoMembers } from './modules/membership/demo-seed.js';
import { keyIdOfSeal, type PersonalDataProtector } from './privacy/personal-data.js';
import { someSealedPersonalNumber } from './modules/membership/queries.js';
import { convertPlainDoorCodes } from './modules/tickets/door-codes.js';
import { ensureTicketRows } from './modules/tickets/queries/availability.js';
import { ensureConcert } from './modules/concert/seed.js';
import { publishedConcert } from './modules/concert/records.js';
import { ticketScopeOf } from './modules/concert/terms.js';

/** Everything the database needs before the app serves: migrations, the copy seed, the ticket rows. Idempotent. */
export async function prepareDatabase(
  sql: Sql,
  config: Pick<Config, 'capacity' | 'demo' | 'holdMs' | 'salesOpenAt' | 'salesCloseAt' | 'demoConcertDate'>,
  protector: PersonalDataProtector,
) {
  const migrations = await migrate(sql);
  await refuseAnotherKey(sql, protector);
  // Door codes from before migration 037: to keyed hash + sealed copy (needs the key, so here).
  await convertPlainDoorCodes(sql, protector);
  const copySeeded = await seedMissingCopy(sql, DEFAULT_COPY);
  const concert = await ensureConcert(sql, config);
  await ensureTicketRows(sql, ticketScopeOf(await publishedConcert(sql)));
  if (config.demo) await seedDemoMembers(sql, protector);
  return { migrations, copySeeded, concert, timeouts: await sessionTimeouts(sql) };
}

/**
 * The time limits the database holds a statement and an idle transaction to, as a pool session
 * sees them: the app sends them at connect, except behind a transaction pooler, which must set
 * them itself (deploy/pgbouncer.ini). '0' means none: the server warns at start.
 */
async function sessionTimeouts(sql: Sql): Promise<{ statement: string; idleInTransaction: string }> {
  const [row] = await sql<{ statement: string; idleInTransaction: string }[]>`
    SELECT current_setting('statement_timeout') AS statement, current_setting('idle_in_transaction_session_timeout') AS idle_in_transaction`;
  return row!;
}

/**
 * A backend whose PII_KEY is not the one the data was sealed with would hash lookups that find
 * nobody and fail on every read: it refuses to start, naming both key ids (never the keys).
 */
async function refuseAnotherKey(sql: Sql, protector: PersonalDataProtector): Promise<void> {
  const sealed = await someSealedPersonalNumber(sql);
  const sealedWith = sealed && keyIdOfSeal(sealed);
  if (sealedWith && sealedWith !== protector.keyId) {
    throw new Error(
      `PII_KEY is not the key the personal data was sealed with (key id ${sealedWith}; this key's id is ${protector.keyId}). Start with that key, or rotate (npm run rotate-pii-key).`,
    );
  }
}
