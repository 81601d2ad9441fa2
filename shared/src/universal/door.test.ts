import { describe, expect, it } from 'vitest';
import { doorCodeOf, doorHash } from './door.js';

describe('the door code a QR carries', () => {
  it('is the last part of the ticket e-mail’s scan URL, or the text itself', () => {
    expect(doorCodeOf('https://konsert.example.se/admin/scan/0a1b2c3d4e5f?x=1')).toBe('0a1b2c3d4e5f');
    expect(doorCodeOf('http://localhost:8080/admin/scan/abc%20def#top')).toBe('abc def');
    expect(doorCodeOf('  0a1b2c3d4e5f \n')).toBe('0a1b2c3d4e5f');
    expect(doorCodeOf('https://evil.example/admin/scan/%E0%A4%A')).toBe('%E0%A4%A');
  });
});

describe('doorHash', () => {
  it('is 16 url-safe characters, salted, with e-mails compared trimmed and in lower case', async () => {
    const h = await doorHash('salt', 'email', 'Asa.Oberg@Example.se ');
    expect(h).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await doorHash('salt', 'email', 'asa.oberg@example.se')).toBe(h);
    expect(await doorHash('other', 'email', 'asa.oberg@example.se')).not.toBe(h);
    // A code and an e-mail with the same text do not collide.
    expect(await doorHash('salt', 'code', 'asa.oberg@example.se')).not.toBe(h);
    // Codes keep their case.
    expect(await doorHash('salt', 'code', 'AbC')).not.toBe(await doorHash('salt', 'code', 'abc'));
  });
});
