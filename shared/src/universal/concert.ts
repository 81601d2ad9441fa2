/**
 * The concert as data the office sets (issue 38, CONTRACT.md §2 "The concert"): its shape in the
 * API, the payloads of the office's calls, and the rules a concert's facts must keep. The rules
 * are defined once here: the server refuses by them and the office's form explains by them.
 */
import { z } from 'zod';
import { stockholmInstant, WALL_CLOCK } from './stockholm-time.js';

export const CONCERT_STATES = ['draft', 'published', 'archived', 'cancelled'] as const;
export type ConcertState = (typeof CONCERT_STATES)[number];

/** How a ticket is used at the event: our own door check-in with the QR code, or a ticket seller's. */
export const ADMISSIONS = ['door', 'seller'] as const;
export type Admission = (typeof ADMISSIONS)[number];

/** The times of a concert, Stockholm wall clock `YYYY-MM-DDTHH:MM` in and out of the API. */
export const CONCERT_TIME_FIELDS = [
  'doorsAt',
  'startsAt',
  'endsAt',
  'saleOpensAt',
  'saleClosesAt',
  'ticketEmailAt',
] as const;
export type ConcertTimeField = (typeof CONCERT_TIME_FIELDS)[number];

/** Whole numbers the office sets, with their bounds (kronor, minutes, tickets). */
export const CONCERT_NUMBER_FIELDS = {
  capacity: { min: 0, max: 100_000 },
  holdMinutes: { min: 5, max: 60 },
  minNewMemberAmount: { min: 50, max: 10_000 },
  minRaise: { min: 10, max: 10_000 },
  donationStep: { min: 1, max: 1_000 },
  sellerFee: { min: 0, max: 1_000 },
} as const;
export type ConcertNumberField = keyof typeof CONCERT_NUMBER_FIELDS;

export const CONCERT_TEXT_FIELDS = { venue: 100, city: 100, address: 200, sellerName: 100 } as const;
export type ConcertTextField = keyof typeof CONCERT_TEXT_FIELDS;

/** The facts the office sets (times as Stockholm wall clock). */
export interface ConcertFacts {
  doorsAt: string;
  startsAt: string;
  endsAt: string;
  saleOpensAt: string;
  saleClosesAt: string;
  ticketEmailAt: string;
  venue: string;
  city: string;
  address: string;
  capacity: number;
  holdMinutes: number;
  minNewMemberAmount: number;
  minRaise: number;
  donationStep: number;
  /** Suggested raises on the raise page (kronor, multiples of the step). */
  raisePresets: number[];
  admission: Admission;
  /** With admission `seller`: whose ticket the attendee collects, and its fee (kronor). */
  sellerName: string;
  sellerFee: number;
}

export interface Concert extends ConcertFacts {
  id: number;
  status: ConcertState;
  /** The calendar file's SEQUENCE: raised by each change of date, times or venue. */
  calendarSequence: number;
  updatedAt: string;
}

/** A fact that, changed after tickets are sold, is news for the ticket holders. */
export const NOTICE_FIELDS = ['doorsAt', 'startsAt', 'endsAt', 'venue', 'city', 'address'] as const;

const wallClock = z.string().regex(WALL_CLOCK);
const factsSchema = z.object({
  doorsAt: wallClock,
  startsAt: wallClock,
  endsAt: wallClock,
  saleOpensAt: wallClock,
  saleClosesAt: wallClock,
  ticketEmailAt: wallClock,
  venue: z.string().max(1000),
  city: z.string().max(1000),
  address: z.string().max(1000),
  capacity: z.number().int(),
  holdMinutes: z.number().int(),
  minNewMemberAmount: z.number().int(),
  minRaise: z.number().int(),
  donationStep: z.number().int(),
  raisePresets: z.array(z.number().int()).max(10),
  admission: z.enum(ADMISSIONS),
  sellerName: z.string().max(1000),
  sellerFee: z.number().int(),
});
const userAgent = z.string().max(1000).optional();

export const concertPayloadSchemas = {
  getConcert: z.object({ userAgent }),
  listConcerts: z.object({ userAgent }),
  saveConcert: factsSchema.partial().extend({
    id: z.number().int().positive(),
    /** After tickets are sold, a change of date, times or venue is told to the ticket holders (default yes). */
    notify: z.boolean().optional(),
    /** The waiting list is told too. */
    notifyQueue: z.boolean().optional(),
    userAgent,
  }),
  copyConcert: z.object({ fromId: z.number().int().positive(), startsAt: wallClock, userAgent }),
  publishConcert: z.object({ id: z.number().int().positive(), userAgent }),
  checkConcertTexts: z.object({ id: z.number().int().positive(), userAgent }),
};

/** A published text that names another concert's date or year (`found`): publishing waits until editors fix it. */
export interface StaleConcertText {
  key: string;
  lang: 'sv' | 'en';
  found: string;
}

