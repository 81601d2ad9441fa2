import { ApiError, staffApi } from '@concert/shared/browser';
import type { Concert, ConcertAnswer } from '@concert/shared/api';
import { eventually, renderScreen } from '@concert/shared/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConcertPage } from './concert-page.js';

const at = '/admin/concert';
const concert: Concert = {
  id: 7,
  status: 'published',
  doorsAt: '2026-09-15T18:00',
  startsAt: '2026-09-15T19:00',
  endsAt: '2026-09-15T23:00',
  saleOpensAt: '2026-08-01T10:00',
  saleClosesAt: '2026-09-14T23:59',
  ticketEmailAt: '2026-09-10T12:00',
  venue: 'Cirkus',
  city: 'Stockholm',
  address: 'Djurgårdsslätten 43',
  capacity: 1000,
  holdMinutes: 15,
  minNewMemberAmount: 150,
  minRaise: 30,
  donationStep: 10,
  raisePresets: [30, 50, 100],
  admission: 'door',
  sellerName: '',
  sellerFee: 0,
  calendarSequence: 0,
  updatedAt: '2026-11-01T10:00:00.000Z',
};
const loaded: ConcertAnswer = { concert, taken: 420, holders: 120, queueWaiting: 35 };

/** staffApi answers by function name; `saveConcert` gets the payload; `getConcert` answers `loaded`, then `later`. */
function answer(
  save: (payload: Record<string, unknown>) => unknown = () => ({ ...loaded, notified: 0 }),
  later: ConcertAnswer = loaded,
  more: Record<string, (payload: Record<string, unknown>) => unknown> = {},
) {
  let reads = 0;
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name, payload) => {
    const p = payload as Record<string, unknown>;
    if (more[name]) return (await more[name](p)) as never;
    if (name === 'getConcert') return (reads++ === 0 ? loaded : later) as never;
    if (name === 'listConcerts') return { concerts: [concert] } as never;
    if (name === 'saveConcert') return (await save(p)) as never;
    throw new Error(`no answer for ${name}`);
  });
}

const field = (label: string) => screen.getByLabelText(label);
const set = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const save = () => screen.getByRole('button', { name: 'admin.concert.submit' });
const saveCalls = (call: ReturnType<typeof answer>) =>
  call.mock.calls.filter(([name]) => name === 'saveConcert');

