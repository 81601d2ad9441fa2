import { doorCodeOf, doorHash } from '@concert/shared/door';
import type { Attendee } from './door-store.js';

/** The list as the door holds it: the salt of its hashed codes and e-mails, the attendees by ticket id. */
export interface DoorList {
  salt: string | null;
  attendees: ReadonlyMap<string, Attendee>;
}

/** The attendee whose door code this is (the list has only keyed hashes of the codes). */
export async function attendeeByCode(
  { salt, attendees }: DoorList,
  code: string,
): Promise<Attendee | undefined> {
  if (!salt) return undefined;
  const hash = await doorHash(salt, 'code', code);
  for (const a of attendees.values()) if (a.codeHash === hash) return a;
  return undefined;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Type-ahead over the list: names (accents and case ignored), a whole e-mail address or a whole code. */
export async function searchList(list: DoorList, query: string): Promise<Attendee[]> {
  const q = query.trim();
  const { salt: s, attendees } = list;
  if (q.length < 2) return [];
  if (s && q.includes('@')) {
    const hash = await doorHash(s, 'email', q);
    return [...attendees.values()].filter((a) => a.emailHash === hash);
  }
  const words = fold(q).split(/\s+/).filter(Boolean);
  const byName = [...attendees.values()].filter((a) => {
    const name = fold(`${a.firstName} ${a.lastName}`);
    return words.every((w) => name.split(/[\s-]+/).some((part) => part.startsWith(w)));
  });
  if (byName.length || !s || /\s/.test(q)) return byName.slice(0, 8);
  const byCode = await attendeeByCode(list, doorCodeOf(q));
  return byCode ? [byCode] : [];
}
