import type { Queryable } from '../../db/connect.js';
import { dateText } from '../../integrations/bankid/user-visible-data.js';
import { enqueueEmail } from '../outbox/queries.js';
import type { MandateRow } from './queries/mandates.js';

/**
 * A raise's first draw at the new amount moved later than the donor was told (issue 39): a raise
 * waits for Bankgirot to confirm the old payment's cancellation before its new TK82, so a payment
 * run made late for the promised draw moves it (at the cancellation, or at the new TK82 when the
 * confirmed draw could not be reached). The donor gets the new date by e-mail through the outbox
 * (`raiseFirstDrawMoved`, Swedish or English), once per move (the dedupe key names the mandate and
 * the new date). Nothing when it did not move, or the donor has no e-mail address.
 */
export async function tellFirstDrawMoved(
  sql: Queryable,
  m: Pick<MandateRow, 'id' | 'email' | 'lang' | 'firstName' | 'monthlyAmount' | 'firstDrawDate'>,
  newFirstDraw: string,
): Promise<void> {
  if (!m.email || !m.firstDrawDate || newFirstDraw <= m.firstDrawDate) return;
  await enqueueEmail(sql, {
    to: m.email,
    lang: m.lang,
    type: 'raiseFirstDrawMoved',
    vars: {
      firstName: m.firstName,
      amount: m.lang === 'sv' ? `${m.monthlyAmount} kr` : `SEK ${m.monthlyAmount}`,
      firstDrawDate: dateText(m.lang, newFirstDraw),
      promisedDate: dateText(m.lang, m.firstDrawDate),
    },
    dedupeKey: `raiseFirstDrawMoved:${m.id}:${newFirstDraw}`,
  });
}
