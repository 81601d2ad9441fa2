import { paintMarkup } from '@concert/shared/first-paint-render';
import {
  PAINTED_STATUSES,
  TICKET_CODE_SLOT,
  TICKET_QR_SLOT,
  TICKET_TEMPLATE,
  type PaintedPages,
  type PaintStatus,
} from '@concert/shared/first-paint';
import { concertStatusAtom } from '@concert/shared/browser';
import { useAtomValue } from 'jotai';
import { ERROR_IDS, LANGS, paths, queuePageMovesOn, type Lang } from '@concert/shared/universal';
import { Route, Routes } from '@concert/shared/router';
import type { ComponentType } from 'react';
import { ContactPage } from '../features/contact/contact-page.js';
import { ErrorPage, LEGACY_IDS } from '../features/error-page/error-page.js';
import { FaqPage } from '../features/faq/faq-page.js';
import { InstructionsPage } from '../features/instructions/instructions-page.js';
import { MemberCheckPage } from '../features/member-check/member-check-page.js';
import { BankIdMockPage } from '../features/mocks/bank-id-mock-page.js';
import { CheckCardPage } from '../features/mocks/check-card-page.js';
import { NewsPage } from '../features/news/news-page.js';
import { PrivacyPage } from '../features/privacy/privacy-page.js';
import { ToQueuePage } from '../features/queue/to-queue-page.js';
import { SpecialCasesPage } from '../features/special-cases/special-cases-page.js';
import { StartPage } from '../features/start/start-page.js';
import { TicketView } from '../features/ticket/ticket-view.js';
import { UnderAgePage } from '../features/under-age/under-age-page.js';

/**
 * The screens painted into index.html before any script has loaded: every page a visitor can open
 * from a link (the start page, memberCheck, the information pages) and the error page of each
 * error id (where a step reached without its data sends a fresh load: error/invalidState), the
 * old spellings of ids included; any other id gets `unknownError` (see paint()). Not
 * the steps that need the flow's data (they begin as an invalid state on a fresh load).
 */
const PAINTED: Record<string, ComponentType> = {
  [segmentOf(paths.visitor.start.getHref('sv'))]: StartPage,
  [segmentOf(paths.visitor.memberCheck.getHref('sv'))]: MemberCheckPage,
  [segmentOf(paths.visitor.toQueue.getHref('sv'))]: ToQueueScreen,
  [segmentOf(paths.visitor.instructions.getHref('sv'))]: InstructionsPage,
  [segmentOf(paths.visitor.faq.getHref('sv'))]: FaqPage,
  [segmentOf(paths.visitor.contact.getHref('sv'))]: ContactPage,
  [segmentOf(paths.visitor.news.getHref('sv'))]: NewsPage,
  [segmentOf(paths.visitor.specialCases.getHref('sv'))]: SpecialCasesPage,
  [segmentOf(paths.visitor.underAge.getHref('sv'))]: UnderAgePage,
  [segmentOf(paths.visitor.privacy.getHref('sv'))]: PrivacyPage,
  [segmentOf(paths.visitor.bankID.getHref('sv'))]: BankIdMockPage,
  [segmentOf(paths.visitor.checkCard.getHref('sv'))]: CheckCardPage,
  ...Object.fromEntries(
    [...ERROR_IDS, ...Object.keys(LEGACY_IDS)].map((id) => [
      segmentOf(paths.visitor.error.getHref('sv', id)),
      ErrorScreen,
    ]),
  ),
};

/** Any id the app does not know: its message names the id, which the server fills in (`{{id}}` of error.unknownMessage). */
const UNKNOWN_ERROR_ID = 'someUnknownId';

/**
 * While the sale is open the queue page sends a fresh visit on to memberCheck (SPEC.md §4): what
 * is painted there is memberCheck, the page the visitor lands on (the queue page keeps it shown
 * while it takes a ticket and moves on).
 */
function ToQueueScreen() {
  return queuePageMovesOn(useAtomValue(concertStatusAtom)) ? <MemberCheckPage /> : <ToQueuePage />;
}

/** The error page reads its id from the route, as the app's routes give it. */
function ErrorScreen() {
  return (
    <Routes>
      <Route path={paths.visitor.error.path} element={<ErrorPage />} />
    </Routes>
  );
}

/** The page's path below its language (`/sv/memberCheck` → `memberCheck`), as the server looks it up. */
function segmentOf(href: string): string {
  return href.split('/').slice(2).join('/');
}

/**
 * Those screens as a fresh visit renders them, per language and concert status (one markup when
 * the status changes nothing). Rendered when the visitor flow builds (`npm run build`:
 * shared/build/write-first-paint.mjs) and shipped beside its mf-manifest.json, so the server
 * paints what this very release renders.
 */
export function paint(): Omit<PaintedPages, 'css'> {
  const pagesOf = (lang: Lang): PaintedPages['pages'][Lang] =>
    Object.fromEntries(
      Object.entries(PAINTED).map(([segment, Screen]) => {
        const byStatus = Object.fromEntries(
          PAINTED_STATUSES.map(([key, concertStatus]) => [
            key,
            paintMarkup(<Screen />, { pathname: `/${lang}/${segment}`, lang, concertStatus }),
          ]),
        );
        const variants = new Set(Object.values(byStatus));
        return [segment, variants.size === 1 ? [...variants][0]! : (byStatus as Record<PaintStatus, string>)];
      }),
    );
  const unknownError = (lang: Lang) =>
    paintMarkup(<ErrorScreen />, {
      pathname: paths.visitor.error.getHref(lang, UNKNOWN_ERROR_ID),
      lang,
      concertStatus: null,
    });
  // The attendee's ticket (issue 40 §6): the server fills in the holder, the code and its QR code.
  const ticket = (lang: Lang) =>
    paintMarkup(
      <TicketView
        ticket={{ firstName: '', lastName: '', code: TICKET_CODE_SLOT, copyVariables: { sv: {}, en: {} } }}
        qr={TICKET_QR_SLOT}
      />,
      { pathname: paths.visitor.ticket.getHref(lang, TICKET_CODE_SLOT), lang, concertStatus: null },
    );
  return {
    pages: Object.fromEntries(
      LANGS.map((lang) => {
        const pages = pagesOf(lang);
        pages[TICKET_TEMPLATE] = ticket(lang);
        return [lang, pages];
      }),
    ) as PaintedPages['pages'],
    unknownError: Object.fromEntries(LANGS.map((lang) => [lang, unknownError(lang)])),
  };
}
