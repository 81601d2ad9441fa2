import {
  safeAdminRedirect,
  signIn,
  StaffSignInError,
  useCopy,
  useStaffAccount,
} from '@concert/shared/browser';
import type { CopyKey } from '@concert/shared/universal';
import { InteractionStatus, useMsal } from '@concert/shared/staff-msal';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from '@concert/shared/router';

const ERROR_KEYS: Partial<Record<string, CopyKey>> = {
  unauthorized_domain: 'admin.login.errors.unauthorizedDomain',
  not_copy_admin: 'admin.login.errors.notCopyAdmin',
  permissionDenied: 'admin.login.errors.permissionDenied',
};

type Attempt = { state: 'idle' } | { state: 'leaving' } | { state: 'failed'; error: StaffSignInError };

/**
 * admin/login: work-account sign-in (MSAL redirect), with the reason a previous attempt was
 * refused. After sign-in the callback goes on to `redirect` or where the account's work is.
 */
export function LoginPage() {
  const t = useCopy();
  const [params, setParams] = useSearchParams();
  const account = useStaffAccount();
  const [attempt, setAttempt] = useState<Attempt>({ state: 'idle' });
  // msal-react says when a redirect to the work-account sign-in (or a sign-out) is under way.
  const { inProgress } = useMsal();
  const leaving =
    attempt.state === 'leaving' ||
    inProgress === InteractionStatus.AcquireToken ||
    inProgress === InteractionStatus.Logout;
  const error = params.get('error');
  const redirect = safeAdminRedirect(params.get('redirect'));

  // The IdP's way back after logout carries MSAL's `state`, which means nothing here.
  useEffect(() => {
    if (!params.has('state')) return;
    const rest = new URLSearchParams(params);
    rest.delete('state');
    setParams(rest, { replace: true });
  }, [params, setParams]);

  const start = (prompt?: 'login') => {
    setAttempt({ state: 'leaving' });
    signIn(redirect, { prompt }).catch((err: unknown) =>
      setAttempt({
        state: 'failed',
        error: err instanceof StaffSignInError ? err : new StaffSignInError('failed'),
      }),
    );
  };

  return (
    <article className="admin-page">
      <h1>{t('admin.login.title')}</h1>
      {attempt.state === 'failed' ? (
        <SignInFailed error={attempt.error} />
      ) : (
        error && (
          <p className="notice" role="alert">
            {t(ERROR_KEYS[error] ?? 'admin.login.errors.loginError')}
          </p>
        )
      )}
      <p>{t('admin.login.intro')}</p>
      {account ? (
        <div className="admin-actions">
          {redirect && (
            <Link className="button" to={redirect}>
              {t('admin.login.continue')}
            </Link>
          )}
          <button
            type="button"
            className="button secondary"
            onClick={() => start('login')}
            disabled={leaving}
          >
            {t('admin.login.signInOther')}
          </button>
        </div>
      ) : (
        // Someone just refused gets the password form again, so they can choose another account.
        <button
          type="button"
          className="button"
          onClick={() => start(error ? 'login' : undefined)}
          disabled={leaving}
        >
          {leaving ? t('admin.login.signingIn') : t('admin.login.signIn')}
        </button>
      )}
    </article>
  );
}

/**
 * Why the sign-in could not start. The demo's own IdP on this machine (self-signed certificate)
 * gets a link, so the browser can accept its certificate once.
 */
function SignInFailed({ error }: { error: StaffSignInError }) {
  const t = useCopy();
  if (error.reason !== 'idpUnreachable') {
    return (
      <p className="notice" role="alert">
        {t('admin.login.errors.loginError')}
      </p>
    );
  }
  return (
    <div className="notice" role="alert">
      <p>{t('admin.login.errors.idpUnreachable')}</p>
      {error.authority && isLocal(error.authority) && (
        <>
          <p>{t('admin.login.acceptCertificate')}</p>
          <p>
            <a href={error.authority} target="_blank" rel="noreferrer">
              {t('admin.login.openIdp')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}

const isLocal = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);
