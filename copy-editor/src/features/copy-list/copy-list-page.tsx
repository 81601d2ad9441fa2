import { useCopy } from '@concert/shared/browser';
import { useEffect, useMemo, useState } from 'react';

interface Row {
  key: string;
  sv: string;
  en: string;
}

/** Every copy entry (key, Swedish, English) grouped by the key's first section, searchable across keys and texts. */
export function CopyListPage() {
  const t = useCopy();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    fetch('/api/getCopy', { cache: 'no-store' })
      .then((r) => r.json() as Promise<Row[]>)
      .then(setRows)
      .catch(() => setRows([]));
  }, []);
  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const matching = (rows ?? []).filter((r) => !q || [r.key, r.sv, r.en].some((s) => s.toLowerCase().includes(q)));
    const bySection = new Map<string, Row[]>();
    for (const row of matching) {
      const section = row.key.split('.')[0]!;
      bySection.set(section, [...(bySection.get(section) ?? []), row]);
    }
    return [...bySection.entries()];
  }, [rows, query]);

  return (
    <article>
      <h1>{t('copyEditor.title')}</h1>
      <div className="field">
        <label htmlFor="copy-search">{t('copyEditor.search.label')}</label>
        <input id="copy-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('copyEditor.search.placeholder')} />
      </div>
      {rows && groups.length === 0 && <p>{t('copyEditor.noResults')}</p>}
      {groups.map(([section, entries]) => (
        <section key={section}>
          <h2>{section}</h2>
          <dl>
            {entries.map((r) => (
              <div key={r.key}>
                <dt>
                  <code>{r.key}</code>
                </dt>
                <dd lang="sv">{r.sv}</dd>
                <dd lang="en">{r.en}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </article>
  );
}
