import { describe, expect, it } from 'vitest';
import { addBankingDays, dueDateOf, firstDueOnOrAfter, isBankingDay, realDrawDate } from './banking-days.js';
import { firstDrawDate, nextDrawDate } from './lifecycle.js';

describe('Swedish banking days', () => {
  it('weekends and the bank holidays are not banking days (dates checked by hand against the calendar)', () => {
    for (const day of [
      '2026-01-01', // New Year's Day
      '2026-01-06', // Epiphany
      '2026-04-03', // Good Friday
      '2026-04-06', // Easter Monday
      '2026-05-01',
      '2026-05-14', // Ascension Day
      '2026-06-19', // Midsummer Eve
      '2026-12-24',
      '2026-12-25',
      '2026-12-31',
      '2019-04-19', // Good Friday 2019 (Easter 21 April: the year an astronomical calculation gets wrong)
      '2019-04-22', // Easter Monday 2019
      '2026-11-28', // a Saturday
    ])
      expect(isBankingDay(day), day).toBe(false);
    for (const day of [
      '2026-11-27',
      '2026-04-02',
      '2026-04-07',
      '2026-06-18',
      '2026-12-23',
      '2026-12-30',
      '2019-04-12',
      '2026-10-30',
    ])
      expect(isBankingDay(day), day).toBe(true);
  });

  it('a draw due on a non-banking day is made on the next banking day, and TK82 keeps the due date', () => {
    expect(realDrawDate('2026-11-28')).toBe('2026-11-30'); // Saturday → Monday
    expect(realDrawDate('2027-02-28')).toBe('2027-03-01'); // Sunday → Monday, into March
    expect(realDrawDate('2026-12-24')).toBe('2026-12-28'); // Christmas Eve (Thursday) → Monday 28th
    expect(realDrawDate('2026-12-28')).toBe('2026-12-28');
    expect(dueDateOf('2027-03-01', 28)).toBe('2027-02-28');
    expect(dueDateOf('2026-11-30', 28)).toBe('2026-11-28');
    expect(dueDateOf('2026-12-28', 28)).toBe('2026-12-28');
  });

  it('the first draw the donor is told of is the real one', () => {
    expect(firstDrawDate('2026-11-01', 28, 14)).toBe('2026-11-30'); // 28 November is a Saturday
    expect(firstDrawDate('2026-11-25', 28, 14)).toBe('2026-12-28');
    expect(firstDrawDate('2026-12-01', 24, 14)).toBe('2026-12-28'); // 24 December: Christmas Eve
  });

  it('the next draw of a standing instruction, a moved one included', () => {
    expect(nextDrawDate('2026-11-25', 28)).toBe('2026-11-30');
    expect(nextDrawDate('2026-12-01', 28)).toBe('2026-12-28');
    expect(nextDrawDate('2027-03-01', 28)).toBe('2027-03-01'); // February's draw, moved
    expect(nextDrawDate('2027-03-02', 28)).toBe('2027-03-30'); // 28 March 2027 is Easter Sunday, the 29th Easter Monday
  });

  it('cut-off: a file reaches draws from the second banking day after the day it is sent (issue 39)', () => {
    // Written out by hand from the 2026/2027 calendar: 24, 25, 26, 31 December and 1 January closed.
    expect(addBankingDays('2026-12-23', 2)).toBe('2026-12-29');
    expect(addBankingDays('2026-12-24', 2)).toBe('2026-12-29');
    expect(addBankingDays('2026-12-25', 2)).toBe('2026-12-29');
    expect(addBankingDays('2026-12-30', 2)).toBe('2027-01-05'); // 31 Dec, 1 Jan, weekend, 6 Jan (Epiphany) next
    expect(addBankingDays('2027-03-25', 2)).toBe('2027-03-31'); // Good Friday 26 March, Easter Monday 29 March: 30th, 31st
    expect(addBankingDays('2026-06-18', 2)).toBe('2026-06-23'); // Midsummer Eve 19 June
    expect(addBankingDays('2026-11-27', 0)).toBe('2026-11-27');
    // A file of 24 or 25 December never gets the draw of Monday the 28th: January's is the first.
    for (const sent of ['2026-12-23', '2026-12-24', '2026-12-25'])
      expect(firstDueOnOrAfter(addBankingDays(sent, 2), 28), sent).toBe('2027-01-28');
    expect(firstDueOnOrAfter(addBankingDays('2026-12-22', 2), 28)).toBe('2026-12-28');
    // 28 February 2027 is a Sunday drawn on 1 March: a file of Thursday 25 February still reaches it, Friday's does not.
    expect(firstDueOnOrAfter(addBankingDays('2027-02-25', 2), 28)).toBe('2027-02-28');
    expect(firstDueOnOrAfter(addBankingDays('2027-02-26', 2), 28)).toBe('2027-03-28');
  });
});
