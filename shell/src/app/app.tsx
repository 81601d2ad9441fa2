import { below, LANGS, paths, type Lang } from '@concert/shared/universal';
import { langAtom, useCopy } from '@concert/shared/browser';
import { useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { matchPath, Navigate, useLocation } from '@concert/shared/router';
import { ErrorBoundary } from '../components/error-boundary.js';
import { AreaLoading, RemoteArea } from '../components/remote-area.js';
import { VisitorLayout } from './visitor-layout.js';
import { useConcertStatus } from '../lib/use-concert-status.js';
import { useCopyLoader } from '../lib/use-copy-loader.js';

// Staff pages (layout, guards, sign-in callback) are not part of the visitors' first load.
const AdminRoutes = lazy(() => import('./admin-routes.js'));

/**
 * The shell picks the area (staff pages, a language's visitor pages, or the Swedish start) by the
 * URL's first segment, with matchPath rather than a parent <Route>: each remote's own <Routes>
 * then matches whole URLs, as `paths` builds them (react-router would match a <Routes> under a
 * parent route against what the parent left over).
 */
export function App() {
  useCopyLoader();
  const { pathname } = useLocation();
  if (matchPath(below(paths.admin.dashboard), pathname))
    return (
      <ErrorBoundary fallback={<AdminUnavailable />}>
        <Suspense fallback={<AreaLoading />}>
          <AdminRoutes />
        </Suspense>
      </ErrorBoundary>
    );
  const lang = matchPath(below(paths.visitor.start), pathname)?.params.lang;
  if (lang !== undefined) return <LangRoute lang={lang} />;
  return <ToSwedishStart />;
}

/** `/sv/…` and `/en/…`: sets the language and shows the visitor layout; any other first segment goes to the Swedish start. */
function LangRoute({ lang }: { lang: string }) {
  const setLang = useSetAtom(langAtom);
  const valid = (LANGS as readonly string[]).includes(lang);
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

/** Unknown paths (and the bare root) go to the Swedish start page, keeping the query string. */
function ToSwedishStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.visitor.start.getHref('sv'), search }} replace />;
}

/** The staff pages' own code could not be loaded (e.g. offline or a new release): a reload tries again. */
function AdminUnavailable() {
  const t = useCopy();
  return (
    <section className="remote-unavailable" role="alert">
      <h1>{t('shell.remoteUnavailable.title')}</h1>
      <p>{t('shell.remoteUnavailable.body')}</p>
      <button type="button" className="button" onClick={() => location.reload()}>
        {t('shell.remoteUnavailable.retry')}
      </button>
    </section>
  );
}
