const REDACTED = '[redacted]';
/** Keys whose values are personal data whatever they look like. */
const PERSONAL_KEY = /name|address|e-?mail|personal|person|account|clearing|phone|zip|city|ssn|pnr/i;
const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[A-Za-z]{2,}/g;
/** Personal numbers, account numbers, phone numbers: six or more digits, possibly split by spaces, dashes or plus. */
const LONG_NUMBER = /\d(?:[\s+-]?\d){5,}/g;

/** An error's class name (`name: 'TypeError'`) is not a person's name. */
const ERROR_CLASS = /^[A-Z][A-Za-z]*(Error|Exception)$/;

function isPersonalField(key: string, value: unknown): boolean {
  if (value === null || value === '' || !PERSONAL_KEY.test(key)) return false;
  return !(key === 'name' && typeof value === 'string' && ERROR_CLASS.test(value));
}

export function redactText(text: string): string {
  return text.replace(EMAIL, REDACTED).replace(LONG_NUMBER, REDACTED);
}

/** A copy of a client-log body with personal data removed, bounded in depth. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return REDACTED;
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).slice(0, 100).map(([k, v]) => [k, isPersonalField(k, v) ? REDACTED : redact(v, depth + 1)]),
    );
  }
  return value;
}
