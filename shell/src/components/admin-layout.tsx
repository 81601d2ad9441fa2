import { paths, signOutVisitor, useCopy } from '@concert/shared/browser';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useStaffAccount } from '../lib/staff-account.js';
import { SlowRequestMessage } from './slow-request-message.js';

/** Admin pages: anonymous visitor sessions are signed out here (SPEC.md §4). */
export function AdminLayout({ children }: { children: ReactNode }) {
  const t = useCopy();
  const account = useStaffAccount();
  useEffect(() => {
    signOutVisitor();
  }, []);
  return (
    <>
      <header className="site-header admin-header">
        <span className="admin-title">Admin</span>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">{account && <span>{t('admin.logout')}</span>}</footer>
      <SlowRequestMessage />
    </>
  );
}

/** Admin routes need a signed-in staff account; otherwise login with redirect = the wanted path. */
export function RequireStaff({ children, unlessAt }: { children: ReactNode; unlessAt?: string }) {
  const account = useStaffAccount();
  const location = useLocation();
  if (!account && location.pathname !== unlessAt) {
    return <Navigate to={paths.adminLogin(location.pathname + location.search)} replace />;
  }
  return children;
}
