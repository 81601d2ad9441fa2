import type { Page } from '@playwright/test';
import { concertAmounts, expect, test } from './fixtures.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  bankIdOnThisDeviceApproved,
  completeBecomeMember,
  enterAccountByHand,
  fillMemberCheck,
  FIXTURES,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  mailTo,
  randomAdultPersonalNumber,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

// Journeys that end with a signature use made-up adults (approved on the simulator's page), so they
// can run again on the same database; the fixtures are used where only they give the outcome.
test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** memberCheck → BankID on another device → becomeMember. Fixtures complete by themselves; anyone else is approved. */
async function identifyNonMember(page: Page, sv: T, personalNumber: string, email: string) {
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  if (!(Object.values(FIXTURES) as string[]).includes(personalNumber))
    await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
}

/** autoAddBank: choose a bank and another device, fetch the accounts via BankID. */
async function fetchAccounts(page: Page, sv: T, bankName: string) {
  await page.getByLabel(sv('autoAddBank.bank.label'), { exact: true }).selectOption({ label: bankName });
  await page.getByRole('radio', { name: sv('bankId.otherDevice') }).check();
  await page.getByRole('button', { name: sv('autoAddBank.fetchAccounts') }).click();
  await expect(page.getByText(sv('autoAddBank.fetching'))).toBeVisible();
}

const field = (page: Page, t: T, key: string) => page.getByLabel(t(key), { exact: true });

