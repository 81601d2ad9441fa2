import {
  concertRefusals,
  NOTICE_FIELDS,
  type Admission,
  type Concert,
  type ConcertFacts,
  type ConcertRefusal,
} from '@concert/shared/api';
import { addCalendarDays } from '@concert/shared/stockholm-time';

/**
 * The concert form's values as the inputs hold them (text), and the facts they make. The date is
 * typed once: doors, start and end are times on it (an end before the start is the night after),
 * composed into the wall-clock strings the API takes.
 */
export interface ConcertValues {
  date: string;
  doorsAt: string;
  startsAt: string;
  endsAt: string;
  venue: string;
  city: string;
  address: string;
  capacity: string;
  saleOpensAt: string;
  saleClosesAt: string;
  ticketEmailAt: string;
  holdMinutes: string;
  minNewMemberAmount: string;
  minRaise: string;
  donationStep: string;
  raisePresets: string;
  admission: Admission;
  sellerName: string;
  sellerFee: string;
}
export type ConcertField = keyof ConcertValues;

/** The fields in the order the form shows them: the error summary lists refusals in this order. */
export const FORM_ORDER: readonly ConcertField[] = [
  'date',
  'doorsAt',
  'startsAt',
  'endsAt',
  'venue',
  'city',
  'address',
  'capacity',
  'saleOpensAt',
  'saleClosesAt',
  'ticketEmailAt',
  'holdMinutes',
  'minNewMemberAmount',
  'minRaise',
  'donationStep',
  'raisePresets',
  'admission',
  'sellerName',
  'sellerFee',
];

const NUMBER_FIELDS = [
  'capacity',
  'holdMinutes',
  'minNewMemberAmount',
  'minRaise',
  'donationStep',
  'sellerFee',
] as const;
/** The fields typed as a time of the concert's date. */
const TIME_OF_DAY_FIELDS = ['doorsAt', 'startsAt', 'endsAt'] as const;

export function valuesOf(concert: ConcertFacts): ConcertValues {
  const numbers = Object.fromEntries(NUMBER_FIELDS.map((f) => [f, String(concert[f])])) as Record<
    (typeof NUMBER_FIELDS)[number],
    string
  >;
  return {
    ...numbers,
    date: concert.startsAt.slice(0, 10),
    doorsAt: concert.doorsAt.slice(11),
    startsAt: concert.startsAt.slice(11),
    endsAt: concert.endsAt.slice(11),
    venue: concert.venue,
    city: concert.city,
    address: concert.address,
    saleOpensAt: concert.saleOpensAt,
    saleClosesAt: concert.saleClosesAt,
    ticketEmailAt: concert.ticketEmailAt,
    raisePresets: concert.raisePresets.join(', '),
    admission: concert.admission,
    sellerName: concert.sellerName,
  };
}

/** A typed whole number; anything else (empty, decimals, text) is NaN, which the rules refuse. */
const wholeNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The facts the values make (what the rules check and the API gets). */
export function factsOf(v: ConcertValues): ConcertFacts {
  const on = (time: string, date = v.date) => (date && time ? `${date}T${time}` : '');
  const endDate =
    v.date && v.endsAt && v.startsAt && v.endsAt < v.startsAt ? addCalendarDays(v.date, 1) : v.date;
  return {
    doorsAt: on(v.doorsAt),
    startsAt: on(v.startsAt),
    endsAt: on(v.endsAt, endDate),
    saleOpensAt: v.saleOpensAt,
    saleClosesAt: v.saleClosesAt,
    ticketEmailAt: v.ticketEmailAt,
    venue: v.venue,
    city: v.city,
    address: v.address,
    capacity: wholeNumber(v.capacity),
    holdMinutes: wholeNumber(v.holdMinutes),
    minNewMemberAmount: wholeNumber(v.minNewMemberAmount),
    minRaise: wholeNumber(v.minRaise),
    donationStep: wholeNumber(v.donationStep),
    raisePresets: v.raisePresets
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)
      .map(wholeNumber),
    admission: v.admission,
    sellerName: v.sellerName,
    sellerFee: v.admission === 'seller' ? wholeNumber(v.sellerFee) : wholeNumber(v.sellerFee || '0'),
  };
}

/**
 * The refusals of the values, each on the field that shows it. The date is its own field: with
 * no date, it is the one refused, not the three times that hang on it.
 */
export function refusalsOf(v: ConcertValues, taken: number): Partial<Record<ConcertField, ConcertRefusal>> {
  const found: Partial<Record<ConcertField, ConcertRefusal>> = {};
  for (const refusal of concertRefusals(factsOf(v), taken)) {
    const field: ConcertField = refusal.field;
    const onlyTheDateMissing =
      !v.date &&
      refusal.rule === 'required' &&
      (TIME_OF_DAY_FIELDS as readonly string[]).includes(field) &&
      v[field];
    // A field's own rule comes first (concertRefusals' order): it is the one to fix.
    if (!onlyTheDateMissing) found[field] ??= refusal;
  }
  if (!v.date) found.date = { field: 'startsAt', rule: 'required' };
  return found;
}

/** The facts that differ from the stored concert: what a save sends. */
export function changedFacts(facts: ConcertFacts, concert: ConcertFacts): Partial<ConcertFacts> {
  const changed: Partial<Record<keyof ConcertFacts, unknown>> = {};
  for (const key of Object.keys(facts) as (keyof ConcertFacts)[])
    if (JSON.stringify(facts[key]) !== JSON.stringify(concert[key])) changed[key] = facts[key];
  return changed as Partial<ConcertFacts>;
}

/** Whether a change is news for the ticket holders (date, times or place). */
export const isNoticeChange = (changed: Partial<ConcertFacts>): boolean =>
  NOTICE_FIELDS.some((field) => field in changed);

/** A field name the server refused a value by (its error message), when it is one of the form's. */
export function formFieldNamed(name: string): ConcertField | null {
  return (FORM_ORDER as readonly string[]).includes(name) && name !== 'date' ? (name as ConcertField) : null;
}

/** The stored concert's facts (without id, status and the like), to compare the form with. */
export function factsOfConcert(concert: Concert): ConcertFacts {
  const { id: _id, status: _status, calendarSequence: _seq, updatedAt: _updated, ...facts } = concert;
  return facts;
}
