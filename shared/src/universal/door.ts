/**
 * The door's offline attendee list keeps no door code and no e-mail address in the clear: each
 * is a salted SHA-256, cut to 96 bits, which the server computes when it sends the list and the
 * door device when staff scan a code or type a whole address. One definition for both sides.
 */
export const DOOR_HASH_CHARS = 16;

/** How a typed or scanned value is compared: codes as they are, e-mail addresses trimmed and lower-case. */
export function normaliseDoorValue(kind: 'code' | 'email', value: string): string {
  return kind === 'email' ? value.trim().toLowerCase() : value.trim();
}

export async function doorHash(salt: string, kind: 'code' | 'email', value: string): Promise<string> {
  const bytes = new TextEncoder().encode(`${salt}:${kind}:${normaliseDoorValue(kind, value)}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const b of digest.subarray(0, 12)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').slice(0, DOOR_HASH_CHARS);
}

/** The code a scanned QR carries: the ticket e-mail's QR is the scan URL (…/admin/scan/{code}); a bare code is taken as it is. */
export function doorCodeOf(scanned: string): string {
  const text = scanned.trim();
  const match = /\/admin\/scan\/([^/?#\s]+)/.exec(text);
  if (!match) return text;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return match[1]!;
  }
}

/** A check-in may be taken back this long after it was made (a mis-scan is noticed at once). */
export const UNDO_MINUTES = 10;
/** At most this many offline check-ins per sync call (the request stays far below 64 KiB). */
export const SYNC_BATCH_MAX = 200;
/** The door's attendee list comes in pages of this many. */
export const DOOR_LIST_PAGE = 500;

/** The door device's IndexedDB databases: the attendee list (personal data: deleted at logout) and the queue of offline check-ins (kept until synchronised). */
export const DOOR_LIST_DB = 'concert-door-list';
export const DOOR_QUEUE_DB = 'concert-door-queue';
/** The window event a logout sends as it deletes the list: the door page stops writing it. */
export const DOOR_LIST_FORGOTTEN_EVENT = 'concert:door-list-forgotten';
