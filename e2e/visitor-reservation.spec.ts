// Issue 27 as a visitor lives it: a place is not called a ticket; BankID's identification reserves
// one (and the countdown starts) or says on the same screen that they are gone, with the waiting
// list; a reserved visitor signs and gets the ticket.
import type { APIRequestContext } from '@playwright/test';
import { solveSessionChallenge } from '@concert/shared/proof-of-work';
import { ONE_TICKET_BASE_URL } from '../playwright.config.js';
import { expect, test } from './fixtures.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  completeBecomeMember,
  fillMemberCheck,
  FIXTURES,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  expectMailFitsPhone,
  mailTo,
  randomAdultPersonalNumber,
  signWithAccountByHand,
  uniqueEmail,
} from './visitor-helpers.js';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Someone else, elsewhere, identifies with BankID (the demo's member fixture completes by itself): the API as any client uses it. */
async function someoneElseIdentifies(
  request: APIRequestContext,
  baseUrl: string,
  personalNumber: string,
): Promise<string> {
  const challenge = await (await request.get(`${baseUrl}/api/session/challenge`)).json();
  const altcha = await solveSessionChallenge(challenge);
  const { idToken } = await (await request.post(`${baseUrl}/api/session`, { data: { altcha } })).json();
  const call = async (name: string, data: object) =>
    (
      await request.post(`${baseUrl}/api/${name}`, {
        data: { data },
        headers: { authorization: `Bearer ${idToken}` },
      })
    ).json();
  const { result } = await call('startBankIDAuth', { personalNumber });
  await expect
    .poll(
      async () =>
        (await call('checkBankIdTransactionStatus', { transactionId: result.transactionId })).result?.status,
      BANKID_WAIT,
    )
    .toBe('complete');
  return idToken;
}

test('a place is not a ticket: someone else identifies first and takes the last one; identifying then says sold out and leads to the waiting list', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('slut');
  await page.goto(`${ONE_TICKET_BASE_URL}/sv/`);
  await page.getByRole('button', { name: sv('start.button.buy') }).click();
  await expect(page).toHaveURL(/\/sv\/memberCheck$/);
  // a place, honestly: no "reserved", no countdown, and what gets a ticket
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
  await expect(page.getByText(sv('memberCheck.place.lastTicket'))).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);

  // The visitor goes on to BankID; meanwhile someone else, who identified a moment earlier, gets the ticket.
  await fillMemberCheck(page, sv, FIXTURES.nonMember, email);
  await expect(page.getByRole('heading', { name: sv('bankId.title.auth') })).toBeFocused();
  const other = await someoneElseIdentifies(request, ONE_TICKET_BASE_URL, FIXTURES.member);
  try {
    await bankIdOnOtherDevice(page, sv, 'auth');
    // on the same screen, before any details or signing
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      sv('memberCheck.soldOut.title'),
      BANKID_WAIT,
    );
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
    await expect(page.getByText(sv('memberCheck.soldOut.body'))).toBeVisible();
    await expect(page.getByRole('timer')).toHaveCount(0);
    await page.getByRole('button', { name: sv('memberCheck.soldOut.join') }).click();
    await expect(page).toHaveURL(/\/sv\/toQueue$/);
    await expect(page.getByLabel(sv('toQueue.email.label'), { exact: true })).toHaveValue(email);
    await page.getByLabel(sv('toQueue.firstName.label'), { exact: true }).fill('Erik');
    await page.getByLabel(sv('toQueue.lastName.label'), { exact: true }).fill('Holm');
    await page.getByRole('button', { name: sv('toQueue.join') }).click();
    await expect(page).toHaveURL(/\/sv\/inQueue$/);
  } finally {
    // the other person lets the ticket go, so a retry of this test finds it again
    await request.post(`${ONE_TICKET_BASE_URL}/api/deregisterClient`, {
      data: { data: {} },
      headers: { authorization: `Bearer ${other}` },
    });
  }
});

test('reserved at identification, the countdown starts, the visitor signs and gets the ticket', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('reserverad');
  const personalNumber = randomAdultPersonalNumber();
  await holdTicket(page, sv);
  await expect(page.getByText(sv('memberCheck.place.notYet'))).toBeVisible();
  await expect(page.getByRole('timer')).toHaveCount(0);
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
  await expect(page.getByText(sv('reservation.reserved'))).toBeVisible();
  await expect(page.getByRole('banner').getByRole('timer')).toBeVisible();
  await completeBecomeMember(page, sv);
  await signWithAccountByHand(page, sv);
  await bankIdOnOtherDevice(page, sv, 'sign');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
  await expect(page.getByRole('timer')).toHaveCount(0);
  const mail = await mailTo(request, email, sv('email.registeredNew.subject'));
  await expectMailFitsPhone(page, mail.html);
});
