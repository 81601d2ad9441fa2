import { LANGS, type Lang } from '@concert/shared/universal';
import { langAtom } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { AdminLayout, RequireStaff } from '../components/admin-layout.js';
import { RemoteArea } from '../components/remote-area.js';
import { VisitorLayout } from './visitor-layout.js';
import { useConcertStatus } from '../lib/use-concert-status.js';
import { useCopyLoader } from '../lib/use-copy-loader.js';

export function App() {
  useCopyLoader();
  return (
    <Routes>
      <Route path="/admin/*" element={<AdminRoutes />} />
      <Route path="/:lang/*" element={<LangRoute />} />
      <Route path="*" element={<ToSwedishStart />} />
    </Routes>
  );
}

/** `/sv/…` and `/en/…`: sets the language and shows the visitor layout; any other first segment goes to the Swedish start. */
function LangRoute() {
  const { lang } = useParams();
  const setLang = useSetAtom(langAtom);
  const valid = (LANGS as readonly string[]).includes(lang ?? '');
  useEffect(() => {
    if (valid) {
      setLang(lang as Lang);
      document.documentElement.lang = lang as Lang;
    }
  }, [lang, valid, setLang]);
  useConcertStatus();
  if (!valid) return <ToSwedishStart />;
  return (
    <VisitorLayout>
      <RemoteArea name="visitor_flow" />
    </VisitorLayout>
  );
}

/** Admin pages: login is open, everything else needs a staff account; the copy editor is its own remote. */
function AdminRoutes() {
  return (
    <AdminLayout>
      <Routes>
        <Route
          path="copy/*"
          element={
            <RequireStaff>
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

/** Unknown paths (and the bare root) go to the Swedish start page, keeping the query string. */
function ToSwedishStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/sv/', search }} replace />;
}
