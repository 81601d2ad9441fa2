import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportCell } from './queries.js';

/** Swedish Excel opens this as UTF-8 only with the byte-order mark; it splits columns on `;`. */
export const CSV_BOM = '\uFEFF';
const CSV_SEPARATOR = ';';

/**
 * One CSV field: quoted when it holds the separator, a quote, a line break or edge spaces
 * (quotes doubled). A text that a spreadsheet would run as a formula (starts with = + - @, tab
 * or CR: OWASP's CSV injection) gets a leading apostrophe, which Excel shows as plain text.
 */
export function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  let text = cell instanceof Date ? stockholmWallClock(cell) : cell;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

/** One formatter for all rows: making one per cell cost 0.2 ms and ICU memory each (measured: 236 MiB for 9,000 rows). */
const STOCKHOLM_WALL_CLOCK = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm', dateStyle: 'short', timeStyle: 'medium' });

/** A time as Stockholm's wall clock, to the second: what the office reads in a spreadsheet. */
function stockholmWallClock(date: Date): string {
  return STOCKHOLM_WALL_CLOCK.format(date);
}

/**
 * An XLSX workbook written as rows arrive (exceljs' streaming writer: each row is committed
 * and leaves memory). Texts are stored as text cells, never formulas.
 */
export function xlsxWriter(sheetName: string) {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  return {
    stream: out as Readable,
    addRow(cells: readonly ExportCell[]) {
      sheet.addRow(cells.map((c) => (c === null ? '' : c))).commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
