import type { Sql } from '../../db/connect.js';
import { enqueueEmail } from '../outbox/queries.js';
import { joinQueue } from './queries.js';

/** enterQueue: one entry per e-mail, in the order people joined; the confirmation e-mail goes once. */
export function createQueueService({ sql }: { sql: Sql }) {
  async function enterQueue(sessionUid: string, person: { email: string; firstName: string; lastName: string }, lang: 'sv' | 'en') {
    await sql.begin(async (tx) => {
      const entry = await joinQueue(tx, { ...person, lang, sessionUid });
      if (entry.joined) {
        await enqueueEmail(tx, {
          to: person.email,
          lang,
          type: 'queueConfirmation',
          vars: { firstName: person.firstName },
          dedupeKey: `queue:${entry.id}`,
        });
      }
    });
    return { queued: true as const };
  }
  return { enterQueue };
}
export type QueueService = ReturnType<typeof createQueueService>;
