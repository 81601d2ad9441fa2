/**
 * The API contract as code (SPEC.md §7, CONTRACT.md §2): each callable function's payload
 * schema, who may call it, and the type of its answer. The backend validates payloads with
 * these schemas; the browser client imports only the types.
 */
import { z } from 'zod';
import {
  accountInfoSchema,
  emailSchema,
  personSchema,
  personalNumberSchema,
  requiredTextSchema,
} from './schemas.js';
import { BANKS } from './banks.js';
import { SYNC_BATCH_MAX } from './door.js';
import { officePayloadSchemas, type OfficeAnswers } from './office.js';
import { concertPayloadSchemas, type ConcertAnswers } from './concert.js';
import { ticketOfficePayloadSchemas, type TicketOfficeAnswers } from './ticket-office.js';
import { flowSnapshotSchema, type FlowSnapshot } from './flow-snapshot.js';

export type { FlowSnapshot, FlowStep } from './flow-snapshot.js';

export const CONCERT_STATUSES = ['Closed', 'Open', 'Queue', 'Done'] as const;
export type ConcertStatus = (typeof CONCERT_STATUSES)[number];
export const EMAIL_TYPES = ['registeredNew', 'registeredMember', 'finalTicket'] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];
export const SIGN_TYPES = ['new', 'raise'] as const;
/** Staff roles: `door` checks people in; `office` does everything staff do except the copy (door's work too). */
export const STAFF_ROLES = ['door', 'office'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const userAgent = z.string().max(1000).optional();
const opaqueId = z.string().min(1).max(200);
/** A copy entry's key, and one language of its text. */
const copyKey = z.string().min(1).max(200);
const copyText = z.string().max(20_000);
const lang = z.enum(['sv', 'en']).default('sv');
/** The secret code of a link sent by e-mail (base64url). */
const linkCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/);
/**
 * Where the BankID app returns to on a phone that needs it (iOS): the step's own path on this site
 * (`/sv/memberCheck`); the server adds the site's address and a one-time resume reference.
 */
const returnToSchema = z.string().regex(/^\/(sv|en)\/[A-Za-z]{1,40}$/, { error: 'invalidState' });
/** The starting browser's secret that a BankID return reference is bound to (issue 39 §9): 256 bits, base64url. */
const returnKeySchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'invalidState' });
const bankCode = z.enum(BANKS.map((b) => b.code) as [string, ...string[]]);
/** A work account's sign-in address: any domain (the visitors' e-mail rule would refuse e.g. `.example`). */
/** A door device's id and an offline check-in's id: UUIDs the device makes. */
const deviceIdSchema = z.uuid();
/** A ticket's id at the door (the row id, never the door code). */
const doorTicketIdSchema = z.string().regex(/^[1-9][0-9]{0,17}$/);
const staffEmail = z
  .string({ error: 'invalidEmail' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'invalidEmail' })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: 'invalidEmail' });

