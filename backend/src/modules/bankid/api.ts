/** What the BankID service is built from: the RP API v6 client it calls and the rest of its dependencies. */
import type { Queryable, Sql } from '../../db/connect.js';
import type { PersonalDataProtector } from '../../privacy/personal-data.js';
import type { Completion, SignRequest } from './queries.js';

/** The part of the BankID RP API v6 client this service uses (integrations/bankid). */
export interface BankIdApi {
  auth(req: { endUserIp: string; requirement?: { personalNumber?: string } }): Promise<BankIdOrder>;
  sign(req: {
    endUserIp: string;
    requirement?: { personalNumber?: string };
    userVisibleData: string;
    userVisibleDataFormat?: 'simpleMarkdownV1';
  }): Promise<BankIdOrder>;
  collect(
    orderRef: string,
  ): Promise<{ status: 'pending' | 'failed' | 'complete'; hintCode?: string; completionData?: Completion }>;
  cancel(orderRef: string): Promise<void>;
}
export interface BankIdOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export interface BankIdServiceDeps {
  sql: Sql;
  bankId: BankIdApi;
  /** Where the same-device flow opens the BankID app (`https://app.bankid.com/`, or the simulator's page). */
  appUrl: string;
  qrData: (qrStartToken: string, qrStartSecret: string, seconds: number) => string;
  /** The same-device launch link; with the order's `returnUrl` (iOS) no `redirect`, else `redirect=null`. */
  sameDeviceUrl: (appUrl: string, autoStartToken: string, returnUrl?: string) => string;
  /** Applies a completed sign inside the transaction that records it; throws SignRefused to refuse. */
  applySign: (
    sql: Queryable,
    order: { id: string; sessionUid: string },
    request: SignRequest,
    completion: Completion,
  ) => Promise<void>;
  /** A completed identification, inside the transaction that records it: the session's hold becomes this person's. */
  onIdentified?: (sql: Queryable, sessionUid: string, personalNumberHash: string) => Promise<unknown>;
  /** Personal data at rest: the keyed hash of a personal number to compare, the rest sealed where it must be read back. */
  protector: Pick<PersonalDataProtector, 'lookupHash' | 'seal' | 'unseal'>;
  /** Every failed BankID call is logged here with its cause: BankID's code, or the network/TLS error. Never personal data. */
  log?: { warn(fields: object, message: string): void };
  now?: () => number;
  /** How long an abandoned order waits for the page to come back before it is cancelled (ABANDON_GRACE_MS). */
  abandonGraceMs?: number;
}
