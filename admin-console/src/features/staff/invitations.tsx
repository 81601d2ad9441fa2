import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import type { StaffInvitationRow } from '@concert/shared/api';
import { formatDateTime, Loading, Unavailable, type ApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';

type Outcome =
  | { state: 'idle' }
  | { state: 'withdrawing'; email: string }
  | { state: 'withdrawn'; email: string }
  | { state: 'failed'; error: unknown };

/** The addresses invited before their first sign-in: role, who invited and when; the office withdraws one. */
export function Invitations({ invitations }: { invitations: ApiQuery<StaffInvitationRow[]> }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const withdraw = async (email: string) => {
    setOutcome({ state: 'withdrawing', email });
    try {
      await staffApi.call('withdrawStaffInvitation', { email });
      setOutcome({ state: 'withdrawn', email });
      await invitations.reload();
    } catch (error) {
      setOutcome({ state: 'failed', error });
    }
  };

  return (
    <section aria-labelledby="invitations-title">
      <h2 id="invitations-title">{t('admin.staff.invitations.title')}</h2>
      <div role="status" aria-live="polite" className="admin-result">
        {outcome.state === 'withdrawn' && (
          <p className="notice success">{t('admin.staff.invitations.withdrawn', { email: outcome.email })}</p>
        )}
        {outcome.state === 'failed' && (
          <p className="notice">
            {t('admin.staff.invitations.withdrawError', { message: apiErrorText(t, outcome.error) })}
          </p>
        )}
      </div>
      {invitations.failure !== null && !invitations.data && (
        <Unavailable
          message={apiErrorText(t, invitations.failure)}
          retry={{ label: t('admin.staff.retry'), onRetry: () => void invitations.reload() }}
        />
      )}
      {!invitations.data && invitations.failure === null && <Loading className="admin-loading" />}
      {invitations.data?.length === 0 && <p>{t('admin.staff.invitations.empty')}</p>}
      {invitations.data && invitations.data.length > 0 && (
        <ul className="admin-cards">
          {invitations.data.map((row) => (
            <li key={row.email} className="admin-card">
              <p className="admin-card-title wrap-anywhere">{row.email}</p>
              <p>{t('admin.staff.invitations.role', { role: t(`admin.staff.roles.${row.role}`) })}</p>
              <p className="wrap-anywhere">
                {t('admin.staff.invitations.invitedBy', {
                  email: row.invitedBy ?? '–',
                  time: formatDateTime(row.invitedAt, lang),
                })}
              </p>
              <button
                type="button"
                className="button secondary"
                disabled={outcome.state === 'withdrawing'}
                onClick={() => void withdraw(row.email)}
              >
                {t('admin.staff.invitations.withdraw', { email: row.email })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