export const payloadSchemas = {
  register: z.object({ userAgent }),
  saveFlow: z.object({ flow: flowSnapshotSchema, userAgent }),
  getFlow: z.object({ userAgent }),
  getTicket: z.object({ code: z.string().regex(/^[0-9a-f]{32}$/, { error: 'invalidState' }), userAgent }),
  sendContactMessage: z.object({
    email: emailSchema,
    message: z
      .string({ error: 'invalidState' })
      .trim()
      .min(2, { error: 'invalidState' })
      .max(5000, { error: 'invalidState' }),
    lang,
    userAgent,
  }),
  extendHold: z.object({ userAgent }),
  deregisterClient: z.object({ personalNumber: personalNumberSchema.optional(), userAgent }),
  startBankIDAuth: z.object({
    personalNumber: personalNumberSchema,
    returnTo: returnToSchema.optional(),
    returnKey: returnKeySchema.optional(),
    userAgent,
  }),
  startBankIDSign: z.object({
    personalNumber: personalNumberSchema,
    returnTo: returnToSchema.optional(),
    returnKey: returnKeySchema.optional(),
    ticketId: opaqueId,
    donationAmount: z.number().int().positive().max(1_000_000),
    signType: z.enum(SIGN_TYPES),
    lang,
    person: personSchema.optional(),
    accountInfo: accountInfoSchema.optional(),
    userAgent,
  }),
  checkBankIdTransactionStatus: z.object({
    transactionId: opaqueId,
    ticketId: opaqueId.optional(),
    source: z.string().max(50).optional(),
    userAgent,
  }),
  cancelBankIDSession: z.object({ transactionId: opaqueId, userAgent }),
  startRetrievingBankAccounts: z.object({
    personalNumber: personalNumberSchema,
    bank: bankCode,
    sameDevice: z.boolean(),
    userAgent,
  }),
  getBankAccounts: z.object({ publicId: opaqueId, ticketId: opaqueId.optional(), userAgent }),
  getPersonalInfo: z.object({ personalNumber: personalNumberSchema, email: emailSchema, userAgent }),
  enterQueue: z.object({ person: personSchema, lang, userAgent }),
  /** The code of the link in the queue's confirmation e-mail. */
  confirmQueuePlace: z.object({ code: linkCode, userAgent }),
  /** The person's place in the queue: by the confirmation link's code, or (none) the session's latest request. */
  queuePlace: z.object({ code: linkCode.optional(), userAgent }),
  /** One click from the confirmation link's page: the person leaves the queue. */
  leaveQueue: z.object({ code: linkCode, userAgent }),
  /** The waiting-list offer's link opened: its ticket is held for this session. */
  openQueueOffer: z.object({ code: linkCode, userAgent }),
  declineQueueOffer: z.object({ code: linkCode, userAgent }),
  listQueue: z.object({ userAgent }),
  sendNextQueueOffer: z.object({ userAgent }),
  setQueueOffersPaused: z.object({ paused: z.boolean(), userAgent }),
  /** Hours a new offer's link is valid (offers already sent keep theirs). */
  setQueueOfferHours: z.object({ hours: z.number().positive().max(168).multipleOf(0.25), userAgent }),
  scanTicket: z.object({ externalTicketId: opaqueId, userAgent }),
  // The answer is about the caller; the e-mail SPEC.md §7 sends along is accepted and not needed.
  isCopyAdmin: z.object({ email: staffEmail.optional(), userAgent }),
  updateCopy: z
    .object({
      key: copyKey.optional(),
      id: copyKey.optional(),
      sv: copyText,
      en: copyText,
      /** The updatedAt the editor started from; a newer one means someone else saved meanwhile. */
      expectedUpdatedAt: z.string().max(40).optional(),
      userAgent,
    })
    .refine((p) => p.key ?? p.id, { message: 'invalidState' }),
  addManualAttendee: z.object({
    firstName: requiredTextSchema('name'),
    lastName: requiredTextSchema('name'),
    email: emailSchema,
    manuallyAdded: z.boolean().optional(),
    userAgent,
  }),
  addEmailToQueue: z.object({
    email: emailSchema,
    name: z.string().trim().min(1).max(100),
    emailType: z.enum(EMAIL_TYPES),
    ticketId: opaqueId,
    /** The e-mail's language; Swedish unless told. */
    lang,
    userAgent,
  }),
  /** Every copy entry with its version (updatedAt), which updateCopy takes back as expectedUpdatedAt. */
  listCopy: z.object({ userAgent }),
  copyHistory: z.object({ key: copyKey, userAgent }),
  /** Every saved draft (copy admins only: drafts are never in getCopy): the editor's list and the preview mode of the pages. */
  listCopyDrafts: z.object({ userAgent }),
  /**
   * Saves a change without publishing it (the key's one draft, replaced). `expectedUpdatedAt`: the
   * published version the editor started from, as updateCopy takes it; the draft is based on it.
   */
  saveCopyDraft: z.object({
    key: copyKey,
    sv: copyText,
    en: copyText,
    expectedUpdatedAt: z.string().max(40).optional(),
    userAgent,
  }),
  discardCopyDraft: z.object({ key: copyKey, userAgent }),
  /** Publishes the key's draft as it was saved (and previewed); refused over a newer published version. */
  publishCopyDraft: z.object({ key: copyKey, userAgent }),
  /** `staffId` (from listStaff) names the account when several carry the e-mail. */
  setCopyAdmin: z.object({
    email: staffEmail,
    isCopyAdmin: z.boolean(),
    staffId: z.uuid().optional(),
    userAgent,
  }),
  listOutbox: z.object({ userAgent }),
  /** The Autogiro page: counts by state, the mandates and the files. */
  autogiroOverview: z.object({ userAgent }),
  /** One mandate with its history and its evidence, verified now. */
  autogiroMandate: z.object({ mandateId: z.uuid(), userAgent }),
  /** Writes the mandate request file (TK01 + TK04) of every signed mandate not yet sent. */
  writeMandateFile: z.object({ userAgent }),
  /** Writes the payment request file (TK01 + TK82; for raises an amendment file of TK25s sent first) of every approved mandate and raise without one. */
  writePaymentFile: z.object({ userAgent }),
  /** The organisation cancels a mandate: a TK03 in the next mandate file, the donor told by e-mail. */
  revokeMandate: z.object({ mandateId: z.uuid(), userAgent }),
  sendMandateAgain: z.object({ mandateId: z.uuid(), userAgent }),
  takeBackAutogiroFile: z.object({ fileId: z.uuid(), userAgent }),
  /** The office has looked at a discrepancy and dealt with it: it leaves the list. */
  resolveAutogiroDiscrepancy: z.object({ discrepancyId: z.string().regex(/^[1-9][0-9]{0,17}$/), userAgent }),
  /** Who the caller is and may do; `signedIn` once right after a sign-in, which the audit log records. */
  getStaffProfile: z.object({ signedIn: z.boolean().optional(), userAgent }),
  /**
   * Gives a staff member a role, or none (null). An address that has never signed in (within the
   * allowed domains, else 400 unauthorized_domain) is invited: the role applies at its first sign-in.
   */
  setStaffRole: z.object({
    email: staffEmail,
    role: z.enum(STAFF_ROLES).nullable(),
    /** The account (from listStaff) when several carry the e-mail: a role never goes to every holder of an address. */
    staffId: z.uuid().optional(),
    userAgent,
  }),
  listStaff: z.object({ userAgent }),
  /** The addresses invited before their first sign-in (issue 40 §3). */
  listStaffInvitations: z.object({ userAgent }),
  /** Withdraws an address's invitation (none: 404). */
  withdrawStaffInvitation: z.object({ email: staffEmail, userAgent }),
  /** Signs the caller out on the server: every token issued to them until now stops working at once. */
  staffSignOut: z.object({ userAgent }),
  /** The door (check-in module): a device names itself once (its id made and kept by the device). */
  registerDoorDevice: z.object({
    deviceId: deviceIdSchema,
    label: z.string().trim().min(1).max(40),
    userAgent,
  }),
  /** Lets a ticket in by its door code (scanned or typed) or its ticket id (from the door's search). */
  checkIn: z
    .object({
      code: opaqueId.optional(),
      ticketId: doorTicketIdSchema.optional(),
      deviceId: deviceIdSchema,
      userAgent,
    })
    .refine((p) => (p.code === undefined) !== (p.ticketId === undefined), { message: 'invalidState' }),
  /** Takes back a check-in this device made (a mis-scan), within UNDO_MINUTES. */
  undoCheckIn: z.object({ ticketId: doorTicketIdSchema, deviceId: deviceIdSchema, userAgent }),
  /** Check-ins a device made offline; idempotent per device and check-in id. */
  syncCheckIns: z.object({
    deviceId: deviceIdSchema,
    checkIns: z
      .array(z.object({ id: deviceIdSchema, ticketId: doorTicketIdSchema, at: z.number().int().positive() }))
      .min(1)
      .max(SYNC_BATCH_MAX),
    userAgent,
  }),
  /** The live count and what changed at the door since `since` (an event cursor). */
  doorStatus: z.object({ since: z.number().int().min(0).optional(), userAgent }),
  /** One page of the door's offline attendee list, after the ticket id `after`. */
  doorList: z.object({ after: doorTicketIdSchema.optional(), userAgent }),
  ...officePayloadSchemas,
  ...concertPayloadSchemas,
  ...ticketOfficePayloadSchemas,
} as const;