test('new member with account retrieval: becomeMember → autoAddBank → addAutoGiro → gotToken, and the e-mail', async ({
  page,
  request,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const { minNewMemberAmount, kr } = await concertAmounts(request);
  const email = uniqueEmail('ny');
  const personalNumber = randomAdultPersonalNumber();
  await identifyNonMember(page, sv, personalNumber, email);
  const firstName = await field(page, sv, 'becomeMember.firstName.label').inputValue();
  await completeBecomeMember(page, sv);

  await fetchAccounts(page, sv, 'Handelsbanken');
  await expect(page.getByRole('img', { name: sv('bankId.qr.alt') })).toBeVisible();
  const accounts = page.getByRole('group', { name: sv('autoAddBank.account.label') });
  await expect(accounts.getByRole('radio')).toHaveCount(2, BANKID_WAIT);
  await expect(
    page.getByRole('heading', { name: sv('autoAddBank.account.label'), exact: true }),
  ).toBeFocused();
  // continuing without choosing an account says so
  await page.getByRole('button', { name: sv('autoAddBank.continue') }).click();
  await expect(accounts.getByText(sv('validation.requiredField'))).toBeVisible();
  const first = accounts.getByRole('radio').first();
  await first.check();
  const [clearing, account] = (await first.locator('xpath=..').locator('.account-number').innerText()).split(
    ' ',
  );
  await page.getByRole('button', { name: sv('autoAddBank.continue') }).click();

  await expect(page).toHaveURL(/\/sv\/addAutoGiro$/);
  await expect(field(page, sv, 'addAutoGiro.bank.label')).toHaveValue('Handelsbanken');
  await expect(field(page, sv, 'addAutoGiro.clearingNumber.label')).toHaveValue(clearing!);
  await expect(field(page, sv, 'addAutoGiro.accountNumber.label')).toHaveValue(account!);
  const amount = page.getByRole('group', { name: sv('addAutoGiro.amount.label') });
  await expect(amount.locator('output')).toHaveText(
    sv('addAutoGiro.amount.summary', { amount: kr(minNewMemberAmount) }),
  );
  await expect(page.getByRole('button', { name: sv('addAutoGiro.amount.decrease') })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('button', { name: sv('addAutoGiro.amount.increase') }).click();
  await page.getByRole('button', { name: sv('addAutoGiro.amount.increase') }).click();
  await expect(amount.locator('output')).toHaveText(sv('addAutoGiro.amount.summary', { amount: '170 kr' }));

  const signed = page.waitForRequest((r) => r.url().endsWith('/api/startBankIDSign'));
  await page.getByRole('button', { name: sv('addAutoGiro.sign') }).click();
  await bankIdOnOtherDevice(page, sv, 'sign');
  expect((await signed).postDataJSON().data).toMatchObject({
    personalNumber,
    donationAmount: 170,
    signType: 'new',
    lang: 'sv',
    person: { firstName, email, phone: '070-123 45 67' },
    accountInfo: { bank: 'SHB', clearingNumber: clearing, accountNumber: account },
  });
  await expect(page.getByText(sv('addAutoGiro.waiting'), { exact: false })).toBeVisible();
  // while signing, what is signed cannot be changed
  await expect(field(page, sv, 'addAutoGiro.accountNumber.label')).toBeDisabled();
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('gotToken.title', { firstName }));
  await expect(page.getByText(sv('gotToken.sent', { email }))).toBeVisible();
  await mailTo(request, email, sv('email.registeredNew.subject'));
});

test('the register’s details fill becomeMember, the c/o address in front of the street; the inputs carry name, autocomplete and inputmode', async ({
  page,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  await identifyNonMember(page, sv, FIXTURES.nonMember, uniqueEmail('erik'));
  await expect(field(page, sv, 'becomeMember.firstName.label')).toHaveValue('Erik');
  await expect(field(page, sv, 'becomeMember.lastName.label')).toHaveValue('Holm');
  await expect(field(page, sv, 'becomeMember.address.label')).toHaveValue('c/o Svensson, Storgatan 5');
  await expect(field(page, sv, 'becomeMember.zipCode.label')).toHaveValue('411 38');
  await expect(field(page, sv, 'becomeMember.city.label')).toHaveValue('Göteborg');
  for (const [name, autocomplete, inputmode] of [
    ['firstName', 'given-name', 'text'],
    ['lastName', 'family-name', 'text'],
    ['phone', 'tel', 'tel'],
    ['address', 'street-address', 'text'],
    ['zipCode', 'postal-code', 'numeric'],
    ['city', 'address-level2', 'text'],
  ] as const) {
    const input = field(page, sv, `becomeMember.${name}.label`);
    await expect(input).toHaveAttribute('name', name);
    await expect(input).toHaveAttribute('autocomplete', autocomplete);
    await expect(input).toHaveAttribute('inputmode', inputmode);
  }
  await expect(page.getByRole('checkbox', { name: sv('becomeMember.consent.label') })).toHaveAttribute(
    'name',
    'consent',
  );

  // invalid input: a message per field, focus on the first invalid one
  await field(page, sv, 'becomeMember.firstName.label').fill('Er1k');
  await field(page, sv, 'becomeMember.zipCode.label').fill('41');
  await page.getByRole('button', { name: sv('becomeMember.continue') }).click();
  await expect(field(page, sv, 'becomeMember.firstName.label')).toBeFocused();
  await expect(field(page, sv, 'becomeMember.firstName.label')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(sv('validation.invalidCharacters'))).toBeVisible();
  await expect(page.getByText(sv('validation.incorrectZipCode'))).toBeVisible();
  await expect(page.getByText(sv('validation.requiredField'))).toBeVisible(); // phone
  await expect(page.getByText(sv('validation.consentRequired'))).toBeVisible();
  await field(page, sv, 'becomeMember.firstName.label').fill('Erik');
  await field(page, sv, 'becomeMember.zipCode.label').fill('411 38');
  await completeBecomeMember(page, sv, '+46 70 123 45 67');
});

for (const [who, personalNumber, bank, messageKey] of [
  ['no accounts at the bank', FIXTURES.noAccounts, 'Swedbank', 'autoAddBank.messages.noAccountsFound'],
  [
    'an active BankID session at the bank',
    FIXTURES.activeSession,
    'Nordea',
    'autoAddBank.messages.bankIdFailedActiveSession',
  ],
] as const) {
  test(`account retrieval fails, ${who}: its inline message, and the other ways on`, async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await identifyNonMember(page, sv, personalNumber, uniqueEmail('fail'));
    await completeBecomeMember(page, sv);
    await fetchAccounts(page, sv, bank);
    const message = page.getByRole('alert');
    await expect(message).toHaveText(sv(messageKey), BANKID_WAIT);
    await expect(message).toBeFocused();
    await expect(page.getByRole('button', { name: sv('autoAddBank.fetchAccounts') })).toBeEnabled();
    await enterAccountByHand(page, sv);
    await expect(field(page, sv, 'addAutoGiro.bank.label')).toHaveValue('');
  });
}

test('new member entering the account by hand → gotToken', async ({ page, request, copyOf }) => {
  const sv = await copyOf('sv');
  const personalNumber = randomAdultPersonalNumber();
  await identifyNonMember(page, sv, personalNumber, uniqueEmail('manuell'));
  const firstName = await field(page, sv, 'becomeMember.firstName.label').inputValue();
  await completeBecomeMember(page, sv);
  await enterAccountByHand(page, sv);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

  await page.getByRole('button', { name: sv('addAutoGiro.sign') }).click();
  await expect(field(page, sv, 'addAutoGiro.bank.label')).toBeFocused();
  await expect(page.getByText(sv('validation.requiredField'))).toHaveCount(3);
  await field(page, sv, 'addAutoGiro.bank.label').fill('Swedbank');
  await field(page, sv, 'addAutoGiro.clearingNumber.label').fill('8x27');
  await field(page, sv, 'addAutoGiro.accountNumber.label').fill('123 456 789-7');
  await page.getByRole('button', { name: sv('addAutoGiro.sign') }).click();
  await expect(field(page, sv, 'addAutoGiro.clearingNumber.label')).toBeFocused();
  await expect(page.getByText(sv('validation.invalidCharacters'))).toBeVisible();
  await field(page, sv, 'addAutoGiro.clearingNumber.label').fill('8327-9');

  const signed = page.waitForRequest((r) => r.url().endsWith('/api/startBankIDSign'));
  await page.getByRole('button', { name: sv('addAutoGiro.sign') }).click();
  await bankIdOnOtherDevice(page, sv, 'sign');
  expect((await signed).postDataJSON().data).toMatchObject({
    donationAmount: (await concertAmounts(request)).minNewMemberAmount,
    accountInfo: { bank: 'FSPA', clearingNumber: '8327-9', accountNumber: '123 456 789-7' },
  });
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('gotToken.title', { firstName }));
});

