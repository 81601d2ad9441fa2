import { COPY_VARIABLES, type Lang } from './constants.js';

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** Replaces `{{name}}` with the constants of the language, then with `extra` (e.g. firstName). Unknown names stay visible. */
export function substituteCopy(text: string, lang: Lang, extra: Record<string, string | number> = {}): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    if (name in extra) return String(extra[name]);
    return COPY_VARIABLES[lang][name] ?? whole;
  });
}

/** The variable names a text uses; the copy editor flags names no one provides. */
export function copyVariablesIn(text: string): string[] {
  return [...text.matchAll(VARIABLE)].map((m) => m[1]!);
}
