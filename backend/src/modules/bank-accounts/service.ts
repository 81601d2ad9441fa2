import type { BankAccountsStatus } from '@concert/shared/api';
import type { Sql } from '../../db/connect.js';
import { AppError } from '../../errors.js';
import { usableForAutogiro } from '../../integrations/bank-accounts/client.js';
import { sessionIdentity } from '../bankid/queries.js';
import { isOwnAccountRequest, recordAccountRequest } from './queries.js';

/** The part of the account-retrieval client this service uses (integrations/bank-accounts). */
export interface BankAccountApi {
  start(req: { personalNumber: string; bank: string; sameDevice: boolean }): Promise<{ publicId: string }>;
  poll(publicId: string): Promise<
    | { status: 'Waiting'; qr?: string; bankIdAutostartToken?: string }
    | {
        status: 'Success';
        accounts: {
          bank: string;
          clearingNumber: string;
          accountNumber: string;
          name: string;
          autogiroEligible: boolean;
        }[];
      }
    | { status: 'Failed'; failureMessage: string; failureCode: string }
  >;
}

const unavailable = () => new AppError('UNAVAILABLE', 'timeout', { 'Retry-After': '2' });

/** Fetching the visitor's own accounts through their bank: only for the person BankID authenticated, polled only by that session. */
export function createBankAccountService({
  sql,
  client,
  personKey,
}: {
  sql: Sql;
  client: BankAccountApi;
  personKey: (personalNumber: string) => string;
}) {
  async function start(sessionUid: string, personalNumber: string, bank: string, sameDevice: boolean) {
    const identity = await sessionIdentity(sql, sessionUid);
    if (!identity || identity.personalNumberHash !== personKey(personalNumber))
      throw new AppError('PERMISSION_DENIED', 'invalidState');
    const { publicId } = await client.start({ personalNumber, bank, sameDevice }).catch(() => {
      throw unavailable();
    });
    await recordAccountRequest(sql, publicId, sessionUid);
    return { publicId };
  }

  async function poll(sessionUid: string, publicId: string): Promise<BankAccountsStatus> {
    if (!(await isOwnAccountRequest(sql, publicId, sessionUid)))
      throw new AppError('PERMISSION_DENIED', 'invalidState');
    const result = await client.poll(publicId).catch(() => {
      throw unavailable();
    });
    if (result.status === 'Success') {
      // Only accounts that can carry an autogiro mandate are offered.
      const bankAccounts = usableForAutogiro(result.accounts).map(
        ({ bank, clearingNumber, accountNumber, name }) => ({ bank, clearingNumber, accountNumber, name }),
      );
      return { status: 'Success', bankAccounts };
    }
    return result;
  }

  return { start, poll };
}
export type BankAccountService = ReturnType<typeof createBankAccountService>;
