import { langAtom, useCopy, withLang } from '@concert/shared/browser';
import { paths, SUPPORT, type Lang } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { lazy, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@concert/shared/router';
import { OptionalPart } from '../components/error-boundary.js';
import { Logo } from '../components/logo.js';
import { SlowRequestMessage } from '../components/slow-request-message.js';
import { InAppBrowserBanner } from '../features/browser-check/in-app-browser-banner.js';
import { CopyPreviewBanner } from '../features/copy-preview/copy-preview-banner.js';
import { copyPreviewRequested } from '../features/copy-preview/copy-preview.js';
import { isSupportedBrowser, UnsupportedBrowser } from '../features/browser-check/unsupported-browser.js';
import { TicketCountdown } from '../features/countdown/ticket-countdown.js';
import { TimeIsUpOverlay } from '../features/countdown/time-is-up-overlay.js';
import { useFlowSaving } from '../features/flow-resume/flow-resume.js';
import { ResumeChoice } from '../features/flow-resume/resume-choice.js';
import { HeaderDate } from '../features/test-mode/header-date.js';
import { TestModeBanner } from '../features/test-mode/test-mode-banner.js';

// Demo only: not part of the first load.
const TestPanel = lazy(() =>
  import('../features/test-mode/test-panel.js').then((m) => ({ default: m.TestPanel })),
);

const supported = isSupportedBrowser();

/**
 * Header (logo, concert date, ticket countdown, language toggle), banners, the page and the
 * footer (Q&A, contact); the time-is-up overlay and the slow-request message on top.
 */
export function VisitorLayout({ children }: { children: ReactNode }) {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const location = useLocation();
  const [testPanelOpen, setTestPanelOpen] = useState(false);
  const dateButton = useRef<HTMLButtonElement>(null);
  useFlowSaving();
  const other: Lang = lang === 'sv' ? 'en' : 'sv';
  const toggleTarget = withLang(location.pathname, other) + location.search + location.hash;
  const closeTestPanel = () => {
    setTestPanelOpen(false);
    dateButton.current?.focus();
  };
  return (
    <>
      <a className="skip-link" href="#main">
        {t('shell.skipToContent')}
      </a>
      <header className="site-header">
        <Link to={paths.visitor.start.getHref(lang)} className="logo" aria-label={t('shell.header.logo')}>
          <Logo />
        </Link>
        <HeaderDate
          ref={dateButton}
          panelOpen={testPanelOpen}
          onToggle={() => setTestPanelOpen((open) => !open)}
        />
        <TicketCountdown />
        {/* The name starts with the visible word (WCAG 2.5.3), read in its own language; the hint in the page's. */}
        <Link to={toggleTarget} className="lang-toggle" hrefLang={other}>
          <span lang={other}>{t('shell.header.switchLanguage')}</span>
          <span className="visually-hidden"> ({t('shell.header.switchLanguageLabel')})</span>
        </Link>
      </header>
      {testPanelOpen && (
        <OptionalPart>
          <TestPanel onClose={closeTestPanel} />
        </OptionalPart>
      )}
      {copyPreviewRequested && <CopyPreviewBanner />}
      <TestModeBanner />
      <InAppBrowserBanner />
      <ResumeChoice />
      <main id="main" className="site-main">
        {supported ? children : <UnsupportedBrowser />}
      </main>
      <footer className="site-footer">
        <Link to={paths.visitor.faq.getHref(lang)}>{t('shell.footer.faq')}</Link>
        <a href={`mailto:${SUPPORT.email}`}>{t('shell.footer.contact')}</a>
      </footer>
      <SlowRequestMessage />
      <TimeIsUpOverlay />
    </>
  );
}
