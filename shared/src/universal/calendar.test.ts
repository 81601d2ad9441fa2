import { describe, expect, it } from 'vitest';
import { concertCalendar, ticketCalendar, ticketPageUrlOfScanUrl, type CalendarConcert } from './calendar.js';

/** Any concert: the facts come from the office's data, never from the code. */
const concert: CalendarConcert = {
  id: 7,
  startsAt: '2031-05-20T17:00:00.000Z',
  endsAt: '2031-05-20T21:00:00.000Z',
  venue: 'Annexet',
  city: 'Göteborg',
  calendarSequence: 3,
};

describe('a ticket’s calendar file', () => {
  it('is RFC 5545: CRLF, escaped text, lines folded at 75 octets without splitting a character', () => {
    const ics = concertCalendar({
      concert,
      title: 'Konsert för mänskliga rättigheter, Rättighetsrörelsen; ' + 'å'.repeat(60),
      description: 'abc123\nhttps://x.example/admin/scan/abc123',
      url: 'https://x.example/admin/scan/abc123',
      domain: 'org.example',
      now: new Date('2031-05-10T08:00:00Z'),
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    const lines = ics.split('\r\n').slice(0, -1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20310520T170000Z\r\nDTEND:20310520T210000Z');
    expect(unfolded).toContain(
      'SUMMARY:Konsert för mänskliga rättigheter\\, Rättighetsrörelsen\\; ' + 'å'.repeat(60),
    );
    expect(unfolded).toContain('DESCRIPTION:abc123\\nhttps://x.example/admin/scan/abc123');
    expect(unfolded).toContain('LOCATION:Annexet\\, Göteborg');
    expect(unfolded).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
  });

  it('keeps one UID without the date, and a SEQUENCE that moves the event when the concert moves', () => {
    const before = concertCalendar({ concert, title: 'K', description: '', domain: 'org.example' });
    const moved = concertCalendar({
      concert: {
        ...concert,
        startsAt: '2031-06-01T17:00:00.000Z',
        endsAt: '2031-06-01T21:00:00.000Z',
        calendarSequence: 4,
      },
      title: 'K',
      description: '',
      domain: 'org.example',
    });
    expect(before).toContain('UID:concert-7@org.example\r\nSEQUENCE:3\r\n');
    expect(moved).toContain('UID:concert-7@org.example\r\nSEQUENCE:4\r\n');
    expect(moved).toContain('DTSTART:20310601T170000Z');
  });

  it('of a ticket: its code and ticket page as the description and URL, the UID on the link’s host (the e-mail’s and the page’s file are one event)', () => {
    const ticketUrl = ticketPageUrlOfScanUrl('https://konsert.example/admin/scan/abc123', 'sv');
    expect(ticketUrl).toBe('https://konsert.example/sv/ticket/abc123');
    const ics = ticketCalendar({ concert, title: 'Konsert', code: 'abc123', ticketUrl }).replace(
      /\r\n /g,
      '',
    );
    expect(ics).toContain('DESCRIPTION:abc123\\nhttps://konsert.example/sv/ticket/abc123');
    expect(ics).toContain('URL:https://konsert.example/sv/ticket/abc123');
    expect(ics).not.toContain('/admin/');
    expect(ics).toContain('UID:concert-7@konsert.example\r\n');
    expect(ticketCalendar({ concert, title: 'Konsert', code: 'abc123' })).not.toContain('URL:');
  });
});
