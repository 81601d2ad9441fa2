import { apiErrorText, langAtom, staffApi, useCopy } from '@concert/shared/browser';
import { STAFF_ROLES, type StaffListRow, type StaffRole } from '@concert/shared/api';
import { formatDateTime, Loading, SelectField, Unavailable, useApiQuery } from '@concert/shared/ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { InviteForm } from './invite-form.js';
import { Invitations } from './invitations.js';

const NO_ROLE = 'none';
type Outcome =
  | { state: 'idle' }
  | { state: 'saving'; email: string }
  | { state: 'saved'; email: string; role: StaffRole | null }
  | { state: 'failed'; error: unknown };

/**
 * admin/staff: who has signed in and what they may do. The office gives each staff member a
 * role (door, office, or none), and invites addresses that have not signed in yet (the role
 * applies at their first sign-in; an invitation can be withdrawn); every change is in the audit
 * log. The copy-admin right is the copy editor's to give.
 */
export function StaffPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const staff = useApiQuery(['listStaff'], () => staffApi.call('listStaff', {}));
  const invitations = useApiQuery(['listStaffInvitations'], () => staffApi.call('listStaffInvitations', {}));
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const save = async (row: StaffListRow) => {
    const value = chosen[row.email] ?? row.role ?? NO_ROLE;
    const role = value === NO_ROLE ? null : (value as StaffRole);
    setOutcome({ state: 'saving', email: row.email });
    try {
      await staffApi.call('setStaffRole', { email: row.email, role, staffId: row.id });
      setOutcome({ state: 'saved', email: row.email, role });
      await staff.reload();
    } catch (error) {
      setOutcome({ state: 'failed', error });
    }
  };

  const roleName = (role: StaffRole | null) => t(`admin.staff.roles.${role ?? NO_ROLE}`);
  const options = [NO_ROLE, ...STAFF_ROLES].map((value) => ({
    value,
    label: t(`admin.staff.roles.${value as StaffRole | typeof NO_ROLE}`),
  }));
  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.staff.title')}</h1>
      <p>{t('admin.staff.intro')}</p>
      {/* There before any message, so screen readers announce what a save did. */}
      <div role="status" aria-live="polite" className="admin-result">
        {outcome.state === 'saved' && (
          <p className="notice success">
            {t('admin.staff.saved', { email: outcome.email, role: roleName(outcome.role) })}
          </p>
        )}
        {outcome.state === 'failed' && (
          <p className="notice">{t('admin.staff.error', { message: apiErrorText(t, outcome.error) })}</p>
        )}
      </div>
      {staff.failure !== null && !staff.data && (
        <Unavailable
          message={apiErrorText(t, staff.failure)}
          retry={{ label: t('admin.staff.retry'), onRetry: () => void staff.reload() }}
        />
      )}
      {!staff.data && staff.failure === null && <Loading className="admin-loading" />}
      {staff.data && (
        <ul className="admin-cards">
          {staff.data.map((row) => (
            <li key={row.email} className="admin-card">
              <p className="admin-card-title">{row.name ?? row.email}</p>
              <p className="wrap-anywhere">{row.email}</p>
              <p>{t('admin.staff.lastSeen', { time: formatDateTime(row.lastSeenAt, lang) })}</p>
              {row.isCopyAdmin && <p>{t('admin.staff.copyAdmin')}</p>}
              <SelectField
                name={`role-${row.email}`}
                label={t('admin.staff.roleLabel', { email: row.email })}
                options={options}
                value={chosen[row.email] ?? row.role ?? NO_ROLE}
                onChange={(e) => setChosen((c) => ({ ...c, [row.email]: e.target.value }))}
              />
              <button
                type="button"
                className="button secondary"
                disabled={outcome.state === 'saving'}
                onClick={() => void save(row)}
              >
                {t('admin.staff.save')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <InviteForm onSaved={() => void Promise.all([staff.reload(), invitations.reload()])} />
      <Invitations invitations={invitations} />
    </article>
  );
}
