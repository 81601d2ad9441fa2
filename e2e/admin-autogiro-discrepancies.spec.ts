import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectAccessible } from './a11y-helpers.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import {
  approveOnOtherDevice,
  BANKID_WAIT,
  bankIdOnOtherDevice,
  completeBecomeMember,
  fillMemberCheck,
  holdTicket,
  JOURNEY_TIMEOUT_MS,
  randomAdultPersonalNumber,
  signWithAccountByHand,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

test.use({ ignoreHTTPSErrors: true });
// One after the other: each writes the mandate file of every signed donor, the other's included.
test.describe.configure({ mode: 'serial', timeout: JOURNEY_TIMEOUT_MS + SIGN_IN_TIMEOUT_MS });

async function signUp(page: Page, sv: T, personalNumber: string, email: string) {
  await holdTicket(page, sv);
  await fillMemberCheck(page, sv, personalNumber, email);
  await bankIdOnOtherDevice(page, sv, 'auth');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/becomeMember$/, BANKID_WAIT);
  await completeBecomeMember(page, sv);
  await signWithAccountByHand(page, sv);
  await bankIdOnOtherDevice(page, sv, 'sign');
  await approveOnOtherDevice(page, personalNumber);
  await expect(page).toHaveURL(/\/sv\/gotToken$/, BANKID_WAIT);
}

test('an answer that does not fit the mandate’s state changes nothing and is listed for the office, who marks it done', async ({
  page,
  browser,
  baseURL,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('discrepancy');
  await signUp(page, sv, randomAdultPersonalNumber(), email);

  const office = await (
    await browser.newContext({ baseURL, locale: 'sv-SE', ignoreHTTPSErrors: true })
  ).newPage();
  await office.goto('/admin/autogiro');
  await signInAs(office, STAFF.office, sv('admin.login.signIn'));
  await expect(office).toHaveURL(/\/admin\/autogiro$/);
  const card = office.getByRole('listitem').filter({ hasText: email });

  // mandate file → the stand-in's answer → approved
  await office.getByRole('button', { name: sv('admin.autogiro.files.writeMandates') }).click();
  const written = office.getByRole('status').filter({ hasText: /AG-MEDGIV-/ });
  await expect(written).toBeVisible();
  const fileName = /AG-MEDGIV-[\w-]+\.txt/.exec((await written.textContent()) ?? '')![0];
  const [answer] = await Promise.all([
    office.waitForEvent('download'),
    office.getByRole('button', { name: sv('admin.autogiro.files.standInLabel', { fileName }) }).click(),
  ]);
  const answerBytes = await readFile((await answer.path())!);
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: 'first.txt', mimeType: 'text/plain', buffer: answerBytes });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('status').filter({ hasText: 'first.txt' })).toBeVisible();
  await expect(card).toContainText(sv('admin.autogiro.states.approved'));

  // Bankgirot approves the same mandates again (another day's file): nothing moves, each is listed
  const text = answerBytes.toString('latin1');
  const date = text.slice(24, 32);
  const again = Buffer.from(text.replace(date, String(Number(date) + 1)), 'latin1');
  await office
    .getByLabel(sv('admin.autogiro.upload.label'))
    .setInputFiles({ name: 'second.txt', mimeType: 'text/plain', buffer: again });
  await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
  await expect(office.getByRole('status').filter({ hasText: 'second.txt' })).toBeVisible();
  await expect(card).toContainText(sv('admin.autogiro.states.approved'));

  const section = office.getByRole('region', { name: sv('admin.autogiro.discrepancies.title') });
  const reason = sv('admin.autogiro.discrepancies.reasons.answerDoesNotFit', {
    state: sv('admin.autogiro.states.approved'),
  });
  const entry = section
    .getByRole('listitem')
    .filter({ hasText: reason })
    .filter({ hasText: 'second.txt' })
    .first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(
    sv('admin.autogiro.code', { code: '32', message: sv('admin.autogiro.codes.c32') }),
  );
  const payerNumber = /(\d{7,16})/.exec((await entry.textContent()) ?? '')![1]!;
  await entry
    .getByRole('button', { name: sv('admin.autogiro.discrepancies.resolveLabel', { payerNumber }) })
    .click();
  await expect(
    section
      .getByRole('listitem')
      .filter({ hasText: `${payerNumber}:` })
      .filter({ hasText: 'second.txt' }),
  ).toHaveCount(0);
});

