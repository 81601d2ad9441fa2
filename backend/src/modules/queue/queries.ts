import type { Queryable } from '../../db/connect.js';

/** The waiting list is keyed by the e-mail address, case-insensitively. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/** Adds the person to the waiting list once; joining again with the same e-mail keeps the first place. */
export async function joinQueue(
  sql: Queryable,
  entry: { email: string; firstName: string; lastName: string; lang: 'sv' | 'en'; sessionUid: string },
): Promise<{ id: string; joined: boolean }> {
  const [inserted] = await sql<{ id: string }[]>`
    INSERT INTO queue_entries (email, email_key, first_name, last_name, lang, session_uid)
    VALUES (${entry.email}, ${emailKey(entry.email)}, ${entry.firstName}, ${entry.lastName}, ${entry.lang}, ${entry.sessionUid})
    ON CONFLICT (email_key) DO NOTHING
    RETURNING id`;
  if (inserted) return { id: String(inserted.id), joined: true };
  const [existing] = await sql<{ id: string }[]>`
    SELECT id
    FROM queue_entries
    WHERE email_key = ${emailKey(entry.email)}`;
  return { id: String(existing!.id), joined: false };
}

export async function isInQueue(sql: Queryable, email: string): Promise<boolean> {
  const [row] = await sql`
    SELECT 1
    FROM queue_entries
    WHERE email_key = ${emailKey(email)}`;
  return !!row;
}
