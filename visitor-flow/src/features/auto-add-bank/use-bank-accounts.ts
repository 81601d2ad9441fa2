import { api, ApiError, langAtom, personAtom, ticketDataAtom } from '@concert/shared/browser';
import type { BankAccount } from '@concert/shared/api';
import { usePolling } from '@concert/shared/ui';
import { BANK_ACCOUNT_POLL_MS, BANKID_TIMEOUT_MS, paths, type CopyKey } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useNavigate } from '@concert/shared/router';
import { failureMessageKey } from './failure-message.js';

export type Retrieval =
  | { stage: 'idle' }
  | { stage: 'starting' }
  | { stage: 'waiting'; publicId: string; startedAt: number; qr?: string; autostartToken?: string }
  | { stage: 'accounts'; accounts: BankAccount[] }
  | { stage: 'failed'; messageKey: CopyKey };

/** A poll call that fails is tried again after 1 s (SPEC.md §4); after this many in a row it is given up. */
const MAX_POLL_FAILURES = 3;

/**
 * The visitor's bank accounts, fetched from their bank through BankID (SPEC.md §4): `fetchAccounts`
 * starts a retrieval, which is polled every second while the bank says Waiting (each answer
 * carries the QR) until the accounts come or it fails with a message the visitor can act on;
 * anything else goes to error/bankIDFailed.
 */
export function useBankAccounts() {
  const lang = useAtomValue(langAtom);
  const person = useAtomValue(personAtom);
  const ticket = useAtomValue(ticketDataAtom);
  const navigate = useNavigate();
  const [retrieval, setRetrieval] = useState<Retrieval>({ stage: 'idle' });

  async function fetchAccounts(bank: string, sameDevice: boolean) {
    setRetrieval({ stage: 'starting' });
    try {
      const { publicId } = await api.call('startRetrievingBankAccounts', {
        personalNumber: person.personalNumber,
        bank,
        sameDevice,
      });
      setRetrieval({ stage: 'waiting', publicId, startedAt: Date.now() });
    } catch {
      setRetrieval({ stage: 'failed', messageKey: 'autoAddBank.messages.bankIdStartingError' });
    }
  }

  const givenUp = () => navigate(paths.visitor.error.getHref(lang, 'bankIDFailed'));
  const waiting = retrieval.stage === 'waiting' ? retrieval : null;

  usePolling({
    key: waiting?.publicId,
    every: BANK_ACCOUNT_POLL_MS,
    // The first answer right away: it carries the QR the visitor needs to go on.
    immediately: true,
    deadline: waiting ? waiting.startedAt + BANKID_TIMEOUT_MS : undefined,
    poll: () => api.call('getBankAccounts', { publicId: waiting!.publicId, ticketId: ticket?.ticketId }),
    onAnswer: (answer) => {
      if (answer.status === 'Waiting') {
        setRetrieval({ ...waiting!, qr: answer.qr, autostartToken: answer.bankIdAutostartToken });
        return true;
      }
      if (answer.status === 'Success') {
        const accounts = answer.bankAccounts ?? [];
        setRetrieval(
          accounts.length
            ? { stage: 'accounts', accounts }
            : { stage: 'failed', messageKey: 'autoAddBank.messages.noAccountsFound' },
        );
        return false;
      }
      const key = failureMessageKey(answer.failureMessage ?? '');
      if (key) setRetrieval({ stage: 'failed', messageKey: key });
      else givenUp();
      return false;
    },
    onError: (err, failures) => {
      if (err instanceof ApiError && err.errorId === 'internal') {
        setRetrieval({ stage: 'failed', messageKey: 'autoAddBank.messages.internalError' });
        return false;
      }
      if (failures >= MAX_POLL_FAILURES) {
        givenUp();
        return false;
      }
      return true;
    },
    onDeadline: () => setRetrieval({ stage: 'failed', messageKey: 'autoAddBank.messages.sessionExpired' }),
  });

  return { retrieval, fetchAccounts };
}