test('in English, end to end on this device: new member with account retrieval → gotToken and the English e-mail', async ({
  page,
  request,
  copyOf,
}) => {
  const [en, sv] = [await copyOf('en'), await copyOf('sv')];
  const { minNewMemberAmount } = await concertAmounts(request);
  const email = uniqueEmail('visitor');
  await holdTicket(page, en, 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await fillMemberCheck(page, en, randomAdultPersonalNumber(), email);
  await expect(page.getByRole('heading', { name: en('bankId.title.auth') })).toBeFocused();
  await bankIdOnThisDeviceApproved(page, en);
  await expect(page).toHaveURL(/\/en\/becomeMember$/, BANKID_WAIT);

  const firstName = await field(page, en, 'becomeMember.firstName.label').inputValue();
  expect(firstName).not.toBe('');
  await field(page, en, 'becomeMember.phone.label').fill('0701234567');
  // switching language keeps the step and what was typed
  await page.getByRole('link', { name: en('shell.header.switchLanguageLabel') }).click();
  await expect(page).toHaveURL(/\/sv\/becomeMember$/);
  await expect(field(page, sv, 'becomeMember.phone.label')).toHaveValue('0701234567');
  await page.getByRole('link', { name: sv('shell.header.switchLanguageLabel') }).click();
  await expect(page).toHaveURL(/\/en\/becomeMember$/);
  await completeBecomeMember(page, en, '0701234567');

  await field(page, en, 'autoAddBank.bank.label').selectOption({ label: 'SEB' });
  await page.getByRole('radio', { name: en('bankId.sameDevice') }).check();
  await page.getByRole('button', { name: en('autoAddBank.fetchAccounts') }).click();
  await expect(page.getByRole('link', { name: en('bankId.openApp') })).toHaveAttribute(
    'href',
    /^bankid:\/\/\/\?autostarttoken=/,
  );
  const accounts = page.getByRole('group', { name: en('autoAddBank.account.label') });
  await expect(accounts.getByRole('radio')).toHaveCount(2, BANKID_WAIT);
  await accounts.getByRole('radio').last().check();
  await page.getByRole('button', { name: en('autoAddBank.continue') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('addAutoGiro.title'));
  await expect(field(page, en, 'addAutoGiro.bank.label')).toHaveValue('SEB');
  await expect(
    page.getByText(en('addAutoGiro.amount.summary', { amount: `SEK ${minNewMemberAmount}` })),
  ).toBeVisible();
  await page.getByRole('button', { name: en('addAutoGiro.sign') }).click();
  await expect(page.getByRole('heading', { name: en('bankId.title.sign') })).toBeFocused();
  await bankIdOnThisDeviceApproved(page, en);
  await expect(page).toHaveURL(/\/en\/gotToken$/, BANKID_WAIT);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('gotToken.title', { firstName }));
  await expect(page.getByText(en('gotToken.sent', { email }))).toBeVisible();
  await mailTo(request, email, en('email.registeredNew.subject'));
});
