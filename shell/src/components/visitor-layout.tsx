import { langAtom, paths, useCopy, withLang } from '@concert/shared/browser';
import { SUPPORT, type Lang } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** Header (logo, concert date, language toggle), the page, and the footer (Q&A, contact). */
export function VisitorLayout({ children }: { children: ReactNode }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const location = useLocation();
  const other: Lang = lang === 'sv' ? 'en' : 'sv';
  const toggleTarget = withLang(location.pathname, other) + location.search + location.hash;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="site-header">
        <Link to={paths.start(lang)} className="logo" aria-label={t('shell.header.logo')}>
          <Logo />
        </Link>
        <span className="concert-date">{t('shell.header.date')}</span>
        <Link to={toggleTarget} className="lang-toggle" hrefLang={other} lang={other} aria-label={t('shell.header.switchLanguageLabel')}>
          {t('shell.header.switchLanguage')}
        </Link>
      </header>
      <main id="main" className="site-main">
        {children}
      </main>
      <footer className="site-footer">
        <Link to={paths.faq(lang)}>{t('shell.footer.faq')}</Link>
        <a href={`mailto:${SUPPORT.email}`}>{t('shell.footer.contact')}</a>
      </footer>
    </>
  );
}

function Logo() {
  return (
    <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="6" fill="#ffd400" />
      <path d="M20 7c-3 6-9 8-9 15a9 9 0 0 0 18 0c0-7-6-9-9-15z" fill="#111" />
    </svg>
  );
}
