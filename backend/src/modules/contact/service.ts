import { randomUUID } from 'node:crypto';
import type { Lang } from '@concert/shared/universal';
import type { Sql } from '../../db/connect.js';
import { enqueueEmail } from '../outbox/queries.js';

/**
 * The contact form (issue 29 §6): the message goes to the organisation's support mailbox through
 * the outbox (its worker sends it at least once), with a receipt to the sender. Both are written in
 * one transaction, so "sent" is answered only once the outbox has them. The visitor's address is a
 * template value of the support mail (whose recipient is the support mailbox), to answer to. The
 * receipt is a fixed confirmation: it goes to an address nobody has verified, so it never carries
 * the visitor's text or links (else anyone could mail anyone their words from the organisation).
 */
export function createContactService({ sql, supportTo }: { sql: Sql; supportTo: string }) {
  async function send(message: { email: string; text: string; lang: Lang }): Promise<{ sent: true }> {
    const id = randomUUID();
    await sql.begin((tx) => [
      enqueueEmail(tx, {
        to: supportTo,
        lang: 'sv',
        type: 'contactMessage',
        vars: { senderEmail: message.email, contactMessage: message.text, senderLang: message.lang },
        dedupeKey: `contact:${id}`,
      }),
      enqueueEmail(tx, {
        to: message.email,
        lang: message.lang,
        type: 'contactReceipt',
        // Nothing typed: the receipt goes to whatever address was typed (issue 39 §10, no mail relay).
        vars: {},
        dedupeKey: `contactReceipt:${id}`,
      }),
    ]);
    return { sent: true };
  }
  return { send };
}
export type ContactService = ReturnType<typeof createContactService>;
