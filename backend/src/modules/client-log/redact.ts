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
 * Text with e-mail addresses and long numbers replaced, in time linear in its length. An
 * e-mail pattern such as `[^\s@]+@…` retries from every position of a long word without `@`,
 * which is quadratic: ten 16 KiB bodies of that shape held the event loop for seconds. So the
 * text is cut into words once, and a word with an `@` in it is redacted whole.
 */
export function redactText(text: string): string {
  const capped = text.length > TEXT_MAX ? text.slice(0, TEXT_MAX) : text;
  const words = capped.split(WORD_BOUNDARY);
  for (let i = 0; i < words.length; i += 2) if (words[i]!.includes('@')) words[i] = REDACTED;
  return words.join('').replace(LONG_NUMBER, REDACTED);
}

/** A copy of a client-log body with personal data removed, bounded in depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 100)
        .map(([k, v]) => [k, isPersonalField(k, v) ? REDACTED : redact(v, depth + 1)]),
    );
  }
  return value;
}
