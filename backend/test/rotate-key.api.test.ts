import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PERSONAL_NUMBERS } from '@concert/shared/demo-fixtures';
import { prepareDatabase } from '../src/prepare-database.js';
import { createPersonalDataProtector, SEALED_AT } from '../src/privacy/personal-data.js';
import { createDoorCodes } from '../src/modules/tickets/door-codes.js';
import { rotatePersonalDataKey, WrongKeyError } from '../src/privacy/rotate-key.js';
import { openDoorCodeVars } from '../src/modules/outbox/door-code-vars.js';
import type { EmailVars } from '../src/modules/outbox/queries.js';
import { startTestApp, type TestApp } from './harness.js';
import { visitor } from './visitor.js';

const MEMBER = DEMO_PERSONAL_NUMBERS.member; // a demo member with an autogiro mandate
const WAITING = DEMO_PERSONAL_NUMBERS.nonMember;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('rotating PII_KEY', () => {
  it('re-keys members, mandates and completed BankID orders; cancels what only the old key could match', async () => {
    const signer = await visitor(app);
    const ticket = await signer.register();
    await signer.authenticate(MEMBER);
    await signer.call('getPersonalInfo', { personalNumber: MEMBER, email: 'maria@example.se' });
    const sign = await signer.call('startBankIDSign', {
      personalNumber: MEMBER,
      ticketId: ticket.ticketId,
      donationAmount: 285,
      signType: 'raise',
      lang: 'sv',
    });
    expect((await signer.collect(sign.body.result.transactionId)).body.result.status).toBe('complete');
    const waiting = await (await visitor(app)).call('startBankIDAuth', { personalNumber: WAITING });
    expect(waiting.status).toBe(200);

    // A mandate with an account, as a new member's sign stores it.
    for (const m of await app.db.sql<
      { id: string; personalNumberHash: string }[]
    >`SELECT a.id, p.personal_number_hash FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id`) {
      await app.db
        .sql`UPDATE autogiro_mandates SET account_number_sealed = ${app.protector.seal('1234567890', SEALED_AT.mandateAccount(m.personalNumberHash))} WHERE id = ${m.id}`;
    }

    const before = await app.db
      .sql`SELECT (SELECT count(*)::int FROM persons) AS persons, (SELECT count(*)::int FROM autogiro_mandates WHERE account_number_sealed IS NOT NULL) AS accounts`;
    const next = createPersonalDataProtector(randomBytes(32));
    const rotated = await rotatePersonalDataKey(app.db.sql, app.protector, next);
    expect(rotated).toMatchObject({
      members: before[0]!.persons,
      mandates: before[0]!.accounts,
      cancelledOrders: 1,
      sessionIdentities: 1,
    });
    expect(rotated.mandates).toBeGreaterThan(0);

    // The signer's door code (from the e-mail) is found by the new key's hash and opens with it only.
    // The e-mail not sent yet keeps the code sealed, resealed under the new key (issue 39 §11).
    const [mail] = await app.db.sql<{ vars: EmailVars }[]>`
      SELECT vars FROM email_outbox WHERE email_type = 'registeredMember' AND to_email = 'maria@example.se'`;
    const code = String(openDoorCodeVars(next, app.config.publicUrl, mail!.vars).ticketId);
    expect(() => openDoorCodeVars(app.protector, app.config.publicUrl, mail!.vars)).toThrow();
    expect(rotated.doorCodes).toBe(1);
    const [coded] = await app.db.sql<{ doorCodeHash: string; doorCodeSealed: string }[]>`
      SELECT door_code_hash, door_code_sealed FROM tickets WHERE door_code_hash = ${next.doorCodeHash(code)}`;
    expect(createDoorCodes(next).open(coded!)).toBe(code);
    expect(() => createDoorCodes(app.protector).open(coded!)).toThrow();

    // The member is found by the new key's hash and reads back with the new key only.
    const memberAt = SEALED_AT.personalNumber(next.lookupHash(MEMBER));
    const [member] = await app.db.sql<
      { personalNumberSealed: string }[]
    >`SELECT personal_number_sealed FROM persons WHERE personal_number_hash = ${next.lookupHash(MEMBER)}`;
    expect(next.unseal(member!.personalNumberSealed, memberAt)).toBe(MEMBER);
    expect(() => app.protector.unseal(member!.personalNumberSealed, memberAt)).toThrow();
    const accounts = await app.db.sql<{ accountNumberSealed: string; personalNumberHash: string }[]>`
      SELECT a.account_number_sealed, p.personal_number_hash FROM autogiro_mandates a JOIN persons p ON p.id = a.person_id WHERE a.account_number_sealed IS NOT NULL`;
    for (const a of accounts)
      expect(next.unseal(a.accountNumberSealed, SEALED_AT.mandateAccount(a.personalNumberHash))).toBe(
        '1234567890',
      );

    // The completed sign answers with the new key; the waiting auth was cancelled.
    const orders = await app.db.sql<
      { id: string; status: string; personalNumberHash: string; completedUser: { sealed: string } | null }[]
    >`
      SELECT id, status, personal_number_hash, completed_user FROM bankid_transactions ORDER BY created_at`;
    const completed = orders.filter((o) => o.status === 'complete');
    expect(completed.length).toBe(2); // auth and sign
    for (const o of completed) {
      expect(o.personalNumberHash).toBe(next.lookupHash(MEMBER));
      expect(JSON.parse(next.unseal(o.completedUser!.sealed, SEALED_AT.completedUser(o.id)))).toMatchObject({
        personalNumber: MEMBER,
      });
    }
    const [signed] = await app.db.sql<
      { id: string; signRequest: { sealed: string } }[]
    >`SELECT id, sign_request FROM bankid_transactions WHERE kind = 'sign'`;
    expect(
      JSON.parse(next.unseal(signed!.signRequest.sealed, SEALED_AT.signRequest(signed!.id))),
    ).toMatchObject({ email: 'maria@example.se' });
    expect(orders.filter((o) => o.status === 'cancelled')).toEqual([
      expect.objectContaining({ personalNumberHash: '' }),
    ]);

    // Nothing hashed with the old key is left anywhere.
    const everything = JSON.stringify(
      await app.db
        .sql`SELECT (SELECT json_agg(p) FROM persons p) AS persons, (SELECT json_agg(b) FROM bankid_transactions b) AS orders, (SELECT json_agg(i) FROM session_identities i) AS identities`,
    );
    for (const n of [MEMBER, WAITING]) expect(everything).not.toContain(app.protector.lookupHash(n));

    // Running it again with the old key refuses and changes nothing.
    await expect(
      rotatePersonalDataKey(app.db.sql, app.protector, createPersonalDataProtector(randomBytes(32))),
    ).rejects.toBeInstanceOf(WrongKeyError);
    const [still] = await app.db.sql<
      { personalNumberSealed: string }[]
    >`SELECT personal_number_sealed FROM persons WHERE personal_number_hash = ${next.lookupHash(MEMBER)}`;
    expect(next.unseal(still!.personalNumberSealed, memberAt)).toBe(MEMBER);
  });

  it('a backend with another PII_KEY than the data was sealed with refuses to start, naming both key ids', async () => {
    const own = await startTestApp(); // demo members sealed with its key at start
    try {
      const other = createPersonalDataProtector(randomBytes(32));
      await expect(prepareDatabase(own.db.sql, own.config, other)).rejects.toThrow(
        `key id ${own.protector.keyId}; this key's id is ${other.keyId}`,
      );
      // negative control: the key the data was sealed with starts again
      await expect(prepareDatabase(own.db.sql, own.config, own.protector)).resolves.toBeDefined();
    } finally {
      await own.close();
    }
  });
});
