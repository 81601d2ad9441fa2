import { ERROR_IDS, errorMessageKey } from '@concert/shared/universal';
import { expect, test } from './fixtures.js';
import { navigateInApp, expectRendered } from './visitor-helpers.js';

test.describe('error page', () => {
  test('every error id of the catalogue renders its text, in Swedish and English', async ({
    page,
    copyOf,
  }) => {
    test.setTimeout(60_000);
    const [sv, en] = [await copyOf('sv'), await copyOf('en')];
    const visitorIds = ERROR_IDS.filter((id) => !['unauthorized_domain', 'not_copy_admin'].includes(id));
    await page.goto('/sv/error/unknownError');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('error.title'));
    // The server paints the page: the app (its router) must have taken over before navigating in it.
    await expect(page.locator('html')).toHaveAttribute('data-rendered', '/sv/error/unknownError');
    for (const [lang, t] of [
      ['sv', sv],
      ['en', en],
    ] as const) {
      for (const id of visitorIds) {
        await navigateInApp(page, `/${lang}/error/${encodeURIComponent(id)}`);
        await expect(page.getByRole('alert'), `${lang} ${id}`).toHaveText(t(errorMessageKey(id)));
      }
    }
    await expect(page.getByText(en('error.support'))).toBeVisible();
    await expect(page.getByRole('link', { name: en('error.restart') })).toHaveAttribute('href', '/en/');
  });

  test("the old product's 'Scrive failed' shows scriveFailed; an unknown id shows 'Message: id'", async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/error/Scrive%20failed');
    await expect(page.getByRole('alert')).toHaveText(sv('error.messages.scriveFailed'));
    await page.goto('/sv/error/somethingNew');
    await expect(page.getByRole('alert')).toHaveText(sv('error.unknownMessage', { id: 'somethingNew' }));
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  // One test a step: six page loads in one test outgrew its 30 s on a loaded 2-core machine.
  for (const step of [
    'becomeMember',
    'newDonationAmount',
    'autoAddBank',
    'addAutoGiro',
    'gotToken',
    'inQueue',
  ])
    test(`${step} opened without the data it needs goes to the start page with its ticket button, never to an error page (issue 29)`, async ({
      page,
      copyOf,
    }) => {
      const sv = await copyOf('sv');
      await page.goto(`/sv/${step}`);
      await expect(page).toHaveURL(/\/sv\/$/);
      await expect(page.getByRole('button', { name: sv('start.button.buy') })).toBeVisible();
    });
});

