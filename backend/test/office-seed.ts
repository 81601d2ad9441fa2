import type { Queryable } from '../src/db/connect.js';
import { convertPlainDoorCodes } from '../src/modules/tickets/door-codes.js';
import type { PersonalDataProtector } from '../src/privacy/personal-data.js';

/**
 * Confirmed tickets as a sale leaves them, written straight into the tables (fast, for lists,
 * exports and the dashboard at scale): tickets `fromSeq`…`fromSeq + n - 1` confirmed over the
 * last hour, every third one a raise of an existing member, every tenth added by hand, every
 * fifth checked in; each signed ticket with its person, membership, mandate and signed amount.
 * Names carry the seq (Attendee<seq>); one name tries a spreadsheet formula.
 */
export async function seedConfirmedTickets(
  sql: Queryable,
  protector: Pick<PersonalDataProtector, 'doorCodeHash' | 'seal'>,
  n: number,
  fromSeq = 1,
): Promise<void> {
  const to = fromSeq + n - 1;
  await sql`
    INSERT INTO persons (personal_number_hash, personal_number_sealed, first_name, last_name, email)
    SELECT 'seeded-' || s, 'seeded-' || s, 'Attendee' || s, CASE WHEN s = ${fromSeq} THEN '=HYPERLINK("x")' ELSE 'Lastname; "' || s || '"' END, 'attendee' || s || '@example.se'
    FROM generate_series(${fromSeq}::int, ${to}::int) AS s
    WHERE s % 10 <> 0`;
  await sql`
    INSERT INTO memberships (person_id)
    SELECT id FROM persons WHERE personal_number_hash LIKE 'seeded-%' ON CONFLICT DO NOTHING`;
  await sql`
    INSERT INTO autogiro_mandates (person_id, state, monthly_amount)
    SELECT id, CASE WHEN substr(personal_number_hash, 8)::int % 3 = 0 THEN 'active' ELSE 'signed' END,
           CASE WHEN substr(personal_number_hash, 8)::int % 3 = 0 THEN 300 ELSE 200 END
    FROM persons WHERE personal_number_hash LIKE 'seeded-%' ON CONFLICT DO NOTHING`;
  await sql`
    INSERT INTO mandate_amount_history (mandate_id, old_amount, new_amount, bankid_transaction_id, changed_at)
    SELECT a.id,
           CASE WHEN substr(p.personal_number_hash, 8)::int % 3 = 0 THEN 200 ELSE NULL END,
           a.monthly_amount,
           gen_random_uuid(),
           now() - (${to}::int - substr(p.personal_number_hash, 8)::int) * interval '300 milliseconds'
    FROM persons p JOIN autogiro_mandates a ON a.person_id = p.id
    WHERE p.personal_number_hash LIKE 'seeded-%'
      AND NOT EXISTS (SELECT 1 FROM mandate_amount_history h WHERE h.mandate_id = a.id)`;
  await sql`
    UPDATE tickets t
    SET confirmed_at = now() - (${to}::int - t.seq) * interval '300 milliseconds',
        external_id = replace(gen_random_uuid()::text, '-', ''),
        person_id = p.id,
        manually_added = p.id IS NULL,
        attendee_first_name = 'Attendee' || t.seq,
        attendee_last_name = COALESCE(p.last_name, 'Manual'),
        attendee_email = 'attendee' || t.seq || '@example.se',
        scanned_at = CASE WHEN t.seq % 5 = 0 THEN now() END
    FROM tickets t2
    LEFT JOIN persons p ON p.personal_number_hash = 'seeded-' || t2.seq
    WHERE t.id = t2.id
      AND t.seq BETWEEN ${fromSeq} AND ${to}`;
  // Plain codes as a database from before migration 037 holds them, converted as at start.
  await convertPlainDoorCodes(sql, protector);
}