export type FunctionName = keyof typeof payloadSchemas;
export type Payload<N extends FunctionName> = z.input<(typeof payloadSchemas)[N]>;
export type ParsedPayload<N extends FunctionName> = z.output<(typeof payloadSchemas)[N]>;

/**
 * Who may call a function: a visitor session, any allowed staff member, door work (door or
 * office role), office work (office role), or a copy admin.
 */
export type FunctionCaller = 'visitor' | 'staff' | 'door' | 'office' | 'copyAdmin';
export const FUNCTION_CALLERS: Record<FunctionName, FunctionCaller> = {
  register: 'visitor',
  saveFlow: 'visitor',
  getFlow: 'visitor',
  sendContactMessage: 'visitor',
  getTicket: 'visitor',
  extendHold: 'visitor',
  deregisterClient: 'visitor',
  startBankIDAuth: 'visitor',
  startBankIDSign: 'visitor',
  checkBankIdTransactionStatus: 'visitor',
  cancelBankIDSession: 'visitor',
  startRetrievingBankAccounts: 'visitor',
  getBankAccounts: 'visitor',
  getPersonalInfo: 'visitor',
  enterQueue: 'visitor',
  confirmQueuePlace: 'visitor',
  queuePlace: 'visitor',
  leaveQueue: 'visitor',
  openQueueOffer: 'visitor',
  declineQueueOffer: 'visitor',
  listQueue: 'office',
  sendNextQueueOffer: 'office',
  setQueueOffersPaused: 'office',
  setQueueOfferHours: 'office',
  scanTicket: 'door',
  isCopyAdmin: 'staff',
  updateCopy: 'copyAdmin',
  addManualAttendee: 'office',
  addEmailToQueue: 'office',
  listCopy: 'copyAdmin',
  copyHistory: 'copyAdmin',
  listCopyDrafts: 'copyAdmin',
  saveCopyDraft: 'copyAdmin',
  discardCopyDraft: 'copyAdmin',
  publishCopyDraft: 'copyAdmin',
  setCopyAdmin: 'copyAdmin',
  listOutbox: 'office',
  getStaffProfile: 'staff',
  setStaffRole: 'office',
  listStaff: 'office',
  listStaffInvitations: 'office',
  withdrawStaffInvitation: 'office',
  staffSignOut: 'staff',
  autogiroOverview: 'office',
  autogiroMandate: 'office',
  writeMandateFile: 'office',
  writePaymentFile: 'office',
  revokeMandate: 'office',
  sendMandateAgain: 'office',
  takeBackAutogiroFile: 'office',
  resolveAutogiroDiscrepancy: 'office',
  registerDoorDevice: 'door',
  checkIn: 'door',
  undoCheckIn: 'door',
  syncCheckIns: 'door',
  doorStatus: 'door',
  doorList: 'door',
  getSaleDashboard: 'office',
  listAttendees: 'office',
  attendeeHistory: 'office',
  getMailout: 'office',
  scheduleMailout: 'office',
  cancelMailout: 'office',
  retryMailout: 'office',
  previewMailout: 'office',
  sendMailoutTest: 'office',
  listAudit: 'office',
  getErasurePlan: 'office',
  eraseSaleDataNow: 'office',
  getConcert: 'office',
  listConcerts: 'office',
  saveConcert: 'office',
  copyConcert: 'office',
  publishConcert: 'office',
  checkConcertTexts: 'office',
  cancelTicket: 'office',
  transferTicket: 'office',
  resendTicketEmail: 'office',
};

