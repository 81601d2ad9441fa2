import { BANKS } from '@concert/shared/validation';
import { autogiroAccount } from '@concert/shared/validation';
import { describe, expect, it } from 'vitest';
import { demoAccountsFor } from '../../integrations/bank-accounts/demo-accounts.js';

describe('the bank-account simulator’s accounts', () => {
  it('are all accounts the sign-up and the TK04 accept (demo mode signs up with them)', () => {
    const refused: string[] = [];
    for (const personalNumber of ['199001012344', '196505052347', '197102145674', '198503151238']) {
      for (const { code } of BANKS) {
        for (const a of demoAccountsFor(personalNumber, code))
          if (!autogiroAccount(a.clearingNumber, a.accountNumber))
            refused.push(`${code} ${a.clearingNumber} ${a.accountNumber}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
