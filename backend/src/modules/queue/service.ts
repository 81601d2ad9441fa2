import { createHash, randomBytes } from 'node:crypto';
import { paths, QUEUE_CONFIRM_HOURS, type Lang } from '@concert/shared/universal';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import type { ConcertStatusReader } from '../concert/status.js';
import { enqueueEmail } from '../outbox/queries.js';
import { confirmQueuePlace, requestQueuePlace, unconfirmedRequests } from './queries/entries.js';

/** How many places one session, and one address in 48 hours, may ask for without confirming them. */
export const UNCONFIRMED_PER_SESSION = 3;
export const UNCONFIRMED_PER_ADDRESS = 30;

const codeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * The queue when the tickets are gone: double opt-in. enterQueue only asks for a place (while the
 * concert is in Queue, or for members when they are queued) and mails a link valid 48 h; the
 * place counts once its person opens the link. So an address typed by someone else gets one
 * e-mail it can ignore, and never blocks its owner's own sign-up later.
 */
export function createQueueService(deps: {
  sql: Sql;
  status: ConcertStatusReader;
  /** The current concert (a getter): its own waiting list. */
  concertId: number;
  memberQueue: boolean;
  publicUrl: string;
  /** Keyed hash of a client address (the per-address limit keeps no address in plain). */
  addressKey: (address: string) => string;
}) {
  const { sql } = deps;

  async function enterQueue(
    sessionUid: string,
    address: string,
    person: { email: string; firstName: string; lastName: string },
    lang: Lang,
  ) {
    const { concertStatus } = await deps.status.read();
    if (concertStatus !== 'Queue' && !deps.memberQueue)
      throw new AppError('FAILED_PRECONDITION', 'invalidState');
    const requestedFrom = deps.addressKey(address);
    const asked = await unconfirmedRequests(sql, sessionUid, requestedFrom, QUEUE_CONFIRM_HOURS * 3_600_000);
    if (asked.bySession >= UNCONFIRMED_PER_SESSION || asked.byAddress >= UNCONFIRMED_PER_ADDRESS) {
      throw new AppError('RESOURCE_EXHAUSTED', 'tooManyRequests', { 'Retry-After': '3600' });
    }
    const code = randomBytes(32).toString('base64url');
    const confirmCodeHash = codeHash(code);
    await sql.begin(async (tx) => {
      const entry = await requestQueuePlace(
        tx,
        {
          ...person,
          lang,
          sessionUid,
          requestedFrom,
          confirmCodeHash,
          confirmExpiresAt: new Date(Date.now() + QUEUE_CONFIRM_HOURS * 3_600_000),
        },
        deps.concertId,
      );
      if (entry.sendLink) {
        await enqueueEmail(tx, {
          to: person.email,
          lang,
          type: 'queueConfirmation',
          vars: {
            firstName: person.firstName,
            confirmUrl: `${deps.publicUrl}${paths.visitor.confirmQueue.getHref(lang)}?code=${code}`,
          },
          dedupeKey: `queue:${entry.id}:${confirmCodeHash.slice(0, 16)}`,
        });
      }
    });
    return { queued: true as const };
  }

  /** The link in the e-mail was opened: the place counts from now (again is fine); an unknown or expired link is refused. */
  async function confirmPlace(code: string): Promise<{ confirmed: true }> {
    const entry = await confirmQueuePlace(sql, codeHash(code));
    if (!entry) throw new AppError('FAILED_PRECONDITION', 'invalidState');
    return { confirmed: true };
  }

  return { enterQueue, confirmPlace };
}
export type QueueService = ReturnType<typeof createQueueService>;
