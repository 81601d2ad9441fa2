import { PassThrough, type Readable } from 'node:stream';
import { formatStaffDateTime, stockholmWallClockAsUtc } from '@concert/shared/api';
import type ExcelJS from 'exceljs';
import type { ColumnKind, ExportCell } from './cells.js';

/** Swedish Excel opens this as UTF-8 only with the byte-order mark; it splits columns on `;`. */
export const CSV_BOM = '\uFEFF';
const CSV_SEPARATOR = ';';

/**
 * A text that a spreadsheet would run as a formula (starts with = + - @, tab or CR: OWASP's CSV
 * injection) gets a leading apostrophe, in the CSV and the XLSX alike (the same values in both).
 */
export function defuseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * One CSV field: quoted when it holds the separator, a quote, a line break or edge spaces
 * (quotes doubled); formulas defused; times as Stockholm's wall clock, `2026-09-12 19:30`.
 */
export function csvField(cell: ExportCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = cell instanceof Date ? formatStaffDateTime(cell) : defuseFormula(cell);
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly ExportCell[]): string {
  return `${cells.map(csvField).join(CSV_SEPARATOR)}\r\n`;
}

/** How a date cell shows in Excel and LibreOffice: the CSV's text, `2026-09-12 19:30`. */
export const XLSX_DATE_FORMAT = 'yyyy-mm-dd hh:mm';

const WIDTHS: Record<ColumnKind, number> = { name: 18, email: 32, code: 36, time: 17, amount: 12, text: 18 };

/**
 * exceljs, loaded by the first XLSX download: it is the largest package the server uses (about
 * 140 ms and 11 MB of heap to load on this machine) and only the office's XLSX downloads need it,
 * so neither the server's start nor its heap carries it until then.
 */
let excel: Promise<typeof ExcelJS> | undefined;
const loadExcel = () => (excel ??= import('exceljs').then((m) => m.default));

/**
 * An XLSX workbook written as rows arrive (exceljs' streaming writer: each row is committed
 * and leaves memory). The header row is bold, frozen and filtered; columns are as wide as
 * their kind of content (or their heading) needs, since a stream cannot measure rows to come;
 * times are date cells of Stockholm's wall clock; texts are text cells, formulas defused.
 */
export async function xlsxWriter(sheetName: string, header: readonly string[], kinds: readonly ColumnKind[]) {
  const { stream } = await loadExcel();
  const out = new PassThrough();
  const workbook = new stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
  });
  sheet.columns = header.map((h, i) => ({ width: Math.max(WIDTHS[kinds[i] ?? 'text'], h.length + 4) }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const head = sheet.addRow([...header]);
  head.font = { bold: true };
  head.commit();
  return {
    stream: out as Readable,
    addRow(cells: readonly ExportCell[]) {
      const row = sheet.addRow(
        cells.map((c) =>
          c === null
            ? ''
            : c instanceof Date
              ? stockholmWallClockAsUtc(c)
              : typeof c === 'string'
                ? defuseFormula(c)
                : c,
        ),
      );
      cells.forEach((c, i) => {
        if (c instanceof Date) row.getCell(i + 1).numFmt = XLSX_DATE_FORMAT;
      });
      row.commit();
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
  };
}
