/**
 * The wire shapes of the BankID Relying Party API v6.0 (auth, sign, collect, cancel) that both
 * the client and the simulator speak, so the simulator cannot drift from what the client expects.
 */

export const RP_API_VERSION_PATH = '/rp/v6.0';

export interface Requirement {
  /** 12 digits (YYYYMMDDNNNC). The order may only be completed by this person. */
  personalNumber?: string;
}

/** Body of POST /auth as sent on the wire: userVisibleData is already base64. */
export interface AuthBody {
  endUserIp: string;
  requirement?: Requirement;
  userVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1';
  userNonVisibleData?: string;
  returnUrl?: string;
}

/** Body of POST /sign: as auth, but userVisibleData is required. */
export interface SignBody extends AuthBody {
  userVisibleData: string;
}

export interface OrderResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export type PendingHintCode =
  'outstandingTransaction' | 'noClient' | 'started' | 'userMrtd' | 'userCallConfirm' | 'userSign';
export type FailedHintCode =
  | 'expiredTransaction'
  | 'certificateErr'
  | 'userCancel'
  | 'cancelled'
  | 'startFailed'
  | 'userDeclinedCall'
  | 'notSupportedByUserApp'
  | 'transactionRiskBlocked';
/** BankID adds hint codes over time; a relying party must accept ones it does not know. */
export type HintCode = PendingHintCode | FailedHintCode | (string & {});

export interface CompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi?: string };
  /** YYYY-MM-DD */
  bankIdIssueDate: string;
  /** Base64 XML signature; holds userVisibleData exactly as it was sent. */
  signature: string;
  /** Base64 OCSP response. */
  ocspResponse: string;
  stepUp?: { mrtd: boolean };
  risk?: string;
}

export interface CollectResponse {
  orderRef: string;
  status: 'pending' | 'failed' | 'complete';
  hintCode?: HintCode;
  completionData?: CompletionData;
}

/** Error codes BankID answers with, plus `unreachable` (network error or our timeout) and `invalidResponse` from the client. */
export type BankIdErrorCode =
  | 'alreadyInProgress'
  | 'invalidParameters'
  | 'unauthorized'
  | 'notFound'
  | 'methodNotAllowed'
  | 'requestTimeout'
  | 'unsupportedMediaType'
  | 'internalError'
  | 'maintenance'
  | 'unreachable'
  | 'invalidResponse'
  | (string & {});

export interface ErrorResponse {
  errorCode: BankIdErrorCode;
  details: string;
}
