import { LANGS, type Lang } from '@concert/shared/universal';
import { langAtom } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { AdminLayout, RequireStaff } from '../components/admin-layout.js';
import { RemoteArea } from '../components/remote-area.js';
import { VisitorLayout } from '../components/visitor-layout.js';
import { useConcertStatus } from '../lib/use-concert-status.js';
import { useCopyLoader } from '../lib/use-copy-loader.js';

export function App() {
  useCopyLoader();
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route path="login" element={<RemoteArea name="admin_console" />} />
        <Route element={<RequireStaff />}>
          <Route path="copy/*" element={<RemoteArea name="copy_editor" />} />
          <Route path="*" element={<RemoteArea name="admin_console" />} />
        </Route>
      </Route>
      <Route path="/:lang" element={<LangRoute />}>
        <Route path="*" element={<RemoteArea name="visitor_flow" />} />
      </Route>
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
      <Outlet />
    </VisitorLayout>
  );
}

/** Unknown paths (and the bare root) go to the Swedish start page, keeping the query string. */
function ToSwedishStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/sv/', search }} replace />;
}
