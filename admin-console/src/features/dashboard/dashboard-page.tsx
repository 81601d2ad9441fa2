import { useCopy } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { Link } from '@concert/shared/router';

/** admin: the office's landing page, with the office's tools. */
export function DashboardPage() {
  const t = useCopy();
  return (
    <article className="admin-page">
      <h1 tabIndex={-1}>{t('admin.dashboard.title')}</h1>
      <ul className="admin-links">
        <li>
          <Link to={paths.admin.door.getHref()}>{t('admin.nav.door')}</Link>
        </li>
        <li>
          <Link to={paths.admin.addManualAttendee.getHref()}>{t('admin.nav.addManualAttendee')}</Link>
        </li>
        <li>
          <Link to={paths.admin.sendEmail.getHref()}>{t('admin.nav.sendEmail')}</Link>
        </li>
        <li>
          <Link to={paths.admin.staff.getHref()}>{t('admin.nav.staff')}</Link>
        </li>
      </ul>
    </article>
  );
}
