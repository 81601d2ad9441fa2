/**
 * What a door device keeps (IndexedDB), in two databases:
 * - the attendee list (DOOR_LIST_DB): confirmed tickets with names and hashed codes/e-mails,
 *   personal data, deleted at logout;
 * - the queue (DOOR_QUEUE_DB): check-ins made offline (ticket ids and times, no personal
 *   data), kept at logout so none is lost before it reaches the server.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { DOOR_LIST_DB, DOOR_LIST_FORGOTTEN_EVENT, DOOR_QUEUE_DB } from '@concert/shared/door';

export interface Attendee {
  ticketId: string;
  codeHash: string;
  emailHash: string;
  firstName: string;
  lastName: string;
  /** Epoch ms of the check-in, 0 while not checked in. */
  scannedAt: number;
  device: string;
}
export interface QueuedCheckIn {
  /** The id this device gave the check-in (idempotency at sync). */
  id: string;
  ticketId: string;
  at: number;
}
interface ListMeta {
  salt: string;
  cursor: number;
  loadedAt: number;
}

interface ListSchema extends DBSchema {
  attendees: { key: string; value: Attendee };
  meta: { key: 'list'; value: ListMeta };
}
interface QueueSchema extends DBSchema {
  pending: { key: string; value: QueuedCheckIn };
}

let listDb: Promise<IDBPDatabase<ListSchema>> | undefined;
let queueDb: Promise<IDBPDatabase<QueueSchema>> | undefined;
/** Set when this page deleted the list (logout): nothing brings it back before the page leaves. */
let forgotten = false;
if (typeof window !== 'undefined')
  window.addEventListener(DOOR_LIST_FORGOTTEN_EVENT, () => {
    forgotten = true;
  });

/** A door page that starts (after a new sign-in in the same page) may keep a list again. */
export function allowList(): void {
  forgotten = false;
}

/**
 * The list's database. Only a fresh download (`create`) makes one: a read or the poll's update
 * never brings back a list a logout deleted, here or in another tab (the poll runs every 3 s
 * until the page leaves; opening a deleted database would silently create it again, empty or not).
 */
function openList(create = false): Promise<IDBPDatabase<ListSchema>> {
  if (forgotten) return Promise.reject(new Error('door list forgotten'));
  const opening = (listDb ??= openDB<ListSchema>(DOOR_LIST_DB, 1, {
    upgrade(db, _oldVersion, _newVersion, tx) {
      // Aborting the first upgrade leaves no database behind.
      if (!create) return tx.abort();
      db.createObjectStore('attendees', { keyPath: 'ticketId' });
      db.createObjectStore('meta');
    },
    // A logout elsewhere deletes the list: let go so the deletion is not blocked, and keep no
    // list again until a door page starts (a download meanwhile would bring the names back).
    blocking() {
      forgotten = true;
      void listDb?.then((db) => db.close());
      listDb = undefined;
    },
    terminated() {
      listDb = undefined;
    },
  }));
  opening.catch(() => {
    if (listDb === opening) listDb = undefined;
  });
  return opening;
}
const openQueue = () =>
  (queueDb ??= openDB<QueueSchema>(DOOR_QUEUE_DB, 1, {
    upgrade(db) {
      db.createObjectStore('pending', { keyPath: 'id' });
    },
  }));

export async function readList(): Promise<{ meta: ListMeta | undefined; attendees: Attendee[] }> {
  const db = await openList();
  const [meta, attendees] = await Promise.all([db.get('meta', 'list'), db.getAll('attendees')]);
  return { meta, attendees };
}

/** Replaces the whole list (a fresh download). */
export async function writeList(meta: ListMeta, attendees: readonly Attendee[]): Promise<void> {
  const db = await openList(true);
  const tx = db.transaction(['attendees', 'meta'], 'readwrite');
  await tx.objectStore('attendees').clear();
  await Promise.all([
    ...attendees.map((a) => tx.objectStore('attendees').put(a)),
    tx.objectStore('meta').put(meta, 'list'),
  ]);
  await tx.done;
}

/** Check-in changes to some attendees, and the cursor they bring the list to. */
export async function updateAttendees(changed: readonly Attendee[], cursor?: number): Promise<void> {
  const db = await openList();
  const tx = db.transaction(['attendees', 'meta'], 'readwrite');
  const writes: Promise<unknown>[] = changed.map((a) => tx.objectStore('attendees').put(a));
  if (cursor !== undefined) {
    const meta = await tx.objectStore('meta').get('list');
    if (meta) writes.push(tx.objectStore('meta').put({ ...meta, cursor }, 'list'));
  }
  await Promise.all(writes);
  await tx.done;
}

export async function readQueue(): Promise<QueuedCheckIn[]> {
  return (await openQueue()).getAll('pending');
}
export async function enqueue(checkIn: QueuedCheckIn): Promise<void> {
  await (await openQueue()).put('pending', checkIn);
}
export async function dequeue(ids: readonly string[]): Promise<void> {
  const db = await openQueue();
  const tx = db.transaction('pending', 'readwrite');
  await Promise.all(ids.map((id) => tx.store.delete(id)));
  await tx.done;
}
