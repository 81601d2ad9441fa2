import { paths } from '@concert/shared/universal';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from '@concert/shared/router';
import '../components/admin-console.css';
import { LoginPage } from '../features/login/login-page.js';
import { DoorPage } from '../features/door/door-page.js';
import { ScanPage } from '../features/scan/scan-page.js';

// The door's pages and the login come with the remote; the office's pages load when opened.
const AddManualAttendeePage = lazy(() =>
  import('../features/manual-attendee/add-manual-attendee-page.js').then((m) => ({
    default: m.AddManualAttendeePage,
  })),
);
const AutogiroPage = lazy(() =>
  import('../features/autogiro/autogiro-page.js').then((m) => ({ default: m.AutogiroPage })),
);
const MandatePage = lazy(() =>
  import('../features/autogiro/mandate-page.js').then((m) => ({ default: m.MandatePage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.js').then((m) => ({ default: m.DashboardPage })),
);
const StaffPage = lazy(() =>
  import('../features/staff/staff-page.js').then((m) => ({ default: m.StaffPage })),
);
const QueuePage = lazy(() =>
  import('../features/queue/queue-page.js').then((m) => ({ default: m.QueuePage })),
);
const SendEmailPage = lazy(() =>
  import('../features/send-email/send-email-page.js').then((m) => ({ default: m.SendEmailPage })),
);
const AttendeesPage = lazy(() =>
  import('../features/attendees/attendees-page.js').then((m) => ({ default: m.AttendeesPage })),
);
const MailoutPage = lazy(() =>
  import('../features/mailout/mailout-page.js').then((m) => ({ default: m.MailoutPage })),
);
const ConcertPage = lazy(() =>
  import('../features/concert/concert-page.js').then((m) => ({ default: m.ConcertPage })),
);
const AuditPage = lazy(() =>
  import('../features/audit/audit-page.js').then((m) => ({ default: m.AuditPage })),
);

/** Staff pages, rendered by the shell under /admin/ (the shell checks the sign-in first). */
export default function AdminRoutes() {
  return (
    <Suspense fallback={<div className="admin-loading" aria-busy="true" />}>
      <Routes>
        <Route path={paths.admin.login.path} element={<LoginPage />} />
        <Route path={paths.admin.dashboard.path} element={<DashboardPage />} />
        <Route path={paths.admin.door.path} element={<DoorPage />} />
        <Route path={paths.admin.scan.path} element={<ScanPage />} />
        <Route path={paths.admin.staff.path} element={<StaffPage />} />
        <Route path={paths.admin.addManualAttendee.path} element={<AddManualAttendeePage />} />
        <Route path={paths.admin.sendEmail.path} element={<SendEmailPage />} />
        <Route path={paths.admin.autogiro.path} element={<AutogiroPage />} />
        <Route path={paths.admin.autogiroMandate.path} element={<MandatePage />} />
        <Route path={paths.admin.queue.path} element={<QueuePage />} />
        <Route path={paths.admin.attendees.path} element={<AttendeesPage />} />
        <Route path={paths.admin.mailout.path} element={<MailoutPage />} />
        <Route path={paths.admin.audit.path} element={<AuditPage />} />
        <Route path={paths.admin.concert.path} element={<ConcertPage />} />
        <Route path="*" element={<Navigate to={paths.admin.login.getHref()} replace />} />
      </Routes>
    </Suspense>
  );
}
