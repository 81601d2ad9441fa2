import { defineCallables } from '../../callables.js';
import type { BankAccountService } from './service.js';

/** Fetching the visitor's own bank accounts through their bank. */
export function bankAccountCallables(bankAccounts: BankAccountService) {
  return defineCallables({
    startRetrievingBankAccounts: async ({ personalNumber, bank, sameDevice }, { callerId }) =>
      bankAccounts.start(callerId, personalNumber, bank, sameDevice),
    getBankAccounts: async ({ publicId }, { callerId }) => bankAccounts.poll(callerId, publicId),
  });
}
