/**
 * The wire format of the bank-account retrieval service, Billecta-style: PascalCase JSON as
 * Billecta's `BankAccountRequestView` carries it. The client and the demo simulator both speak
 * exactly this, so the simulator cannot drift from what the client understands.
 */
import type { BankCode } from '@concert/shared/validation';

/** Start: POST here; poll: GET `${ACCOUNT_RETRIEVALS_PATH}/<PublicId>`. */
export const ACCOUNT_RETRIEVALS_PATH = '/v1/bank/accounts';

/**
 * Body of the start call. Deviation: Billecta takes `bank`, `ssn` (and the other-device flag)
 * in the query string of `POST /v1/bank/accounts/{creditorPublicId}`; we send them in the JSON
 * body because a personal number must never be part of a URL (access logs, proxies, traces).
 */
export interface StartRetrievalBody {
  Bank: BankCode;
  /** 12 digits, YYYYMMDDNNNC. */
  SSN: string;
  /** The visitor scans a QR with BankID on another device instead of opening BankID on this one. */
  OtherDevice: boolean;
}

/** Billecta's `CreatedView`: the answer to the start call. */
export interface CreatedView {
  PublicId: string;
}

export type RetrievalStatus = 'Waiting' | 'Success' | 'Failed';

/** Whether the bank lets the account be debited by autogiro; `Unknown` when the bank does not say. */
export type AutogiroCompatible = 'Approved' | 'Unapproved' | 'Unknown';

/** Billecta's `BankAccountView`, the fields we use. */
export interface BankAccountView {
  ClearingNo: string | null;
  AccountNo: string | null;
  /** The account's name at the bank, e.g. 'Lönekonto'. */
  Name: string | null;
  Type: string | null;
  AutogiroCompatible: AutogiroCompatible;
}

/**
 * Billecta's `BankAccountRequestView`: the answer to every poll. Its `SSN` is left out here:
 * the caller already knows it, and an answer without it cannot leak it.
 */
export interface BankAccountRequestView {
  PublicId: string;
  Bank: BankCode;
  Status: RetrievalStatus;
  /** Animated BankID QR data while Waiting; changes every second. */
  QR: string | null;
  BankIdAutostartToken: string | null;
  IsBankIdAutostartTokenRequired: boolean;
  AccountNumbers: BankAccountView[] | null;
  /** Swedish, shown to the visitor through the inline-message mapping of SPEC.md §8. */
  FailureMessage: string | null;
  FailureCode: string | null;
}

/** What the service answers with a 4xx/5xx. */
export interface ServiceErrorView {
  Message: string;
}
