/**
 * What every part of the Autogiro round trip works with: the database, the sealing of personal
 * data and files, the organisation's Autogiro terms, Bankgirot's stand-in (demo) and the clock.
 */
import type { AutogiroConfig } from '../../config.js';
import type { Sql } from '../../db/connect.js';
import type { BankgirotStandInClient } from '../../integrations/bankgirot/client.js';
import type { Payee } from '../../integrations/bankgirot/payee.js';
import type { PersonalDataProtector } from '../../privacy/personal-data.js';
import { createDoorCodes, type DoorCodes } from '../tickets/door-codes.js';

export interface AutogiroDeps {
  sql: Sql;
  protector: Pick<PersonalDataProtector, 'seal' | 'unseal' | 'lookupHash' | 'doorCodeHash'>;
  autogiro: AutogiroConfig;
  /** Demo mode: Bankgirot's stand-in answers mandate files. */
  standIn?: BankgirotStandInClient;
  now?: () => Date;
}

/** The dependencies and what every part derives from them. */
export interface Autogiro extends Omit<AutogiroDeps, 'now'> {
  now: () => Date;
  doorCodes: DoorCodes;
  /** Who is paid: the organisation as Bankgirot's files name it. */
  payee: Payee;
}

export function autogiroOf(deps: AutogiroDeps): Autogiro {
  const { autogiro } = deps;
  return {
    ...deps,
    now: () => deps.now?.() ?? new Date(),
    doorCodes: createDoorCodes(deps.protector),
    payee: { bankgiro: autogiro.bankgiro, bgcCustomerNumber: autogiro.bgcCustomerNumber },
  };
}

/** The payer number as Bankgirot's 16-digit field compares it: without leading zeros. */
export const payerKey = (payerNumber: string) => payerNumber.replace(/^0+(?=\d)/, '');
