/**
 * Swedish banking days, as Bankgirot draws on them: Monday to Friday except the public holidays
 * and the days banks treat as such (midsummer eve, Christmas eve, New Year's eve). A draw date
 * that is not a banking day is drawn on the next banking day (Autogiro – teknisk manual). The
 * holidays come from `swedish-holidays` (Easter by the Gregorian computus; checked against it for
 * 1990–2100 when it was chosen, unlike `se-bank-holidays`, which dates Easter 2019 a week early).
 */
import { getHolidays, language } from 'swedish-holidays';

/** Eves that are not public holidays but on which Swedish banks are closed. */
const BANK_EVES = new Set([language.midsummerEve, language.christmasEve, language.newYearsEve]);

const closedDaysByYear = new Map<number, Set<string>>();

function closedDays(year: number): Set<string> {
  let days = closedDaysByYear.get(year);
  if (!days) {
    days = new Set(
      getHolidays(year)
        .filter((h) => h.isPublicHoliday || BANK_EVES.has(h.name))
        .map((h) => `${h.year}-${String(h.month).padStart(2, '0')}-${String(h.day).padStart(2, '0')}`),
    );
    closedDaysByYear.set(year, days);
  }
  return days;
}

/** Whether Bankgirot draws on this date (YYYY-MM-DD). */
export function isBankingDay(isoDate: string): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !closedDays(Number(isoDate.slice(0, 4))).has(isoDate);
}

const addDays = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The day a draw due on `isoDate` is really made: that day, or the next banking day. */
export function realDrawDate(isoDate: string): string {
  let day = isoDate;
  while (!isBankingDay(day)) day = addDays(day, 1);
  return day;
}

/**
 * The due date a real draw date was moved from: the latest date on or before it on the draw day
 * (a move is at most a few days, so the week before holds it). TK82 carries this date: its day of
 * month is the standing instruction's.
 */
export function dueDateOf(realDate: string, drawDay: number): string {
  for (let back = 0; back < 10; back++) {
    const day = addDays(realDate, -back);
    if (Number(day.slice(8, 10)) === drawDay) return day;
  }
  return realDate;
}

/**
 * The `count`-th banking day after `isoDate` (that day itself not counted). Bankgirot must have a
 * payment or an amendment by 19:00 the banking day before the payment day; a file sent on day F
 * therefore reaches draws from the second banking day after F at the earliest (a file of
 * Thursday 24 December 2026 reaches Tuesday 29 December, not Monday the 28th).
 */
export function addBankingDays(isoDate: string, count: number): string {
  let day = isoDate;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isBankingDay(day)) left--;
  }
  return day;
}

/**
 * The first due date on the draw day whose real draw (moved to a banking day) is on or after
 * `earliestReal`: what a new standing TK82 carries when it may not reach a draw before then.
 */
export function firstDueOnOrAfter(earliestReal: string, drawDay: number): string {
  const [year, month] = [Number(earliestReal.slice(0, 4)), Number(earliestReal.slice(5, 7))];
  // Last month's draw day may be drawn this month (a moved 28 February is drawn in March).
  for (let m = month - 2; ; m++) {
    const due = new Date(Date.UTC(year, m, drawDay)).toISOString().slice(0, 10);
    if (realDrawDate(due) >= earliestReal) return due;
  }
}
