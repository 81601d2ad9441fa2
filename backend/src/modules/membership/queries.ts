import type { MandateState } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';

export interface MemberRecord {
  personId: string;
  firstName: string;
  lastName: string;
  contactId: string;
  approvedDate: Date | null;
  mandateId: string | null;
  mandateState: MandateState | null;
  monthlyAmount: number | null;
  payments: number;
}

/** The member with this personal number, with their mandate; undefined for non-members. */
/** The member whose personal number has this lookup hash (privacy/personal-data.ts). */
export async function findMember(
  sql: Queryable,
  personalNumberHash: string,
): Promise<MemberRecord | undefined> {
  const [row] = await sql<MemberRecord[]>`
    SELECT p.id AS person_id, p.first_name, p.last_name, m.contact_id, m.approved_date,
           a.id AS mandate_id, a.state AS mandate_state, a.monthly_amount,
           (SELECT count(*)::int FROM mandate_amount_history h WHERE h.mandate_id = a.id) AS payments
    FROM persons p
    JOIN memberships m ON m.person_id = p.id
    LEFT JOIN autogiro_mandates a ON a.person_id = p.id
    WHERE p.personal_number_hash = ${personalNumberHash}`;
  return row;
}

export interface NewMember {
  personalNumberHash: string;
  personalNumberSealed: string;
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  address?: string;
  zipCode?: string;
  city?: string;
  monthlyAmount: number;
  account?: { bank: string; clearingNumber: string; accountNumberSealed: string };
  mandateState: 'signed' | 'active';
  bankIdTransactionId?: string;
}

/**
 * Creates person, membership and autogiro mandate with its first amount, in one statement (one
 * round trip in the signing transaction); undefined when the personal number is already a person.
 */
export async function createMember(
  sql: Queryable,
  m: NewMember,
): Promise<{ personId: string; mandateId: string } | undefined> {
  const [created] = await sql<{ personId: string; mandateId: string }[]>`
    WITH person AS (
      INSERT INTO persons (personal_number_hash, personal_number_sealed, first_name, last_name, email, phone, address, zip_code, city)
      VALUES (${m.personalNumberHash}, ${m.personalNumberSealed}, ${m.firstName}, ${m.lastName}, ${m.email}, ${m.phone ?? null}, ${m.address ?? null}, ${m.zipCode ?? null}, ${m.city ?? null})
      ON CONFLICT (personal_number_hash) DO NOTHING
      RETURNING id
    ), membership AS (
      INSERT INTO memberships (person_id, approved_date)
      SELECT id, ${m.mandateState === 'active' ? sql`current_date` : null}
      FROM person
    ), mandate AS (
      INSERT INTO autogiro_mandates (person_id, state, monthly_amount, bank, clearing_number, account_number_sealed)
      SELECT id, ${m.mandateState}, ${m.monthlyAmount}, ${m.account?.bank ?? null}, ${m.account?.clearingNumber ?? null}, ${m.account?.accountNumberSealed ?? null}
      FROM person
      RETURNING id, person_id
    ), history AS (
      INSERT INTO mandate_amount_history (mandate_id, old_amount, new_amount, bankid_transaction_id)
      SELECT id, NULL, ${m.monthlyAmount}, ${m.bankIdTransactionId ?? null}
      FROM mandate
    )
    SELECT person_id, id AS mandate_id
    FROM mandate`;
  return created;
}

/** Sets the mandate's monthly amount to what was signed, keeping the history. */
export async function changeMandateAmount(
  sql: Queryable,
  mandateId: string,
  newAmount: number,
  bankIdTransactionId: string,
): Promise<void> {
  const [old] = await sql<{ monthlyAmount: number }[]>`
    SELECT monthly_amount
    FROM autogiro_mandates
    WHERE id = ${mandateId}
    FOR UPDATE`;
  await sql`
    UPDATE autogiro_mandates
    SET monthly_amount = ${newAmount},
        updated_at = now()
    WHERE id = ${mandateId}`;
  await sql`
    INSERT INTO mandate_amount_history (mandate_id, old_amount, new_amount, bankid_transaction_id)
    VALUES (${mandateId}, ${old?.monthlyAmount ?? null}, ${newAmount}, ${bankIdTransactionId})`;
}

export async function updatePersonEmail(sql: Queryable, personId: string, email: string): Promise<void> {
  await sql`
    UPDATE persons
    SET email = ${email}
    WHERE id = ${personId}`;
}

/** One member's sealed personal number (the newest), to tell which key the data was sealed with. */
export async function someSealedPersonalNumber(sql: Queryable): Promise<string | undefined> {
  const [row] = await sql<{ personalNumberSealed: string }[]>`
    SELECT personal_number_sealed
    FROM persons
    WHERE personal_number_sealed LIKE 'v2.%'
    ORDER BY id DESC
    LIMIT 1`;
  return row?.personalNumberSealed;
}
