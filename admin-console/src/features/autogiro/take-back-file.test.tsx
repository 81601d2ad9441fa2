import { staffApi } from '@concert/shared/browser';
import type { AutogiroFileSummary } from '@concert/shared/api';
import { eventually, renderScreen } from '@concert/shared/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileCard } from './file-card.js';
import { TakeBackFile } from './take-back-file.js';

const file: AutogiroFileSummary = {
  id: '3f2b8c1e-4d5a-4b6c-9d7e-0a1b2c3d4e5f',
  kind: 'mandates',
  fileName: 'AG-MEDGIV-471117-20261124-1.txt',
  records: 3,
  bytes: 246,
  createdAt: '2026-11-24T09:00:00.000Z',
  createdBy: 'office@org.example',
  takenBackAt: null,
};
const copy = {
  'admin.autogiro.files.takeBackLabel': 'Ta tillbaka {{fileName}}',
  'admin.autogiro.files.takeBackConfirm': 'Ta tillbaka {{fileName}}? Bara om den aldrig laddades upp.',
  'admin.autogiro.files.takenBack': '{{fileName}} tillbaka: {{count}}',
  'admin.autogiro.files.takenBackNote': 'Tillbakatagen {{changedAt}}',
};
const at = '/admin/autogiro';

afterEach(() => vi.restoreAllMocks());

describe('TakeBackFile (issue 39: a file never uploaded)', () => {
  it('takes the file back only after the dialog is confirmed; Escape keeps it', async () => {
    const call = vi
      .spyOn(staffApi, 'call')
      .mockResolvedValue({ fileName: file.fileName, mandates: 2 } as never);
    const said: string[] = [];
    const act = vi.fn(async (_name: string, action: () => Promise<string>) => void said.push(await action()));
    const { user } = renderScreen(<TakeBackFile file={file} lang="sv" busy={false} act={act} />, {
      at,
      copy,
    });
    const opener = screen.getByRole('button', { name: `Ta tillbaka ${file.fileName}` });
    await user.click(opener);
    const dialog = screen.getByRole('alertdialog', { name: `Ta tillbaka ${file.fileName}` });
    expect(dialog).toHaveAccessibleDescription(
      `Ta tillbaka ${file.fileName}? Bara om den aldrig laddades upp.`,
    );
    expect(screen.getByRole('button', { name: 'admin.autogiro.files.takeBackKeep' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(act).not.toHaveBeenCalled();

    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'admin.autogiro.files.takeBackYes' }));
    await eventually(() => expect(said).toEqual([`${file.fileName} tillbaka: 2`]));
    expect(call).toHaveBeenCalledWith('takeBackAutogiroFile', { fileId: file.id });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a file taken back says so and offers nothing; an answer file offers nothing', () => {
    const { unmount } = renderScreen(
      <TakeBackFile
        file={{ ...file, takenBackAt: '2026-11-24T10:00:00.000Z' }}
        lang="sv"
        busy={false}
        act={vi.fn()}
      />,
      { at, copy },
    );
    expect(screen.getByText(/^Tillbakatagen /)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    renderScreen(<TakeBackFile file={{ ...file, kind: 'answer' }} lang="sv" busy={false} act={vi.fn()} />, {
      at,
      copy,
    });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('on its card, a file taken back can still be downloaded, but the demo stand-in no longer answers it', () => {
    const card = (f: AutogiroFileSummary) => (
      <ul>
        <FileCard file={f} lang="sv" standIn busy={false} act={vi.fn()} />
      </ul>
    );
    const { unmount } = renderScreen(card(file), { at, copy });
    expect(screen.getByRole('button', { name: /admin\.autogiro\.files\.standInLabel/ })).toBeInTheDocument();
    unmount();
    renderScreen(card({ ...file, takenBackAt: '2026-11-24T10:00:00.000Z' }), { at, copy });
    expect(screen.getByRole('button', { name: /admin\.autogiro\.files\.downloadLabel/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /standIn/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Ta tillbaka/ })).toBeNull();
  });
});