describe('admin/concert', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the concert in its fields: one date, the times on it, the sale window', async () => {
    answer();
    renderScreen(<ConcertPage />, { at });
    expect(await screen.findByLabelText('admin.concert.fields.date')).toHaveValue('2026-09-15');
    expect(field('admin.concert.fields.doorsAt')).toHaveValue('18:00');
    expect(field('admin.concert.fields.startsAt')).toHaveValue('19:00');
    expect(field('admin.concert.fields.saleClosesAt')).toHaveValue('2026-09-14T23:59');
    expect(field('admin.concert.fields.raisePresets')).toHaveValue('30, 50, 100');
    expect(screen.getByRole('radio', { name: 'admin.concert.fields.admissionDoor' })).toBeChecked();
    expect(screen.queryByLabelText('admin.concert.fields.sellerName')).not.toBeInTheDocument();
    // The notice question only comes with a change of date, times or place.
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('previews the date as the header, start page and e-mails write it, in Swedish and English', async () => {
    answer();
    renderScreen(<ConcertPage />, { at });
    await screen.findByLabelText('admin.concert.fields.date');
    const preview = screen.getByRole('region', { name: 'admin.concert.preview.title' });
    const row = (place: string) =>
      within(preview).getByRole('row', { name: new RegExp(`^admin.concert.preview.${place} `) });
    const cells = (place: string) =>
      within(row(place))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('header')).toEqual(['15 september 2026', '15 September 2026']);
    expect(cells('start')).toEqual([
      '15 september 2026, 19.00, Cirkus, Stockholm',
      '15 September 2026, 19:00, Cirkus, Stockholm',
    ]);
    expect(cells('email')[0]).toContain('18.00 · 19.00–23.00');
    expect(cells('email')[1]).toContain('18:00 · 19:00–23:00');
    expect(cells('ticketEmail')).toEqual(['10 september', '10 September']);

    // It follows the form before anything is saved.
    set('admin.concert.fields.date', '2027-01-03');
    set('admin.concert.fields.startsAt', '20:30');
    expect(cells('header')).toEqual(['3 januari 2027', '3 January 2027']);
    expect(cells('start')[0]).toContain('20.30');
    set('admin.concert.fields.date', '');
    expect(cells('header')).toEqual(['admin.concert.preview.incomplete', 'admin.concert.preview.incomplete']);
  });

  it('refuses by the contract rules in the browser: each message next to its field, a summary with links, nothing saved', async () => {
    const call = answer();
    const { user } = renderScreen(<ConcertPage />, {
      at,
      copy: {
        'admin.concert.rules.belowTaken': 'Redan tagna biljetter: {{count}}.',
        'admin.concert.rules.outOfBounds': 'Ett heltal från {{min}} till {{max}}.',
      },
    });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.doorsAt', '19:30');
    set('admin.concert.fields.capacity', '400');
    set('admin.concert.fields.holdMinutes', '2');
    await user.click(save());

    const doors = field('admin.concert.fields.doorsAt');
    expect(doors).toHaveAttribute('aria-invalid', 'true');
    expect(doors).toHaveAccessibleDescription('admin.concert.rules.doorsAfterStart');
    expect(field('admin.concert.fields.capacity')).toHaveAccessibleDescription('Redan tagna biljetter: 420.');
    expect(field('admin.concert.fields.holdMinutes')).toHaveAccessibleDescription(
      'Ett heltal från 5 till 60.',
    );
    expect(field('admin.concert.fields.startsAt')).not.toHaveAttribute('aria-invalid');

    const summary = screen.getByRole('group', { name: 'admin.concert.summary' });
    expect(summary).toHaveFocus();
    const links = within(summary).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'admin.concert.fields.doorsAt: admin.concert.rules.doorsAfterStart',
      'admin.concert.fields.capacity: Redan tagna biljetter: 420.',
      'admin.concert.fields.holdMinutes: Ett heltal från 5 till 60.',
    ]);
    await user.click(links[1]!);
    expect(field('admin.concert.fields.capacity')).toHaveFocus();
    expect(saveCalls(call)).toHaveLength(0);

    // Fixed, the message goes with the next submit and the concert is saved.
    set('admin.concert.fields.capacity', '1200');
    set('admin.concert.fields.holdMinutes', '20');
    set('admin.concert.fields.doorsAt', '18:30');
    await user.click(screen.getByRole('checkbox', { name: 'admin.concert.notify.holders' }));
    await user.click(save());
    expect(await screen.findByText('admin.concert.saved')).toBeInTheDocument();
    expect(saveCalls(call)[0]![1]).toMatchObject({
      id: 7,
      doorsAt: '2026-09-15T18:30',
      capacity: 1200,
      holdMinutes: 20,
      notify: false,
    });
    expect(screen.queryByRole('group', { name: 'admin.concert.summary' })).not.toBeInTheDocument();
  });

  it('a missing date is refused on the date, not on the times that hang on it', async () => {
    answer();
    const { user } = renderScreen(<ConcertPage />, { at });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.date', '');
    await user.click(save());
    expect(field('admin.concert.fields.date')).toHaveAccessibleDescription('admin.concert.rules.required');
    expect(field('admin.concert.fields.startsAt')).not.toHaveAttribute('aria-invalid');
    // The sale window is checked against doors that no longer have a date: no message for it either.
    expect(
      within(screen.getByRole('group', { name: 'admin.concert.summary' })).getAllByRole('link'),
    ).toHaveLength(1);
  });

  it('shows a server refusal on the field it names, with the rule when today’s count explains it', async () => {
    const call = answer(() => {
      throw new ApiError('INVALID_ARGUMENT', 'unknownError', 'saleClosesAt');
    });
    const { user } = renderScreen(<ConcertPage />, { at });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.saleClosesAt', '2026-09-13T20:00');
    await user.click(save());
    const closes = field('admin.concert.fields.saleClosesAt');
    await eventually(() => expect(closes).toHaveAccessibleDescription('admin.concert.serverRefused'));
    expect(closes).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('group', { name: 'admin.concert.summary' })).toHaveFocus();
    expect(saveCalls(call)).toHaveLength(1);
    expect(screen.queryByText('admin.concert.saved')).not.toBeInTheDocument();
  });

  it('a capacity the server refuses because more tickets were taken meanwhile names today’s count', async () => {
    answer(
      () => {
        throw new ApiError('INVALID_ARGUMENT', 'unknownError', 'capacity');
      },
      { ...loaded, taken: 1100 },
    );
    const { user } = renderScreen(<ConcertPage />, {
      at,
      copy: { 'admin.concert.rules.belowTaken': 'Redan tagna biljetter: {{count}}.' },
    });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.capacity', '1050');
    await user.click(save());
    await eventually(() =>
      expect(field('admin.concert.fields.capacity')).toHaveAccessibleDescription(
        'Redan tagna biljetter: 1100.',
      ),
    );
  });

  it('any other failure says why and keeps the values', async () => {
    answer(() => {
      throw new ApiError('PERMISSION_DENIED', 'permissionDenied');
    });
    const { user } = renderScreen(<ConcertPage />, {
      at,
      copy: { 'admin.concert.saveError': 'Kunde inte spara: {{message}}' },
    });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.venue', 'Annexet');
    await user.click(save());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Kunde inte spara: error.messages.permissionDenied',
    );
    expect(field('admin.concert.fields.venue')).toHaveValue('Annexet');
  });

  it('a date change asks to tell the ticket holders (on, with the count) and the waiting list (off); the answer says how many', async () => {
    const call = answer((payload) => ({
      ...loaded,
      concert: { ...concert, startsAt: payload.startsAt, doorsAt: payload.doorsAt, endsAt: payload.endsAt },
      notified: 155,
    }));
    const { user } = renderScreen(<ConcertPage />, {
      at,
      copy: {
        'admin.concert.notify.holders': 'Skicka ett ändringsbesked till de {{count}} biljettinnehavarna',
        'admin.concert.notify.queue': 'också till de {{count}} i kön',
        'admin.concert.saved': 'Sparat.',
        'admin.concert.notified': 'Ändringsbesked i kö: {{count}}',
      },
    });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.date', '2026-09-22');
    set('admin.concert.fields.saleClosesAt', '2026-09-21T23:59');
    const holders = screen.getByRole('checkbox', {
      name: 'Skicka ett ändringsbesked till de 120 biljettinnehavarna',
    });
    const queue = screen.getByRole('checkbox', { name: 'också till de 35 i kön' });
    expect(holders).toBeChecked();
    expect(queue).not.toBeChecked();
    await user.click(queue);
    await user.click(save());
    expect(await screen.findByText('Sparat.')).toBeInTheDocument();
    expect(screen.getByText('Sparat.').closest('[role="status"]')).toHaveTextContent(
      /^Sparat\.\s*Ändringsbesked i kö: 155$/,
    );
    expect(saveCalls(call)[0]![1]).toEqual({
      id: 7,
      doorsAt: '2026-09-22T18:00',
      startsAt: '2026-09-22T19:00',
      endsAt: '2026-09-22T23:00',
      saleClosesAt: '2026-09-21T23:59',
      notify: true,
      notifyQueue: true,
    });
  });

  it('a concert that ends after midnight ends the night after its date', async () => {
    const call = answer();
    const { user } = renderScreen(<ConcertPage />, { at });
    await screen.findByLabelText('admin.concert.fields.date');
    set('admin.concert.fields.endsAt', '01:00');
    await user.click(save());
    await screen.findByText('admin.concert.saved');
    expect(saveCalls(call)[0]![1]).toMatchObject({ endsAt: '2026-09-16T01:00' });
  });

  it('without a change, nothing is sent', async () => {
    const call = answer();
    const { user } = renderScreen(<ConcertPage />, { at });
    await screen.findByLabelText('admin.concert.fields.date');
    await user.click(save());
    expect(await screen.findByText('admin.concert.unchanged')).toBeInTheDocument();
    expect(saveCalls(call)).toHaveLength(0);
  });

  it('with a ticket seller, its name and fee are asked for', async () => {
    const call = answer();
    const { user } = renderScreen(<ConcertPage />, { at });
    await user.click(await screen.findByRole('radio', { name: 'admin.concert.fields.admissionSeller' }));
    await user.click(save());
    expect(field('admin.concert.fields.sellerName')).toHaveAccessibleDescription(
      'admin.concert.rules.required',
    );
    await user.type(field('admin.concert.fields.sellerName'), 'Tickster');
    set('admin.concert.fields.sellerFee', '15');
    await user.click(save());
    await screen.findByText('admin.concert.saved');
    expect(saveCalls(call)[0]![1]).toMatchObject({
      admission: 'seller',
      sellerName: 'Tickster',
      sellerFee: 15,
    });
  });

  describe('the next concert', () => {
    const draft: Concert = {
      ...concert,
      id: 8,
      status: 'draft',
      doorsAt: '2027-09-14T18:00',
      startsAt: '2027-09-14T19:00',
      endsAt: '2027-09-14T23:00',
      saleOpensAt: '2027-07-31T10:00',
      saleClosesAt: '2027-09-13T23:59',
      ticketEmailAt: '2027-09-09T12:00',
    };

    it('"New concert from 2026" copies this one into a draft for the new start, which the form then changes', async () => {
      const call = answer(undefined, loaded, {
        copyConcert: () => ({ concert: draft }),
        saveConcert: (p) => ({ ...draftAnswerOf({ ...draft, venue: String(p.venue) }), notified: 0 }),
      });
      const { user } = renderScreen(<ConcertPage />, {
        at,
        copy: {
          'admin.concert.next.copy': 'Ny konsert från {{year}}',
          'admin.concert.next.copied': 'Utkastet för {{date}} är skapat.',
          'admin.concert.editing.draft': 'Du ändrar utkastet för {{date}}.',
        },
      });
      const start = await screen.findByLabelText('admin.concert.next.startsAt');
      expect(start).toHaveValue('2027-09-15T19:00');
      set('admin.concert.next.startsAt', '2027-09-14T19:00');
      await user.click(screen.getByRole('button', { name: 'Ny konsert från 2026' }));
      expect(call).toHaveBeenCalledWith('copyConcert', { fromId: 7, startsAt: '2027-09-14T19:00' });
      expect(await screen.findByText('Utkastet för 14 september 2027 är skapat.')).toBeInTheDocument();
      const note = screen.getByText('Du ändrar utkastet för 14 september 2027.');
      await eventually(() => expect(note).toHaveFocus());
      expect(field('admin.concert.fields.date')).toHaveValue('2027-09-14');

      // A draft has no ticket holders: no notice question; the save goes to the draft.
      set('admin.concert.fields.venue', 'Annexet');
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      await user.click(save());
      await screen.findByText('admin.concert.saved');
      expect(saveCalls(call)[0]![1]).toEqual({ id: 8, venue: 'Annexet' });
    });

    it('a publish refused as not ready lists what is missing', async () => {
      const unready: Concert = { ...draft, capacity: 0 };
      const call = answer(undefined, loaded, {
        listConcerts: () => ({ concerts: [unready, concert] }),
        publishConcert: () => {
          throw new ApiError('FAILED_PRECONDITION', 'unknownError', 'notReady');
        },
      });
      const { user } = renderScreen(<ConcertPage />, { at });
      await user.click(await screen.findByRole('button', { name: 'admin.concert.drafts.publish' }));
      expect(call).toHaveBeenCalledWith('publishConcert', { id: 8 });
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('admin.concert.drafts.notReady');
      const items = within(alert).getAllByRole('listitem');
      expect(items.map((li) => li.getAttribute('data-check'))).toEqual(['ok', 'ok', 'fails', null]);
      expect(items[2]).toHaveTextContent('admin.concert.checklist.fails: admin.concert.checklist.capacity');
    });

    it('a published draft becomes the concert the page shows', async () => {
      let published = false;
      const call = answer(undefined, loaded, {
        getConcert: () => (published ? { ...loaded, concert: { ...draft, status: 'published' } } : loaded),
        listConcerts: () => ({ concerts: published ? [] : [draft, concert] }),
        publishConcert: () => {
          published = true;
          return { concert: { ...draft, status: 'published' } };
        },
      });
      const { user } = renderScreen(<ConcertPage />, {
        at,
        copy: { 'admin.concert.drafts.published': 'Konserten {{date}} är publicerad.' },
      });
      await user.click(await screen.findByRole('button', { name: 'admin.concert.drafts.publish' }));
      expect(await screen.findByText('Konserten 14 september 2027 är publicerad.')).toBeInTheDocument();
      await eventually(() => expect(field('admin.concert.fields.date')).toHaveValue('2027-09-14'));
      expect(screen.getByText('admin.concert.drafts.empty')).toBeInTheDocument();
      expect(call).toHaveBeenCalledWith('publishConcert', { id: 8 });
    });
  });
});

const draftAnswerOf = (c: Concert): ConcertAnswer => ({ concert: c, taken: 0, holders: 0, queueWaiting: 0 });
