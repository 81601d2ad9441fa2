import { signOut, signOutVisitor, useCopy, useStaffAccess, useStaffAccount } from '@concert/shared/browser';
import { AuthenticatedTemplate } from '@concert/shared/staff-msal';
import { documentTitle } from '@concert/shared/ui';
import { paths, type CopyKey } from '@concert/shared/universal';
import { adminPageAudience, mayDo } from '@concert/shared/staff-rights';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { matchPath, Navigate, NavLink, useLocation } from '@concert/shared/router';
import { staffGate } from '../lib/staff-account.js';
import { AreaLoading } from './remote-area.js';
import { SlowRequestMessage } from './slow-request-message.js';

/** The staff pages in the header, each shown to those whose work it is (adminPageAudience). */
const ADMIN_NAV: readonly {
  route:
    | 'dashboard'
    | 'door'
    | 'addManualAttendee'
    | 'sendEmail'
    | 'queue'
    | 'autogiro'
    | 'staff'
    | 'concert'
    | 'copy'
    | 'attendees'
    | 'mailout'
    | 'audit';
  label: CopyKey;
}[] = [
  { route: 'dashboard', label: 'admin.nav.dashboard' },
  { route: 'door', label: 'admin.nav.door' },
  { route: 'addManualAttendee', label: 'admin.nav.addManualAttendee' },
  { route: 'sendEmail', label: 'admin.nav.sendEmail' },
  { route: 'queue', label: 'admin.nav.queue' },
  { route: 'autogiro', label: 'admin.nav.autogiro' },
  { route: 'staff', label: 'admin.nav.staff' },
  { route: 'concert', label: 'admin.concert.nav' },
  { route: 'copy', label: 'admin.nav.copy' },
  { route: 'attendees', label: 'admin.nav.attendees' },
  { route: 'mailout', label: 'admin.nav.mailout' },
  { route: 'audit', label: 'admin.nav.audit' },
];

/**
 * Admin pages: who is signed in, the staff pages (not at the door, where the scan result is all
 * that matters) and the logout in the footer. Anonymous visitor sessions are signed out here
 * (SPEC.md §4); using the staff account starts the work-account sign-in (MSAL) on these pages only.
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useCopy();
  const account = useStaffAccount();
  const access = useStaffAccess();
  const { pathname } = useLocation();
  useEffect(() => {
    signOutVisitor();
  }, []);
  useHeadingFocusOnNavigation(pathname, t('shell.siteName'));
  const atTheDoor = !!matchPath(paths.admin.scan.path, pathname);
  const rights = access !== undefined && access.refused === undefined ? access : undefined;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="site-header admin-header">
        <span className="admin-title">{t('admin.title')}</span>
        <AuthenticatedTemplate>
          {account && (
            <span className="admin-account">{t('admin.signedInAs', { email: account.email })}</span>
          )}
          {!atTheDoor && (
            <nav className="admin-nav" aria-label={t('admin.title')}>
              {rights &&
                ADMIN_NAV.filter(({ route }) =>
                  mayDo(rights, adminPageAudience(paths.admin[route].getHref())),
                ).map(({ route, label }) => (
                  <NavLink key={route} to={paths.admin[route].getHref()} end={route === 'dashboard'}>
                    {t(label)}
                  </NavLink>
                ))}
            </nav>
          )}
        </AuthenticatedTemplate>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <AuthenticatedTemplate>
          <LogoutButton />
        </AuthenticatedTemplate>
      </footer>
      <SlowRequestMessage />
    </>
  );
}

/** Signs out at the work-account provider too, which returns to /admin/login. */
function LogoutButton() {
  const t = useCopy();
  const [leaving, setLeaving] = useState(false);
  const logout = () => {
    setLeaving(true);
    signOut().catch(() => setLeaving(false));
  };
  return (
    <button type="button" className="button secondary admin-logout" onClick={logout} disabled={leaving}>
      {t('admin.logout')}
    </button>
  );
}

/**
 * Admin routes need a signed-in staff account (otherwise login with redirect = the wanted path)
 * with the right for the page's work (adminPageAudience). While the sign-in state is read, a placeholder.
 */
export function RequireStaff({ children, unlessAt }: { children: ReactNode; unlessAt?: string }) {
  const account = useStaffAccount();
  const access = useStaffAccess();
  const location = useLocation();
  if (location.pathname === unlessAt) return children;
  const gate = staffGate({
    account,
    access,
    path: location.pathname + location.search,
    audience: adminPageAudience(location.pathname),
  });
  if (gate.show === 'redirect') return <Navigate to={gate.to} replace />;
  if (gate.show === 'wait') return <AreaLoading />;
  return children;
}

/**
 * After a navigation between admin pages the new page's heading takes the focus (WCAG 2.4.3), so
 * screen readers announce where staff landed and keyboard users continue from the top, not from
 * the link they used in the header. The page may still be loading (its remote): the heading is
 * awaited a few seconds. A page that already moved the focus into itself (the door's result)
 * keeps it; the first page load leaves the focus where the browser put it. The tab is named after
 * the heading (WCAG 2.4.2).
 */
function useHeadingFocusOnNavigation(pathname: string, siteName: string) {
  const first = useRef(true);
  useEffect(() => {
    const firstLoad = first.current;
    first.current = false;
    const main = document.getElementById('main');
    if (!main) return;
    const focusHeading = (): boolean => {
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      document.title = documentTitle(heading.textContent ?? '', siteName);
      const active = document.activeElement;
      if (firstLoad || (active && active !== document.body && main.contains(active))) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => focusHeading() && observer.disconnect());
    observer.observe(main, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), 5000);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [pathname, siteName]);
}
