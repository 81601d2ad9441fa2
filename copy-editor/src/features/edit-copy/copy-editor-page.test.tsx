import { staffApi } from '@concert/shared/browser';
import type { CopyChange, CopyRow } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyEditorPage } from './copy-editor-page.js';

const copy = {
  'copyEditor.count': '{{count}} av {{total}} texter',
  'copyEditor.loadError': 'Texterna kunde inte läsas: {{message}}',
  'copyEditor.historyEntry': '{{changedAt}} av {{changedBy}}',
};
const at = '/admin/copy';

const ROWS: CopyRow[] = [
  { key: 'start.title', sv: 'Välkommen', en: 'Welcome', updatedAt: '2025-09-01T10:00:00Z' },
  { key: 'start.slogan', sv: 'Musik för alla', en: 'Music for all', updatedAt: '2025-09-01T10:00:00Z' },
  { key: 'faq.title', sv: 'Frågor', en: 'Questions', updatedAt: '2025-09-01T10:00:00Z' },
];
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

function answer(answers: Record<string, () => unknown>) {
  return vi.spyOn(staffApi, 'call').mockImplementation(async (name) => {
    const reply = answers[name];
    if (!reply) throw new Error(`no answer for ${name}`);
    return reply() as never;
  });
}

describe('admin/copy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists every entry under its section, with both languages', async () => {
    answer({ listCopy: () => ROWS });
    renderScreen(<CopyEditorPage />, { at, copy });
    const start = await screen.findByRole('region', { name: 'start' });
    expect(within(start).getAllByRole('listitem')).toHaveLength(2);
    expect(within(start).getByText('Välkommen')).toBeInTheDocument();
    expect(within(start).getByText('Welcome')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'faq' })).toBeInTheDocument();
    expect(screen.getByText('3 av 3 texter')).toBeInTheDocument();
  });

  it('the search finds entries by key and by either text', async () => {
    answer({ listCopy: () => ROWS });
    const { user } = renderScreen(<CopyEditorPage />, { at, copy });
    const search = await screen.findByRole('searchbox', { name: 'copyEditor.search.label' });
    await user.type(search, 'music');
    expect(await screen.findByText('1 av 3 texter')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: editButton('start.slogan') })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'faq' })).not.toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'nothing like this');
    expect(await screen.findByText('copyEditor.noResults')).toBeInTheDocument();
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
      const startToggle = await screen.findByRole('button', { name: /^start/ });
      expect(startToggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('button', { name: editButton('start.title') })).not.toBeInTheDocument();

      await user.selectOptions(screen.getByRole('combobox', { name: 'copyEditor.jump.label' }), 'start');
      await vi.waitFor(() => expect(startToggle).toHaveFocus(), { timeout: 5000 });
      expect(startToggle).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('button', { name: /^faq/ })).toHaveAttribute('aria-expanded', 'false');
      await user.click(startToggle);
      expect(startToggle).toHaveAttribute('aria-expanded', 'false');

      await user.type(screen.getByRole('searchbox', { name: 'copyEditor.search.label' }), 'frågor');
      await user.click(await screen.findByRole('button', { name: editButton('faq.title') }));
      expect(screen.getByRole('textbox', { name: 'copyEditor.swedish' })).toHaveFocus();
    });
  });
});
