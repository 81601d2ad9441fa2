const REDACTED = '[redacted]';
/** Keys whose values are personal data whatever they look like. */
const PERSONAL_KEY = /name|address|e-?mail|personal|person|account|clearing|phone|zip|city|ssn|pnr/i;
/** Where an e-mail address ends: white space, quotes, angle brackets, brackets and list punctuation. */
const WORD_BOUNDARY = /([\s"'<>()[\]{},;]+)/;
/** Personal numbers, account numbers, phone numbers: six or more digits, possibly split by spaces, dashes or plus. */
const LONG_NUMBER = /\d(?:[\s+-]?\d){5,}/g;
/** Patterns run only on this much of a string: a client log needs no more, and the cost stays bounded. */
export const TEXT_MAX = 2000;

/** An error's class name (`name: 'TypeError'`) is not a person's name. */
const ERROR_CLASS = /^[A-Z][A-Za-z]*(Error|Exception)$/;

function isPersonalField(key: string, value: unknown): boolean {
  if (value === null || value === '' || !PERSONAL_KEY.test(key)) return false;
  return !(key === 'name' && typeof value === 'string' && ERROR_CLASS.test(value));
}

/**
 * A door code in a page address (the ticket page /{lang}/ticket/<code>, the door's /admin/scan/<code>):
 * it opens the door, so an error report from those pages never keeps it (issue 39 §11).
 */
const DOOR_CODE_IN_PATH = /\/(ticket|scan)\/[^/\s?#"'<>()]+/gi;

/**
 * Text with e-mail addresses and long numbers replaced, in time linear in its length. An
 * e-mail pattern such as `[^\s@]+@…` retries from every position of a long word without `@`,
 * which is quadratic: ten 16 KiB bodies of that shape held the event loop for seconds. So the
 * text is cut into words once, and a word with an `@` in it is redacted whole.
 */
export function redactText(text: string): string {
  const capped = text.length > TEXT_MAX ? text.slice(0, TEXT_MAX) : text;
  const words = capped.split(WORD_BOUNDARY);
  for (let i = 0; i < words.length; i += 2) if (words[i]!.includes('@')) words[i] = REDACTED;
  return words.join('').replace(LONG_NUMBER, REDACTED).replace(DOOR_CODE_IN_PATH, `/$1/${REDACTED}`);
}

/** Letters of a name (any script), and the marks, apostrophes and hyphens inside one. */
const NAME_PART = /[\p{L}\p{M}'’-]+/gu;

/**
 * A matcher of the given names (a session's first and last names, each part of a double name
 * too) as whole words, case-insensitively, in any text: undefined when there are none. Parts
 * shorter than two letters are not names to look for.
 */
export function namePattern(names: readonly string[]): RegExp | undefined {
  const parts = new Set<string>();
  for (const name of names)
    for (const part of name.normalize('NFC').match(NAME_PART) ?? [])
      for (const piece of [part, ...part.split(/[-'’]/)])
        if (piece.length >= 2) parts.add(piece.toLowerCase());
  if (parts.size === 0) return undefined;
  const alternatives = [...parts]
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
  // Whole words: no letter or mark right before or after (works for å, ä, ö, é …).
  return new RegExp(`(?<![\\p{L}\\p{M}])(?:${alternatives})(?![\\p{L}\\p{M}])`, 'giu');
}

/** Text with the names (namePattern) replaced too. */
function redactTextAndNames(text: string, names: RegExp | undefined): string {
  const redacted = redactText(text);
  return names ? redacted.normalize('NFC').replace(names, REDACTED) : redacted;
}

/**
 * A copy of a client-log body with personal data removed, bounded in depth: values of personal
 * fields, e-mail addresses and long numbers anywhere, and the `names` known for the session
 * wherever they stand (a message, a stack, any value).
 */
export function redact(value: unknown, depth = 0, names?: RegExp): unknown {
  if (depth > 6) return REDACTED;
  if (typeof value === 'string') return redactTextAndNames(value, names);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1, names));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 100)
        .map(([k, v]) => [
          names ? redactTextAndNames(k, names) : k,
          isPersonalField(k, v) ? REDACTED : redact(v, depth + 1, names),
        ]),
    );
  }
  return value;
}

/** A string of a report with the names redacted as well (message, source, url). */
export function redactString(text: string, names?: RegExp): string {
  return redactTextAndNames(text, names);
}
