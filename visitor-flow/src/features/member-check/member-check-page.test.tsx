import {
  api,
  concertStatusAnswerAtom,
  concertStatusAtom,
  personAtom,
  store,
  ticketDataAtom,
} from '@concert/shared/browser';
import { currentPath, eventually, renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberCheckPage } from './member-check-page.js';

const MEMBER = '198503151238';
const at = '/sv/memberCheck';

describe('memberCheck', () => {
  it('shows what is wrong with each field and focuses the first', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));

    const personalNumber = screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' });
    await eventually(() => expect(personalNumber).toHaveFocus());
    expect(personalNumber).toBeInvalid();
    expect(personalNumber).toHaveAccessibleDescription(
      'memberCheck.personalNumber.hint validation.incorrectPN',
    );
    expect(screen.getByRole('textbox', { name: 'memberCheck.email.label' })).toHaveAccessibleDescription(
      'memberCheck.email.hint validation.incorrectEmail',
    );
  });

  it('checks a field when it is left, and keeps the message until it is checked again', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const email = screen.getByRole('textbox', { name: 'memberCheck.email.label' });
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(await screen.findByText('validation.incorrectEmail')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'erik@example.se');
    await user.tab();
    await eventually(() => expect(screen.queryByText('validation.incorrectEmail')).not.toBeInTheDocument());
  });

  it('takes real addresses (long TLDs, plus addressing) and refuses obvious mistakes, as the server does', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const email = screen.getByRole('textbox', { name: 'memberCheck.email.label' });
    for (const [address, valid] of [
      ['anna@gmail', false],
      ['anna@example.info', true],
      ['anna@@x.se', false],
      ['erik@firma.stockholm', true],
      ['anna @x.se', false],
      ['lisa+konsert@gmail.com', true],
    ] as const) {
      await user.clear(email);
      await user.type(email, address);
      await user.tab();
      if (valid) await eventually(() => expect(email, address).toBeValid());
      else await eventually(() => expect(email, address).toBeInvalid());
    }
  });

  it('without a place (a link opened in a new tab) still goes on to BankID: identification reserves a ticket if any are left', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    expect(screen.getByText('memberCheck.place.notYet')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' }), MEMBER);
    await user.type(screen.getByRole('textbox', { name: 'memberCheck.email.label' }), 'erik@example.se');
    await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));
    expect(currentPath()).toBe(at);
    expect(screen.getByRole('heading', { name: 'bankId.title.auth' })).toBeInTheDocument();
  });

  it('the no-personal-number box shows the way in place (no change of page on input), its link leads to specialCases#noPersonalId', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const live = screen.getAllByRole('status').find((el) => el.id === 'no-personal-number-info')!;
    expect(live).toBeEmptyDOMElement();
    await user.click(screen.getByRole('checkbox', { name: 'memberCheck.noPersonalNumber.label' }));
    expect(currentPath()).toBe(at);
    expect(live).toHaveTextContent('memberCheck.noPersonalNumber.info');
    await user.click(screen.getByRole('link', { name: 'memberCheck.noPersonalNumber.link' }));
    expect(currentPath()).toBe('/sv/specialCases#noPersonalId');
  });

  it('an under-18 number: the warning arrives in a live region that was there before, and describes the field', async () => {
    const { user } = renderScreen(<MemberCheckPage />, { at });
    const field = screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' });
    const live = screen.getAllByRole('status').find((el) => el.id === 'age-warning')!;
    expect(live).toBeEmptyDOMElement();
    await user.type(field, '200906013453');
    expect(live).toHaveTextContent('memberCheck.underAgePN');
    expect(field).toHaveAccessibleDescription('memberCheck.personalNumber.hint memberCheck.underAgePN');
  });

  describe('BankID identification (test mode)', () => {
    beforeEach(() => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      store.set(ticketDataAtom, {
        ticketId: 'ticket-1',
        isConfirmed: false,
        validUntil: Date.now() + 900_000,
        reserved: true,
      });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function identify(bankId: 'Success' | 'Fail') {
      const rendered = renderScreen(<MemberCheckPage />, {
        at,
        testMode: { bankId, memberStatus: 'Member' },
      });
      const { user } = rendered;
      await user.type(screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' }), MEMBER);
      await user.type(screen.getByRole('textbox', { name: 'memberCheck.email.label' }), 'erik@example.se');
      await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));
      expect(screen.getByRole('heading', { name: 'bankId.title.auth' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
      return rendered;
    }

    it('pending: shows the QR to scan and that it waits; complete: a member goes on to newDonationAmount', async () => {
      await identify('Success');
      expect(await screen.findByRole('img', { name: 'bankId.qr.alt' })).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent('bankId.waiting');
      await vi.advanceTimersByTimeAsync(2_000);
      await eventually(() => expect(currentPath()).toBe('/sv/newDonationAmount'));
    });

    it('failed: says so and offers to try again', async () => {
      const { user } = await identify('Fail');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(await screen.findByRole('alert')).toHaveTextContent('bankId.rfa6'); // test mode's failure is a cancelled order: its hint's text
      const tryAgain = screen.getByRole('button', { name: 'bankId.tryAgain' });
      // focus moves in an effect after the message is shown
      await eventually(() => expect(tryAgain).toHaveFocus());
      await user.click(tryAgain);
      expect(screen.getByRole('button', { name: 'bankId.otherDevice' })).toBeInTheDocument();
    });
  });

  describe('a place that is not yet a reservation (issue 27)', () => {
    /** The visitor holds a place (register's answer before identification), not a ticket. */
    const holdAPlace = () =>
      store.set(ticketDataAtom, {
        ticketId: 'place-1',
        isConfirmed: false,
        validUntil: Date.now() + 900_000,
        reserved: false,
      });
    const copy = {
      'memberCheck.place.ticketsLeft': 'Fler än {{ticketsLeft}} biljetter kvar.',
      'memberCheck.place.ticketsLeftExact': 'Bara {{ticketsLeft}} biljetter kvar.',
    };

    it('says there is no ticket yet and what gets one, with the tickets left rounded below the real count and asked again', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        holdAPlace();
        const answers = [47, 8];
        const status = vi.spyOn(api, 'getConcertStatus').mockImplementation(async () => ({
          concertStatus: 'Open',
          memberQueue: false,
          ticketsLeft: answers.shift() ?? 8,
          holdMinutes: 15,
        }));
        renderScreen(<MemberCheckPage />, { at, copy });
        expect(screen.getByText('memberCheck.place.notYet')).toBeInTheDocument();
        expect(await screen.findByText('Fler än 40 biljetter kvar.')).toBeInTheDocument();
        expect(screen.queryByText(/reserv/i)).toBeNull();
        await vi.advanceTimersByTimeAsync(5_000);
        expect(await screen.findByText('Bara 8 biljetter kvar.')).toBeInTheDocument();
        expect(status).toHaveBeenCalledTimes(2);
      } finally {
        vi.useRealTimers();
        vi.restoreAllMocks();
      }
    });

    it('asks for the tickets left seldom while plenty are to spare, soon once few are', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        holdAPlace();
        const answers = [4800, 1050];
        const status = vi.spyOn(api, 'getConcertStatus').mockImplementation(async () => ({
          concertStatus: 'Open',
          memberQueue: false,
          ticketsLeft: answers.shift() ?? 1050,
          holdMinutes: 15,
        }));
        renderScreen(<MemberCheckPage />, { at, copy });
        expect(await screen.findByText('Fler än 4000 biljetter kvar.')).toBeInTheDocument();
        await vi.advanceTimersByTimeAsync(6_000);
        expect(status).toHaveBeenCalledTimes(1);
        await vi.advanceTimersByTimeAsync(15_000);
        expect(await screen.findByText('Fler än 1000 biljetter kvar.')).toBeInTheDocument();
        expect(status).toHaveBeenCalledTimes(2);
        // 50 to spare: asked again within 5 s
        await vi.advanceTimersByTimeAsync(5_000);
        expect(status).toHaveBeenCalledTimes(3);
      } finally {
        vi.useRealTimers();
        vi.restoreAllMocks();
      }
    });

    it('shows the count the page arrived with at once, and asks again when the rule says, not at once', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        holdAPlace();
        // the status as the server inlines it with the page: "more than 14 000"
        store.set(concertStatusAnswerAtom, {
          concertStatus: 'Open',
          memberQueue: false,
          ticketsLeft: 14_001,
          holdMinutes: 15,
        });
        const status = vi.spyOn(api, 'getConcertStatus').mockResolvedValue({
          concertStatus: 'Open',
          memberQueue: false,
          ticketsLeft: 13_950,
          holdMinutes: 15,
        });
        renderScreen(<MemberCheckPage />, { at, copy });
        expect(screen.getByText('Fler än 14000 biljetter kvar.')).toBeInTheDocument();
        await vi.advanceTimersByTimeAsync(4_000);
        expect(status).not.toHaveBeenCalled();
        await vi.advanceTimersByTimeAsync(1_500);
        expect(status).toHaveBeenCalledTimes(1);
        expect(await screen.findByText('Fler än 13000 biljetter kvar.')).toBeInTheDocument();
      } finally {
        vi.useRealTimers();
        vi.restoreAllMocks();
      }
    });

    it('asks at once when the count it holds is older than the rule allows (a page left open a while)', async () => {
      holdAPlace();
      store.set(
        concertStatusAnswerAtom,
        { concertStatus: 'Open', memberQueue: false, ticketsLeft: 14_001, holdMinutes: 15 },
        Date.now() - 60_000,
      );
      const status = vi.spyOn(api, 'getConcertStatus').mockResolvedValue({
        concertStatus: 'Open',
        memberQueue: false,
        ticketsLeft: 12_400,
        holdMinutes: 15,
      });
      try {
        renderScreen(<MemberCheckPage />, { at, copy });
        expect(status).toHaveBeenCalledTimes(1);
        expect(await screen.findByText('Fler än 12000 biljetter kvar.')).toBeInTheDocument();
      } finally {
        vi.restoreAllMocks();
      }
    });

    it('a reservation shows no such notice', () => {
      store.set(ticketDataAtom, {
        ticketId: 'ticket-1',
        isConfirmed: false,
        validUntil: Date.now() + 900_000,
        reserved: true,
      });
      renderScreen(<MemberCheckPage />, { at, copy });
      expect(screen.queryByText('memberCheck.place.notYet')).toBeNull();
    });

    it('identified when every ticket is gone: sold out on this screen, then the waiting list with the e-mail kept', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        holdAPlace();
        vi.spyOn(api, 'getConcertStatus').mockResolvedValue({
          concertStatus: 'Open',
          memberQueue: false,
          ticketsLeft: 3,
          holdMinutes: 15,
        });
        const call = api.call.bind(api);
        vi.spyOn(api, 'call').mockImplementation(async (name, payload) => {
          const answer = await call(name, payload);
          // what the server answers when identification found every ticket reserved or sold
          return (name === 'getPersonalInfo' ? { ...(answer as object), ticketData: null } : answer) as never;
        });
        const { user } = renderScreen(<MemberCheckPage />, {
          at,
          testMode: { bankId: 'Success', memberStatus: 'NonMember' },
        });
        await user.type(screen.getByRole('textbox', { name: 'memberCheck.personalNumber.label' }), MEMBER);
        await user.type(screen.getByRole('textbox', { name: 'memberCheck.email.label' }), 'erik@example.se');
        await user.click(screen.getByRole('button', { name: 'memberCheck.continue' }));
        await user.click(screen.getByRole('button', { name: 'bankId.otherDevice' }));
        await vi.advanceTimersByTimeAsync(2_000);
        const heading = await screen.findByRole(
          'heading',
          { name: 'memberCheck.soldOut.title' },
          { timeout: 5000 },
        );
        await eventually(() => expect(heading).toHaveFocus());
        expect(currentPath()).toBe(at); // the same screen: no details asked, nothing to sign
        expect(store.get(ticketDataAtom)).toBeNull();
        await user.click(screen.getByRole('button', { name: 'memberCheck.soldOut.join' }));
        expect(currentPath()).toBe('/sv/toQueue');
        expect(store.get(concertStatusAtom)).toBe('Queue');
        expect(store.get(personAtom).email).toBe('erik@example.se');
      } finally {
        vi.useRealTimers();
        vi.restoreAllMocks();
      }
    });
  });
});
