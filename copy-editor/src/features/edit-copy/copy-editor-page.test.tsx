import { staffApi } from '@concert/shared/browser';
import type { CopyChange, CopyDraft, CopyRow } from '@concert/shared/api';
import { eventually, renderScreen, TEST_CONCERT_STATUS, withTestConcert } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyEditorPage } from './copy-editor-page.js';

const copy = {
  'copyEditor.count': '{{count}} av {{total}} texter',
  'copyEditor.loadError': 'Texterna kunde inte läsas: {{message}}',
  'copyEditor.historyEntry': '{{changedAt}} av {{changedBy}}',
  'copyEditor.matches': '{{count}} träffar',
  'copyEditor.matchesOne': '{{count}} träff',
  'copyEditor.draftsOnly': 'Bara utkast',
  'copyEditor.draftBy': 'Utkast sparat {{changedAt}} av {{changedBy}}',
  'copyEditor.groups.start': 'Startsidan',
  'copyEditor.groups.faq': 'Frågor och svar',
  'copyEditor.groups.email': 'E-post',
};
const at = '/admin/copy';

const ROWS: CopyRow[] = [
  { key: 'start.title', sv: 'Välkommen', en: 'Welcome', updatedAt: '2025-09-01T10:00:00Z' },
  { key: 'start.slogan', sv: 'Musik för alla', en: 'Music for all', updatedAt: '2025-09-01T10:00:00Z' },
  { key: 'faq.title', sv: 'Frågor', en: 'Questions', updatedAt: '2025-09-01T10:00:00Z' },
];
const DRAFT: CopyDraft = {
  key: 'faq.title',
  sv: 'Frågor och svar om konserten',
  en: 'Questions about the concert',
  basedOn: '2025-09-01T10:00:00Z',
  savedAt: '2025-09-03T09:15:00Z',
  savedBy: 'redaktor@example.se',
};
const CHANGE: CopyChange = {
  id: '1',
  key: 'faq.title',
  changedAt: '2025-09-02T08:30:00Z',
  changedBy: 'redaktor@example.se',
  oldSv: 'Frågor och svar',
  newSv: 'Frågor',
  oldEn: 'Q&A',
  newEn: 'Questions',
} as CopyChange;

/** An entry's edit button: "Edit" and, for screen readers, the key (jsdom drops the space browsers keep between them). */
const editButton = (key: string) => new RegExp(`^copyEditor\\.edit ?${key.replace('.', '\\.')}$`);

/** Canned API answers (no drafts unless given); the spy records what the page sent. */
type Sent = { key: string; sv: string; en: string };
function answer(answers: Record<string, (payload: Sent) => unknown>) {
  const all: Record<string, (payload: Sent) => unknown> = { listCopyDrafts: () => [], ...answers };
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name, payload) => {
    const reply = all[name];
    if (!reply) throw new Error(`no answer for ${name}`);
    return reply(payload as Sent) as never;
  });
}

