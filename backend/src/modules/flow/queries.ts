import type { Queryable } from '../../db/connect.js';

/** How long a saved place in the sign-up is read back: beyond any hold with its extensions and any identification. */
export const FLOW_FRESH_MINUTES = 60;

export async function saveSessionFlow(
  sql: Queryable,
  sessionUid: string,
  stateSealed: string,
): Promise<void> {
  await sql`
    INSERT INTO session_flows (session_uid, state_sealed, updated_at)
    VALUES (${sessionUid}, ${stateSealed}, now())
    ON CONFLICT (session_uid) DO UPDATE
    SET state_sealed = EXCLUDED.state_sealed,
        updated_at = now()`;
}

export async function sessionFlowOf(sql: Queryable, sessionUid: string): Promise<string | undefined> {
  const [row] = await sql<{ stateSealed: string }[]>`
    SELECT state_sealed
    FROM session_flows
    WHERE session_uid = ${sessionUid}
      AND updated_at > now() - ${FLOW_FRESH_MINUTES} * interval '1 minute'`;
  return row?.stateSealed;
}

export async function forgetSessionFlow(sql: Queryable, sessionUid: string): Promise<void> {
  await sql`DELETE FROM session_flows WHERE session_uid = ${sessionUid}`;
}

/** Whether a BankID sign of this session was completed and applied (its ticket confirmed). */
export async function sessionSignApplied(sql: Queryable, sessionUid: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM bankid_transactions
    WHERE session_uid = ${sessionUid}
      AND kind = 'sign'
      AND applied_outcome = 'applied'
    LIMIT 1`;
  return !!row;
}
