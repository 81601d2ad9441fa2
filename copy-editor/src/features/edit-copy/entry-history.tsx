import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { CopyChange } from '@concert/shared/api';
import { formatDateTime, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';

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
  const { data: changes, failure } = useApiQuery(['copyHistory', copyKey, version], () =>
    staffApi.call('copyHistory', { key: copyKey }),
  );

  return (
    <section
      id={id}
      className="copy-history"
      aria-labelledby={`${id}-title`}
      aria-busy={!changes && !failure}
    >
      <h4 id={`${id}-title`}>{t('copyEditor.history')}</h4>
      {failure !== null && (
        <Unavailable message={t('copyEditor.historyError', { message: apiErrorText(t, failure) })} />
      )}
      {changes && changes.length === 0 && <p>{t('copyEditor.historyEmpty')}</p>}
      {changes && changes.length > 0 && (
        <ol className="copy-changes">
          {changes.map((change) => (
            <li key={change.id}>
              <p className="copy-change-head">
                {t('copyEditor.historyEntry', {
                  changedAt: formatDateTime(change.changedAt, lang),
                  changedBy: change.changedBy,
                })}
              </p>
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
