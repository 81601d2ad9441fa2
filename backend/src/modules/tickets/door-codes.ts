import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/connect.js';
import { SEALED_AT, type PersonalDataProtector } from '../../privacy/personal-data.js';

/** A door code as minted: the code (for the e-mail and the ticket page), its keyed hash and sealed copy (stored). */
export interface MintedDoorCode {
  code: string;
  hash: string;
  sealed: string;
}

/**
 * Door codes at rest (issue 30 point 9d): stored as a keyed hash (HMAC with a key derived from
 * PII_KEY) to find a ticket by, and sealed for the few places that must show the code (the
 * ticket e-mail, the ticket page, the door's offline list, an export the office asks for).
 */
export function createDoorCodes(protector: Pick<PersonalDataProtector, 'doorCodeHash' | 'seal' | 'unseal'>) {
  return {
    /** The keyed hash a ticket is looked up by. */
    hash: (code: string): string => protector.doorCodeHash(code),
    /** A new code: 128 random bits as 32 hex characters (the shape codes always had). */
    mint(): MintedDoorCode {
      const code = randomBytes(16).toString('hex');
      const hash = protector.doorCodeHash(code);
      return { code, hash, sealed: protector.seal(code, SEALED_AT.doorCode(hash)) };
    },
    /** The code of a stored ticket (null when it has none, e.g. erased). */
    open(row: { doorCodeHash: string | null; doorCodeSealed: string | null }): string | null {
      if (!row.doorCodeHash || !row.doorCodeSealed) return null;
      return protector.unseal(row.doorCodeSealed, SEALED_AT.doorCode(row.doorCodeHash));
    },
  };
}
export type DoorCodes = ReturnType<typeof createDoorCodes>;

/**
 * Converts the plain door codes of a database from before migration 037 (external_id) into
 * hash + sealed copy, in batches, and empties external_id. Idempotent; the number converted.
 */
export async function convertPlainDoorCodes(
  sql: Queryable,
  protector: Pick<PersonalDataProtector, 'doorCodeHash' | 'seal'>,
  batch = 500,
): Promise<number> {
  let converted = 0;
  for (;;) {
    const rows = await sql<{ id: string; externalId: string }[]>`
      SELECT id::text, external_id FROM tickets WHERE external_id IS NOT NULL ORDER BY id LIMIT ${batch}`;
    if (rows.length === 0) return converted;
    const values = rows.map((r) => {
      const hash = protector.doorCodeHash(r.externalId);
      return { id: r.id, hash, sealed: protector.seal(r.externalId, SEALED_AT.doorCode(hash)) };
    });
    await sql`
      UPDATE tickets AS t
      SET door_code_hash = v.hash, door_code_sealed = v.sealed, external_id = NULL
      FROM json_to_recordset(${JSON.stringify(values)}::text::json) AS v(id bigint, hash text, sealed text)
      WHERE t.id = v.id AND t.external_id IS NOT NULL`;
    converted += rows.length;
  }
}
