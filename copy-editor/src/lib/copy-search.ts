import type { ConcertStatusAnswer, CopyDraft, CopyRow } from '@concert/shared/api';
import { LANGS } from '@concert/shared/universal';
import { previewCopy } from './copy-checks.js';

type ConcertVariables = ConcertStatusAnswer['copyVariables'] | null | undefined;

/** Lower case, every run of white space (a no-break space in an amount or a date too) one space. */
export const searchForm = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * What the search looks through for one entry (issue 40 §7): its key, its Swedish and English
 * texts as stored (`{{venue}}`) and as visitors see them (the concert's facts and the constants
 * filled in, each language with its own: "15 september", "150 kr"), published and drafted.
 */
export function searchableText(
  row: CopyRow,
  draft: CopyDraft | undefined,
  concertVariables: ConcertVariables,
): string {
  const versions = draft ? [row, draft] : [row];
  return searchForm(
    [
      row.key,
      ...versions.flatMap((texts) =>
        LANGS.flatMap((lang) => [texts[lang], previewCopy(texts[lang], lang, concertVariables?.[lang])]),
      ),
    ].join('\n'),
  );
}
