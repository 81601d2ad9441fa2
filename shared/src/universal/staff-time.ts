/**
 * Staff time: how every staff screen and export writes a moment. Dependency-free, so the UI kit
 * (shared/browser/ui) and the backend's exports share it.
 */
/** The office and the door work in Stockholm's time, whatever the device's or server's zone. */
export const STAFF_TIME_ZONE = 'Europe/Stockholm';
// One formatter each: making one per call costs ICU memory (see exports/writers.ts).
const STAFF_DATE_TIME = new Intl.DateTimeFormat('sv-SE', {
  timeZone: STAFF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const STAFF_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: STAFF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/**
 * The one way staff screens and exports write a time: Stockholm's wall clock, Swedish style,
 * `2026-09-12 19:30` (the same in the English UI: unambiguous). An unreadable time as given.
 */
export function formatStaffDateTime(at: Date | string | number): string {
  const date = toDate(at);
  return Number.isNaN(date.getTime()) ? String(at) : STAFF_DATE_TIME.format(date);
}

/** Only the clock, `19:30` (a time of the same evening at the door). */
export function formatStaffTime(at: Date | string | number): string {
  const text = formatStaffDateTime(at);
  return text.length === 16 ? text.slice(11) : text;
}

/** True when the two instants fall on the same Stockholm date. */
export function sameStaffDay(a: Date | string | number, b: Date | string | number): boolean {
  return formatStaffDateTime(a).slice(0, 10) === formatStaffDateTime(b).slice(0, 10);
}

/**
 * Stockholm's wall clock as a Date whose UTC fields carry it: what a spreadsheet's date cell
 * must hold (Excel and LibreOffice dates have no zone), to the second.
 */
export function stockholmWallClockAsUtc(at: Date): Date {
  const p = Object.fromEntries(STAFF_PARTS.formatToParts(at).map((x) => [x.type, x.value]));
  return new Date(
    Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    ),
  );
}
