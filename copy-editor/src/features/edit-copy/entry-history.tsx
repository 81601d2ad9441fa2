import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { CopyChange } from '@concert/shared/api';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';

/** The saved changes of one entry, newest first: who, when, and both texts before and after. */
export function EntryHistory({
  id,
  copyKey,
  version,
  onRestore,
}: {
  id: string;
  copyKey: string;
  /** The entry's updatedAt: a new version (a save) loads the history again. */
  version: string;
  onRestore: (change: CopyChange) => void;
}) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [changes, setChanges] = useState<CopyChange[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    let current = true;
    staffApi.call('copyHistory', { key: copyKey }).then(
      (list) => current && setChanges(list),
      (err: unknown) => current && setFailure(err),
    );
    return () => {
      current = false;
    };
  }, [copyKey, version]);

  const when = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'sv' ? 'sv-SE' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));

  return (
    <section id={id} className="copy-history" aria-labelledby={`${id}-title`} aria-busy={!changes && !failure}>
      <h4 id={`${id}-title`}>{t('copyEditor.history')}</h4>
      {failure !== null && (
        <p className="notice" role="alert">
          {t('copyEditor.historyError', { message: apiErrorText(t, failure) })}
        </p>
      )}
      {changes && changes.length === 0 && <p>{t('copyEditor.historyEmpty')}</p>}
      {changes && changes.length > 0 && (
        <ol className="copy-changes">
          {changes.map((change) => (
            <li key={change.id}>
              <p className="copy-change-head">{t('copyEditor.historyEntry', { changedAt: when(change.changedAt), changedBy: change.changedBy })}</p>
              <table className="copy-diff">
                <thead>
                  <tr>
                    <td />
                    <th scope="col">{t('copyEditor.historyBefore')}</th>
                    <th scope="col">{t('copyEditor.historyAfter')}</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <th scope="row">{t('copyEditor.swedish')}</th>
                    <td lang="sv">{change.oldSv}</td>
                    <td lang="sv">{change.newSv}</td>
                  </tr>
                  <tr>
                    <th scope="row">{t('copyEditor.english')}</th>
                    <td lang="en">{change.oldEn}</td>
                    <td lang="en">{change.newEn}</td>
                  </tr>
                </tbody>
              </table>
              <button type="button" className="button secondary" onClick={() => onRestore(change)}>
                {t('copyEditor.restore')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
