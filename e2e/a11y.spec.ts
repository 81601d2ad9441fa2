import type { Page } from '@playwright/test';
import type { Lang } from '@concert/shared/universal';
import { SOLD_OUT_BASE_URL } from '../playwright.config.js';
import { expectAccessible, pressOn, tabTo } from './a11y-helpers.js';
import { SIGN_IN_TIMEOUT_MS, signInAs, STAFF } from './admin-helpers.js';
import { expect, test } from './fixtures.js';
import {
  BANKID_WAIT,
  FIXTURES,
  JOURNEY_TIMEOUT_MS,
  randomAdultPersonalNumber,
  uniqueEmail,
  type T,
} from './visitor-helpers.js';

// WCAG 2.2 AA over every visitor state (Swedish and English) and the admin pages of the demo:
// axe at 390 and 1280 px (no serious or moderate violation, no sideways scrolling on the phone),
// and the three journeys done with the keyboard alone.

const LANGS: Lang[] = ['sv', 'en'];

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** Test mode (demo, localhost): BankID and the member register answer from the browser, so a journey needs no fixture person. */
async function testMode(page: Page, t: T, bankId: 'success', memberStatus: 'member' | 'nonMember') {
  const date = page.getByRole('banner').getByRole('button', { name: t('shell.header.date') });
  await date.click();
  const panel = page.getByRole('region', { name: t('shell.testMode.title') });
  await panel
    .getByRole('group', { name: t('shell.testMode.bankId') })
    .getByRole('radio', { name: t(`shell.testMode.${bankId}`), exact: true })
    .check();
  await panel
    .getByRole('group', { name: t('shell.testMode.memberStatus') })
    .getByRole('radio', { name: t(`shell.testMode.${memberStatus}`), exact: true })
    .check();
  await panel.getByRole('button', { name: t('shell.testMode.close') }).click();
}