export interface TicketData {
  /** The hold's id (never the door code). */
  ticketId: string;
  isConfirmed: boolean;
  /** Epoch ms: the reservation's end (or, not reserved, the end of the place). */
  validUntil: number;
  /**
   * A ticket is set aside for the caller until `validUntil` (reserved + confirmed ≤ capacity at
   * every instant). False: a place without a ticket yet, which BankID's identification turns into a
   * reservation while tickets remain. The page calls only a reserved ticket reserved.
   */
  reserved: boolean;
}
export interface BankIdStart {
  url: string;
  transactionId: string;
  qrData: string;
  /** A sign's reservation as the sign keeps it (its end moved to the BankID order's end at least). */
  ticketData?: TicketData;
}
export interface BankIdUser {
  personalNumber: string;
  givenName: string;
  surname: string;
  name: string;
}
export interface BankIdStatus {
  status: 'pending' | 'complete' | 'failed';
  hintCode?: string;
  qrData?: string;
  completionData?: { user: BankIdUser };
}
/**
 * GET /api/getBankIdQr?transactionId=… (docs/bankid.md): the animated QR code's frame for this
 * second of the session's order, made on the server (qrStartSecret never reaches the page).
 * `nextInMs`: when the next frame is due. `ended`: no more frames (collect tells how it ended).
 */
export type BankIdQrFrame = { status: 'pending'; qrData: string; nextInMs: number } | { status: 'ended' };
export interface BankAccount {
  bank: string;
  clearingNumber: string;
  accountNumber: string;
  name: string;
}
export interface BankAccountsStatus {
  status: 'Waiting' | 'Success' | 'Failed';
  qr?: string;
  bankIdAutostartToken?: string;
  bankAccounts?: BankAccount[];
  failureMessage?: string;
  failureCode?: string;
}
export interface PaymentData {
  minimumRaise: number;
  months: number;
  previousAmount: number;
}
export interface PersonalInfo {
  type: 'member' | 'nonMember';
  personId: string | null;
  paymentType: 0 | 1;
  paymentData: PaymentData;
  ticketData: TicketData | null;
  member: {
    agStatus: string;
    approvedDate: string | null;
    contactId: string;
    currentAutogiroAmount: number;
    member: boolean;
    payments: number;
    personId: string;
  } | null;
  personInfo: {
    firstName: string;
    lastName: string;
    coAddress: string;
    address: string;
    zipCode: string;
    city: string;
  } | null;
}
export interface CopyRow {
  key: string;
  sv: string;
  en: string;
  updatedAt: string;
}

/**
 * A text's unpublished change: both languages as saved, the published version (`updatedAt` of
 * CopyRow) it was written over, and who saved it when (the staff member's e-mail).
 */
export interface CopyDraft {
  key: string;
  sv: string;
  en: string;
  basedOn: string;
  savedAt: string;
  savedBy: string;
}

/** One saved change of a copy entry: who (the staff member's e-mail), when, and both texts before and after. */
export interface CopyChange {
  id: string;
  key: string;
  changedBy: string;
  changedAt: string;
  oldSv: string;
  oldEn: string;
  newSv: string;
  newEn: string;
}
/** An e-mail in the outbox as staff see it: the recipient and its state, never the template values. */
export interface OutboxRow {
  id: string;
  toEmail: string;
  lang: 'sv' | 'en';
  emailType: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  sentAt: string | null;
  createdAt: string;
}
/** The signed-in staff member and what they may do. */
export interface StaffProfile {
  email: string;
  name: string | null;
  role: StaffRole | null;
  isCopyAdmin: boolean;
}
/** An address invited before its first sign-in: the role it will get, who invited it and when. */
export interface StaffInvitationRow {
  email: string;
  role: StaffRole;
  /** The inviting staff member's e-mail (null: unknown). */
  invitedBy: string | null;
  invitedAt: string;
}
/** A staff member as the office's list shows them. */
export interface StaffListRow extends Omit<StaffProfile, 'name'> {
  /** The account (its tenant + object id's row): what a role change names when an e-mail is shared. */
  id: string;
  name: string | null;
  lastSeenAt: string;
}
/** What the browser needs to configure MSAL for staff sign-in (GET /api/staffAuthConfig). */
export interface StaffAuthConfig {
  authority: string;
  clientId: string;
  /** The API's own scope(s), to request at sign-in and for every access token. */
  scopes: string[];
  /** `OIDC` for the demo dev IdP (any OpenID Connect provider), `AAD` for Microsoft Entra ID. */
  protocolMode: 'OIDC' | 'AAD';
  /** Hosts MSAL must trust as authorities (required in OIDC mode). */
  knownAuthorities: string[];
}

/**
 * A mandate's lifecycle (../shared/AUTOGIRO.md); a raise: raisePending (signed, nothing sent) →
 * raiseCancelSent (the TK25 cancelling the old standing payment sent; the old amount still drawn)
 * → raiseReady (Bankgirot confirmed the cancellation; the new amount's TK82 goes in the next
 * payment file) → active; raiseHeld: Bankgirot did not carry out the cancellation, the new amount
 * is held back; paymentRejected: Bankgirot rejected the standing TK82 (nothing is drawn);
 * revokePending / revokeSent: the organisation cancels the mandate (TK03 to send / sent); unknown:
 * only rows from before answers were checked against the state.
 */
