import { concertAmounts, expect, test } from './fixtures.js';
import {
  BANKID_WAIT,
  bankIdOnOtherDevice,
  fillMemberCheck,
  FIXTURES,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  mailTo,
  randomAdultPersonalNumber,
  uniqueEmail,
} from './visitor-helpers.js';

test.describe('existing member', () => {
  test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

  test('raises the monthly donation by the minimum → gotToken, and the ticket e-mail arrives', async ({
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    // The member's gift (the fixture's 200 kr) and the concert's minimum raise and step.
    const { minRaise, donationStep: step, kr } = await concertAmounts(request);
    const email = uniqueEmail('maria');
    await holdTicket(page, sv);
    await fillMemberCheck(page, sv, '19850315-1238', email);
    await bankIdOnOtherDevice(page, sv, 'auth');

    await expect(page).toHaveURL(/\/sv\/newDonationAmount$/, BANKID_WAIT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('newDonationAmount.title'));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    await expect(
      page.getByText(sv('newDonationAmount.greeting', { firstName: 'Maria', currentAmount: '200 kr' })),
    ).toBeVisible();
    await expect(
      page.getByText(sv('newDonationAmount.requiredRaise', { minRaise: kr(minRaise) })),
    ).toBeVisible();
    await expect(
      page.getByText(sv('newDonationAmount.lowestDonation', { lowestAmount: kr(200 + minRaise) })),
    ).toBeVisible();

    // ±10 kr, never below the minimum raise; the monthly total follows.
    const raise = page.getByRole('group', { name: sv('newDonationAmount.raise.label') });
    const decrease = page.getByRole('button', { name: sv('newDonationAmount.decrease') });
    const increase = page.getByRole('button', { name: sv('newDonationAmount.increase') });
    await expect(raise.locator('output')).toHaveText(
      sv('newDonationAmount.raise.value', { amount: kr(minRaise) }),
    );
    await expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await expect(
      page.getByText(sv('newDonationAmount.raise.hint', { minRaise: kr(minRaise) })),
    ).toBeVisible();
    await expect(
      page.getByText(sv('newDonationAmount.minimumReached', { minRaise: kr(minRaise) })),
    ).toHaveCount(0);
    await decrease.click({ force: true }); // aria-disabled: stays focusable, changes nothing but says why
    await expect(
      page.getByText(sv('newDonationAmount.minimumReached', { minRaise: kr(minRaise) })),
    ).toBeVisible();
    await expect(
      page.getByText(sv('newDonationAmount.monthlyTotal', { monthlyTotal: kr(200 + minRaise) })),
    ).toBeVisible();
    await increase.click();
    await increase.click();
    await expect(raise.locator('output')).toHaveText(
      sv('newDonationAmount.raise.value', { amount: kr(minRaise + 2 * step) }),
    );
    await expect(
      page.getByText(sv('newDonationAmount.monthlyTotal', { monthlyTotal: kr(200 + minRaise + 2 * step) })),
    ).toBeVisible();
    await decrease.click();
    await decrease.click();
    await expect(
      page.getByText(sv('newDonationAmount.monthlyTotal', { monthlyTotal: kr(200 + minRaise) })),
    ).toBeVisible();

    await page.getByRole('button', { name: sv('newDonationAmount.sign') }).click();
    await bankIdOnOtherDevice(page, sv, 'sign');
    await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      sv('gotToken.title', { firstName: 'Maria' }),
    );
    await expect(page.getByText(sv('gotToken.sent', { email }))).toBeVisible();
    await expect(page.getByText(sv('gotToken.support'))).toBeVisible();

    const mail = await mailTo(request, email, sv('email.registeredMember.subject'));
    expect(mail.text).toContain('Maria');
  });

  test('BankID cancelled in the app (userCancel) shows the message, and the visitor can try again', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await holdTicket(page, sv);
    await fillMemberCheck(page, sv, FIXTURES.cancels, uniqueEmail('anna'));
    await bankIdOnOtherDevice(page, sv, 'auth');
    await expect(page.getByRole('alert')).toHaveText(sv('bankId.rfa6'), BANKID_WAIT);
    const tryAgain = page.getByRole('button', { name: sv('bankId.tryAgain') });
    await expect(tryAgain).toBeFocused();
    await tryAgain.click();
    // a new order: the device choice again, and the same outcome for this fixture
    await bankIdOnOtherDevice(page, sv, 'auth');
    await expect(page.getByRole('alert')).toHaveText(sv('bankId.rfa6'), BANKID_WAIT);
    // giving up returns to the form with what was typed
    await page.getByRole('button', { name: sv('bankId.cancel') }).click();
    await expect(page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true })).toHaveValue(
      FIXTURES.cancels,
    );
  });

  test('the visitor cancels a waiting BankID order: cancelBankIDSession, back to the form', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await holdTicket(page, sv);
    await fillMemberCheck(page, sv, randomAdultPersonalNumber(), uniqueEmail('wait'));
    await bankIdOnOtherDevice(page, sv, 'auth');
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: sv('bankId.rfa1') })
        .or(page.getByText(sv('bankId.waiting'))),
    ).toBeVisible();
    const qr = page.getByRole('img', { name: sv('bankId.qr.alt') });
    const firstQr = await qr.innerHTML();
    await expect.poll(() => qr.innerHTML(), { timeout: 8_000 }).not.toBe(firstQr); // refreshed from polling
    const cancelled = page.waitForResponse((r) => r.url().endsWith('/api/cancelBankIDSession'));
    await page.getByRole('button', { name: sv('bankId.cancel') }).click();
    expect((await (await cancelled).json()).result).toEqual({ cancelled: true });
    await expect(page.getByRole('button', { name: sv('memberCheck.continue') })).toBeFocused();
  });
});
