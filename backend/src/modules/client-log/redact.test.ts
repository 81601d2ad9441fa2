import { describe, expect, it } from 'vitest';
import { namePattern, redact, redactString, redactText, TEXT_MAX } from './redact.js';

describe('client-log redaction', () => {
  it('removes e-mails and long digit runs from text', () => {
    expect(redactText('mail a.b@example.se, pn 19850315-1238, acct 3300 123 456 7890, line 42')).toBe(
      'mail [redacted], pn [redacted], acct [redacted], line 42',
    );
    expect(redactText('<maria.lind@exempel.se> "x@y.se" (z@q.org)')).toBe(
      '<[redacted]> "[redacted]" ([redacted])',
    );
  });

  it('redacts personal fields anywhere, keeps an error class name', () => {
    expect(
      redact({
        error: { name: 'TypeError', message: 'x is undefined' },
        globalState: { person: { name: 'Maria Lind' }, nested: [{ firstName: 'Maria', lang: 'sv' }] },
      }),
    ).toEqual({
      error: { name: 'TypeError', message: 'x is undefined' },
      globalState: { person: '[redacted]', nested: [{ firstName: '[redacted]', lang: 'sv' }] },
    });
    expect(redact({ name: 'Maria' })).toEqual({ name: '[redacted]' });
  });

  it('caps a string before any pattern runs, so what is kept is bounded too', () => {
    expect(redactText('a'.repeat(TEXT_MAX * 8))).toHaveLength(TEXT_MAX);
    // an address cut by the cap is still an address
    expect(redactText(`${'a '.repeat(TEXT_MAX / 2 - 5)}maria@exempel.se`)).not.toContain('maria');
  });

  it('redacts the given names as whole words anywhere, any case, each part of a double name', () => {
    const names = namePattern(['Åsa-Maria', 'Öberg Lindqvist', 'O’Neil', 'X']);
    expect(redactString('Hej ÅSA-MARIA öberg, maria och Lindqvists O’Neil X', names)).toBe(
      'Hej [redacted] [redacted], [redacted] och Lindqvists [redacted] X',
    );
    // inside a longer word it is not the name (Marianne, Bergström stay)
    expect(redactString('Marianne Bergström', namePattern(['Maria', 'Berg']))).toBe('Marianne Bergström');
    // only letters make a name: nothing of one letter, nothing of punctuation
    expect(namePattern(['a.b'])).toBeUndefined();
    expect(namePattern(['', 'X'])).toBeUndefined();
    expect(redact({ note: 'Tack Maria', maria: 1 }, 0, namePattern(['Maria']))).toEqual({
      note: 'Tack [redacted]',
      '[redacted]': 1,
    });
  });

  it('drops the door code from the ticket page and scan addresses, wherever they stand (issue 39 §11)', () => {
    const code = '0123456789abcdef0123456789abcdef';
    expect(redactText(`/sv/ticket/${code}`)).toBe('/sv/ticket/[redacted]');
    expect(redactText(`https://konsert.example/admin/scan/${code}`)).toBe(
      'https://konsert.example/admin/scan/[redacted]',
    );
    expect(redactText(`TypeError at https://x.example/en/ticket/${code}?a=1 (line 3)`)).not.toContain(code);
    expect(redactText('/sv/memberCheck')).toBe('/sv/memberCheck'); // other pages as they are
  });
});
