import { keepOffline } from '@concert/shared/offline-worker';
import type { Lang } from '@concert/shared/universal';

/** The ticket page's service worker: the shell serves it from the site's root (shell/public/ticket-sw.js). */
const TICKET_SW = '/ticket-sw.js';

/**
 * Keeps the ticket page of `lang` for this browser without network (issue 29 §4): the worker,
 * scoped to that language's ticket pages only, keeps the page and the files it loaded, the QR
 * encoder's chunk (loaded later by the page) among them. Answers whether it is all kept.
 */
export function keepTicketOffline(lang: Lang): Promise<boolean> {
  return keepOffline({
    script: TICKET_SW,
    scope: `/${lang}/ticket/`,
    warm: () => import('../../components/qr-code.js'),
  });
}