describe('admin/copy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every entry under the page it is on, by the page’s name in the order visitors meet them', async () => {
    answer({
      listCopy: () => [
        ...ROWS,
        {
          key: 'email.finalTicket.subject',
          sv: 'Din biljett',
          en: 'Your ticket',
          updatedAt: ROWS[0]!.updatedAt,
        },
      ],
    });
    renderScreen(<CopyEditorPage />, { at, copy });
    const start = await screen.findByRole('region', { name: 'Startsidan' });
    expect(within(start).getAllByRole('listitem')).toHaveLength(2);
    expect(within(start).getByText('Välkommen')).toBeInTheDocument();
    expect(within(start).getByText('Welcome')).toBeInTheDocument();
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual([
      'copy-section-start',
      'copy-section-faq',
      'copy-section-email',
    ]);
    expect(screen.getByRole('region', { name: 'E-post' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Frågor och svar' })).toHaveValue('faq');
    expect(screen.getByText('4 av 4 texter')).toBeInTheDocument();
  });

  it('the search finds entries by key and by either language, and says how many: 1 träff, N träffar', async () => {
    answer({ listCopy: () => ROWS });
    const { user } = renderScreen(<CopyEditorPage />, { at, copy });
    const search = await screen.findByRole('searchbox', { name: 'copyEditor.search.label' });
    await user.type(search, 'music');
    const count = screen.getByText('1 träff');
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(search).toHaveAccessibleDescription('1 träff');
    expect(screen.getByRole('button', { name: editButton('start.slogan') })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Frågor och svar' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'välkommen');
    expect(await screen.findByText('1 träff')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'start.');
    expect(await screen.findByText('2 träffar')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('copyEditor.noResults')).toBeInTheDocument();
    expect(screen.getByText('0 träffar')).toBeInTheDocument();
  });

  describe('texts with variables (issue 40 §7): found by what visitors see, the variables marked', () => {
    // The concert's facts as the status answer gives them, never written into the test.
    const vars = TEST_CONCERT_STATUS.copyVariables!;
    const WITH_VARIABLES: CopyRow[] = [
      {
        key: 'start.facts.place',
        sv: 'Plats: {{venue}}',
        en: 'Venue: {{venue}}',
        updatedAt: ROWS[0]!.updatedAt,
      },
      {
        key: 'start.intro.open',
        sv: 'Konserten är {{concertDate}}.',
        en: 'On sale now.',
        updatedAt: ROWS[0]!.updatedAt,
      },
      {
        key: 'start.intro.closed',
        sv: 'Stängt, {{firstName}}.',
        en: 'The concert is on {{concertDate}}, from {{minAmount}}.',
        updatedAt: ROWS[0]!.updatedAt,
      },
      ...ROWS,
    ];
    const search = async (user: ReturnType<typeof renderScreen>['user'], query: string) => {
      const box = screen.getByRole('searchbox', { name: 'copyEditor.search.label' });
      await user.clear(box);
      await user.type(box, query);
    };
    const found = () =>
      screen
        .queryAllByRole('button', { name: /^copyEditor\.edit/ })
        .map((b) => b.id.replace('copy-edit-', ''))
        .sort();

    it('the search finds a text by its rendered venue, its rendered date in Swedish and in English, and by its raw text', async () => {
      withTestConcert();
      answer({ listCopy: () => WITH_VARIABLES });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      await screen.findByText('6 av 6 texter');
      await search(user, vars.sv.venue!);
      expect(found()).toEqual(['start.facts.place']);
      // Each language with its own facts: the Swedish date is in the Swedish text only, the English in the English.
      await search(user, vars.sv.concertDate!);
      expect(found()).toEqual(['start.intro.open']);
      await search(user, vars.en.concertDate!.toUpperCase());
      expect(found()).toEqual(['start.intro.closed']);
      await search(user, vars.en.minAmount!);
      expect(found()).toEqual(['start.intro.closed']);
      // The stored text as written.
      await search(user, '{{concertDate}}');
      expect(found()).toEqual(['start.intro.closed', 'start.intro.open']);
      await search(user, 'Plats:');
      expect(found()).toEqual(['start.facts.place']);
    });

    it('an amount typed with a plain space finds one the server wrote with a no-break space', async () => {
      const nbsp = { sv: { ...vars.sv, minAmount: '150\u00a0kr' }, en: vars.en };
      withTestConcert({ ...TEST_CONCERT_STATUS, copyVariables: nbsp });
      answer({ listCopy: () => [{ ...WITH_VARIABLES[0]!, sv: 'Från {{minAmount}}' }] });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      await screen.findByText('1 av 1 texter');
      await search(user, '150 kr');
      expect(found()).toEqual(['start.facts.place']);
      withTestConcert();
    });

    it('marks each variable in the list as a token of its own with what it shows now; a screen’s variable as the token alone', async () => {
      withTestConcert();
      answer({ listCopy: () => WITH_VARIABLES });
      renderScreen(<CopyEditorPage />, { at, copy });
      await screen.findByText('6 av 6 texter');
      const place = screen.getByRole('button', { name: editButton('start.facts.place') }).closest('li')!;
      const [sv, en] = within(place).getAllByRole('definition');
      for (const [dd, lang] of [
        [sv!, 'sv'],
        [en!, 'en'],
      ] as const) {
        const token = within(dd).getByText('{{venue}}');
        expect(token.tagName).toBe('CODE'); // told apart by its font and frame, not colour alone
        const chip = token.closest('.copy-variable')!;
        expect(chip).toHaveTextContent(`{{venue}} copyEditor.variableNow ${vars[lang].venue}`);
        expect(dd).toHaveAttribute('lang', lang);
      }
      const closed = screen.getByRole('button', { name: editButton('start.intro.closed') }).closest('li')!;
      const [closedSv, closedEn] = within(closed).getAllByRole('definition');
      expect(within(closedSv!).getByText('{{firstName}}').closest('.copy-variable')).toHaveTextContent(
        /^\{\{firstName\}\}$/,
      );
      expect(within(closedEn!).getByText('{{minAmount}}').closest('.copy-variable')).toHaveTextContent(
        vars.en.minAmount!,
      );
      expect(closedEn).toHaveTextContent(
        /^The concert is on \{\{concertDate\}\}.*, from \{\{minAmount\}\}.*\.$/,
      );
    });
  });

  it('a list that cannot be loaded says why and can be tried again', async () => {
    let attempt = 0;
    answer({
      listCopy: () => {
        if (attempt++ === 0) throw new Error('offline');
        return ROWS;
      },
    });
    const { user } = renderScreen(<CopyEditorPage />, { at, copy });
    const failure = 'Texterna kunde inte läsas: error.messages.unknownError';
    expect(await screen.findByText(failure)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'copyEditor.retry' }));
    expect(await screen.findByText('3 av 3 texter')).toBeInTheDocument();
    expect(screen.queryByText(failure)).not.toBeInTheDocument();
  });

  it('opens one entry for editing, with its history on demand', async () => {
    answer({ listCopy: () => ROWS, copyHistory: () => [CHANGE] });
    const { user } = renderScreen(<CopyEditorPage />, { at, copy });
    await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
    expect(screen.getByRole('textbox', { name: 'copyEditor.swedish' })).toHaveValue('Frågor');
    await user.click(screen.getByRole('button', { name: 'copyEditor.history' }));
    expect(await screen.findByText(/av redaktor@example\.se$/)).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Frågor och svar' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'copyEditor.cancel' }));
    expect(screen.getByRole('button', { name: editButton('faq.title') })).toBeInTheDocument();
  });

  describe('drafts', () => {
    const faqEditor = () => screen.getByRole('group', { name: 'copyEditor.editing' });

    it('a change saved as a draft stays unpublished, can be previewed on its page in both languages, then published in one step', async () => {
      const spy = answer({
        listCopy: () => ROWS,
        saveCopyDraft: (p) => ({ ...DRAFT, sv: p.sv, en: p.en }),
        updateCopy: (p) => ({ key: p.key, sv: p.sv, en: p.en, updatedAt: '2025-09-04T10:00:00Z' }),
      });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
      expect(within(faqEditor()).getByText('copyEditor.previewNeedsDraft')).toBeInTheDocument();
      const swedish = within(faqEditor()).getByRole('textbox', { name: 'copyEditor.swedish' });
      await user.clear(swedish);
      await user.type(swedish, 'Vanliga frågor');
      await user.click(within(faqEditor()).getByRole('button', { name: 'copyEditor.saveDraft' }));
      expect(spy).toHaveBeenCalledWith('saveCopyDraft', {
        key: 'faq.title',
        sv: 'Vanliga frågor',
        en: 'Questions',
        expectedUpdatedAt: ROWS[2]!.updatedAt,
      });
      expect(await screen.findByRole('status')).toHaveTextContent('copyEditor.draftSaved');
      expect(spy).not.toHaveBeenCalledWith('updateCopy', expect.anything());

      const previews = within(faqEditor()).getAllByRole('link', { name: /^copyEditor\.previewOnPage/ });
      expect(previews.map((a) => a.getAttribute('href'))).toEqual([
        '/sv/faq?preview=drafts',
        '/en/faq?preview=drafts',
      ]);
      expect(previews[0]).toHaveAttribute('target', '_blank');
      // A change after the save is not what the preview would show: save first.
      await user.type(swedish, '!');
      expect(within(faqEditor()).queryByRole('link', { name: /previewOnPage/ })).not.toBeInTheDocument();

      await user.click(within(faqEditor()).getByRole('button', { name: 'copyEditor.save' }));
      expect(spy).toHaveBeenCalledWith('updateCopy', {
        key: 'faq.title',
        sv: 'Vanliga frågor!',
        en: 'Questions',
        expectedUpdatedAt: ROWS[2]!.updatedAt,
      });
      expect(await screen.findByText('Vanliga frågor!')).toBeInTheDocument();
      expect(screen.queryByText('copyEditor.draft')).not.toBeInTheDocument();
    });

    it('an entry with a draft shows it in the list, publishes it from there, and narrows the list to drafts', async () => {
      const spy = answer({
        listCopy: () => ROWS,
        listCopyDrafts: () => [DRAFT],
        publishCopyDraft: () => ({
          ...ROWS[2]!,
          sv: DRAFT.sv,
          en: DRAFT.en,
          updatedAt: '2025-09-04T10:00:00Z',
        }),
      });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      const faq = await screen.findByRole('region', { name: 'Frågor och svar' });
      expect(within(faq).getByText('copyEditor.draft')).toBeInTheDocument();
      expect(within(faq).getByText(/^Utkast sparat .* av redaktor@example\.se$/)).toBeInTheDocument();
      expect(within(faq).getByText(DRAFT.sv)).toHaveAttribute('lang', 'sv');

      await user.click(screen.getByRole('checkbox', { name: 'Bara utkast (1)' }));
      expect(screen.queryByRole('region', { name: 'Startsidan' })).not.toBeInTheDocument();
      expect(screen.getByText('1 av 3 texter')).toBeInTheDocument();
      await user.click(screen.getByRole('checkbox', { name: 'Bara utkast (1)' }));

      await user.click(within(faq).getByRole('button', { name: /^copyEditor\.publishDraft ?faq\.title$/ }));
      expect(spy).toHaveBeenCalledWith('publishCopyDraft', { key: 'faq.title' });
      expect(await screen.findByRole('status')).toHaveTextContent('copyEditor.saveSuccess');
      expect(within(faq).queryByText('copyEditor.draft')).not.toBeInTheDocument();
      expect(screen.getByRole('checkbox', { name: 'Bara utkast (0)' })).toBeInTheDocument();
    });

    it('the editor opens the draft, shows the published text beside it, and a discard goes back to the published text', async () => {
      const spy = answer({
        listCopy: () => ROWS,
        listCopyDrafts: () => [DRAFT],
        discardCopyDraft: () => ({ discarded: true }),
      });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
      const swedish = within(faqEditor()).getByRole('textbox', { name: 'copyEditor.swedish' });
      expect(swedish).toHaveValue(DRAFT.sv);
      expect(within(faqEditor()).getByText('copyEditor.published')).toBeInTheDocument();
      expect(within(faqEditor()).getAllByRole('link', { name: /previewOnPage/ })).toHaveLength(2);
      expect(within(faqEditor()).queryByText('copyEditor.draftOutdated')).not.toBeInTheDocument();

      await user.click(within(faqEditor()).getByRole('button', { name: 'copyEditor.discardDraft' }));
      expect(spy).toHaveBeenCalledWith('discardCopyDraft', { key: 'faq.title' });
      expect(swedish).toHaveValue('Frågor');
      expect(await screen.findByRole('status')).toHaveTextContent('copyEditor.draftDiscarded');
      expect(
        within(faqEditor()).queryByRole('button', { name: 'copyEditor.discardDraft' }),
      ).not.toBeInTheDocument();
    });

    it('says when the text was published again after its draft was saved, and publishes that draft only after a review', async () => {
      answer({ listCopy: () => ROWS, listCopyDrafts: () => [{ ...DRAFT, basedOn: '2025-08-01T10:00:00Z' }] });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      const faq = await screen.findByRole('region', { name: 'Frågor och svar' });
      expect(within(faq).getByText('copyEditor.draftOutdated')).toBeInTheDocument();
      expect(within(faq).getByRole('button', { name: /^copyEditor\.publishDraft/ })).toBeDisabled();
      await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
      expect(within(faqEditor()).getByRole('alert')).toHaveTextContent('copyEditor.draftOutdated');
    });
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('sections start closed; the picker opens one and moves to it; a search opens those with matches; an opened entry has the focus', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener() {},
        removeEventListener() {},
      }));
      answer({ listCopy: () => ROWS });
      const { user } = renderScreen(<CopyEditorPage />, { at, copy });
      const startToggle = await screen.findByRole('button', { name: /^Startsidan/ });
      expect(startToggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('button', { name: editButton('start.title') })).not.toBeInTheDocument();

      await user.selectOptions(screen.getByRole('combobox', { name: 'copyEditor.jump.label' }), 'Startsidan');
      await eventually(() => expect(startToggle).toHaveFocus());
      expect(startToggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: /^Frågor och svar/ })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      await user.click(startToggle);
      expect(startToggle).toHaveAttribute('aria-expanded', 'false');

      await user.type(screen.getByRole('searchbox', { name: 'copyEditor.search.label' }), 'frågor');
      await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
      expect(screen.getByRole('textbox', { name: 'copyEditor.swedish' })).toHaveFocus();
    });
  });
});
