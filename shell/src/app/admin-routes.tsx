import { below, paths } from '@concert/shared/universal';
import { useEffect } from 'react';
import { matchPath, useLocation } from '@concert/shared/router';
import { StaffMsalProvider } from '@concert/shared/staff-msal';
import { AdminLayout, RequireStaff } from '../components/admin-layout.js';
import { AreaLoading, RemoteArea } from '../components/remote-area.js';
import { AuthCallbackPage } from '../features/staff-sign-in/auth-callback-page.js';
import { preloadRemote } from '../lib/remotes.js';

/**
 * Admin pages: login and the sign-in callback are open, everything else needs a staff account
 * with the right for the page's work (door, office, or the copy editor's copy-admin right).
 */
export default function AdminRoutes() {
  const { pathname } = useLocation();
  const forConsole =
    !matchPath(below(paths.admin.copy), pathname) && !matchPath(paths.admin.authCallback.path, pathname);
  useEffect(() => {
    // The door's scan page loads the console while the sign-in state is still being read.
    if (forConsole) preloadRemote('admin_console');
  }, [forConsole]);
  // Chosen with matchPath, not a parent <Route>: the remotes' <Routes> match whole URLs (see App).
  let area;
  if (matchPath(paths.admin.authCallback.path, pathname)) area = <AuthCallbackPage />;
  else if (!forConsole)
    area = (
      <RequireStaff>
        <RemoteArea name="copy_editor" />
      </RequireStaff>
    );
  else
    area = (
      <RequireStaff unlessAt={paths.admin.login.path}>
        <RemoteArea name="admin_console" />
      </RequireStaff>
    );
  // msal-react (MsalProvider) carries the staff sign-in on every staff page, the remotes' included.
  return (
    <StaffMsalProvider starting={<AreaLoading />}>
      <AdminLayout>{area}</AdminLayout>
    </StaffMsalProvider>
  );
}
