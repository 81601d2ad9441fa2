import { describe, expect, it } from 'vitest';
import {
  holdMinutesText,
  isReservation,
  ticketsLeftFirstAskMs,
  ticketsLeftPollMs,
  ticketsLeftShown,
  TICKETS_LEFT_POLL_LATER_MS,
  TICKETS_LEFT_POLL_SOON_MS,
} from './flow.js';

describe('isReservation', () => {
  it('is a live, unconfirmed hold that is reserved; a place is not', () => {
    expect(isReservation({ isConfirmed: false, validUntil: 1, reserved: true })).toBe(true);
    expect(isReservation({ isConfirmed: false, validUntil: 1, reserved: false })).toBe(false);
    expect(isReservation({ isConfirmed: true, validUntil: 1, reserved: true })).toBe(false);
    expect(isReservation(null)).toBe(false);
  });
});

describe('ticketsLeftShown', () => {
  it('is exact up to 10, then a round number always below the real one', () => {
    expect(ticketsLeftShown(0)).toEqual({ exact: true, count: 0 });
    expect(ticketsLeftShown(7)).toEqual({ exact: true, count: 7 });
    expect(ticketsLeftShown(10)).toEqual({ exact: true, count: 10 });
    expect(ticketsLeftShown(11)).toEqual({ exact: false, count: 10 });
    expect(ticketsLeftShown(40)).toEqual({ exact: false, count: 30 });
    expect(ticketsLeftShown(47)).toEqual({ exact: false, count: 40 });
    expect(ticketsLeftShown(100)).toEqual({ exact: false, count: 90 });
    expect(ticketsLeftShown(101)).toEqual({ exact: false, count: 100 });
    expect(ticketsLeftShown(999)).toEqual({ exact: false, count: 900 });
    expect(ticketsLeftShown(14_000)).toEqual({ exact: false, count: 13_000 });
    for (let n = 11; n < 3000; n++) expect(ticketsLeftShown(n).count).toBeLessThan(n);
  });
});

describe('ticketsLeftPollMs', () => {
  it('asks again soon while few are left or what the page says is near untrue, later while plenty are to spare', () => {
    for (const left of [0, 1, 10, 11, 47, 100, 101, 999, 1000, 1001, 1100, 14_100])
      expect(ticketsLeftPollMs(left), String(left)).toBe(TICKETS_LEFT_POLL_SOON_MS);
    // "more than 1000" with 1101 left: 101 would have to go first
    for (const left of [1101, 1500, 2000, 14_250, 15_000])
      expect(ticketsLeftPollMs(left), String(left)).toBe(TICKETS_LEFT_POLL_LATER_MS);
  });
});

describe('ticketsLeftFirstAskMs', () => {
  it('asks when the held count would have been asked again, counted from its arrival; at once with nothing held or held too long', () => {
    expect(ticketsLeftFirstAskMs(null)).toBe(0);
    // "more than 14 000" as a page inlines it (14 001): near untrue, so soon
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_001, ageMs: 0 })).toBe(TICKETS_LEFT_POLL_SOON_MS);
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_001, ageMs: 1_200 })).toBe(
      TICKETS_LEFT_POLL_SOON_MS - 1_200,
    );
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_250, ageMs: 3_000 })).toBe(
      TICKETS_LEFT_POLL_LATER_MS - 3_000,
    );
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_001, ageMs: 60_000 })).toBe(0);
    // a clock that moved back counts as no age, never as a later ask than the rule's
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_001, ageMs: -5_000 })).toBe(TICKETS_LEFT_POLL_SOON_MS);
    expect(ticketsLeftFirstAskMs({ ticketsLeft: 14_001, ageMs: Number.NaN })).toBe(0);
  });
});

describe('holdMinutesText', () => {
  it('says the configured minutes in each language', () => {
    expect(holdMinutesText(15, 'sv')).toBe('15');
    expect(holdMinutesText(1.5, 'sv')).toBe('1,5');
    expect(holdMinutesText(1.5, 'en')).toBe('1.5');
  });
});
