import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCalendarDays,
  calendarDaysBetween,
  stockholmInstant,
  stockholmText,
  stockholmWallClock,
} from '@concert/shared/stockholm-time';

// The office types Stockholm times; the server may run in any zone. Node reads TZ at each use.
let tz: string | undefined;
beforeAll(() => {
  tz = process.env.TZ;
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  process.env.TZ = tz;
});

describe('Stockholm wall clock, on a server in New York', () => {
  it('converts both ways in winter and summer', () => {
    expect(stockholmInstant('2031-01-15T19:00')!.toISOString()).toBe('2031-01-15T18:00:00.000Z');
    expect(stockholmInstant('2031-07-15T19:00')!.toISOString()).toBe('2031-07-15T17:00:00.000Z');
    expect(stockholmWallClock(new Date('2031-07-15T17:00:00Z'))).toBe('2031-07-15T19:00');
  });

  it('refuses the spring hour that does not exist and the autumn hour that happens twice, on each year’s own days', () => {
    for (const [spring, autumn] of [
      ['2027-03-28', '2027-10-31'],
      ['2031-03-30', '2031-10-26'],
    ]) {
      expect(stockholmInstant(`${spring}T02:30`)).toBeNull();
      expect(stockholmInstant(`${spring}T01:59`)).not.toBeNull();
      expect(stockholmInstant(`${spring}T03:00`)).not.toBeNull();
      expect(stockholmInstant(`${autumn}T02:30`)).toBeNull();
      expect(stockholmInstant(`${autumn}T03:00`)).not.toBeNull();
    }
  });

  it('refuses what is not a time', () => {
    for (const bad of ['2027-02-30T10:00', '2027-01-01T24:00', '2027-1-1T10:00', '', '2027-01-01 10:00'])
      expect(stockholmInstant(bad), bad).toBeNull();
  });

  it('counts calendar days, not 24-hour periods', () => {
    expect(addCalendarDays('2031-03-29', 1)).toBe('2031-03-30');
    expect(calendarDaysBetween('2031-03-01', '2031-11-01')).toBe(245);
  });

  it('reads an instant as visitors do in Stockholm: date, day and month, clock and year in each language', () => {
    // 00:30 on the 15th in Stockholm is still the 14th in New York and in UTC.
    const at = stockholmInstant('2026-09-15T00:30')!;
    expect(stockholmText(at, 'date', 'sv')).toBe('15 september 2026');
    expect(stockholmText(at, 'date', 'en')).toBe('15 September 2026');
    expect(stockholmText(at, 'dayMonth', 'en')).toBe('15 September');
    expect(stockholmText(at, 'clock', 'sv')).toBe('00.30');
    expect(stockholmText(at, 'clock', 'en')).toBe('00:30');
    expect(stockholmText(stockholmInstant('2026-12-31T23:59')!, 'year', 'sv')).toBe('2026');
  });
});