export const MANDATE_STATES = [
  'signed',
  'sent',
  'approved',
  'active',
  'raisePending',
  'rejected',
  'cancelled',
  'revokePending',
  'revokeSent',
  'revoked',
  'unknown',
  'raiseCancelSent',
  'raiseReady',
  'raiseHeld',
  'paymentRejected',
] as const;
export type MandateState = (typeof MANDATE_STATES)[number];
/** amendments: TK25 cancellations of standing payments, sent before the payment file of the same run. */
export type AutogiroFileKind = 'mandates' | 'answer' | 'payments' | 'amendments';
/** What a TK73 answer says about a mandate, read from its information and comment codes (backend lifecycle.ts). */
export type AdviceMeaning =
  | 'approved'
  | 'rejected'
  | 'unanswered'
  | 'cancelledByPayer'
  | 'cancelledByBank'
  | 'revokedByUs'
  | 'alreadyExists'
  | 'payerNumberChanged'
  | 'stopNotice'
  | 'unknown';
/**
 * Bankgirot's TK73 comment codes (Autogiro – teknisk manual, "Medgivandeavisering"), each read
 * as a meaning. 01, 06, 11, 12 and 24 are from the old layout and still arrive in old files.
 * 43 is not a comment code in the manual (it is the information code of an unanswered account
 * inquiry, comment 07); older answers of our own stand-in used it, so it reads as 07.
 */
export const AUTOGIRO_COMMENT_MEANINGS: Readonly<Record<string, AdviceMeaning>> = {
  '32': 'approved',
  '02': 'cancelledByPayer',
  '33': 'cancelledByBank', // refined by the information code below
  '98': 'cancelledByBank', // the payer's bankgiro is closed
  '01': 'cancelledByBank', // old layout: cancelled on the bank's initiative
  '06': 'cancelledByBank', // old layout: cancelled by Bankgirot
  '03': 'rejected', // account type not approved for Autogiro
  '04': 'rejected', // mandate missing from Bankgirot's register
  '05': 'rejected', // wrong account or personal number
  '09': 'rejected', // payer's bankgiro missing at Bankgirot
  '20': 'rejected', // wrong personal/organisation number
  '21': 'rejected', // wrong payer number
  '23': 'rejected', // wrong bank account number
  '24': 'rejected', // old layout: maximum amount not allowed
  '29': 'rejected', // wrong payee bankgiro
  '30': 'rejected', // payee bankgiro deregistered
  '07': 'unanswered', // the payer's bank did not answer the account inquiry: mandate removed
  '43': 'unanswered',
  '10': 'alreadyExists', // already in Bankgirot's register or under inquiry
  '11': 'stopNotice', // old layout: stopped by the payer
  '12': 'stopNotice', // old layout: stop lifted
};

export const isKnownCommentCode = (code: string): boolean => Object.hasOwn(AUTOGIRO_COMMENT_MEANINGS, code);
/**
 * Why something Bankgirot said (or a row we could not write) was not applied and waits for the
 * office: an answer that does not fit the mandate's state, a payer number we do not have, a row
 * the mandate file could not carry.
 */
export type AutogiroDiscrepancyReason =
  | 'answerDoesNotFit'
  | 'unknownPayer'
  | 'unwritableAccount'
  | 'paymentForUnknownMandate'
  /** A record of the cancellations/changes answer that does not fit the mandate or needs the office (see AmendmentMeaning). */
  | 'amendmentAnswer'
  /** A mandate the payer gave in the internet bank (AG-EMEDGIV): Bankgirot waits for the payee's approval or rejection. */
  | 'digitalMandate'
  /** Bankgirot rejected the standing payment instruction (TK82): nothing is drawn until the office acts. */
  | 'paymentRejected'
  /** A raise's new amount could not reach the month its old payment was cancelled from: that month is not drawn. */
  | 'monthNotDrawn';
/**
 * What a record of Bankgirot's cancellations/changes answer says (technical manual 8.5.3), read
 * from its transaction code and comment code (backend lifecycle.ts):
 * - paymentsCancelled: our own cancellation (TK23–TK25) carried out (comment 12);
 * - cancellationFailed: our own cancellation not carried out (01, 02, 04, 05, 10, 11, 13): the old
 *   instruction may still be drawn;
 * - cancelledMandateGone: payments cancelled because the mandate was removed (TK03);
 * - cancelledByPayer: a payment cancelled by the payer or their bank (TK11);
 * - agreementEnded: every payment cancelled, the payee's Autogiro agreement ended (TK21, old TK22);
 * - dateChanged / dateChangeFailed: a change of payment date (TK26–TK29), which we never ask for.
 */
export type AmendmentMeaning =
  | 'paymentsCancelled'
  | 'cancellationFailed'
  | 'cancelledMandateGone'
  | 'cancelledByPayer'
  | 'agreementEnded'
  | 'dateChanged'
  | 'dateChangeFailed'
  | 'unknown';
/** A digital mandate's message type: new, or Bankgirot's first or second reminder that it waits for an answer. */
export type DigitalMandateMeaning = 'new' | 'reminder1' | 'reminder2';
/** The payment of a mandate as the office's lists show it: the latest draw Bankgirot reported. */
export interface LastDraw {
  dueDate: string;
  /** kr */
  amount: number;
  result: DrawResult;
  code: string;
}

