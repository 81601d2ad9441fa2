/** Who the Autogiro files are between: the organisation's Autogiro identity, checked in every reply. */
import { FileRefused } from './replies.js';

/** Who sends: the organisation's Autogiro identity. */
export interface Payee {
  /** Bankgirot's customer number for Autogiro (6 digits). */
  bgcCustomerNumber: string;
  /** The organisation's bankgiro number, digits only. */
  bankgiro: string;
}

export function checkPayee(
  values: { bankgiro: string; bgcCustomerNumber: string },
  payee: Payee,
  line: number,
) {
  if (
    values.bankgiro !== payee.bankgiro.padStart(10, '0') ||
    values.bgcCustomerNumber !== payee.bgcCustomerNumber.padStart(6, '0')
  )
    throw new FileRefused({ reason: 'otherBankgiro', line });
}
