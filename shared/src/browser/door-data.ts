import { DOOR_LIST_DB, DOOR_LIST_FORGOTTEN_EVENT } from '../universal/door.js';

/**
 * Deletes the door's attendee list from this browser (personal data: names): at logout and when
 * the API forgets the account. The queue of offline check-ins (ticket ids and times only) stays
 * until it reaches the server. Waits at most a second (an open door tab lets go when asked).
 */
export async function forgetDoorList(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  window.dispatchEvent(new Event(DOOR_LIST_FORGOTTEN_EVENT));
  await Promise.race([
    new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(DOOR_LIST_DB);
      request.onsuccess = request.onerror = () => resolve();
    }),
    new Promise<void>((resolve) => setTimeout(resolve, 1000)),
  ]);
}
