/**
 * Bankgirot's request-file grammar, written out here from the layouts (../shared/AUTOGIRO.md and
 * Bankgirot's "Autogiro – teknisk manual": a request file is one or more sections, each a TK01
 * opening followed by records of one family: mandates TK03–TK05, payments TK82/TK32, amendments
 * TK23–TK29). Deliberately independent of records.ts: it checks what our writer produces, so it
 * must not be made from it.
 */

/** The records of each section family, as regular expressions over the 80 positions. */
const RECORDS = {
  opening: /^01\d{8}AUTOGIRO {44}\d{6}\d{10} {2}$/,
  mandates: [
    /^03\d{10}\d{16} {52}$/, // TK03 delete mandate
    /^04\d{10}\d{16}\d{4}\d{12}\d{12} {24}$/, // TK04 new mandate: clearing 4 + account 12 + personal number 12
    /^05\d{10}\d{16}\d{10}\d{16} {26}$/, // TK05 change payer number
  ],
  payments: [/^(82|32)(\d{8}|GENAST {2})[0-8]( {3}|\d{3}) \d{16}\d{12}\d{10}[\x20-\x7e\xa0-\xff]{16} {11}$/],
  amendments: [
    /^2[3-9]\d{10}\d{16}(\d{8}| {8})(\d{12}| {12})(82|32| {2})(\d{8}| {8})[\x20-\x7e\xa0-\xff]{16} {6}$/,
  ],
} as const;

export type SectionKind = 'mandates' | 'payments' | 'amendments';

/** The sections of a request file, in order, or an error naming the first line that breaks the grammar. */
export function requestFileSections(bytes: Buffer): SectionKind[] {
  const text = bytes.toString('latin1');
  if (!text.endsWith('\r\n')) throw new Error('the last record must end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const sections: SectionKind[] = [];
  let current: SectionKind | null = null;
  let opened = false;
  lines.forEach((line, i) => {
    const where = `line ${i + 1}`;
    if (line.length !== 80) throw new Error(`${where}: ${line.length} characters, not 80`);
    if (/[\r\n]/.test(line)) throw new Error(`${where}: a bare line break`);
    if (RECORDS.opening.test(line)) {
      if (opened && current === null) throw new Error(`${where}: an opening after an empty section`);
      opened = true;
      current = null;
      return;
    }
    if (!opened) throw new Error(`${where}: a record before the opening (TK01)`);
    const kind = (['mandates', 'payments', 'amendments'] as const).find((k) =>
      RECORDS[k].some((re) => re.test(line)),
    );
    if (!kind) throw new Error(`${where}: not a record of any section: ${line.slice(0, 2)}`);
    if (current === null) {
      current = kind;
      sections.push(kind);
    } else if (kind !== current) {
      throw new Error(`${where}: a ${kind} record inside a ${current} section`);
    }
  });
  if (opened && current === null) throw new Error('a section with an opening and no records');
  return sections;
}