for (const lang of LANGS) {
  test.describe(`visitor pages (${lang})`, () => {
    test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

    // Every page in one test and one browser context: a new context per page loaded and compiled
    // every app's scripts again (about half of each one-page test's time on a busy machine); from
    // the second page on they come from the context's cache. Each page is still loaded afresh from
    // the server (page.goto) and checked at both widths; a step per page names it in the report.
    test(`every information page passes axe (${lang})`, async ({ page }) => {
      // Eleven pages, each a few seconds on a busy machine.
      test.setTimeout(180_000);
      // No two in a row differ only by the hash: each is a new document, not a jump within one.
      for (const [path, state] of [
        ['', 'start (Open)'],
        ['news', 'news'],
        ['specialCases#noPersonalId', 'specialCases#noPersonalId'],
        ['instructions', 'instructions'],
        ['news#lineup', 'news article'],
        ['faq', 'faq'],
        ['specialCases#accessibility', 'specialCases#accessibility'],
        ['error/invalidState', 'error'],
        ['underAge', 'underAge'],
        ['bankID', 'bankID mock'],
        ['privacy', 'privacy'],
      ] as const) {
        await test.step(`${state} (${lang})`, async () => {
          await page.goto(`/${lang}/${path}`);
          await expect(h1(page)).toBeVisible();
          await expectAccessible(page, `${lang} ${state}`);
        });
      }
    });

    test(`contact and memberCheck, with their messages, pass axe; each step names the tab (${lang})`, async ({
      page,
      copyOf,
    }) => {
      const t = await copyOf(lang);
      await page.goto(`/${lang}/privacy`);
      await expect(page).toHaveTitle(`${t('privacy.title')} – ${t('shell.siteName')}`);
      await page.goto(`/${lang}/contact`);
      await expect(page.getByRole('button', { name: t('contact.send') })).toBeEnabled();
      await expectAccessible(page, `${lang} contact`);
      await page.getByRole('button', { name: t('contact.send') }).click();
      await expect(page.getByText(t('validation.requiredField'))).toBeVisible();
      await expectAccessible(page, `${lang} contact with errors`);

      await page.goto(`/${lang}/memberCheck`);
      await expect(page.getByRole('button', { name: t('memberCheck.continue') })).toBeEnabled();
      await expectAccessible(page, `${lang} memberCheck`);
      await page.getByRole('button', { name: t('memberCheck.continue') }).click();
      await expect(page.getByText(t('validation.incorrectPN'))).toBeVisible();
      await expectAccessible(page, `${lang} memberCheck with errors`);
      await page.getByLabel(t('memberCheck.personalNumber.label'), { exact: true }).fill(FIXTURES.fourteen);
      await expect(page.getByText(t('memberCheck.guardianNote'))).toBeVisible();
      await expectAccessible(page, `${lang} memberCheck under 16`);
    });

    test(`BankID's waiting states pass axe (${lang})`, async ({ page, copyOf }) => {
      const t = await copyOf(lang);
      await page.goto(`/${lang}/`);
      await page.getByRole('button', { name: t('start.button.buy') }).click();
      await page
        .getByLabel(t('memberCheck.personalNumber.label'), { exact: true })
        .fill(randomAdultPersonalNumber()); // waits for approval
      await page.getByLabel(t('memberCheck.email.label'), { exact: true }).fill(uniqueEmail('vanta'));
      await page.getByRole('button', { name: t('memberCheck.continue') }).click();
      await expect(page.getByRole('heading', { name: t('bankId.title.auth') })).toBeFocused();
      await expectAccessible(page, `${lang} BankID device choice`);
      await page.getByRole('button', { name: t('bankId.otherDevice') }).click();
      await expect(page.getByRole('img', { name: t('bankId.qr.alt') })).toBeVisible();
      await expectAccessible(page, `${lang} BankID QR, waiting`);
      await page.getByRole('button', { name: t('bankId.cancel') }).click();
      await expect(page.getByRole('button', { name: t('memberCheck.continue') })).toBeFocused();
    });

    const kr = (amount: number) => (lang === 'sv' ? `${amount} kr` : `SEK ${amount}`);

    test(`keyboard only, member: start → memberCheck → BankID → newDonationAmount → gotToken, every state passes axe (${lang})`, async ({
      page,
      copyOf,
    }) => {
      const t = await copyOf(lang);
      await page.goto(`/${lang}/`);
      const buy = page.getByRole('button', { name: t('start.button.buy') });
      await expect(buy).toBeEnabled();
      await testMode(page, t, 'success', 'member');
      await pressOn(page, buy);
      await expect(page).toHaveURL(new RegExp(`/${lang}/memberCheck$`));
      await expect(h1(page)).toBeFocused();
      await expect(page).toHaveTitle(`${t('memberCheck.title')} – ${t('shell.siteName')}`);
      await expectAccessible(page, `${lang} memberCheck (held ticket)`);

      await tabTo(page, page.getByLabel(t('memberCheck.personalNumber.label'), { exact: true }));
      await page.keyboard.type(FIXTURES.member);
      await page.keyboard.press('Tab');
      await page.keyboard.type(uniqueEmail('tangent'));
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { name: t('bankId.title.auth') })).toBeFocused();
      await pressOn(page, page.getByRole('button', { name: t('bankId.otherDevice') }));

      await expect(page).toHaveURL(new RegExp(`/${lang}/newDonationAmount$`), BANKID_WAIT);
      await expect(h1(page)).toBeFocused();
      await expect(page.getByText(t('newDonationAmount.raise.hint', { minRaise: kr(75) }))).toBeVisible();
      await expectAccessible(page, `${lang} newDonationAmount`);
      await pressOn(page, page.getByRole('button', { name: t('newDonationAmount.increase') }));
      await expect(
        page.getByText(t('newDonationAmount.monthlyTotal', { monthlyTotal: kr(285) })),
      ).toBeVisible();
      // a preset (+100 kr over the lowest), then a typed raise off the 10 kr grid: put on it, and said
      await pressOn(
        page,
        page.getByRole('group', { name: t('newDonationAmount.presets.label') }).getByRole('button', {
          name: t('newDonationAmount.raise.value', { amount: kr(175) }),
          exact: true,
        }),
      );
      await expect(
        page.getByText(t('newDonationAmount.monthlyTotal', { monthlyTotal: kr(375) })),
      ).toBeVisible();
      await tabTo(page, page.getByLabel(t('newDonationAmount.typed.label'), { exact: true }));
      await page.keyboard.type('150');
      await page.keyboard.press('Enter');
      await expect(
        page.getByText(t('newDonationAmount.monthlyTotal', { monthlyTotal: kr(355) })),
      ).toBeVisible();
      await expect(
        page.getByText(t('newDonationAmount.typed.rounded', { minRaise: kr(75), amount: kr(155) })),
      ).toBeVisible();
      await expectAccessible(page, `${lang} newDonationAmount, a typed raise put on the grid`);
      await pressOn(page, page.getByRole('button', { name: t('newDonationAmount.sign') }));
      await expect(page.getByRole('heading', { name: t('bankId.title.sign') })).toBeFocused();
      await expectAccessible(page, `${lang} BankID sign choice`);
      await pressOn(page, page.getByRole('button', { name: t('bankId.otherDevice') }));

      await expect(page).toHaveURL(new RegExp(`/${lang}/gotToken$`), BANKID_WAIT);
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} gotToken`);
    });

    test(`keyboard only, new member: becomeMember → autoAddBank → addAutoGiro → gotToken, every state passes axe (${lang})`, async ({
      page,
      copyOf,
    }) => {
      const t = await copyOf(lang);
      await page.goto(`/${lang}/`);
      const buy = page.getByRole('button', { name: t('start.button.buy') });
      await expect(buy).toBeEnabled();
      await testMode(page, t, 'success', 'nonMember'); // lives in the page: no reload after this
      await pressOn(page, buy);
      await expect(h1(page)).toBeFocused();
      await tabTo(page, page.getByLabel(t('memberCheck.personalNumber.label'), { exact: true }));
      await page.keyboard.type(FIXTURES.nonMember);
      await page.keyboard.press('Tab');
      await page.keyboard.type(uniqueEmail('ny'));
      await page.keyboard.press('Enter');
      await pressOn(page, page.getByRole('button', { name: t('bankId.otherDevice') }));

      await expect(page).toHaveURL(new RegExp(`/${lang}/becomeMember$`), BANKID_WAIT);
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} becomeMember`);
      // every field marked required, and the information the consent speaks of is one link away (and back, with what was typed)
      for (const field of ['firstName', 'lastName', 'phone', 'address', 'zipCode', 'city']) {
        await expect(page.getByLabel(t(`becomeMember.${field}.label`), { exact: true })).toHaveAttribute(
          'required',
          '',
        );
      }
      await expect(page.locator('.required-mark')).toHaveCount(6);
      await pressOn(page, page.getByRole('link', { name: t('becomeMember.consent.link') }));
      await expect(page).toHaveURL(new RegExp(`/${lang}/privacy$`));
      await expect(h1(page)).toHaveText(t('privacy.title'));
      await pressOn(page, page.getByRole('button', { name: t('privacy.back') }));
      await expect(page).toHaveURL(new RegExp(`/${lang}/becomeMember$`));
      await pressOn(page, page.getByRole('button', { name: t('becomeMember.continue') }));
      const phone = page.getByLabel(t('becomeMember.phone.label'), { exact: true });
      await expect(phone).toBeFocused();
      await expectAccessible(page, `${lang} becomeMember with errors`);
      await page.keyboard.type('070-123 45 67');
      await pressOn(page, page.getByRole('checkbox', { name: t('becomeMember.consent.label') }), 'Space');
      await expect(page.getByRole('checkbox', { name: t('becomeMember.consent.label') })).toBeChecked();
      await pressOn(page, page.getByRole('button', { name: t('becomeMember.continue') }));

      await expect(page).toHaveURL(new RegExp(`/${lang}/autoAddBank$`));
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} autoAddBank`);
      await tabTo(page, page.getByLabel(t('autoAddBank.bank.label'), { exact: true }));
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await tabTo(page, page.getByRole('radio', { name: t('bankId.sameDevice') }));
      await page.keyboard.press('ArrowDown'); // → another device
      await expect(page.getByRole('radio', { name: t('bankId.otherDevice') })).toBeChecked();
      // while BankID runs the focus stays on the button (aria-disabled), never falls to <body>: sampled at every change of the page and every 20 ms while busy
      await page.evaluate(() => {
        const w = window as unknown as { focusSamples: string[] };
        w.focusSamples = [];
        const sample = () => {
          if (document.querySelector('button[aria-busy="true"]'))
            w.focusSamples.push(document.activeElement?.tagName ?? 'none');
        };
        new MutationObserver(sample).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        setInterval(sample, 20);
      });
      await pressOn(page, page.getByRole('button', { name: t('autoAddBank.fetchAccounts') }));
      const accounts = page.getByRole('group', { name: t('autoAddBank.account.label') });
      await expect(accounts.getByRole('radio')).toHaveCount(2, BANKID_WAIT);
      await expect(
        page.getByRole('heading', { name: t('autoAddBank.account.label'), exact: true }),
      ).toBeFocused();
      const samples = await page.evaluate(
        () => (window as unknown as { focusSamples: string[] }).focusSamples,
      );
      expect(samples.length).toBeGreaterThan(0);
      expect(samples).not.toContain('BODY');
      await expectAccessible(page, `${lang} autoAddBank accounts`);
      await tabTo(page, accounts.getByRole('radio').first());
      await page.keyboard.press('Space');
      await pressOn(page, page.getByRole('button', { name: t('autoAddBank.continue') }));

      await expect(page).toHaveURL(new RegExp(`/${lang}/addAutoGiro$`));
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} addAutoGiro`);
      await pressOn(page, page.getByRole('button', { name: t('addAutoGiro.sign') }));
      await pressOn(page, page.getByRole('button', { name: t('bankId.otherDevice') }));
      await expect(page).toHaveURL(new RegExp(`/${lang}/gotToken$`), { timeout: 30_000 });
      await expect(h1(page)).toBeFocused();
    });

    test(`keyboard only, queue: sold out → toQueue → inQueue, every state passes axe (${lang})`, async ({
      page,
      copyOf,
    }) => {
      const t = await copyOf(lang);
      await page.goto(`${SOLD_OUT_BASE_URL}/${lang}/`);
      const toQueue = page.getByRole('button', { name: t('start.button.queue') });
      await expect(toQueue).toBeEnabled();
      await expectAccessible(page, `${lang} start (Queue)`);
      await pressOn(page, toQueue);
      await expect(page).toHaveURL(new RegExp(`/${lang}/toQueue$`));
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} toQueue`);
      await pressOn(page, page.getByRole('button', { name: t('toQueue.join') }));
      await expect(page.getByText(t('validation.incorrectEmail'))).toBeVisible();
      await expectAccessible(page, `${lang} toQueue with errors`);
      const email = `${'averylongaddressforthereflowcheck'.repeat(3)}@example.se`;
      await tabTo(page, page.getByLabel(t('toQueue.email.label'), { exact: true }));
      await page.keyboard.type(email);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Kim');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Köberg');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lang}/inQueue$`));
      await expect(h1(page)).toBeFocused();
      await expectAccessible(page, `${lang} inQueue`);
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    });
  });
}

