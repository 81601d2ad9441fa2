/**
 * The office's part of the API contract: the dashboard's figures, the attendee list and a
 * ticket's history, the ticket mail-out, the audit log and the erasure plan (payload schemas
 * and answers; api.ts lists them with the rest). All of it is office work.
 */
import { z } from 'zod';

const userAgent = z.string().max(1000).optional();
/** An opaque keyset cursor the previous page answered with. */
const cursor = z.string().max(200).optional();
const pageSize = z.number().int().min(1).max(200).default(50);
const isoTime = z.string().datetime({ offset: true });

/** How a confirmed ticket was obtained. */
export const TICKET_ORIGINS = ['newMember', 'raise', 'manual'] as const;
export type TicketOrigin = (typeof TICKET_ORIGINS)[number];

/**
 * A ticket's state in the office's words, the one definition for every attendee screen and the
 * exports: each has its copy key `admin.exports.ticketStates.<state>` (Reserverad, Bekräftad,
 * Incheckad / Reserved, Confirmed, Checked in), next to the exports' other state words.
 */
export const TICKET_STATES = ['reserved', 'confirmed', 'checkedIn', 'cancelled'] as const;
export type TicketState = (typeof TICKET_STATES)[number];
export function ticketState(ticket: {
  confirmedAt: string | Date | null;
  checkedInAt: string | Date | null;
  /** The office cancelled it (issue 40): its code opens no door, its place went back to the sale. */
  cancelledAt?: string | Date | null;
}): TicketState {
  if (ticket.cancelledAt) return 'cancelled';
  return ticket.checkedInAt ? 'checkedIn' : ticket.confirmedAt ? 'confirmed' : 'reserved';
}
export const ticketStateKey = (state: TicketState) => `admin.exports.ticketStates.${state}` as const;

/** What the attendee list sorts by (a table column); newest confirmed first when left out. */
// Not by door code: codes are kept only as keyed hashes and sealed (they open the door), and their
// order means nothing to staff.
export const ATTENDEE_SORTS = ['confirmedAt', 'name', 'checkedInAt'] as const;
export type AttendeeSort = (typeof ATTENDEE_SORTS)[number];
export type SortDirection = 'asc' | 'desc';