test.describe('information screens', () => {
  test('memberCheck: no Swedish personal number → specialCases#noPersonalId; accessibility seats by its link', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/memberCheck');
    // ticking it changes no page (WCAG 3.2.2): the information appears in place, with the way on as a link
    await page.getByRole('checkbox', { name: sv('memberCheck.noPersonalNumber.label') }).check();
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
    await expect(page.getByText(sv('memberCheck.noPersonalNumber.info'))).toBeVisible();
    await page.getByRole('link', { name: sv('memberCheck.noPersonalNumber.link') }).click();
    await expect(page).toHaveURL(/\/sv\/specialCases#noPersonalId$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('specialCases.noPersonalId.title'));
    await expect(page.getByText(sv('specialCases.noPersonalId.body'))).toBeVisible();
    await expect(page.getByText(sv('specialCases.contact'))).toBeVisible();
    await page.getByRole('link', { name: sv('specialCases.back') }).click();
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
    await page.getByRole('link', { name: sv('memberCheck.accessibilityLink') }).click();
    await expect(page).toHaveURL(/\/sv\/specialCases#accessibility$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('specialCases.accessibility.title'));
    await expect(page.getByText(sv('specialCases.accessibility.body'))).toBeVisible();
  });

  test('instructions: the how-to picture, the text and a way back', async ({ page, copyOf }) => {
    const en = await copyOf('en');
    await page.goto('/en/');
    await page.getByRole('link', { name: en('start.instructionsLink') }).click();
    await expect(page).toHaveURL(/\/en\/instructions$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('instructions.title'));
    const picture = page.getByRole('figure', { name: en('instructions.image.alt') });
    await expect(picture).toBeVisible();
    await expect(picture.getByRole('listitem')).toHaveText([
      en('instructions.steps.identify'),
      en('instructions.steps.details'),
      en('instructions.steps.donate'),
      en('instructions.steps.ticket'),
    ]);
    await expect(page.getByText(en('instructions.description'))).toBeVisible();
    await page.getByRole('link', { name: en('instructions.back') }).click();
    await expect(page).toHaveURL(/\/en\/$/);
  });

  test('news: the list, an article by hash, an unknown article', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/news');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('news.title'));
    // The app's own page, not the server's paint: a hash link clicked there changes the address
    // before the router listens (CI once saw the list stay).
    await expectRendered(page);
    await page
      .getByRole('link', { name: `${sv('news.readMore')}: ${sv('news.articles.lineup.title')}` })
      .click();
    await expect(page).toHaveURL(/\/sv\/news#lineup$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('news.articles.lineup.title'));
    await expect(page.getByText(sv('news.articles.lineup.body'))).toBeVisible();
    await page.goto('/sv/news#nope');
    await expect(page.getByText(sv('news.notFound'))).toBeVisible();
    await page.getByRole('link', { name: sv('news.back') }).click();
    await expect(page).toHaveURL(/\/sv\/news$/);
  });

  test('contact: validation, the sent confirmation and the e-mail fallback', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/contact');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('contact.title'));
    await page.getByRole('button', { name: sv('contact.send') }).click();
    await expect(page.getByLabel(sv('contact.email.label'), { exact: true })).toBeFocused();
    await expect(page.getByText(sv('validation.incorrectEmail'))).toBeVisible();
    await expect(page.getByText(sv('validation.requiredField'))).toBeVisible();
    await page.getByLabel(sv('contact.email.label'), { exact: true }).fill('fraga@example.se');
    await page.getByLabel(sv('contact.message.label'), { exact: true }).fill('Finns det garderob?');
    await page.getByRole('button', { name: sv('contact.send') }).click();
    await expect(page.getByText(sv('contact.sent'))).toBeVisible();
  });

  test('contact, when the message cannot be taken: says so, keeps it, and offers the e-mail app with it filled in', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.route('**/api/sendContactMessage', (route) =>
      route.fulfill({ status: 503, json: { error: { status: 'UNAVAILABLE', message: 'timeout' } } }),
    );
    await page.goto('/sv/contact');
    await page.getByLabel(sv('contact.email.label'), { exact: true }).fill('fraga@example.se');
    await page.getByLabel(sv('contact.message.label'), { exact: true }).fill('Finns det garderob?');
    await page.getByRole('button', { name: sv('contact.send') }).click();
    await expect(page.getByRole('alert')).toHaveText(sv('contact.error'), { timeout: 20_000 });
    await expect(page.getByText(sv('contact.sent'))).toHaveCount(0);
    await expect(page.getByLabel(sv('contact.message.label'), { exact: true })).toHaveValue(
      'Finns det garderob?',
    );
    await expect(page.getByRole('link', { name: sv('contact.mailtoFallback') })).toHaveAttribute(
      'href',
      /^mailto:.+@.+\?subject=.+&body=Finns%20det%20garderob%3F/,
    );
  });

  test('faq: every question with its answer, reached from the footer', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/');
    await page.getByRole('link', { name: sv('shell.footer.faq') }).click();
    await expect(page).toHaveURL(/\/sv\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('faq.title'));
    await expect(page.getByRole('heading', { level: 2, name: sv('faq.ageLimit.question') })).toBeVisible();
    await expect(page.getByText(sv('faq.fee.answer'))).toBeVisible();
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
  });

  test('the mock screens: bankID and checkCard (spinner, then on after 3 s)', async ({ page, copyOf }) => {
    const sv = await copyOf('sv');
    await page.goto('/sv/bankID');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('bankId.mock.title'));
    await expect(page.getByRole('button', { name: sv('bankId.mock.approve') })).toBeVisible();
    await page.goto('/sv/checkCard');
    await expect(page.getByText(sv('checkCard.spinner'))).toBeVisible();
    // on to gotToken, which without a booked visitor goes on to the start page
    await expect(page).toHaveURL(/\/sv\/(gotToken)?$/, { timeout: 6_000 });
  });
});

test.describe('mobile and keyboard', () => {
  test('memberCheck at 360 px: no sideways scrolling, touch targets of at least 44 px, keyboard only reaches BankID', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/sv/');
    const buy = page.getByRole('button', { name: sv('start.button.buy') });
    await expect(buy).toBeEnabled(); // the app's button, not the server-painted one (aria-disabled until then)
    await buy.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sv\/memberCheck$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const control of [
      page.getByRole('button', { name: sv('memberCheck.continue') }),
      page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true }),
      page.getByLabel(sv('memberCheck.email.label'), { exact: true }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(sv('memberCheck.personalNumber.label'), { exact: true })).toBeFocused();
    await page.keyboard.type('19900101-2344');
    await page.keyboard.press('Tab');
    await page.keyboard.type('tangent@example.se');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: sv('bankId.title.auth') })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: sv('bankId.sameDevice') })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: sv('bankId.cancel') })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: sv('memberCheck.continue') })).toBeFocused();
  });
});
