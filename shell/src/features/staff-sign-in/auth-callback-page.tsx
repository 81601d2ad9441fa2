import { completeSignIn, useCopy } from '@concert/shared/browser';
import { useEffect } from 'react';
import { useNavigate } from '@concert/shared/router';

/**
 * /admin/auth-callback: where the work-account sign-in comes back. Takes in the answer, lets the
 * API check the account once, then goes on to the remembered page (or the login page with the reason).
 */
export function AuthCallbackPage() {
  const t = useCopy();
  const navigate = useNavigate();
  useEffect(() => {
    let current = true;
    void completeSignIn().then((to) => {
      if (current) navigate(to, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate]);
  return (
    <p className="admin-signing-in" role="status">
      {t('admin.login.signingIn')}
    </p>
  );
}