/** The concert with what the office needs to decide a change: tickets taken and who would be told. */
export interface ConcertAnswer {
  concert: Concert;
  /** Confirmed tickets + live holds + open offers: the capacity may not go below it. */
  taken: number;
  /** Ticket holders a change of date, times or venue is told to. */
  holders: number;
  /** Confirmed places in the waiting list. */
  queueWaiting: number;
}

export interface ConcertAnswers {
  getConcert: ConcertAnswer;
  listConcerts: { concerts: Concert[] };
  saveConcert: ConcertAnswer & { notified: number };
  copyConcert: { concert: Concert };
  publishConcert: { concert: Concert };
  checkConcertTexts: { stale: StaleConcertText[] };
}

/** Why a value is refused: a copy key `admin.concert.rules.<rule>` says it to the office. */
export const CONCERT_RULES = [
  'required',
  'noSuchTime',
  'doorsAfterStart',
  'endNotAfterStart',
  'saleClosesBeforeOpen',
  'saleClosesAfterDoors',
  'ticketEmailOutsideSale',
  'belowTaken',
  'outOfBounds',
  'presetNotStep',
  'tooLong',
] as const;
export type ConcertRule = (typeof CONCERT_RULES)[number];
export interface ConcertRefusal {
  field: keyof ConcertFacts;
  rule: ConcertRule;
  /** belowTaken: the tickets taken; outOfBounds: the bounds. */
  count?: number;
  min?: number;
  max?: number;
}

/**
 * Every rule a concert's facts break, first the field's own (a time that exists, a number in its
 * bounds), then those between fields. Empty: the facts can be saved. `taken` is the count of
 * tickets already taken (the capacity may not go below it).
 */
export function concertRefusals(facts: ConcertFacts, taken = 0): ConcertRefusal[] {
  const refusals: ConcertRefusal[] = [];
  const at: Partial<Record<ConcertTimeField, number>> = {};
  for (const field of CONCERT_TIME_FIELDS) {
    const instant = stockholmInstant(facts[field]);
    if (instant) at[field] = instant.getTime();
    else refusals.push({ field, rule: facts[field] ? 'noSuchTime' : 'required' });
  }
  for (const [field, { min, max }] of Object.entries(CONCERT_NUMBER_FIELDS) as [
    ConcertNumberField,
    { min: number; max: number },
  ][]) {
    const value = facts[field];
    if (!Number.isInteger(value) || value < min || value > max)
      refusals.push({ field, rule: 'outOfBounds', min, max });
  }
  for (const [field, max] of Object.entries(CONCERT_TEXT_FIELDS) as [ConcertTextField, number][]) {
    const value = facts[field].trim();
    const needed = field !== 'sellerName' || facts.admission === 'seller';
    if (needed && !value) refusals.push({ field, rule: 'required' });
    else if (value.length > max) refusals.push({ field, rule: 'tooLong', max });
  }
  if (facts.capacity < taken && Number.isInteger(facts.capacity))
    refusals.push({ field: 'capacity', rule: 'belowTaken', count: taken });
  if (
    Number.isInteger(facts.donationStep) &&
    facts.donationStep > 0 &&
    facts.raisePresets.some((p) => p <= 0 || p % facts.donationStep !== 0)
  )
    refusals.push({ field: 'raisePresets', rule: 'presetNotStep' });
  const { doorsAt, startsAt, endsAt, saleOpensAt, saleClosesAt, ticketEmailAt } = at;
  if (doorsAt !== undefined && startsAt !== undefined && doorsAt > startsAt)
    refusals.push({ field: 'doorsAt', rule: 'doorsAfterStart' });
  if (startsAt !== undefined && endsAt !== undefined && endsAt <= startsAt)
    refusals.push({ field: 'endsAt', rule: 'endNotAfterStart' });
  if (saleOpensAt !== undefined && saleClosesAt !== undefined && saleClosesAt <= saleOpensAt)
    refusals.push({ field: 'saleClosesAt', rule: 'saleClosesBeforeOpen' });
  else if (saleClosesAt !== undefined && doorsAt !== undefined && saleClosesAt > doorsAt)
    refusals.push({ field: 'saleClosesAt', rule: 'saleClosesAfterDoors' });
  if (
    ticketEmailAt !== undefined &&
    saleOpensAt !== undefined &&
    saleClosesAt !== undefined &&
    doorsAt !== undefined &&
    (ticketEmailAt < saleOpensAt || ticketEmailAt > saleClosesAt || ticketEmailAt >= doorsAt)
  )
    refusals.push({ field: 'ticketEmailAt', rule: 'ticketEmailOutsideSale' });
  return refusals;
}

export { CONCERT_COPY_VARIABLES, type ConcertCopyVariable } from './copy.js';
