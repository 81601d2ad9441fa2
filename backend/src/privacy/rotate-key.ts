import type { Sql, TransactionSql } from '../db/connect.js';
import { SEALED_AT, type PersonalDataProtector, type SealedAt } from './personal-data.js';

type Protector = Pick<PersonalDataProtector, 'lookupHash' | 'doorCodeHash' | 'seal' | 'unseal'>;

/**
 * A BankID sign request's sealed personal part (modules/bankid's SignRequestPersonalPart) as far
 * as rotation reads it: the account number sealed inside it; the rest passes through unchanged.
 */
interface SealedSignRequestPart {
  accountInfo?: { accountNumberSealed: string };
}

export interface RotatedCounts {
  members: number;
  mandates: number;
  bankIdOrders: number;
  cancelledOrders: number;
  sessionIdentities: number;
  mandateEvidence: number;
  autogiroFiles: number;
  doorCodes: number;
}

/**
 * Re-keys the personal data at rest from one PII_KEY to the next, in one transaction (all or
 * nothing). Afterwards nothing sealed or hashed with the old key is left, so a leaked old key
 * reveals nothing (a hash of a personal number under a known key is easily reversed: the
 * numbers are few).
 * - Members: the personal number unsealed with the old key, hashed and sealed with the new;
 *   mandates' account numbers resealed.
 * - BankID orders: a completed order's sealed data is resealed and its hash recomputed from
 *   the user BankID answered. Other orders only hold the hash of the number they named, which
 *   cannot be recomputed: it is erased with their sealed request, and a pending one is cancelled
 *   (the visitor starts BankID again).
 * - Session identities hold such a hash too: cleared (visitors authenticate again).
 * - Door codes: unsealed with the old key, hashed and sealed with the new.
 */
