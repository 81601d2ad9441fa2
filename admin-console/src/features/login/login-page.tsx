import { useCopy } from '@concert/shared/browser';
import { useSearchParams } from 'react-router';

const ERROR_KEYS: Record<string, string> = {
  unauthorized_domain: 'admin.login.errors.unauthorizedDomain',
  not_copy_admin: 'admin.login.errors.notCopyAdmin',
};

/** admin/login: work-account sign-in, with the reason a previous attempt was refused. */
export function LoginPage() {
  const t = useCopy();
  const [params] = useSearchParams();
  const error = params.get('error');
  return (
    <article>
      <h1>{t('admin.login.title')}</h1>
      {error && (
        <p className="notice" role="alert">
          {t(ERROR_KEYS[error] ?? 'admin.login.errors.loginError')}
        </p>
      )}
      <p>{t('admin.login.intro')}</p>
      {/* Work-account sign-in (MSAL) arrives with the staff issue; the button is shown but not yet usable. */}
      <button type="button" className="button" disabled>
        {t('admin.login.signIn')}
      </button>
    </article>
  );
}
