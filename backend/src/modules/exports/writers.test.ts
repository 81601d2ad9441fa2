import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './writers.js';

describe('CSV for Swedish Excel', () => {
  it('quotes what would split or break a field, doubling quotes', () => {
    expect(csvField('Åsa Öberg')).toBe('Åsa Öberg');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded ')).toBe('" padded "');
    expect(csvField(null)).toBe('');
    expect(csvField(150)).toBe('150');
  });

  it('defuses anything a spreadsheet would run as a formula (OWASP CSV injection)', () => {
    for (const evil of ['=1+1', '+46701234567', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvField(evil).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvField('=HYPERLINK("http://x";"y")')).toBe(`"'=HYPERLINK(""http://x"";""y"")"`);
    expect(csvField('a=b')).toBe('a=b');
  });

  it('writes times as Stockholm wall-clock time, rows with CRLF', () => {
    expect(csvField(new Date('2025-09-15T17:00:00Z'))).toBe('2025-09-15 19:00');
    expect(csvField(new Date('2025-12-15T17:00:59Z'))).toBe('2025-12-15 18:00');
    expect(csvLine(['a', 1, null])).toBe('a;1;\r\n');
  });
});