export async function rotatePersonalDataKey(
  sql: Sql,
  previous: Protector,
  to: Protector,
): Promise<RotatedCounts> {
  const from = {
    unseal(sealed: string, at: SealedAt): string {
      try {
        return previous.unseal(sealed, at);
      } catch {
        throw new WrongKeyError();
      }
    },
  };
  return sql.begin(async (tx) => {
    const members = await tx<{ id: string; personalNumberHash: string; personalNumberSealed: string }[]>`
      SELECT id, personal_number_hash, personal_number_sealed FROM persons FOR UPDATE`;
    const personalNumbers = members.map((m) =>
      from.unseal(m.personalNumberSealed, SEALED_AT.personalNumber(m.personalNumberHash)),
    );
    /** Each person's hash under the old key and the new (mandates are bound to it). */
    const rehashed = new Map(
      members.map((m, i) => [
        String(m.id),
        { old: m.personalNumberHash, next: to.lookupHash(personalNumbers[i]!) },
      ]),
    );
    await updateRows(
      tx,
      'persons',
      members.map((m, i) => {
        const next = rehashed.get(String(m.id))!.next;
        return {
          id: m.id,
          personal_number_hash: next,
          personal_number_sealed: to.seal(personalNumbers[i]!, SEALED_AT.personalNumber(next)),
        };
      }),
    );

    const mandates = await tx<{ id: string; personId: string; accountNumberSealed: string }[]>`
      SELECT id, person_id, account_number_sealed FROM autogiro_mandates WHERE account_number_sealed IS NOT NULL FOR UPDATE`;
    await updateRows(
      tx,
      'autogiro_mandates',
      mandates.map((m) => {
        const hash = rehashed.get(String(m.personId))!;
        const account = from.unseal(m.accountNumberSealed, SEALED_AT.mandateAccount(hash.old));
        return { id: m.id, account_number_sealed: to.seal(account, SEALED_AT.mandateAccount(hash.next)) };
      }),
    );

    // Sealed by their own row id (not by a person's hash): only the key changes.
    const evidence = await tx<
      { id: string; evidenceSealed: string }[]
    >`SELECT id, evidence_sealed FROM mandate_evidence FOR UPDATE`;
    await updateRows(
      tx,
      'mandate_evidence',
      evidence.map((e) => ({
        id: e.id,
        evidence_sealed: to.seal(
          from.unseal(e.evidenceSealed, SEALED_AT.mandateEvidence(e.id)),
          SEALED_AT.mandateEvidence(e.id),
        ),
      })),
    );
    const files = await tx<
      { id: string; contentSealed: string }[]
    >`SELECT id, content_sealed FROM autogiro_files FOR UPDATE`;
    await updateRows(
      tx,
      'autogiro_files',
      files.map((f) => ({
        id: f.id,
        content_sealed: to.seal(
          from.unseal(f.contentSealed, SEALED_AT.autogiroFile(f.id)),
          SEALED_AT.autogiroFile(f.id),
        ),
      })),
    );

    // Door codes: keyed hash and sealed copy, both under the key (issue 30 point 9d).
    const codes = await tx<
      { id: string; doorCodeHash: string; doorCodeSealed: string }[]
    >`SELECT id::text, door_code_hash, door_code_sealed FROM tickets WHERE door_code_hash IS NOT NULL FOR UPDATE`;
    await updateRows(
      tx,
      'tickets',
      codes.map((c) => {
        const code = from.unseal(c.doorCodeSealed, SEALED_AT.doorCode(c.doorCodeHash));
        const hash = to.doorCodeHash(code);
        return { id: c.id, door_code_hash: hash, door_code_sealed: to.seal(code, SEALED_AT.doorCode(hash)) };
      }),
    );

    // E-mails not sent yet keep their door code hashed and sealed too (issue 39 §11): resealed alike.
    const mails = await tx<{ id: string; vars: Record<string, unknown> }[]>`
      SELECT id::text, vars FROM email_outbox WHERE vars ? 'doorCodeSealed' FOR UPDATE`;
    for (const mail of mails) {
      const code = from.unseal(
        String(mail.vars.doorCodeSealed),
        SEALED_AT.doorCode(String(mail.vars.doorCodeHash)),
      );
      const hash = to.doorCodeHash(code);
      const vars = {
        ...mail.vars,
        doorCodeHash: hash,
        doorCodeSealed: to.seal(code, SEALED_AT.doorCode(hash)),
      };
      await tx`UPDATE email_outbox SET vars = ${tx.json(vars as never)} WHERE id = ${mail.id}`;
    }

    const cancelled = await tx`
      UPDATE bankid_transactions
      SET status = 'cancelled', hint_code = 'cancelled', completed_at = now()
      WHERE status = 'pending'`;
    const orders = await tx<
      {
        id: string;
        personalNumberHash: string;
        signRequest: { sealed?: string } | null;
        completedUser: { sealed?: string } | null;
      }[]
    >`
      SELECT id, personal_number_hash, sign_request, completed_user FROM bankid_transactions WHERE personal_number_hash <> '' FOR UPDATE`;
    await updateRows(
      tx,
      'bankid_transactions',
      orders.map((o) => {
        const user = o.completedUser?.sealed
          ? (JSON.parse(from.unseal(o.completedUser.sealed, SEALED_AT.completedUser(o.id))) as {
              personalNumber: string;
            })
          : undefined;
        const next = user ? to.lookupHash(user.personalNumber) : '';
        // An order that can no longer be applied keeps nothing personal: its account cannot be
        // bound to a person whose number it no longer knows.
        const request = o.signRequest?.sealed
          ? user
            ? {
                ...o.signRequest,
                sealed: to.seal(
                  JSON.stringify(
                    resealedPersonalPart(
                      from.unseal(o.signRequest.sealed, SEALED_AT.signRequest(o.id)),
                      from,
                      to,
                      o.personalNumberHash,
                      next,
                    ),
                  ),
                  SEALED_AT.signRequest(o.id),
                ),
              }
            : null
          : o.signRequest;
        return {
          id: o.id,
          personal_number_hash: next,
          sign_request: request,
          completed_user: user
            ? { sealed: to.seal(JSON.stringify(user), SEALED_AT.completedUser(o.id)) }
            : null,
        };
      }),
    );

    const sessionIdentities = await tx`DELETE FROM session_identities`;
    // A session's saved place is transient: dropped rather than resealed (the visitor identifies again).
    await tx`DELETE FROM session_flows`;
    return {
      members: members.length,
      mandates: mandates.length,
      bankIdOrders: orders.length,
      cancelledOrders: cancelled.count,
      sessionIdentities: sessionIdentities.count,
      mandateEvidence: evidence.length,
      autogiroFiles: files.length,
      doorCodes: codes.length,
    };
  });
}

/** Data that the previous key cannot open: the transaction is rolled back, nothing changes. */
export class WrongKeyError extends Error {
  constructor() {
    super(
      'personal data at rest is not sealed with the previous key (already rotated, or the wrong previous key); nothing was changed',
    );
  }
}

/** The personal part of a sign request, with the account number inside it resealed for the payer's new hash. */
function resealedPersonalPart(
  plain: string,
  from: { unseal(sealed: string, at: SealedAt): string },
  to: Protector,
  oldHash: string,
  newHash: string,
): SealedSignRequestPart {
  const part = JSON.parse(plain) as SealedSignRequestPart;
  if (!part.accountInfo) return part;
  const account = from.unseal(part.accountInfo.accountNumberSealed, SEALED_AT.mandateAccount(oldHash));
  return {
    ...part,
    accountInfo: {
      ...part.accountInfo,
      accountNumberSealed: to.seal(account, SEALED_AT.mandateAccount(newHash)),
    },
  };
}

const JSON_COLUMNS = new Set(['sign_request', 'completed_user']);

/** One UPDATE for many rows, each `{id, column: value…}` (as JSON: the embedded database's driver has no array types). */
async function updateRows(
  tx: TransactionSql,
  table: string,
  rows: ({ id: string } & Record<string, unknown>)[],
): Promise<void> {
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