export interface MandateSummary {
  id: string;
  state: MandateState;
  /** The donor's name as BankID gave it. */
  name: string;
  /** Where the office reaches the donor (e.g. about a rejected mandate). */
  email: string | null;
  payerNumber: string;
  /** kr per month as signed. */
  monthlyAmount: number;
  signedAt: string;
  stateChangedAt: string;
  /** Bankgirot's last TK73 codes about it. */
  infoCode: string | null;
  commentCode: string | null;
  /** The latest draw Bankgirot reported (payment results, rejections), or null. */
  lastDraw: LastDraw | null;
  /** An active mandate's next draw, on a banking day as Bankgirot makes it (YYYY-MM-DD), or null. */
  nextDrawDate: string | null;
  /** Open discrepancies about it. */
  problems: number;
}
export interface AutogiroFileSummary {
  id: string;
  kind: AutogiroFileKind;
  fileName: string;
  records: number;
  bytes: number;
  createdAt: string;
  /** The staff member's e-mail. */
  createdBy: string | null;
  /** When the office took it back (never uploaded: never to be uploaded), or null. */
  takenBackAt: string | null;
}
export interface AutogiroOverview {
  counts: Record<MandateState, number>;
  /** New monthly kronor on their way: signed, sent and approved mandates, and the added part of raises not yet sent. */
  newMonthlyKronor: number;
  mandates: MandateSummary[];
  files: AutogiroFileSummary[];
  /** Open discrepancies, newest first. */
  discrepancies: AutogiroDiscrepancy[];
  payee: { bankgiro: string; bgcCustomerNumber: string; drawDay: number };
  /** Demo mode: the Bankgirot stand-in can answer a mandate file. */
  standIn: boolean;
}
export interface MandateTransitionView {
  at: string;
  fromState: MandateState | null;
  toState: MandateState;
  file: { id: string; fileName: string } | null;
  staff: string | null;
  infoCode: string | null;
  commentCode: string | null;
  amount: number | null;
  /** A record of the cancellations/changes answer logged on the mandate (infoCode: its transaction code). */
  meaning: AmendmentMeaning | null;
}
export type EvidenceVerdict = 'ok' | 'textDiffers' | 'signatureInvalid' | 'noVisibleData';
export interface MandateEvidenceView {
  signType: 'new' | 'raise';
  signedAt: string;
  bankIdIssueDate: string;
  deviceIp: string;
  signedText: string;
  verdict: EvidenceVerdict;
  differences: { line: number; stored: string | null; signed: string | null }[];
  problem?: string;
}
export interface MandateDetail {
  mandate: MandateSummary & {
    firstDrawDate: string | null;
    standingAmount: number | null;
    bank: string | null;
    clearingNumber: string | null;
    /** The donor's confirmed ticket (its door code), if any. */
    ticketId: string | null;
    /** The office can end it (revokeMandate). */
    revocable: boolean;
    /** The office can send its rejected standing payment again (sendMandateAgain). */
    sendableAgain: boolean;
  };
  /** Draws as Bankgirot reported them, the latest first. */
  draws: MandateDraw[];
  /** Open discrepancies about this mandate. */
  problems: AutogiroDiscrepancy[];
  history: MandateTransitionView[];
  evidence: MandateEvidenceView[];
}
/** A file written: null when there was nothing to send. */
export interface AutogiroFileWritten {
  file: AutogiroFileSummary | null;
  mandates: number;
  /** The payment run's amendment file (TK25), to send before `file`; null when no raise needs one. */
  amendments?: AutogiroFileSummary | null;
  /** Mandates the file could not carry: left out, each listed as a discrepancy. */
  setAside?: number;
  /** Payments and raises that wait for a later run (a change of the same instruction today, a draw too close). */
  held?: number;
}
/** Why an uploaded answer file was refused: nothing in it was applied. */
export type AutogiroFileRefusal =
  | { reason: 'empty' }
  | { reason: 'tooLarge' }
  | { reason: 'notMandateAdvice' }
  | { reason: 'duplicate'; fileName: string; createdAt: string }
  | { reason: 'brokenLayout'; line: number; position: number; expected: string }
  | { reason: 'unknownRecord'; line: number; code: string }
  | { reason: 'otherBankgiro'; line: number }
  | { reason: 'countMismatch'; stated: number; found: number };
