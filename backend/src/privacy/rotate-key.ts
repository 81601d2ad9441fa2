import type { Sql, TransactionSql } from '../db/connect.js';
import type { SignRequestPersonalPart } from '../modules/bankid/queries.js';
import type { PersonalDataProtector } from './personal-data.js';

type Protector = Pick<PersonalDataProtector, 'lookupHash' | 'seal' | 'unseal'>;

export interface RotatedCounts {
  members: number;
  mandates: number;
  bankIdOrders: number;
  cancelledOrders: number;
  sessionIdentities: number;
}

/**
 * Re-keys the personal data at rest from one PII_KEY to the next, in one transaction (all or
 * nothing). Afterwards nothing sealed or hashed with the old key is left, so a leaked old key
 * reveals nothing (a hash of a personal number under a known key is easily reversed: the
 * numbers are few).
 * - Members: the personal number unsealed with the old key, hashed and sealed with the new;
 *   mandates' account numbers resealed.
 * - BankID orders: everything sealed is resealed; a completed order's hash is recomputed from
 *   the user BankID answered. Other orders only hold the hash of the number they named, which
 *   cannot be recomputed: it is erased and a pending one is cancelled (the visitor starts BankID
 *   again).
 * - Session identities hold such a hash too: cleared (visitors authenticate again).
 */
export async function rotatePersonalDataKey(sql: Sql, previous: Protector, to: Protector): Promise<RotatedCounts> {
  const from = {
    unseal(sealed: string): string {
      try {
        return previous.unseal(sealed);
      } catch {
        throw new WrongKeyError();
      }
    },
  };
  const reseal = (sealed: string) => to.seal(from.unseal(sealed));
  return sql.begin(async (tx) => {
    const members = await tx<{ id: string; personalNumberSealed: string }[]>`SELECT id, personal_number_sealed FROM persons FOR UPDATE`;
    const personalNumbers = members.map((m) => from.unseal(m.personalNumberSealed));
    await updateRows(
      tx,
      'persons',
      members.map((m, i) => ({ id: m.id, personal_number_hash: to.lookupHash(personalNumbers[i]!), personal_number_sealed: to.seal(personalNumbers[i]!) })),
    );

    const mandates = await tx<{ id: string; accountNumberSealed: string }[]>`
      SELECT id, account_number_sealed FROM autogiro_mandates WHERE account_number_sealed IS NOT NULL FOR UPDATE`;
    await updateRows(tx, 'autogiro_mandates', mandates.map((m) => ({ id: m.id, account_number_sealed: reseal(m.accountNumberSealed) })));

    const cancelled = await tx`
      UPDATE bankid_transactions
      SET status = 'cancelled', hint_code = 'cancelled', completed_at = now()
      WHERE status = 'pending'`;
    const orders = await tx<{ id: string; signRequest: { sealed?: string } | null; completedUser: { sealed?: string } | null }[]>`
      SELECT id, sign_request, completed_user FROM bankid_transactions WHERE personal_number_hash <> '' FOR UPDATE`;
    await updateRows(
      tx,
      'bankid_transactions',
      orders.map((o) => {
        const user = o.completedUser?.sealed ? (JSON.parse(from.unseal(o.completedUser.sealed)) as { personalNumber: string }) : undefined;
        return {
          id: o.id,
          personal_number_hash: user ? to.lookupHash(user.personalNumber) : '',
          sign_request: o.signRequest?.sealed ? { ...o.signRequest, sealed: to.seal(JSON.stringify(resealedPersonalPart(from.unseal(o.signRequest.sealed), reseal))) } : o.signRequest,
          completed_user: user ? { sealed: to.seal(JSON.stringify(user)) } : null,
        };
      }),
    );

    const sessionIdentities = await tx`DELETE FROM session_identities`;
    return { members: members.length, mandates: mandates.length, bankIdOrders: orders.length, cancelledOrders: cancelled.count, sessionIdentities: sessionIdentities.count };
  });
}

/** Data that the previous key cannot open: the transaction is rolled back, nothing changes. */
export class WrongKeyError extends Error {
  constructor() {
    super('personal data at rest is not sealed with the previous key (already rotated, or the wrong previous key); nothing was changed');
  }
}

/** The personal part of a sign request, with the account number inside it resealed too. */
function resealedPersonalPart(plain: string, reseal: (sealed: string) => string): SignRequestPersonalPart {
  const part = JSON.parse(plain) as SignRequestPersonalPart;
  return part.accountInfo ? { ...part, accountInfo: { ...part.accountInfo, accountNumberSealed: reseal(part.accountInfo.accountNumberSealed) } } : part;
}

const JSON_COLUMNS = new Set(['sign_request', 'completed_user']);

/** One UPDATE for many rows, each `{id, column: value…}` (as JSON: the embedded database's driver has no array types). */
async function updateRows(tx: TransactionSql, table: string, rows: ({ id: string } & Record<string, unknown>)[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!).filter((c) => c !== 'id');
  await tx.unsafe(
    `UPDATE ${table} AS t
     SET ${columns.map((c) => `${c} = u.${c}`).join(', ')}
     FROM jsonb_to_recordset($1::jsonb) AS u(id text, ${columns.map((c) => `${c} ${JSON_COLUMNS.has(c) ? 'jsonb' : 'text'}`).join(', ')})
     WHERE t.id::text = u.id`,
    [rows as never],
  );
}
