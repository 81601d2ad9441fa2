/**
 * The address the door's phone opens from the ticket e-mail's QR code (the admin console's
 * scan page). The ticket's external id is random, so the URL cannot be guessed.
 */
export function ticketScanUrl(publicUrl: string, externalTicketId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/scan/${encodeURIComponent(externalTicketId)}`;
}

/** The attendee's own ticket page (no sign-in): the QR large, who and when, what happens at the door. */
export function ticketPageUrl(publicUrl: string, lang: 'sv' | 'en', externalTicketId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${lang}/ticket/${encodeURIComponent(externalTicketId)}`;
}

/** The ticket page of the ticket a scan URL names (the ticket e-mail carries the scan URL): same site, same code. */
export { ticketPageUrlOfScanUrl } from '@concert/shared/calendar';
