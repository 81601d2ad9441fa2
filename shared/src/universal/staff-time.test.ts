import { describe, expect, it } from 'vitest';
import { formatStaffDateTime, formatStaffTime, sameStaffDay, stockholmWallClockAsUtc } from './staff-time.js';

describe('staff time', () => {
  it('writes Stockholm wall-clock time the Swedish way, summer and winter, whatever the machine zone', () => {
    expect(formatStaffDateTime('2026-09-12T17:30:00Z')).toBe('2026-09-12 19:30');
    expect(formatStaffDateTime(new Date('2026-11-25T16:23:00Z'))).toBe('2026-11-25 17:23');
    expect(formatStaffDateTime('2026-03-29T00:59:00Z')).toBe('2026-03-29 01:59');
    expect(formatStaffDateTime('2026-03-29T01:00:00Z')).toBe('2026-03-29 03:00');
    expect(formatStaffTime('2026-09-12T17:42:00Z')).toBe('19:42');
    expect(formatStaffDateTime('nonsense')).toBe('nonsense');
  });

  it('tells Stockholm dates apart near midnight and gives spreadsheets the wall clock', () => {
    expect(sameStaffDay('2026-09-12T21:59:00Z', '2026-09-12T22:01:00Z')).toBe(false);
    expect(stockholmWallClockAsUtc(new Date('2026-09-12T17:30:05Z')).toISOString()).toBe(
      '2026-09-12T19:30:05.000Z',
    );
  });
});
