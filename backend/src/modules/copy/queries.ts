import type { Lang } from '@concert/shared/universal';
import type { Queryable } from '../../db/connect.js';
import type { CopyEntry } from './default-copy.js';

export interface CopyRecord {
  key: string;
  sv: string;
  en: string;
  updatedAt: Date;
}

export async function listCopy(sql: Queryable): Promise<CopyRecord[]> {
  return sql<CopyRecord[]>`
    SELECT key, sv, en, updated_at
    FROM copy
    ORDER BY key`;
}

export async function copyForLang(sql: Queryable, lang: Lang): Promise<Record<string, string>> {
  const rows = await sql<{ key: string; text: string }[]>`
    SELECT key, ${sql(lang)} AS text
    FROM copy`;
  return Object.fromEntries(rows.map((r) => [r.key, r.text]));
}

/** Adds keys the seed has and the database lacks; never overwrites an editor's text. */
export async function seedMissingCopy(sql: Queryable, entries: Record<string, CopyEntry>): Promise<number> {
  const rows = Object.entries(entries).map(([key, { sv, en }]) => ({ key, sv, en }));
  if (rows.length === 0) return 0;
  const inserted = await sql`
    INSERT INTO copy ${sql(rows, 'key', 'sv', 'en')}
    ON CONFLICT (key) DO NOTHING
    RETURNING key`;
  return inserted.length;
}