test.describe('admin pages (demo)', () => {
  test.use({ ignoreHTTPSErrors: true });
  test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS * 2 });

  // Three tests, not one: each signs in on its own and they run side by side (one took 1.4–2.1 min).
  test('login, and sendEmail with a row in the outbox, pass axe; a navigation focuses the heading', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/login');
    await expect(h1(page)).toBeVisible();
    await expectAccessible(page, 'admin login');
    await signInAs(page, STAFF.editor, sv('admin.login.signIn'));
    // an e-mail in the outbox, so its table is there to check (a phone's card layout, a focusable scroll area)
    const longEmail = `${'averylongaddressforthereflowcheck'.repeat(2)}@example.se`;
    await page.goto('/admin/sendEmail');
    await page.getByLabel(sv('admin.sendEmail.email.label')).fill(longEmail);
    await page.getByLabel(sv('admin.sendEmail.name.label')).fill('Kim');
    await page.getByLabel(sv('admin.sendEmail.type.label')).selectOption('registeredNew');
    await page.getByLabel(sv('admin.sendEmail.ticketId.label')).fill('a11y-ticket');
    await page.getByRole('button', { name: sv('admin.sendEmail.submit') }).click();
    await expect(page.locator('.admin-result')).toHaveText(
      sv('admin.sendEmail.queued', { email: longEmail }),
    );
    await expect(page.getByRole('row').filter({ hasText: longEmail })).toBeVisible();
    await expectAccessible(page, 'admin sendEmail with the outbox');
    // after a navigation the new page's heading has the focus
    await page
      .getByRole('navigation')
      .getByRole('link', { name: sv('admin.nav.addManualAttendee') })
      .click();
    await expect(h1(page)).toHaveText(sv('admin.addManualAttendee.title'));
    await expect(h1(page)).toBeFocused();
  });

  test('dashboard, door, staff, manual attendee, sendEmail and scan pass axe', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/login');
    await signInAs(page, STAFF.editor, sv('admin.login.signIn'));
    for (const [path, state] of [
      ['/admin', 'admin dashboard'],
      ['/admin/door', 'admin door'],
      ['/admin/staff', 'admin staff'],
      ['/admin/addManualAttendee', 'admin addManualAttendee'],
      ['/admin/sendEmail', 'admin sendEmail'],
      ['/admin/scan/no-such-ticket-0000', 'admin scan (not found)'],
    ] as const) {
      await page.goto(path);
      await expect(h1(page)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, state);
    }
  });

  test('the copy editor passes axe, closed and with an entry open; no sideways scrolling at 320 px', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/admin/login');
    await signInAs(page, STAFF.editor, sv('admin.login.signIn'));
    await page.goto('/admin/copy');
    await expect(h1(page)).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'admin copy editor');
    // the copy editor's text areas at 320 px: no sideways scrolling
    // on a phone the sections start closed; the picker opens one, an opened entry has the focus
    const faq = page.getByRole('button', { name: new RegExp(`^${sv('copyEditor.groups.faq')}`) });
    await expect(faq).toHaveAttribute('aria-expanded', 'false');
    await page.getByLabel(sv('copyEditor.jump.label')).selectOption('faq');
    await expect(faq).toBeFocused();
    await expect(faq).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: `${sv('copyEditor.edit')} faq.title`, exact: true }).click();
    await expect(page.getByRole('textbox', { name: sv('copyEditor.swedish') })).toBeFocused();
    await expectAccessible(page, 'admin copy editor, an entry open');
    await page.setViewportSize({ width: 320, height: 700 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
