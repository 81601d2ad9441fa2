/**
 * Client of the bank-account retrieval service (Billecta-style): the visitor logs in to their
 * bank with BankID and the service hands back their accounts, so they pick one instead of
 * typing clearing and account numbers. The same client talks to Billecta and, in demo mode,
 * to our simulator (`simulator.ts`).
 */
import type { BankAccount } from '@concert/shared/api';
import { bankNameOf, type BankCode } from '@concert/shared/validation';
import { z } from 'zod';
import { ACCOUNT_RETRIEVALS_PATH, type StartRetrievalBody } from './protocol.js';

export interface BankAccountClientOptions {
  /** Billecta: `https://api.billecta.com`; demo: `<origin>/sim/bank-accounts`. */
  baseUrl: string;
  /** Billecta's SecureToken (base64), sent as `Authorization: SecureToken <apiKey>`. */
  apiKey?: string;
  /** Billecta starts retrievals on behalf of a creditor: `POST /v1/bank/accounts/{creditorPublicId}`. */
  creditorPublicId?: string;
  /** Per call, connection and body included. */
  timeoutMs?: number;
}

/** An account as the bank reported it; `autogiroEligible` false when the bank refuses or does not say. */
export interface RetrievedAccount extends BankAccount {
  autogiroEligible: boolean;
}

export type BankAccountPoll =
  | { status: 'Waiting'; qr?: string; bankIdAutostartToken?: string }
  | { status: 'Success'; accounts: RetrievedAccount[] }
  | { status: 'Failed'; failureMessage: string; failureCode: string };

export interface BankAccountClient {
  start(request: {
    personalNumber: string;
    bank: BankCode;
    sameDevice: boolean;
  }): Promise<{ publicId: string }>;
  poll(publicId: string): Promise<BankAccountPoll>;
}

export type BankAccountServiceErrorCode =
  /** No answer in time: worth trying again. */
  | 'timeout'
  /** No connection: worth trying again. */
  | 'unavailable'
  /** 400/422: the service refused what we sent (personal number, bank). */
  | 'invalidRequest'
  /** 401/403: our credentials are wrong; an operator must act. */
  | 'unauthorized'
  /** 404: unknown or expired retrieval. */
  | 'notFound'
  /** 5xx or another status. */
  | 'serviceError'
  /** 2xx with a body we cannot read. */
  | 'invalidResponse';

/** A failed call. The message names the call and the status only, never personal data. */
export class BankAccountServiceError extends Error {
  override readonly name = 'BankAccountServiceError';
  constructor(
    message: string,
    readonly httpStatus: number | undefined,
    readonly code: BankAccountServiceErrorCode,
  ) {
    super(message);
  }
}

/** Only these are offered to the visitor: an account the bank will not debit would fail the mandate after signing. */
export function usableForAutogiro(accounts: readonly RetrievedAccount[]): RetrievedAccount[] {
  return accounts.filter((a) => a.autogiroEligible);
}

const DEFAULT_TIMEOUT_MS = 10_000;

const createdView = z.object({ PublicId: z.string().min(1) });

const accountView = z.object({
  ClearingNo: z.string().nullish(),
  AccountNo: z.string().nullish(),
  Name: z.string().nullish(),
  Type: z.string().nullish(),
  AutogiroCompatible: z.string().nullish(),
});

const requestView = z.object({
  Status: z.string(),
  Bank: z.string().nullish(),
  QR: z.string().nullish(),
  BankIdAutostartToken: z.string().nullish(),
  // Billecta names the list AccountNumbers; some of its views call it BankAccounts.
  AccountNumbers: z.array(accountView).nullish(),
  BankAccounts: z.array(accountView).nullish(),
  FailureMessage: z.string().nullish(),
  FailureCode: z.string().nullish(),
});

