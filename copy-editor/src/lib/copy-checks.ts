import {
  CONCERT_COPY_VARIABLES,
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

/** The text as visitors would see it: constants and the current concert's facts substituted, runtime values as samples. */
export function previewCopy(text: string, lang: Lang, concertVariables: Record<string, string> = {}): string {
  return substituteCopy(text, lang, { ...concertSamples(concertVariables), ...RUNTIME_SAMPLES });
}

/** The concert's variables as the server derived them, or ⟨name⟩ while they are unknown. */
function concertSamples(concertVariables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    CONCERT_COPY_VARIABLES.map((name) => [name, concertVariables[name] ?? `⟨${name}⟩`]),
  );
}

/** What must be fixed before a text can be saved: left empty, or a variable nobody provides. */
export type CopyProblem = { kind: 'empty' } | { kind: 'unknownVariable'; name: string };

export function copyProblems(text: string, lang: Lang): CopyProblem[] {
  if (text.trim() === '') return [{ kind: 'empty' }];
  return unknownCopyVariables(text, lang).map((name) => ({ kind: 'unknownVariable', name }));
}

/** The variables an editor may use in a language: the constants and the concert's with their values, then the runtime ones. */
export function availableVariables(
  lang: Lang,
  concertVariables: Record<string, string> = {},
): { name: string; value: string }[] {
  return [
    ...Object.entries(COPY_VARIABLES[lang]).map(([name, value]) => ({ name, value })),
    ...Object.entries(concertSamples(concertVariables)).map(([name, value]) => ({ name, value })),
    ...RUNTIME_COPY_VARIABLES.map((name) => ({ name, value: RUNTIME_SAMPLES[name]! })),
  ];
}
