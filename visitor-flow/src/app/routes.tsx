import { FirstPaintOr } from '@concert/shared/browser';
import { Loading } from '@concert/shared/ui';
import { paths } from '@concert/shared/universal';
import { createElement, lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import {
  createRoutesFromChildren,
  matchRoutes,
  Navigate,
  Route,
  Routes,
  useLocation,
} from '@concert/shared/router';
import '../components/visitor-flow.css';

/** A screen that can be loaded before it is rendered (`preloadScreen`). */
type Screen = ComponentType & { preload: () => Promise<void> };

/**
 * Each screen is its own chunk: the first load carries only the screen it shows. Once loaded
 * (preloaded, or rendered once) a screen renders at once; before, it suspends while it loads.
 */
function screen<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Screen {
  let loaded: ComponentType | undefined;
  const loadScreen = async () => (loaded = pick(await load()));
  const Lazy = lazy(async () => ({ default: await loadScreen() }));
  function Screen() {
    // Chosen once per mount: a type that changed between renders would mount the screen again.
    const [Component] = useState(() => loaded ?? Lazy);
    return createElement(Component);
  }
  return Object.assign(Screen, { preload: () => loadScreen().then(() => undefined) });
}

const StartPage = screen(
  () => import('../features/start/start-page.js'),
  (m) => m.StartPage,
);
const MemberCheckPage = screen(
  () => import('../features/member-check/member-check-page.js'),
  (m) => m.MemberCheckPage,
);
const BecomeMemberPage = screen(
  () => import('../features/become-member/become-member-page.js'),
  (m) => m.BecomeMemberPage,
);
const NewDonationAmountPage = screen(
  () => import('../features/new-donation-amount/new-donation-amount-page.js'),
  (m) => m.NewDonationAmountPage,
);
const GotTokenPage = screen(
  () => import('../features/got-token/got-token-page.js'),
  (m) => m.GotTokenPage,
);
const AutoAddBankPage = screen(
  () => import('../features/auto-add-bank/auto-add-bank-page.js'),
  (m) => m.AutoAddBankPage,
);
const AddAutoGiroPage = screen(
  () => import('../features/add-auto-giro/add-auto-giro-page.js'),
  (m) => m.AddAutoGiroPage,
);
const UnderAgePage = screen(
  () => import('../features/under-age/under-age-page.js'),
  (m) => m.UnderAgePage,
);
const SpecialCasesPage = screen(
  () => import('../features/special-cases/special-cases-page.js'),
  (m) => m.SpecialCasesPage,
);
const ToQueuePage = screen(
  () => import('../features/queue/to-queue-page.js'),
  (m) => m.ToQueuePage,
);
const InQueuePage = screen(
  () => import('../features/queue/in-queue-page.js'),
  (m) => m.InQueuePage,
);
const QueueOfferPage = screen(
  () => import('../features/queue/queue-offer-page.js'),
  (m) => m.QueueOfferPage,
);
const ConfirmQueuePage = screen(
  () => import('../features/queue/confirm-queue-page.js'),
  (m) => m.ConfirmQueuePage,
);
const ErrorPage = screen(
  () => import('../features/error-page/error-page.js'),
  (m) => m.ErrorPage,
);
const InstructionsPage = screen(
  () => import('../features/instructions/instructions-page.js'),
  (m) => m.InstructionsPage,
);
const NewsPage = screen(
  () => import('../features/news/news-page.js'),
  (m) => m.NewsPage,
);
const ContactPage = screen(
  () => import('../features/contact/contact-page.js'),
  (m) => m.ContactPage,
);
const PrivacyPage = screen(
  () => import('../features/privacy/privacy-page.js'),
  (m) => m.PrivacyPage,
);
const FaqPage = screen(
  () => import('../features/faq/faq-page.js'),
  (m) => m.FaqPage,
);
const BankIdMockPage = screen(
  () => import('../features/mocks/bank-id-mock-page.js'),
  (m) => m.BankIdMockPage,
);
const TicketPage = screen(
  () => import('../features/ticket/ticket-page.js'),
  (m) => m.TicketPage,
);
const CheckCardPage = screen(
  () => import('../features/mocks/check-card-page.js'),
  (m) => m.CheckCardPage,
);

const ROUTES: ReactElement<{ children: ReactElement<{ path: string; element: ReactElement }>[] }> = (
  <Routes>
    <Route path={paths.visitor.start.path} element={<StartPage />} />
    <Route path={paths.visitor.memberCheck.path} element={<MemberCheckPage />} />
    <Route path={paths.visitor.becomeMember.path} element={<BecomeMemberPage />} />
    <Route path={paths.visitor.newDonationAmount.path} element={<NewDonationAmountPage />} />
    <Route path={paths.visitor.gotToken.path} element={<GotTokenPage />} />
    <Route path={paths.visitor.autoAddBank.path} element={<AutoAddBankPage />} />
    <Route path={paths.visitor.addAutoGiro.path} element={<AddAutoGiroPage />} />
    <Route path={paths.visitor.underAge.path} element={<UnderAgePage />} />
    <Route path={paths.visitor.specialCases.path} element={<SpecialCasesPage />} />
    <Route path={paths.visitor.inQueue.path} element={<InQueuePage />} />
    <Route path={paths.visitor.confirmQueue.path} element={<ConfirmQueuePage />} />
    <Route path={paths.visitor.queueOffer.path} element={<QueueOfferPage />} />
    <Route path={paths.visitor.toQueue.path} element={<ToQueuePage />} />
    <Route path={paths.visitor.error.path} element={<ErrorPage />} />
    <Route path={paths.visitor.instructions.path} element={<InstructionsPage />} />
    <Route path={paths.visitor.news.path} element={<NewsPage />} />
    <Route path={paths.visitor.contact.path} element={<ContactPage />} />
    <Route path={paths.visitor.faq.path} element={<FaqPage />} />
    <Route path={paths.visitor.privacy.path} element={<PrivacyPage />} />
    <Route path={paths.visitor.bankID.path} element={<BankIdMockPage />} />
    <Route path={paths.visitor.checkCard.path} element={<CheckCardPage />} />
    <Route path={paths.visitor.ticket.path} element={<TicketPage />} />
    <Route path="*" element={<ToSwedishStart />} />
  </Routes>
);

/**
 * Loads the screen `pathname` shows, so that the first render over the page the server painted
 * is the screen itself: one commit instead of a placeholder (a copy of the painted page) that the
 * screen then replaces.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const best = matchRoutes(createRoutesFromChildren(ROUTES.props.children), pathname)?.at(-1);
  const element = best?.route.element as ReactElement | undefined;
  const type = element?.type as Partial<Screen> | undefined;
  await type?.preload?.();
}

/** The public screens of SPEC.md §2, rendered by the shell under /{lang}/. */
export default function VisitorRoutes() {
  return (
    <Suspense fallback={<FirstPaintOr fallback={<Loading className="screen-loading" />} />}>
      {ROUTES}
    </Suspense>
  );
}

function ToSwedishStart() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: paths.visitor.start.getHref('sv'), search }} replace />;
}
