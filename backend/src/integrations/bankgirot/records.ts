/**
 * Bankgirot's Autogiro records (../shared/AUTOGIRO.md, after Bankgirot's "Autogiro – teknisk
 * manual", new layout): fixed-width lines of 80 characters, ISO-8859-1, CRLF. Numbers are
 * right-aligned and zero-padded, text left-aligned and space-padded (the TK82 and TK25 references
 * too, as in the manual's example files). Pure: no database, no clock. One layout table per record type serves
 * both the writer and the reader, so the two cannot disagree about a position.
 */
import { LAYOUTS, RECORD_LENGTH, type Field, type LayoutName, type RecordValues } from './layouts.js';

/** A value that does not fit its field: the writer refuses rather than cutting a number. */
export class RecordValueError extends RangeError {}

/** ISO-8859-1 can hold it (the file's encoding); control characters never. */
const LATIN1_PRINTABLE = /^[\x20-\x7e\xa0-\xff]*$/;

/** One 80-character record (without the line end). */
export function writeRecord<N extends LayoutName>(layout: N, values: RecordValues<N>): string {
  const vals = values as Record<string, string>;
  let line = '';
  for (const f of LAYOUTS[layout] as readonly Field[]) {
    if (f.kind === 'literal') line += f.text;
    else if (f.kind === 'blank') line += ' '.repeat(f.length);
    else if (f.kind === 'number') {
      const v = vals[f.name] ?? '';
      if (v === '' && f.optional) line += ' '.repeat(f.length);
      else if (!/^\d+$/.test(v) || v.length > f.length)
        throw new RecordValueError(
          `${layout}.${f.name}: "${v}" is not a number of at most ${f.length} digits`,
        );
      else line += v.padStart(f.length, '0');
    } else {
      const v = vals[f.name] ?? '';
      if (v.length > f.length || !LATIN1_PRINTABLE.test(v))
        throw new RecordValueError(
          `${layout}.${f.name}: text does not fit ${f.length} ISO-8859-1 characters`,
        );
      line += v.padEnd(f.length, ' ');
    }
  }
  return line;
}

/** Why a line is not the record it should be: the 1-based line and position, and what was expected. */
export class RecordLayoutError extends Error {
  constructor(
    readonly line: number,
    readonly position: number,
    readonly expected: string,
  ) {
    super(`line ${line}, position ${position}: expected ${expected}`);
  }
}

/**
 * Reads one record of a known layout. Numbers come back as written (zero padding kept, so they
 * compare with what we wrote); an optional number left blank comes back as ''; text trimmed.
 * Bankgirot's own example files end lines at their last character: a shorter line is read as if
 * padded with spaces, a longer one is refused.
 */
export function readRecord<N extends LayoutName>(layout: N, raw: string, lineNumber = 1): RecordValues<N> {
  if (raw.length > RECORD_LENGTH)
    throw new RecordLayoutError(lineNumber, RECORD_LENGTH + 1, `at most ${RECORD_LENGTH} characters`);
  const line = raw.padEnd(RECORD_LENGTH, ' ');
  const out: Record<string, string> = {};
  for (const f of LAYOUTS[layout] as readonly Field[]) {
    const part = line.slice(f.at - 1, f.at - 1 + f.length);
    if (f.kind === 'literal') {
      if (part !== f.text) throw new RecordLayoutError(lineNumber, f.at, `"${f.text.trim()}"`);
    } else if (f.kind === 'blank') {
      if (part.trim() !== '') throw new RecordLayoutError(lineNumber, f.at, `${f.length} spaces`);
    } else if (f.kind === 'number') {
      if (f.optional && part.trim() === '') out[f.name] = '';
      else if (!/^\d+$/.test(part))
        throw new RecordLayoutError(lineNumber, f.at, `${f.length} digits (${f.name})`);
      else out[f.name] = part;
      // An opening record's (TK01) date, or its timestamp's date part, is a calendar day: a file
      // dated 20261345 or 20250229 is refused (Date.UTC rolls such a day over, so compare back).
      const opening = (LAYOUTS[layout][0] as Field).kind === 'literal' && line.startsWith('01');
      if (opening && (f.name === 'date' || f.name === 'timestamp') && out[f.name]) {
        const [y, m, d] = [part.slice(0, 4), part.slice(4, 6), part.slice(6, 8)].map(Number) as [
          number,
          number,
          number,
        ];
        const day = new Date(Date.UTC(y, m - 1, d));
        if (y < 1990 || day.getUTCFullYear() !== y || day.getUTCMonth() !== m - 1 || day.getUTCDate() !== d)
          throw new RecordLayoutError(lineNumber, f.at, `a calendar date YYYYMMDD (${f.name})`);
      }
    } else {
      out[f.name] = part.trim();
    }
  }
  return out as RecordValues<N>;
}

/** The record type of a line: its first two characters. */
export const transactionCode = (line: string) => line.slice(0, 2);

/** A whole file: records joined with CRLF (the last one too), encoded ISO-8859-1. */
export function encodeFile(records: readonly string[]): Buffer {
  return Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'latin1');
}

/**
 * A file's lines: decoded ISO-8859-1, split on CRLF (a lone LF is accepted, as files pass
 * through other systems), empty trailing lines dropped. Refuses bytes no record may hold.
 */
export function decodeFile(bytes: Uint8Array): string[] {
  const text = Buffer.from(bytes).toString('latin1');
  const lines = text.split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  lines.forEach((line, i) => {
    const bad = [...line].findIndex((c) => !LATIN1_PRINTABLE.test(c));
    if (bad >= 0) throw new RecordLayoutError(i + 1, bad + 1, 'a printable ISO-8859-1 character');
  });
  return lines;
}

/** `YYYYMMDD` of a calendar date given as `YYYY-MM-DD`. */
export const compactDate = (isoDate: string) => isoDate.replaceAll('-', '');
/** `YYYY-MM-DD` of a `YYYYMMDD` field. */
export const isoDate = (compact: string) =>
  `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