export function createBankAccountClient(options: BankAccountClientOptions): BankAccountClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(options.apiKey ? { Authorization: `SecureToken ${options.apiKey}` } : {}),
  };
  const startUrl =
    baseUrl +
    ACCOUNT_RETRIEVALS_PATH +
    (options.creditorPublicId ? `/${encodeURIComponent(options.creditorPublicId)}` : '');

  /** GET, or POST with a JSON body; the parsed JSON answer of a 2xx. */
  async function callService(
    call: 'start' | 'poll',
    url: string,
    body?: StartRetrievalBody,
  ): Promise<unknown> {
    const init: RequestInit = body
      ? {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }
      : { method: 'GET', headers };
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) {
        await res.body?.cancel();
        throw new BankAccountServiceError(
          `bank-account ${call}: service answered ${res.status}`,
          res.status,
          codeOfStatus(res.status),
        );
      }
      return await res.json();
    } catch (err) {
      if (err instanceof BankAccountServiceError) throw err;
      if (isTimeout(err))
        throw new BankAccountServiceError(
          `bank-account ${call}: no answer within ${timeoutMs} ms`,
          undefined,
          'timeout',
        );
      if (err instanceof SyntaxError) throw invalidResponse(call);
      throw new BankAccountServiceError(
        `bank-account ${call}: service unreachable`,
        undefined,
        'unavailable',
      );
    }
  }

  return {
    async start({ personalNumber, bank, sameDevice }) {
      const body: StartRetrievalBody = { Bank: bank, SSN: personalNumber, OtherDevice: !sameDevice };
      const answer = createdView.safeParse(await callService('start', startUrl, body));
      if (!answer.success) throw invalidResponse('start');
      return { publicId: answer.data.PublicId };
    },

    async poll(publicId) {
      const url = `${baseUrl}${ACCOUNT_RETRIEVALS_PATH}/${encodeURIComponent(publicId)}`;
      const answer = requestView.safeParse(await callService('poll', url));
      if (!answer.success) throw invalidResponse('poll');
      return toPoll(answer.data);
    },
  };
}

function toPoll(view: z.infer<typeof requestView>): BankAccountPoll {
  switch (view.Status) {
    case 'Waiting':
      return {
        status: 'Waiting',
        ...(view.QR ? { qr: view.QR } : {}),
        ...(view.BankIdAutostartToken ? { bankIdAutostartToken: view.BankIdAutostartToken } : {}),
      };
    case 'Success': {
      const bank = view.Bank ? (bankNameOf(view.Bank) ?? view.Bank) : '';
      const accounts = (view.AccountNumbers ?? view.BankAccounts ?? []).flatMap((a) =>
        toRetrievedAccount(a, bank),
      );
      return { status: 'Success', accounts };
    }
    case 'Failed':
      return {
        status: 'Failed',
        failureMessage: view.FailureMessage ?? '',
        failureCode: view.FailureCode ?? '',
      };
    default:
      // 'Unknown' or a status newer than this client: nothing safe to show.
      throw invalidResponse('poll');
  }
}

/** An account without clearing or account number cannot be used for anything, so it is dropped. */
function toRetrievedAccount(view: z.infer<typeof accountView>, bank: string): RetrievedAccount[] {
  if (!view.ClearingNo || !view.AccountNo) return [];
  return [
    {
      bank,
      clearingNumber: view.ClearingNo,
      accountNumber: view.AccountNo,
      name: view.Name ?? view.Type ?? '',
      // 'Unknown' counts as not eligible: a mandate on such an account may be refused after signing.
      autogiroEligible: view.AutogiroCompatible === 'Approved',
    },
  ];
}

function codeOfStatus(status: number): BankAccountServiceErrorCode {
  if (status === 400 || status === 422) return 'invalidRequest';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  if (status === 408 || status === 504) return 'timeout';
  return 'serviceError';
}

function isTimeout(err: unknown): boolean {
  return err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
}

function invalidResponse(call: 'start' | 'poll'): BankAccountServiceError {
  return new BankAccountServiceError(`bank-account ${call}: unreadable answer`, undefined, 'invalidResponse');
}
