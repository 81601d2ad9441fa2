import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { EmailType, OutboxRow } from '@concert/shared/api';
import type { CopyKey } from '@concert/shared/universal';
import { formatDateTime, Unavailable, useApiQuery, usePolling } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';

/** After an e-mail is queued, the list follows it until nothing is waiting (the worker sends within seconds). */
const FOLLOW_EVERY_MS = 1500;
const FOLLOW_ROUNDS = 20;

/** Each e-mail type's label; a type the list does not know shows as it is. */
const TYPE_LABEL_KEYS = new Map<string, CopyKey>(
  Object.entries({
    registeredNew: 'admin.sendEmail.types.registeredNew',
    registeredMember: 'admin.sendEmail.types.registeredMember',
    finalTicket: 'admin.sendEmail.types.finalTicket',
  } satisfies Record<EmailType, CopyKey>),
);

const isWaiting = (rows: OutboxRow[] | null) =>
  !rows || rows.some((r) => r.status === 'pending' || r.status === 'sending');

/** The outbox as staff see it: recipient, type, when queued and how sending goes; refreshable. */
export function Outbox({ follow }: { /** Changes each time an e-mail is queued. */ follow: number }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const {
    data: rows,
    failure,
    loading,
    reload,
  } = useApiQuery(['listOutbox'], () => staffApi.call('listOutbox', {}));
  usePolling({
    key: follow > 0 ? follow : null,
    every: FOLLOW_EVERY_MS,
    immediately: true,
    poll: reload,
    onAnswer: (list, round) => isWaiting(list) && round < FOLLOW_ROUNDS,
  });

  const typeLabel = (type: string) => {
    const key = TYPE_LABEL_KEYS.get(type);
    return key ? t(key) : type;
  };

  return (
    <section className="outbox" aria-labelledby="outbox-title" aria-busy={loading}>
      <div className="outbox-head">
        <h2 id="outbox-title">{t('admin.sendEmail.outbox.title')}</h2>
        <button type="button" className="button secondary" onClick={() => void reload()} disabled={loading}>
          {t('admin.sendEmail.outbox.refresh')}
        </button>
      </div>
      {failure !== null && (
        <Unavailable message={t('admin.sendEmail.outbox.error', { message: apiErrorText(t, failure) })} />
      )}
      {rows && rows.length === 0 && <p>{t('admin.sendEmail.outbox.empty')}</p>}
      {rows && rows.length > 0 && (
        // Focusable and named: keyboard users can scroll it when it is wider than the screen (WCAG 2.1.1).
        <div className="table-scroll" tabIndex={0} role="group" aria-labelledby="outbox-title">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('admin.sendEmail.outbox.email')}</th>
                <th scope="col">{t('admin.sendEmail.outbox.type')}</th>
                <th scope="col">{t('admin.sendEmail.outbox.createdAt')}</th>
                <th scope="col">{t('admin.sendEmail.outbox.status.label')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} data-status={row.status}>
                  <td className="outbox-email" data-label={t('admin.sendEmail.outbox.email')}>
                    {row.toEmail}
                  </td>
                  <td data-label={t('admin.sendEmail.outbox.type')}>{typeLabel(row.emailType)}</td>
                  <td data-label={t('admin.sendEmail.outbox.createdAt')}>
                    {formatDateTime(row.createdAt, lang)}
                  </td>
                  <td data-label={t('admin.sendEmail.outbox.status.label')}>
                    <span className={`outbox-status ${row.status}`}>
                      {t(`admin.sendEmail.outbox.status.${row.status}`)}
                    </span>
                    {row.status === 'failed' && row.lastError && (
                      <span className="outbox-error"> {row.lastError}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
