import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { publishedConcert } from '../src/modules/concert/records.js';
import { eraseSaleData } from '../src/modules/retention/erase-sale-data.js';
import { startTestApp, type TestApp } from './harness.js';
import { visitor } from './visitor.js';

const MEMBER = DEMO_PERSONAL_NUMBERS.member;

let app: TestApp;
beforeAll(async () => {
  // One ticket: once it is taken the concert is in Queue, and the queue can be joined.
  app = await startTestApp({ CONCERT_CAPACITY: '1' });
});
afterAll(() => app.close());

describe('erasing the personal data of the sale after the event', () => {
  it('removes who held tickets, the queue, BankID orders and addresses, and keeps the statistics', async () => {
    const v = await visitor(app);
    const ticket = await v.register();
    await v.authenticate(MEMBER);
    await v.call('getPersonalInfo', { personalNumber: MEMBER, email: 'maria@example.se' });
    const sign = await v.call('startBankIDSign', {
      personalNumber: MEMBER,
      ticketId: ticket.ticketId,
      donationAmount: 105,
      signType: 'raise',
      lang: 'sv',
    });
    await v.collect(sign.body.result.transactionId);
    await (
      await visitor(app)
    ).call('enterQueue', { person: { firstName: 'Kim', lastName: 'Kö', email: 'kim@example.se' } });

    const stats = () => app.db.sql`
      SELECT (SELECT count(*)::int FROM tickets WHERE confirmed_at IS NOT NULL) AS confirmed,
             (SELECT count(*)::int FROM queue_entries) AS queued,
             (SELECT count(*)::int FROM bankid_transactions WHERE status = 'complete') AS signed,
             (SELECT sum(new_amount)::int FROM mandate_amount_history) AS amounts`;
    const before = await stats();
    const concertId = (await publishedConcert(app.db.sql))!.id;
    const erased = await eraseSaleData(app.db.sql, concertId);
    expect(erased.tickets).toBe(1);
    expect(erased.queueEntries).toBe(1);
    expect(erased.bankIdTransactions).toBe(2);
    expect(await stats()).toEqual(before);

    const everything = JSON.stringify(
      await app.db.sql`
        SELECT (SELECT json_agg(t) FROM tickets t WHERE confirmed_at IS NOT NULL) AS tickets,
               (SELECT json_agg(q) FROM queue_entries q) AS queue,
               (SELECT json_agg(b) FROM bankid_transactions b) AS bankid,
               (SELECT json_agg(e) FROM email_outbox e) AS outbox,
               (SELECT count(*)::int FROM session_identities) AS identities`,
    );
    for (const secret of [MEMBER, 'maria@example.se', 'kim@example.se', 'Maria', 'Kim'])
      expect(everything).not.toContain(secret);
    expect(everything).toContain('"identities":0');
    // erasing twice is harmless
    expect((await eraseSaleData(app.db.sql, concertId)).tickets).toBe(0);
  });
});
