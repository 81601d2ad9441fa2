import { ticketDataAtom, useCopy } from '@concert/shared/browser';
import { isReservation } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';

/** The first step after BankID's identification says the ticket is now the visitor's (issue 27). */
export function ReservedNotice() {
  const t = useCopy();
  const ticket = useAtomValue(ticketDataAtom);
  if (!isReservation(ticket)) return null;
  return <p className="notice reserved-notice">{t('reservation.reserved')}</p>;
}
