import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockholmInstant, stockholmWallClock } from '@concert/shared/stockholm-time';
import { offerDeadline } from './offer-deadline.js';

// The server may run in any zone; the night is Stockholm's. Node reads TZ at each use.
let tz: string | undefined;
beforeAll(() => {
  tz = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = tz;
});

/** The Stockholm wall clock the offer made at that Stockholm time ends at. */
const endsAt = (wall: string, hours: number) =>
  stockholmWallClock(offerDeadline(stockholmInstant(wall)!, hours));

describe('offer deadline, on a server in New York', () => {
  it('runs in New York time for real (the test would pass in Stockholm too otherwise)', () => {
    expect(new Date('2031-01-15T12:00:00Z').getHours()).toBe(7);
  });

  it('an offer made in the Stockholm night runs until 10:00, or its full length from 08:00 when later', () => {
    expect(endsAt('2031-01-15T01:36', 4)).toBe('2031-01-15T12:00'); // was 05:36
    expect(endsAt('2031-01-15T01:36', 1)).toBe('2031-01-15T10:00');
    expect(endsAt('2031-01-15T01:36', 24)).toBe('2031-01-16T08:00');
    expect(endsAt('2031-01-15T22:00', 2)).toBe('2031-01-16T10:00');
    expect(endsAt('2031-01-15T22:00', 3)).toBe('2031-01-16T11:00');
    expect(endsAt('2031-01-15T22:00', 12)).toBe('2031-01-16T20:00');
    expect(endsAt('2031-01-15T07:59', 1)).toBe('2031-01-15T10:00');
    expect(endsAt('2031-01-15T07:59', 4)).toBe('2031-01-15T12:00');
    expect(endsAt('2031-01-15T23:59', 0.5)).toBe('2031-01-16T10:00');
  });

  it('an offer made in the day runs its hours, even into the night', () => {
    expect(endsAt('2031-01-15T21:59', 4)).toBe('2031-01-16T01:59');
    expect(endsAt('2031-01-15T08:00', 4)).toBe('2031-01-15T12:00');
    expect(endsAt('2031-07-15T12:00', 48)).toBe('2031-07-17T12:00');
  });

  it('across the daylight-saving changes: Stockholm’s 08:00 and 10:00 of the morning after, not elapsed hours', () => {
    // Spring (30 March 2031): the night lasts an hour less.
    expect(endsAt('2031-03-29T23:30', 2)).toBe('2031-03-30T10:00');
    expect(endsAt('2031-03-29T23:30', 12)).toBe('2031-03-30T20:00');
    expect(offerDeadline(stockholmInstant('2031-03-29T23:30')!, 2).toISOString()).toBe(
      '2031-03-30T08:00:00.000Z',
    );
    // Autumn (26 October 2031): an hour more.
    expect(endsAt('2031-10-25T22:30', 2)).toBe('2031-10-26T10:00');
    expect(offerDeadline(stockholmInstant('2031-10-25T22:30')!, 2).toISOString()).toBe(
      '2031-10-26T09:00:00.000Z',
    );
    expect(endsAt('2031-10-26T01:00', 10)).toBe('2031-10-26T18:00');
  });
});
