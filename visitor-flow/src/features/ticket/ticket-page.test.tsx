import { api, captureFirstPaint } from '@concert/shared/browser';
import { Route, Routes } from '@concert/shared/router';
import { renderScreen, TEST_CONCERT_STATUS, withTestConcert } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepTicketOffline } from './ticket-offline.js';
import { TicketPage } from './ticket-page.js';
import { LazyQrCode } from '../../components/lazy-qr-code.js';

vi.mock('./ticket-offline.js', () => ({ keepTicketOffline: vi.fn(async () => true) }));
// The QR encoder's chunk is not what these tests are about.
vi.mock('../../components/lazy-qr-code.js', () => ({ LazyQrCode: vi.fn(() => null) }));

const code = 'c'.repeat(32);
const answer = {
  firstName: 'Kim',
  lastName: 'Kö',
  code,
  scanUrl: `https://konsert.example/admin/scan/${code}`,
  // Last year's concert, not the current one (TEST_CONCERT_STATUS): the ticket is for its own.
  concert: {
    ...TEST_CONCERT_STATUS.concert!,
    id: 2,
    startsAt: '2030-05-21T17:00:00.000Z',
    endsAt: '2030-05-21T21:00:00.000Z',
    venue: 'Cirkus',
    city: 'Stockholm',
  },
  copyVariables: {
    sv: { venue: 'Cirkus', concertDate: '21 maj 2030' },
    en: { venue: 'Cirkus', concertDate: '21 May 2030' },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderTicket() {
  withTestConcert();
  return renderScreen(
    <Routes>
      <Route path="/:lang/ticket/:code" element={<TicketPage />} />
    </Routes>,
    {
      at: `/sv/ticket/${code}`,
      copy: {
        'email.finalTicket.calendarTitle': 'Konsert – Org',
        'start.facts.date': '{{concertDate}}',
        'start.facts.place': '{{venue}}',
      },
    },
  );
}

describe('the attendee’s ticket page (issue 29 §4)', () => {
  it('offers the concert as the ticket e-mail’s calendar file, made from the ticket', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(answer as never);
    renderTicket();
    const link = await screen.findByRole('link', { name: 'ticket.calendar' });
    expect(link).toHaveAttribute('download', 'konsert.ics');
    const href = link.getAttribute('href')!;
    expect(href).toMatch(/^data:text\/calendar;charset=utf-8,/);
    const ics = decodeURIComponent(href.slice(href.indexOf(',') + 1)).replace(/\r\n /g, '');
    expect(ics).toContain('SUMMARY:Konsert – Org');
    // The calendar links the attendee's ticket page, never the door's scan page (issue 40 §5).
    expect(ics).toContain(`DESCRIPTION:${code}\\nhttps://konsert.example/sv/ticket/${code}`);
    expect(ics).toContain(`URL:https://konsert.example/sv/ticket/${code}`);
    expect(ics).not.toContain('/admin/');
    // The ticket's own concert as the server told it (its id in the UID, never the date): not
    // the current concert's, not one compiled in.
    expect(ics).toContain('UID:concert-2@konsert.example');
    expect(ics).toContain('DTSTART:20300521T170000Z');
    expect(ics).toContain('LOCATION:Cirkus\\, Stockholm');
  });

  it('says when and where the ticket’s own concert is, even once another is current (issue 38 §4)', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(answer as never);
    renderTicket();
    expect(await screen.findByText('21 maj 2030')).toBeInTheDocument();
    expect(screen.getByText('Cirkus')).toBeInTheDocument();
    expect(screen.queryByText('Annexet')).toBeNull();
  });

  it('says the ticket opens without network once its page is kept, and keeps it only once the server answered', async () => {
    vi.spyOn(api, 'call').mockResolvedValue(answer as never);
    renderTicket();
    expect(await screen.findByText('ticket.offlineReady')).toHaveAttribute('role', 'status');
    expect(keepTicketOffline).toHaveBeenCalledWith('sv');
    expect(JSON.parse(localStorage.getItem(`concert.ticket.${code}`)!)).toEqual(answer);
  });

  it('offline, shows the ticket it kept, and says nothing about keeping it', async () => {
    localStorage.setItem(`concert.ticket.${code}`, JSON.stringify(answer));
    vi.mocked(keepTicketOffline).mockClear();
    vi.spyOn(api, 'call').mockRejectedValue(new TypeError('Failed to fetch'));
    renderTicket();
    expect(screen.getByText('ticket.holder')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ticket.calendar' })).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 0));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('ticket.offlineReady')).toBeNull();
    expect(keepTicketOffline).not.toHaveBeenCalled();
  });

  it('keeps the page the server painted, QR code and all, until the ticket is here; then shows that same QR code (issue 40 §6)', async () => {
    history.replaceState(null, '', `/sv/ticket/${code}`);
    const main = document.createElement('main');
    main.id = 'main';
    main.innerHTML = `<article><p>painted holder</p><div class="qr ticket-qr"><svg class="qr-code" role="img" aria-label="QR" viewBox="0 0 29 29"><path d="M2 2h7"></path></svg></div></article>`;
    document.body.append(main);
    try {
      expect(captureFirstPaint()).toBe(true);
      main.remove(); // React renders over it
      let answer_: (a: typeof answer) => void = () => undefined;
      vi.spyOn(api, 'call').mockReturnValue(new Promise((resolve) => (answer_ = resolve)) as never);
      vi.mocked(LazyQrCode).mockClear();
      renderTicket();
      expect(screen.getByText('painted holder')).toBeInTheDocument();
      answer_(answer);
      expect(await screen.findByText('ticket.holder')).toBeInTheDocument();
      expect(screen.queryByText('painted holder')).toBeNull();
      expect(vi.mocked(LazyQrCode).mock.lastCall![0]).toMatchObject({
        data: answer.scanUrl,
        painted: { viewBox: '0 0 29 29', markup: '<path d="M2 2h7"></path>' },
      });
    } finally {
      main.remove();
      history.replaceState(null, '', '/');
    }
  });
});
