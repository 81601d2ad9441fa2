/**
 * The change notice (issue 38 §3): when the office moves the date, times or venue after tickets
 * are sold, each ticket holder (and, if the office says so, each person waiting in the queue) is
 * told the old and the new facts and what to do if they cannot come. The e-mail carries the
 * concert's calendar file with the same UID as the ticket e-mail's and a higher SEQUENCE, so a
 * calendar moves the event instead of adding a second one. Queued in the saving transaction:
 * a notice leaves only for a change that was saved, and once per recipient and version.
 */
import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import { attendeeLang } from '../mailout/queries.js';
import { admissionTexts, concertCopyVariables } from './copy-variables.js';
import type { StoredConcert } from './records.js';

interface Recipient {
  key: string;
  email: string;
  firstName: string | null;
  lang: Lang;
}

/** Queues the notices of a saved change; answers how many were queued. */
export async function queueChangeNotices(
  tx: Queryable,
  change: { before: StoredConcert; after: StoredConcert; includeQueue: boolean },
): Promise<number> {
  const { before, after } = change;
  const recipients = await tx<Recipient[]>`
    SELECT 't' || t.id AS key, t.attendee_email AS email, t.attendee_first_name AS first_name, ${attendeeLang(tx)} AS lang
    FROM tickets t
    WHERE t.concert_id = ${after.id} AND t.confirmed_at IS NOT NULL AND t.attendee_email IS NOT NULL AND t.attendee_email <> ''
    ${
      change.includeQueue
        ? tx`UNION ALL
    SELECT 'q' || q.id, q.email, NULL, q.lang
    FROM queue_entries q
    WHERE q.concert_id = ${after.id} AND q.confirmed_at IS NOT NULL AND q.state = 'waiting'`
        : tx``
    }`;
  if (recipients.length === 0) return 0;
  const admission = await admissionTexts(tx);
  const old = {
    sv: concertCopyVariables(before, 'sv', admission),
    en: concertCopyVariables(before, 'en', admission),
  };
  const emails = recipients.map((r) => {
    const lang: Lang = r.lang === 'en' ? 'en' : 'sv';
    return {
      to_email: r.email,
      lang,
      vars: {
        firstName: r.firstName ?? '',
        oldDate: old[lang].concertDate,
        oldTime: old[lang].concertTime,
        oldVenue: old[lang].venue,
        oldCity: old[lang].city,
      },
      dedupe_key: `concertChanged:${after.id}:${after.calendarSequence}:${r.key}`,
    };
  });
  const queued = await tx`
    INSERT INTO email_outbox (to_email, lang, email_type, vars, dedupe_key)
    SELECT e.to_email, e.lang, 'concertChanged', e.vars, e.dedupe_key
    FROM json_to_recordset(${JSON.stringify(emails)}::text::json) AS e(to_email text, lang text, vars jsonb, dedupe_key text)
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id`;
  return queued.length;
}
