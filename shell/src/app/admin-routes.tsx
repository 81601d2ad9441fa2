import { paths } from '@concert/shared/browser';
import { useEffect } from 'react';
import { Route, Routes, useLocation } from '@concert/shared/router';
import { AdminLayout, RequireStaff } from '../components/admin-layout.js';
import { RemoteArea } from '../components/remote-area.js';
import { AuthCallbackPage } from '../features/staff-sign-in/auth-callback-page.js';
import { preloadRemote } from '../lib/remotes.js';

/**
 * Admin pages: login and the sign-in callback are open, everything else needs a staff account;
 * the copy editor (its own remote) also the copy-admin right.
 */
export default function AdminRoutes() {
  const { pathname } = useLocation();
  const forConsole = !pathname.startsWith('/admin/copy') && pathname !== paths.adminAuthCallback();
  useEffect(() => {
    // The door's scan page loads the console while the sign-in state is still being read.
    if (forConsole) preloadRemote('admin_console');
  }, [forConsole]);
  return (
    <AdminLayout>
      <Routes>
        <Route path="auth-callback" element={<AuthCallbackPage />} />
        <Route
          path="copy/*"
          element={
            <RequireStaff copyAdmin>
              <RemoteArea name="copy_editor" />
            </RequireStaff>
          }
        />
        <Route
          path="*"
          element={
            <RequireStaff unlessAt="/admin/login">
              <RemoteArea name="admin_console" />
            </RequireStaff>
          }
        />
      </Routes>
    </AdminLayout>
  );
}

