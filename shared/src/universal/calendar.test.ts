import { describe, expect, it } from 'vitest';
import { concertCalendar, stockholmTime, ticketCalendar } from './calendar.js';

describe('a ticket’s calendar file', () => {
  it('places the concert at 19:00 Stockholm time (summer time: 17:00 UTC), in winter one hour less', () => {
    expect(stockholmTime('2025-09-15', '19:00').toISOString()).toBe('2025-09-15T17:00:00.000Z');
    expect(stockholmTime('2025-12-15', '19:00').toISOString()).toBe('2025-12-15T18:00:00.000Z');
  });

  it('is RFC 5545: CRLF, escaped text, lines folded at 75 octets without splitting a character', () => {
    const ics = concertCalendar({
      title: 'Konsert för mänskliga rättigheter, Rättighetsrörelsen; ' + 'å'.repeat(60),
      description: 'abc123\nhttps://x.example/admin/scan/abc123',
      url: 'https://x.example/admin/scan/abc123',
      domain: 'org.example',
      now: new Date('2025-09-10T08:00:00Z'),
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20250915T170000Z\r\nDTEND:20250915T210000Z');
    expect(unfolded).toContain(
      'SUMMARY:Konsert för mänskliga rättigheter\\, Rättighetsrörelsen\\; ' + 'å'.repeat(60),
    );
    expect(unfolded).toContain('DESCRIPTION:abc123\\nhttps://x.example/admin/scan/abc123');
    expect(unfolded).toContain('LOCATION:Cirkus\\, Stockholm');
    expect(unfolded).toContain('UID:concert-2025-09-15@org.example');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
  });

  it('of a ticket: its code and link as the description, the UID on the link’s host (the e-mail’s and the page’s file are one event)', () => {
    const ics = ticketCalendar({
      title: 'Konsert',
      code: 'abc123',
      scanUrl: 'https://konsert.example/admin/scan/abc123',
    }).replace(/\r\n /g, '');
    expect(ics).toContain('DESCRIPTION:abc123\\nhttps://konsert.example/admin/scan/abc123');
    expect(ics).toContain('URL:https://konsert.example/admin/scan/abc123');
    expect(ics).toMatch(/UID:concert-\d{4}-\d\d-\d\d@konsert\.example\r\n/);
    expect(ticketCalendar({ title: 'Konsert', code: 'abc123' })).not.toContain('URL:');
  });
});
