/** A stored concert in the office's words (Stockholm wall clock) and back. */
import {
  CONCERT_TIME_FIELDS,
  type Concert,
  type PublicConcert,
  type ConcertFacts,
  type ConcertTimeField,
} from '@concert/shared/api';
import { stockholmInstant, stockholmWallClock } from '@concert/shared/stockholm-time';
import type { StoredConcert, StoredFacts } from './records.js';

export function toApiConcert(c: StoredConcert): Concert {
  return {
    ...apiFacts(c),
    id: c.id,
    status: c.status,
    calendarSequence: c.calendarSequence,
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** What every visitor may see of a concert: the status's current concert, a ticket page's own. */
export function publicConcert(c: StoredConcert): PublicConcert {
  return {
    id: c.id,
    startsAt: c.startsAt.toISOString(),
    doorsAt: c.doorsAt.toISOString(),
    endsAt: c.endsAt.toISOString(),
    venue: c.venue,
    city: c.city,
    address: c.address,
    calendarSequence: c.calendarSequence,
    minNewMemberAmount: c.minNewMemberAmount,
    minRaise: c.minRaise,
    donationStep: c.donationStep,
    raisePresets: c.raisePresets,
  };
}

export function apiFacts(c: StoredFacts): ConcertFacts {
  const times = Object.fromEntries(CONCERT_TIME_FIELDS.map((f) => [f, stockholmWallClock(c[f])])) as Record<
    ConcertTimeField,
    string
  >;
  return {
    ...times,
    venue: c.venue,
    city: c.city,
    address: c.address,
    capacity: c.capacity,
    holdMinutes: c.holdMinutes,
    minNewMemberAmount: c.minNewMemberAmount,
    minRaise: c.minRaise,
    donationStep: c.donationStep,
    raisePresets: c.raisePresets,
    admission: c.admission,
    sellerName: c.sellerName,
    sellerFee: c.sellerFee,
  };
}

/** Facts that keep every rule (concertRefusals) as stored: each wall-clock time the one instant it names. */
export function storedFacts(f: ConcertFacts): StoredFacts {
  const times = Object.fromEntries(
    CONCERT_TIME_FIELDS.map((field) => [field, stockholmInstant(f[field])!]),
  ) as Record<ConcertTimeField, Date>;
  return {
    ...times,
    venue: f.venue.trim(),
    city: f.city.trim(),
    address: f.address.trim(),
    capacity: f.capacity,
    holdMinutes: f.holdMinutes,
    minNewMemberAmount: f.minNewMemberAmount,
    minRaise: f.minRaise,
    donationStep: f.donationStep,
    raisePresets: f.raisePresets,
    admission: f.admission,
    sellerName: f.sellerName.trim(),
    sellerFee: f.sellerFee,
  };
}
