import { ApiError, staffApi, store } from '@concert/shared/browser';
import type { CopyDraft } from '@concert/shared/api';
import { renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyPreviewBanner } from './copy-preview-banner.js';
import { copyPreviewAtom, withDrafts } from './copy-preview.js';

const copy = {
  'shell.preview.banner': 'Förhandsvisning — ej publicerat',
  'shell.preview.showing': 'Sidan visar utkast.',
  'shell.preview.unavailable': 'Logga in som textredaktör.',
};
const PUBLISHED = { 'start.title': 'Välkommen', 'start.slogan': 'Musik för alla' };
const DRAFT: CopyDraft = {
  key: 'start.title',
  sv: 'Välkommen till utkastet',
  en: 'Welcome to the draft',
  basedOn: '2025-09-01T10:00:00Z',
  savedAt: '2025-09-02T10:00:00Z',
  savedBy: 'redaktor@example.se',
};

describe('the copy preview on a visitor page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    store.set(copyPreviewAtom, 'loading');
  });

  it('for anyone but a signed-in copy admin: the published texts stay and the banner says why', async () => {
    vi.spyOn(staffApi, 'call').mockRejectedValue(new ApiError('UNAUTHENTICATED', 'noFirebaseToken'));
    expect(await withDrafts(Promise.resolve(PUBLISHED), 'sv')).toEqual(PUBLISHED);
    renderScreen(<CopyPreviewBanner onLeave={() => undefined} />, { copy });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Förhandsvisning — ej publicerat Logga in som textredaktör.',
    );
  });

  it('for a copy admin: the drafts of the page’s language over the published texts; the banner says so and leads back', async () => {
    const call = vi.spyOn(staffApi, 'call').mockResolvedValue([DRAFT] as never);
    expect(await withDrafts(Promise.resolve(PUBLISHED), 'en')).toEqual({
      'start.title': 'Welcome to the draft',
      'start.slogan': 'Musik för alla',
    });
    expect(call).toHaveBeenCalledWith('listCopyDrafts', {});
    const leave = vi.fn();
    const { user } = renderScreen(<CopyPreviewBanner onLeave={leave} />, { copy });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Förhandsvisning — ej publicerat Sidan visar utkast.',
    );
    await user.click(screen.getByRole('button', { name: 'shell.preview.exit' }));
    expect(leave).toHaveBeenCalledOnce();
  });
});
