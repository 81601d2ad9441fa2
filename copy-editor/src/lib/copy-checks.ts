import {
  COPY_VARIABLES,
  RUNTIME_COPY_VARIABLES,
  substituteCopy,
  unknownCopyVariables,
  type Lang,
} from '@concert/shared/universal';

/** What a screen fills in at render time, shown in the preview as ⟨name⟩. */
export const RUNTIME_SAMPLES: Record<string, string> = Object.fromEntries(
  RUNTIME_COPY_VARIABLES.map((name) => [name, `⟨${name}⟩`]),
);

/** The text as visitors would see it: constants substituted, runtime values as samples. */
export function previewCopy(text: string, lang: Lang): string {
  return substituteCopy(text, lang, RUNTIME_SAMPLES);
}

/** What must be fixed before a text can be saved: left empty, or a variable nobody provides. */
export type CopyProblem = { kind: 'empty' } | { kind: 'unknownVariable'; name: string };

export function copyProblems(text: string, lang: Lang): CopyProblem[] {
  if (text.trim() === '') return [{ kind: 'empty' }];
  return unknownCopyVariables(text, lang).map((name) => ({ kind: 'unknownVariable', name }));
}

/** The variables an editor may use in a language: the constants with their values, then the runtime ones. */
export function availableVariables(lang: Lang): { name: string; value: string }[] {
  return [
    ...Object.entries(COPY_VARIABLES[lang]).map(([name, value]) => ({ name, value })),
    ...RUNTIME_COPY_VARIABLES.map((name) => ({ name, value: RUNTIME_SAMPLES[name]! })),
  ];
}