/** What happened to one draw, as Bankgirot reports it (payment results, rejected instructions). */
export type DrawResult = 'paid' | 'insufficientFunds' | 'noMandate' | 'renewed' | 'rejected';
/** A draw booked on a mandate. */
export interface MandateDraw {
  dueDate: string;
  /** kr */
  amount: number;
  result: DrawResult;
  /** Bankgirot's status or comment code. */
  code: string;
  fileName: string;
}
/** A reply file read: how many answers moved a mandate, and how many wait for the office. */
export interface AutogiroAnswerApplied {
  file: AutogiroFileSummary;
  /** Which reply file it was. */
  kind: 'mandateAdvice' | 'paymentResults' | 'paymentRejections' | 'amendmentAnswers' | 'digitalMandates';
  /** Payment results and rejections: the draws booked, by result. */
  draws?: Record<DrawResult, number>;
  /** Cancellations/changes: the records logged on their mandates (fitting their state). */
  logged?: number;
  /** Digital mandates: how many were read (each listed for the office). */
  digitalMandates?: number;
  approved: number;
  rejected: number;
  cancelled: number;
  revoked: number;
  /** Answers that changed nothing and are listed for the office (see AutogiroDiscrepancy). */
  discrepancies: number;
  /** The same answer about the same payer again in the file: applied once. */
  repeated: number;
}
/** Something that was not applied and waits for the office to look at. */
export interface AutogiroDiscrepancy {
  id: string;
  reason: AutogiroDiscrepancyReason;
  /** The answer file and its line, when it came from one. */
  file: { id: string; fileName: string } | null;
  line: number | null;
  payerNumber: string;
  mandateId: string | null;
  name: string | null;
  /** The mandate's state when the answer came. */
  mandateState: MandateState | null;
  /** TK73: the information code; cancellations/changes: the record's transaction code. */
  infoCode: string | null;
  commentCode: string | null;
  meaning: AdviceMeaning | AmendmentMeaning | DigitalMandateMeaning | null;
  createdAt: string;
  /** A digital mandate: what the payer gave in the internet bank, read from the file kept. */
  digital?: DigitalMandateView;
}
/** A mandate given in the internet bank, as the office needs it to answer Bankgirot. */
export interface DigitalMandateView {
  /** How it was tied to one of our donors: their payer number, their personal number, or not at all. */
  matchedBy: 'payerNumber' | 'personalNumber' | null;
  nameAndAddress: string[];
  postcode: string;
  city: string;
  /** The payer's own words. */
  info: string;
  clearingNumber: string;
  /** A company's mandate (organisation number) rather than a person's. */
  organisation: boolean;
}

/** A check-in at the door: let in now (OK) or already (when and on which device). */
export interface DoorCheckIn {
  outcome: 'OK' | 'ALREADY_SCANNED';
  ticketId: string;
  firstName: string;
  lastName: string;
  /** The first check-in's time (ISO). */
  scannedAt: string;
  /** The label of the device that let the ticket in first; null when it was not a door device (a /admin/scan page). */
  device: string | null;
}
/**
 * One offline check-in after sync: OK (let in at its own time), CONFLICT (another check-in had
 * let the ticket in first: counted once, both times given) or UNKNOWN (no confirmed ticket).
 */
export interface SyncedCheckIn {
  id: string;
  ticketId: string;
  outcome: 'OK' | 'CONFLICT' | 'UNKNOWN';
  /** This check-in's time (ISO). */
  at: string;
  firstAt: string | null;
  firstDevice: string | null;
  firstName: string;
  lastName: string;
}
export interface DoorStatus {
  checkedIn: number;
  confirmed: number;
  /** The newest event; the next call's `since`. */
  cursor: number;
  /** Tickets whose check-in changed after `since` (none without `since`); more may follow when there were many. */
  changes: {
    ticketId: string;
    scannedAt: string | null;
    device: string | null;
    /**
     * Only for a ticket the office cancelled or moved (issue 40): its entry now (a moved ticket's
     * new holder and code), or null when it no longer opens the door at all.
     */
    entry?: DoorListRow | null;
  }[];
}
/**
 * The door's offline list, compact: one array per confirmed ticket
 * `[ticketId, codeHash, emailHash, firstName, lastName, scannedAt (epoch ms, 0: not yet), device label or ""]`.
 * Codes and e-mails only as doorHash(salt, …).
 */
export type DoorListRow = [string, string, string, string, string, number, string];
export interface DoorListPage {
  salt: string;
  rows: DoorListRow[];
  /** The last ticket id of this page while more follow, else null. */
  next: string | null;
  /** The event cursor when the first page was read: doorStatus from here brings the list up to date. */
  cursor: number;
}

/** A queue entry's state as its person and the office see it. */
export type QueueEntryState =
  'unconfirmed' | 'waiting' | 'offered' | 'accepted' | 'declined' | 'expired' | 'left';

export interface QueuePlace {
  state: QueueEntryState;
  /** 1: the next ticket that becomes free is offered to this person; null unless waiting. */
  position: number | null;
  /** Confirmed people waiting for an offer, all together. */
  waiting: number;
  /** A live offer not yet opened: when its link ends (epoch ms). */
  offerExpiresAt: number | null;
}

export interface QueueOverviewEntry {
  entryId: string;
  state: Exclude<QueueEntryState, 'unconfirmed'>;
  position: number | null;
  firstName: string;
  lastName: string;
  email: string;
  confirmedAt: string;
  changedAt: string | null;
  offerOpened: boolean;
  /** A live offer: when it ends (its link's end, or once opened its hold's end). */
  offerExpiresAt: string | null;
  offeredByHand: boolean;
}

/** The waiting list as the office sees it. */
export interface QueueOverview {
  paused: boolean;
  offerHours: number;
  counts: Record<QueueEntryState, number>;
  entries: QueueOverviewEntry[];
}

/**
 * The session's place in the sign-up as the server has it (getFlow): the page's last saved
 * snapshot, trimmed to what the server can vouch for (an identification this session did not
 * complete is dropped), with the server's own reservation and sign outcome.
 */