test('the office reads every reply file: the demo payment run shows the last payment, a digital mandate and a failed cancellation are listed with what to do', async ({
  page,
  browser,
  baseURL,
  copyOf,
}) => {
  const sv = await copyOf('sv');
  const email = uniqueEmail('replies');
  const personalNumber = randomAdultPersonalNumber();
  await signUp(page, sv, personalNumber, email);

  const office = await (
    await browser.newContext({ baseURL, locale: 'sv-SE', ignoreHTTPSErrors: true })
  ).newPage();
  await office.goto('/admin/autogiro');
  await signInAs(office, STAFF.office, sv('admin.login.signIn'));
  await expect(office).toHaveURL(/\/admin\/autogiro$/);
  const card = office
    .getByRole('region', { name: sv('admin.autogiro.list.title') })
    .getByRole('listitem')
    .filter({ hasText: email });
  const upload = async (name: string, buffer: Buffer) => {
    await office
      .getByLabel(sv('admin.autogiro.upload.label'))
      .setInputFiles({ name, mimeType: 'text/plain', buffer });
    await office.getByRole('button', { name: sv('admin.autogiro.upload.submit') }).click();
    await expect(office.getByRole('status').filter({ hasText: name })).toBeVisible();
  };
  const standIn = async (label: string) => {
    const [download] = await Promise.all([
      office.waitForEvent('download'),
      office.getByRole('button', { name: label }).click(),
    ]);
    return readFile((await download.path())!);
  };

  // mandate file → the stand-in's AG-MEDAVI → approved → payment file. Tests run side by side on
  // one server: another one's file may carry this donor, so the file is found by the donor (their
  // personal number in the answer), and only the donor's own TK73 is uploaded (bytes of its own).
  const filesOf = async (kind: 'mandates' | 'payments') =>
    office.locator(`li[data-kind="${kind}"] .autogiro-file-name`).allTextContents();
  await office.getByRole('button', { name: sv('admin.autogiro.files.writeMandates') }).click();
  await expect(card).toContainText(sv('admin.autogiro.states.sent'));
  let medavi: Buffer | undefined;
  for (const fileName of await filesOf('mandates')) {
    const answer = await standIn(sv('admin.autogiro.files.standInLabel', { fileName }));
    if (answer.toString('latin1').includes(personalNumber)) {
      medavi = answer;
      break;
    }
  }
  const lines = medavi!.toString('latin1').split('\r\n');
  const mine = lines.find((l) => l.startsWith('73') && l.slice(44, 56) === personalNumber)!;
  const payerNumber = mine.slice(12, 28).replace(/^0+/, '');
  const closing = lines.find((l) => l.startsWith('09'))!;
  await upload(
    'medavi.txt',
    Buffer.from(`${lines[0]}\r\n${mine}\r\n${closing.slice(0, 14)}0000001${closing.slice(21)}\r\n`, 'latin1'),
  );
  await expect(card).toContainText(sv('admin.autogiro.states.approved'));
  await expect(card).toContainText(sv('admin.autogiro.list.noDraw'));
  await office.getByRole('button', { name: sv('admin.autogiro.files.writePayments') }).click();
  await expect(card).toContainText(sv('admin.autogiro.states.active'));
  let paymentFile = '';
  for (const fileName of await filesOf('payments')) {
    const [download] = await Promise.all([
      office.waitForEvent('download'),
      office.getByRole('button', { name: sv('admin.autogiro.files.downloadLabel', { fileName }) }).click(),
    ]);
    if (
      (await readFile((await download.path())!)).toString('latin1').includes(payerNumber.padStart(16, '0'))
    ) {
      paymentFile = fileName;
      break;
    }
  }
  expect(paymentFile).not.toBe('');

  // the stand-in answers the payment file like the bank: results, then rejections; both booked
  await upload(
    'betspec.txt',
    await standIn(sv('admin.autogiro.files.standInResultsLabel', { fileName: paymentFile })),
  );
  const rejections = await standIn(
    sv('admin.autogiro.files.standInRejectionsLabel', { fileName: paymentFile }),
  );
  // an empty one (no draw rejected) is the same bytes every run: uploaded only when it has a record
  if (rejections.toString('latin1').split('\r\n').length > 3) await upload('avvisade.txt', rejections);
  await expect(card).not.toContainText(sv('admin.autogiro.list.noDraw'));
  const outcomes = (['paid', 'insufficientFunds', 'rejected'] as const).map((r) =>
    sv(`admin.autogiro.draws.results.${r}`, { code: '02' }),
  );
  await expect(card.getByTestId('last-draw')).toContainText(new RegExp(outcomes.join('|')));
  // a standing payment rejected at reception (the stand-in rejects payer numbers ending in 7) stops the gift
  if (payerNumber.endsWith('7'))
    await expect(card).toContainText(sv('admin.autogiro.states.paymentRejected'));
  else await expect(card).toContainText(sv('admin.autogiro.list.nextDraw', { date: '' }).trim());

  // Bankgirot's other files, for this payee (bankgiro and customer number as its answer gave them)
  const opening = medavi!.toString('latin1').slice(0, 80);
  const customer = opening.slice(64, 70);
  const bankgiro = opening.slice(70, 80);
  const today = opening.slice(24, 32);
  const stranger = randomAdultPersonalNumber();
  const digital = [
    `51${today}9900${bankgiro}AG-EMEDGIV${' '.repeat(46)}`,
    `52${bankgiro}${'777777773'.padStart(16, '0')}8327${'9001234567'.padStart(12, '0')}${stranger}${' '.repeat(5)}1${' '.repeat(18)}`,
    `53${'JAG VILL GE VARJE MÅNAD'.padEnd(36)}${' '.repeat(42)}`,
    `54${'ELSA ÖSTLUND'.padEnd(72)}${' '.repeat(6)}`,
    `56${'11122'}${'STOCKHOLM'.padEnd(31)}${' '.repeat(42)}`,
    `59${today}9900${'4'.padStart(7, '0')}${' '.repeat(59)}`,
  ];
  await upload('emedgiv.txt', Buffer.from(`${digital.join('\r\n')}\r\n`, 'latin1'));
  const cancellation = [
    `01AUTOGIRO${' '.repeat(14)}${today}${' '.repeat(12)}MAKULERING/ÄNDRING  ${customer}${bankgiro}`,
    `25${today}${'777777774'.padStart(16, '0')}82${'15000'.padStart(12, '0')}REFERENS00000000${'MANADSGAVA'.padEnd(16)}13${' '.repeat(6)}`,
    `09${today}9900${' '.repeat(14)}${'0'.repeat(12)}${'0'.repeat(6)}${'0'.repeat(6)}0000${'0'.repeat(12)}${'0'.repeat(12)}`,
  ];
  await upload('makulering.txt', Buffer.from(`${cancellation.join('\r\n')}\r\n`, 'latin1'));

  const section = office.getByRole('region', { name: sv('admin.autogiro.discrepancies.title') });
  const digitalEntry = section.getByRole('listitem').filter({ hasText: '777777773' });
  await expect(digitalEntry).toContainText(sv('admin.autogiro.discrepancies.reasons.digitalMandate'));
  await expect(digitalEntry).toContainText(sv('admin.autogiro.digital.meanings.reminder1'));
  await expect(digitalEntry).toContainText(sv('admin.autogiro.digital.matched.none'));
  await expect(digitalEntry).toContainText(
    sv('admin.autogiro.digital.given', { name: 'ELSA ÖSTLUND, 11122 STOCKHOLM' }),
  );
  await expect(digitalEntry).toContainText(
    sv('admin.autogiro.digital.info', { message: 'JAG VILL GE VARJE MÅNAD' }),
  );
  await expect(digitalEntry).toContainText(sv('admin.autogiro.digital.todo'));
  await expect(digitalEntry).not.toContainText(stranger);

  const failed = section.getByRole('listitem').filter({ hasText: '777777774' });
  await expect(failed).toContainText(sv('admin.autogiro.amendments.meanings.cancellationFailed'));
  await expect(failed).toContainText(
    sv('admin.autogiro.amendments.record', {
      kind: '25',
      code: '13',
      message: sv('admin.autogiro.amendmentCodes.c13'),
    }),
  );
  await expect(failed).toContainText(sv('admin.autogiro.discrepancies.reasons.unknownPayer'));
  // the office's page with every kind listed and the last payments: axe at phone and desk widths
  await expectAccessible(office, 'autogiro with reply files read');
  await failed
    .getByRole('button', {
      name: sv('admin.autogiro.discrepancies.resolveLabel', { payerNumber: '777777774' }),
    })
    .click();
  await expect(section.getByRole('listitem').filter({ hasText: '777777774' })).toHaveCount(0);
});
