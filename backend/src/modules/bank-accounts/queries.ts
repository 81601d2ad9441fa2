import type { Queryable } from '../../db/connect.js';

export async function recordAccountRequest(
  sql: Queryable,
  publicId: string,
  sessionUid: string,
): Promise<void> {
  await sql`
    INSERT INTO bank_account_requests (public_id, session_uid)
    VALUES (${publicId}, ${sessionUid})`;
}

export async function isOwnAccountRequest(
  sql: Queryable,
  publicId: string,
  sessionUid: string,
): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM bank_account_requests
    WHERE public_id = ${publicId}
      AND session_uid = ${sessionUid}`;
  return !!row;
}