export interface FlowAnswer {
  flow: FlowSnapshot | null;
  ticketData: TicketData | null;
  /** A sign of this session was completed and applied: the ticket is confirmed. */
  signCompleted: boolean;
}

export interface Answers extends OfficeAnswers, ConcertAnswers, TicketOfficeAnswers {
  register: TicketData;
  saveFlow: { saved: true };
  getFlow: FlowAnswer;
  sendContactMessage: { sent: true };
  /**
   * The attendee's ticket page: whose it is, what the door scans (its QR code), and the concert it
   * is for with that concert's copy variables (an archived concert's ticket shows its own facts).
   */
  getTicket: {
    firstName: string;
    lastName: string;
    code: string;
    scanUrl: string;
    concert: PublicConcert;
    copyVariables: ConcertCopyVariables;
  };
  /** More time for BankID: the hold with its new end, and how many more times it can be had. */
  extendHold: TicketData & { extensionsLeft: number };
  deregisterClient: { released: boolean };
  startBankIDAuth: BankIdStart;
  startBankIDSign: BankIdStart;
  checkBankIdTransactionStatus: BankIdStatus;
  cancelBankIDSession: { cancelled: boolean };
  startRetrievingBankAccounts: { publicId: string };
  getBankAccounts: BankAccountsStatus;
  getPersonalInfo: PersonalInfo;
  enterQueue: { queued: true };
  confirmQueuePlace: { confirmed: true };
  queuePlace: QueuePlace;
  leaveQueue: { left: true };
  /** `email`: the address the offer was sent to (the offer page fills it in; never in the link). */
  openQueueOffer: TicketData & { email: string };
  declineQueueOffer: { declined: true };
  listQueue: QueueOverview;
  sendNextQueueOffer: { offerId: string };
  setQueueOffersPaused: { paused: boolean };
  setQueueOfferHours: { offerHours: number };
  scanTicket: { outcome: 'OK' | 'ALREADY_SCANNED'; firstName: string; lastName: string; scannedAt: string };
  isCopyAdmin: { isCopyAdmin: boolean };
  updateCopy: CopyRow;
  addManualAttendee: { attendeeId: string; externalTicketId: string };
  addEmailToQueue: { id: string };
  listCopy: CopyRow[];
  copyHistory: CopyChange[];
  listCopyDrafts: CopyDraft[];
  saveCopyDraft: CopyDraft;
  discardCopyDraft: { discarded: boolean };
  publishCopyDraft: CopyRow;
  setCopyAdmin: { email: string; isCopyAdmin: boolean };
  listOutbox: OutboxRow[];
  autogiroOverview: AutogiroOverview;
  autogiroMandate: MandateDetail;
  writeMandateFile: AutogiroFileWritten;
  writePaymentFile: AutogiroFileWritten;
  revokeMandate: { state: MandateState };
  /** The mandate's state after (approved) and how many of its "standing payment rejected" problems this settled. */
  sendMandateAgain: { state: MandateState; resolved: number };
  /** The file taken back and how many mandates went back to wait for the next file. */
  takeBackAutogiroFile: { fileName: string; mandates: number };
  resolveAutogiroDiscrepancy: { resolved: boolean };
  getStaffProfile: StaffProfile;
  /** `invited`: the address has not signed in yet; the role waits for its first sign-in. */
  setStaffRole: { email: string; role: StaffRole | null; invited: boolean };
  listStaff: StaffListRow[];
  listStaffInvitations: StaffInvitationRow[];
  withdrawStaffInvitation: { email: string; withdrawn: true };
  staffSignOut: { signedOut: true };
  registerDoorDevice: { deviceId: string; label: string };
  checkIn: DoorCheckIn;
  undoCheckIn: { ticketId: string; undone: true };
  syncCheckIns: { results: SyncedCheckIn[] };
  doorStatus: DoorStatus;
  doorList: DoorListPage;
}
export type Answer<N extends FunctionName> = Answers[N];

export interface ConcertStatusAnswer {
  concertStatus: ConcertStatus;
  memberQueue: boolean;
  /** Tickets nobody has confirmed or reserved (0 outside the sale): pages show it rounded (`ticketsLeftText`). */
  ticketsLeft: number;
  /** The current concert's hold length: how long a reservation lasts, for the texts that say so. */
  holdMinutes: number;
  /** The current concert's facts (instants as ISO 8601 with Z); absent when no concert is published. */
  concert?: PublicConcert;
  /** The concert's copy variables per language (CONCERT_COPY_VARIABLES), derived on the server. */
  copyVariables?: ConcertCopyVariables;
}
/** A concert's public facts (instants as ISO 8601 with Z): the status's current one, or a ticket's own. */
export interface PublicConcert {
  id: number;
  startsAt: string;
  doorsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  address: string;
  /** The calendar file's SEQUENCE (its UID is the concert's id). */
  calendarSequence: number;
  minNewMemberAmount: number;
  minRaise: number;
  donationStep: number;
  raisePresets: number[];
}
/** A concert's copy variables per language (CONCERT_COPY_VARIABLES), derived on the server. */
export type ConcertCopyVariables = Record<'sv' | 'en', Record<string, string>>;
export interface SessionAnswer {
  uid: string;
  idToken: string;
  expiresAt: number;
}

export * from './office.js';
export * from './concert.js';
export * from './ticket-office.js';