/** What the office can download from the attendee page (GET /api/exports/<kind>?format=csv|xlsx). */
export const EXPORT_KINDS = ['attendees', 'donations', 'queue'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How often the dashboard asks (the server answers all viewers from one query per DASHBOARD_SHARED_MS). */
export const DASHBOARD_REFRESH_MS = 2500;

export const officePayloadSchemas = {
  getSaleDashboard: z.object({ userAgent }),
  listAttendees: z.object({
    /** Part of a name, an e-mail or a ticket code. */
    search: z.string().trim().max(100).optional(),
    origin: z.enum(TICKET_ORIGINS).optional(),
    checkedIn: z.boolean().optional(),
    /** A column and its direction; the cursor of a page belongs to the order it was read in. */
    sort: z.enum(ATTENDEE_SORTS).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    cursor,
    limit: pageSize,
    userAgent,
  }),
  /** A confirmed ticket's history, by its id in the attendee list. */
  attendeeHistory: z.object({ ticketId: z.string().regex(/^\d{1,18}$/), userAgent }),
  getMailout: z.object({ userAgent }),
  /** Sends the ticket e-mail to every confirmed attendee at `sendAt` (or now, when left out). */
  scheduleMailout: z.object({ sendAt: isoTime.optional(), userAgent }),
  /** Calls off a mail-out that has not gone out yet. */
  cancelMailout: z.object({ userAgent }),
  /** Tries the mail-out's given-up e-mails again. */
  retryMailout: z.object({ userAgent }),
  /** What the mail-out would send now: how many it reaches, the subject and the mail as rendered. */
  previewMailout: z.object({ lang: z.enum(['sv', 'en']).default('sv'), userAgent }),
  /** The ticket e-mail, with a code that opens no door, to the calling staff member only. */
  sendMailoutTest: z.object({ lang: z.enum(['sv', 'en']).default('sv'), userAgent }),
  listAudit: z.object({
    action: z.string().max(60).optional(),
    /** Part of the staff member's e-mail or name. */
    staff: z.string().trim().max(254).optional(),
    subject: z.string().trim().max(200).optional(),
    from: isoTime.optional(),
    to: isoTime.optional(),
    cursor,
    limit: pageSize,
    userAgent,
  }),
  getErasurePlan: z.object({ userAgent }),
  /** Erases the sale's personal data now rather than on its day; `confirm` must be true. */
  eraseSaleDataNow: z.object({ confirm: z.literal(true), userAgent }),
} as const;

export interface SaleDashboard {
  /** When the database counted (ISO): one count serves every open dashboard for a moment. */
  asOf: string;
  capacity: number;
  liveHolds: number;
  confirmed: number;
  checkedIn: number;
  /** Tickets the office cancelled (issue 40): no longer confirmed, their places back on sale. */
  cancelled: number;
  /** The waiting list's confirmed places: waiting for an offer, holding a live offer, accepted. */
  queue: { waiting: number; offered: number; accepted: number };
  /** Today (Stockholm time), BankID orders: identifications begun → completed → signatures applied. */
  funnel: { started: number; identified: number; signed: number };
  donations: { newDonors: number; newDonorKronor: number; raises: number; raiseKronor: number };
  /** Autogiro mandates by their state (whatever states exist). */
  mandates: { state: string; count: number }[];
  /** Per minute with activity: [epoch seconds, tickets confirmed, kronor per month added]. */
  perMinute: [number, number, number][];
}

export interface AttendeeRow {
  ticketId: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  ticketCode: string;
  origin: TicketOrigin;
  confirmedAt: string;
  checkedInAt: string | null;
  /** When the office cancelled the ticket (issue 40); null for a ticket that stands. */
  cancelledAt: string | null;
  /** The holder's autogiro mandate was rejected by Bankgirot: the ticket stays valid, the office follows up (not shown at the door). */
  mandateRejected: boolean;
}
export interface AttendeePage {
  rows: AttendeeRow[];
  nextCursor: string | null;
}
export interface AttendeeEvent {
  at: string;
  /** confirmed, checkedIn, mailQueued, mailSent or an audit action (e.g. checkIn.scan). */
  what: string;
  /** The staff member's e-mail, when staff did it. */
  staff: string | null;
  /** `moved` (issue 40): the holders it was moved from and to (empty once erased). */
  from?: string;
  to?: string;
}
export interface AttendeeHistory {
  attendee: AttendeeRow;
  events: AttendeeEvent[];
}

export type MailoutEmailStatus = 'pending' | 'sending' | 'sent' | 'failed';
export interface MailoutState {
  /** When it goes (or went) out; null: not scheduled. */
  sendAt: string | null;
  scheduledBy: string | null;
  /** When the e-mails were put in the outbox; null until then. */
  releasedAt: string | null;
  /** Confirmed attendees with an address (who get the e-mail). */
  attendees: number;
  sent: number;
  /** In the outbox and not sent yet, plus attendees whose e-mail is not in the outbox yet. */
  waiting: number;
  failed: number;
  /** The given-up e-mails (a page of them): ticket id, the address, the error code. */
  failures: MailoutFailure[];
}
export interface MailoutFailure {
  ticketId: string;
  /** Empty once the sale's personal data is erased. */
  email: string;
  /** The outbox's short code, e.g. `EENVELOPE 550`. */
  error: string | null;
}
/** The mail-out as its recipients will get it (previewMailout). */
export interface MailoutPreview {
  /** Confirmed attendees with an address whose ticket e-mail has not gone yet: whom sending reaches. */
  recipients: number;
  subject: string;
  /** The HTML part, images inline (data: URLs), for a sandboxed frame. */
  html: string;
  text: string;
  /** Where a test goes: the calling staff member's address. */
  testTo: string;
}

export interface AuditRow {
  id: string;
  at: string;
  /** The staff member's e-mail; null for what the system did. */
  staff: string | null;
  /** The staff member's name, when the sign-in gave one. */
  staffName: string | null;
  action: string;
  subject: string | null;
  /** Whom or what the subject names (an attendee, a staff member, a door device …); null when unknown or erased. */
  subjectName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
export interface AuditPage {
  rows: AuditRow[];
  nextCursor: string | null;
  /** Every action the log knows, for the filter. */
  actions: string[];
}

export interface ErasureCounts {
  tickets: number;
  queueEntries: number;
  bankIdTransactions: number;
  sessionIdentities: number;
  emails: number;
  clientLogs: number;
}
export interface ErasurePlan {
  concertAt: string;
  eraseAfterDays: number;
  /** When the scheduled erasure runs by itself. */
  dueAt: string;
  /** The office may erase early only once the sale has closed. */
  earlyAllowedFrom: string;
  /** What an erasure now would erase. */
  pending: ErasureCounts;
  /** Erasures done so far, newest first. */
  done: { at: string; trigger: 'scheduled' | 'early'; staff: string | null; counts: ErasureCounts }[];
}

export interface OfficeAnswers {
  getSaleDashboard: SaleDashboard;
  listAttendees: AttendeePage;
  attendeeHistory: AttendeeHistory;
  getMailout: MailoutState;
  scheduleMailout: MailoutState;
  cancelMailout: MailoutState;
  retryMailout: MailoutState & { retried: number };
  previewMailout: MailoutPreview;
  sendMailoutTest: { to: string };
  listAudit: AuditPage;
  getErasurePlan: ErasurePlan;
  eraseSaleDataNow: ErasureCounts;
}

/** Times on staff screens and in exports: one definition (staff-time.ts, dependency-free for the UI kit). */
export * from './staff-time.js';
