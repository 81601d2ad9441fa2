/**
 * The address the door's phone opens from the ticket e-mail's QR code (the admin console's
 * scan page). The ticket's external id is random, so the URL cannot be guessed.
 */
export function ticketScanUrl(publicUrl: string, externalTicketId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/admin/scan/${encodeURIComponent(externalTicketId)}`;
}
