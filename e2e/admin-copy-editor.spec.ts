import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';
import { expectAccessible } from './a11y-helpers.js';
import { callStaff, SIGN_IN_TIMEOUT_MS, signInAs, STAFF, staffTokenOf } from './admin-helpers.js';

test.use({ ignoreHTTPSErrors: true });
test.describe.configure({ timeout: SIGN_IN_TIMEOUT_MS });

type T = (key: string, vars?: Record<string, string>) => string;

/** Signs the editor in at /admin/copy and returns the token the page uses, for restoring texts. */
async function openCopyEditor(page: Page, sv: T): Promise<string> {
  await page.goto('/admin/copy');
  await signInAs(page, STAFF.editor, sv('admin.login.signIn'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(sv('copyEditor.title'));
  // on a phone the sections start closed: the list is there once its sections are
  await expect(
    page.getByRole('button', { name: new RegExp(`^${sv('copyEditor.groups.start')}`) }),
  ).toBeVisible();
  return staffTokenOf(page, () => page.reload());
}

async function edit(page: Page, sv: T, key: string) {
  await page.getByLabel(sv('copyEditor.search.label')).fill(key);
  await page.getByRole('button', { name: `${sv('copyEditor.edit')} ${key}`, exact: true }).click();
  return page.getByRole('group', { name: sv('copyEditor.editing', { id: key }) });
}

/** Puts a text back as it was before the test (whatever was published meanwhile). */
async function restore(
  request: APIRequestContext,
  token: string,
  key: string,
  original: { sv: string; en: string },
) {
  const rows = (await callStaff(request, token, 'listCopy', {})).body.result as {
    key: string;
    updatedAt: string;
  }[];
  const current = rows.find((r) => r.key === key)!;
  await callStaff(request, token, 'updateCopy', { key, ...original, expectedUpdatedAt: current.updatedAt });
}

test.describe('copy editor (editor account)', () => {
  test('a saved text shows on the visitor start page on its next load', async ({ page, request, copyOf }) => {
    const sv = await copyOf('sv');
    // start.slogan is on the start page and read by no other test, so parallel tests are not disturbed.
    const key = 'start.slogan';
    const original = { sv: sv(key), en: (await copyOf('en'))(key) };
    const changed = `Testslogan ${Date.now().toString(36)}`;
    const token = await openCopyEditor(page, sv);
    try {
      const editor = await edit(page, sv, key);
      await editor.getByLabel(sv('copyEditor.swedish'), { exact: true }).fill(changed);
      await expect(
        editor.getByRole('region', { name: `${sv('copyEditor.preview')}: ${sv('copyEditor.swedish')}` }),
      ).toContainText(changed);
      await editor.getByRole('button', { name: sv('copyEditor.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: sv('copyEditor.saveSuccess') })).toBeVisible();
      // The popup goes away by itself after 3 s.
      await expect(page.getByText(sv('copyEditor.saveSuccess'))).toHaveCount(0, { timeout: 6_000 });
      await expect(page.getByText(changed)).toBeVisible();

      await page.goto('/sv/');
      await expect(page.getByText(changed)).toBeVisible();
    } finally {
      await restore(request, token, key, original);
    }
  });

  test('previews variables and flags unknown variables and an empty language before saving', async ({
    page,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    const key = 'faq.date.question';
    await openCopyEditor(page, sv);
    const editor = await edit(page, sv, key);
    const swedish = editor.getByLabel(sv('copyEditor.swedish'), { exact: true });
    await expect(swedish).toBeFocused();

    await swedish.fill('Hej {{firstName}}! Välkommen till {{venue}} {{noSuchThing}}');
    const preview = editor.getByRole('region', {
      name: `${sv('copyEditor.preview')}: ${sv('copyEditor.swedish')}`,
    });
    await expect(preview).toContainText('Hej ⟨firstName⟩! Välkommen till');
    await expect(preview).not.toContainText('{{venue}}');
    await expect(editor.getByText(sv('copyEditor.unknownVariable', { id: 'noSuchThing' }))).toBeVisible();
    await expect(swedish).toHaveAttribute('aria-invalid', 'true');

    await editor.getByLabel(sv('copyEditor.english'), { exact: true }).fill('   ');
    await expect(editor.getByText(sv('copyEditor.emptyLanguage'))).toBeVisible();

    let saved = false;
    page.on('request', (r) => r.url().endsWith('/api/updateCopy') && (saved = true));
    await editor.getByRole('button', { name: sv('copyEditor.save') }).click();
    await expect(editor.getByRole('alert')).toHaveText(sv('copyEditor.fixBeforeSaving'));
    await expect(swedish).toBeFocused();
    expect(saved).toBe(false);

    // Escape leaves without saving; the text is unchanged.
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('button', { name: `${sv('copyEditor.edit')} ${key}`, exact: true }),
    ).toBeFocused();
    await expect(page.getByText(sv(key), { exact: true })).toBeVisible();
  });

  test('a save over someone else’s change is refused; reload shows theirs; the history records both', async ({
    page,
    request,
    copyOf,
  }) => {
    const sv = await copyOf('sv');
    const key = 'faq.venue.question';
    const original = { sv: sv(key), en: (await copyOf('en'))(key) };
    const token = await openCopyEditor(page, sv);
    try {
      const editor = await edit(page, sv, key);
      // Meanwhile another copy admin saves the same entry.
      const rows = (await callStaff(request, token, 'listCopy', {})).body.result as {
        key: string;
        updatedAt: string;
      }[];
      const theirs = `Var spelar de? ${Date.now().toString(36)}`;
      const other = await callStaff(request, token, 'updateCopy', {
        key,
        sv: theirs,
        en: original.en,
        expectedUpdatedAt: rows.find((r) => r.key === key)!.updatedAt,
      });
      expect(other.status).toBe(200);

      await editor.getByLabel(sv('copyEditor.swedish'), { exact: true }).fill('Min ändring');
      await editor.getByRole('button', { name: sv('copyEditor.save') }).click();
      const conflict = editor.getByRole('alert').filter({ hasText: sv('copyEditor.conflict') });
      await expect(conflict).toBeVisible();
      await conflict.getByRole('button', { name: sv('copyEditor.reload') }).click();
      await expect(editor.getByLabel(sv('copyEditor.swedish'), { exact: true })).toHaveValue(theirs);

      await editor.getByLabel(sv('copyEditor.swedish'), { exact: true }).fill(`${theirs} – och min`);
      await editor.getByRole('button', { name: sv('copyEditor.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: sv('copyEditor.saveSuccess') })).toBeVisible();

      const again = await edit(page, sv, key);
      await again.getByRole('button', { name: sv('copyEditor.history') }).click();
      const changes = again.locator('.copy-changes > li');
      await expect(changes.nth(1)).toBeVisible();
      await expect(changes.first()).toContainText(STAFF.editor);
      await expect(changes.first()).toContainText(`${theirs} – och min`);
      await expect(changes.nth(1)).toContainText(original.sv);
      await changes
        .nth(1)
        .getByRole('button', { name: sv('copyEditor.restore') })
        .click();
      await expect(again.getByLabel(sv('copyEditor.swedish'), { exact: true })).toHaveValue(original.sv);
    } finally {
      await restore(request, token, key, original);
    }
  });

  test('draft, preview on the real page, publish: visitors see the text only once it is published', async ({
    page,
    browser,
    baseURL,
    request,
    copyOf,
  }) => {
    // A sign-in, two axe analyses and five page loads in two browsers: 48 s on a quiet 2-core
    // machine, over the describe's 60 s when the other worker runs a heavy journey beside it.
    test.setTimeout(3 * SIGN_IN_TIMEOUT_MS);
    const sv = await copyOf('sv');
    // faq.intro is on the FAQ page and read by no other test.
    const key = 'faq.intro';
    const original = { sv: sv(key), en: (await copyOf('en'))(key) };
    const draft = `Utkast till inledning ${Date.now().toString(36)}`;
    const token = await openCopyEditor(page, sv);
    // Another browser, without a staff sign-in.
    const visitorContext = await browser.newContext({ baseURL, locale: 'sv-SE' });
    const visitor = await visitorContext.newPage();
    try {
      const editor = await edit(page, sv, key);
      await editor.getByLabel(sv('copyEditor.swedish'), { exact: true }).fill(draft);
      await expect(editor.getByText(sv('copyEditor.previewNeedsDraft'))).toBeVisible();
      await editor.getByRole('button', { name: sv('copyEditor.saveDraft') }).click();
      await expect(page.getByRole('status').filter({ hasText: sv('copyEditor.draftSaved') })).toBeVisible();
      await expect(editor.getByText(sv('copyEditor.draft'), { exact: true })).toBeVisible();
      await expectAccessible(page, 'admin copy editor, a draft saved');

      // A visitor (no staff sign-in) sees the published text, even with the preview's address.
      await visitor.goto('/sv/faq?preview=drafts');
      await expect(visitor.getByText(original.sv)).toBeVisible();
      await expect(
        visitor.getByRole('status').filter({ hasText: sv('shell.preview.unavailable') }),
      ).toBeVisible();
      await expect(visitor.getByText(draft)).toHaveCount(0);

      // The copy admin previews the draft on the real page, in a new tab.
      const [preview] = await Promise.all([
        page.context().waitForEvent('page'),
        editor
          .getByRole('link', { name: `${sv('copyEditor.previewOnPage')} (${sv('copyEditor.swedish')})` })
          .click(),
      ]);
      await expect(preview).toHaveURL(/\/sv\/faq\?preview=drafts$/);
      // The new tab restores the staff sign-in (MSAL, from localStorage) before it may ask for
      // the drafts: a sign-in's bound, not a render's (7 s ran out once on a loaded machine).
      await expect(preview.getByRole('status').filter({ hasText: sv('shell.preview.banner') })).toContainText(
        sv('shell.preview.showing'),
        { timeout: SIGN_IN_TIMEOUT_MS },
      );
      await expect(preview.getByText(draft)).toBeVisible();
      await expectAccessible(preview, 'faq page in the copy preview');
      await preview.getByRole('button', { name: sv('shell.preview.exit') }).click();
      await expect(preview).toHaveURL(/\/sv\/faq$/);
      await expect(preview.getByText(original.sv)).toBeVisible();
      await expect(preview.getByText(sv('shell.preview.banner'))).toHaveCount(0);
      await preview.close();

      // Publishing is one step; then everyone sees it.
      await editor.getByRole('button', { name: sv('copyEditor.save'), exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: sv('copyEditor.saveSuccess') })).toBeVisible();
      await visitor.goto('/sv/faq');
      await expect(visitor.getByText(draft)).toBeVisible();
      expect((await callStaff(request, token, 'listCopyDrafts', {})).body.result).toEqual([]);
    } finally {
      await visitorContext.close();
      await callStaff(request, token, 'discardCopyDraft', { key });
      await restore(request, token, key, original);
    }
  });
});
