/**
 * The door device's work, online and offline: the attendee list kept on the device, check-ins
 * (on the server when it answers within a few seconds, else queued on the device and
 * synchronised later), undo, the live count (polled every 3 s: two counts and the check-ins
 * since the last poll) and the conflicts sync reports.
 */
import { ApiError } from '@concert/shared/browser';
import type { DoorCheckIn, SyncedCheckIn } from '@concert/shared/api';
import { doorCodeOf, SYNC_BATCH_MAX } from '@concert/shared/door';
import { call, isTransient } from './door-calls.js';
import {
  alreadyCheckedIn,
  changesFromPoll,
  changesFromSync,
  fetchWholeList,
  verdictOf,
  type DoorResult,
} from './door-changes.js';
import { loadDevice, saveDevice, type Device } from './door-device.js';
import { attendeeByCode, searchList } from './door-search.js';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  allowList,
  dequeue,
  enqueue,
  readList,
  readQueue,
  updateAttendees,
  writeList,
  type Attendee,
  type QueuedCheckIn,
} from './door-store.js';

export const POLL_MS = 3000;

export interface Conflict extends SyncedCheckIn {
  device: string;
}

/** What the door page works with: its state and actions (see useDoor). */
export type Door = ReturnType<typeof useDoor>;

export function useDoor() {
  const [device, setDevice] = useState<Device>(loadDevice);
  const [attendees, setAttendees] = useState<Map<string, Attendee>>(new Map());
  const [salt, setSalt] = useState<string | null>(null);
  const [listState, setListState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [pending, setPending] = useState<QueuedCheckIn[]>([]);
  const [online, setOnlineState] = useState(() => navigator.onLine);
  // Whether the server answered last time: while it does not, check-ins go to the queue at once
  // instead of waiting for a timeout each (the poll finds out when it answers again).
  const reachable = useRef(navigator.onLine);
  const setOnline = useCallback((value: boolean) => {
    reachable.current = value;
    setOnlineState(value);
  }, []);
  const lastDownload = useRef(0);
  const [counts, setCounts] = useState<{ checkedIn: number; confirmed: number } | null>(null);
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [last, setLast] = useState<{
    ticketId: string;
    firstName: string;
    lastName: string;
    queuedId?: string;
  } | null>(null);
  const cursor = useRef(0);
  const registered = useRef(false);
  const syncing = useRef(false);
  const state = useRef({ attendees, salt, device, pending });
  state.current = { attendees, salt, device, pending };

  const patch = useCallback((changed: Attendee[], newCursor?: number) => {
    if (changed.length === 0 && newCursor === undefined) return;
    setAttendees((old) => {
      const next = new Map(old);
      for (const a of changed) next.set(a.ticketId, a);
      return next;
    });
    void updateAttendees(changed, newCursor).catch(() => undefined);
  }, []);

  const ensureRegistered = useCallback(async () => {
    if (registered.current) return;
    try {
      await call('registerDoorDevice', {
        deviceId: state.current.device.id,
        label: state.current.device.label,
      });
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 'PERMISSION_DENIED')) throw err;
      // This browser's device was registered by another account (a device is bound to its
      // account): this account gets a device of its own, with the same label.
      const fresh = { id: crypto.randomUUID(), label: state.current.device.label };
      await call('registerDoorDevice', { deviceId: fresh.id, label: fresh.label });
      saveDevice(fresh);
      state.current.device = fresh;
      setDevice(fresh);
    }
    registered.current = true;
  }, []);

  /** Downloads the whole list (first time, or when the number of confirmed tickets changed). */
  const downloadList = useCallback(async () => {
    const list = await fetchWholeList(state.current.pending, state.current.device.label);
    const { rows } = list;
    await writeList({ salt: list.salt, cursor: list.cursor, loadedAt: Date.now() }, rows).catch(
      () => undefined,
    );
    cursor.current = list.cursor;
    setSalt(list.salt);
    setAttendees(new Map(rows.map((a) => [a.ticketId, a])));
    setListState('ready');
  }, []);

  /** Sends queued check-ins; conflicts are kept for staff to see. */
  const sync = useCallback(async () => {
    if (syncing.current) return;
    const queue = await readQueue();
    setPending(queue);
    if (queue.length === 0) return;
    syncing.current = true;
    try {
      await ensureRegistered();
      for (let i = 0; i < queue.length; i += SYNC_BATCH_MAX) {
        const batch = queue.slice(i, i + SYNC_BATCH_MAX);
        const { results } = await call('syncCheckIns', {
          deviceId: state.current.device.id,
          checkIns: batch,
        });
        await dequeue(results.map((r) => r.id));
        const found = results
          .filter((r) => r.outcome === 'CONFLICT')
          .map((r) => ({ ...r, device: state.current.device.label }));
        if (found.length)
          setConflicts((old) => [...found, ...old.filter((c) => !found.some((f) => f.id === c.id))]);
        patch(changesFromSync(results, state.current.attendees));
      }
      setOnline(true);
    } catch (err) {
      if (isTransient(err)) setOnline(false);
    } finally {
      syncing.current = false;
      setPending(await readQueue());
    }
  }, [ensureRegistered, patch]);

  /** The live count and other devices' check-ins since the last poll. */
  const poll = useCallback(async () => {
    try {
      const status = await call('doorStatus', { since: cursor.current });
      setOnline(true);
      setCounts({ checkedIn: status.checkedIn, confirmed: status.confirmed });
      cursor.current = status.cursor;
      patch(changesFromPoll(status.changes, state.current.attendees, state.current.pending), status.cursor);
      // New tickets (e.g. an attendee added at the door): the list again, at most once a minute.
      if (
        status.confirmed !== state.current.attendees.size &&
        status.confirmed > 0 &&
        Date.now() - lastDownload.current > 60_000
      ) {
        lastDownload.current = Date.now();
        await downloadList();
      }
      if (state.current.pending.length) await sync();
    } catch (err) {
      if (isTransient(err)) setOnline(false);
    }
  }, [downloadList, patch, sync]);

  // Start: the list and queue on the device first (usable offline at once), then the server's.
  useEffect(() => {
    let stopped = false;
    allowList();
    void (async () => {
      const [{ meta, attendees: kept }, queue] = await Promise.all([
        readList().catch(() => ({ meta: undefined, attendees: [] })),
        readQueue().catch(() => []),
      ]);
      if (stopped) return;
      setPending(queue);
      if (meta) {
        cursor.current = meta.cursor;
        setSalt(meta.salt);
        setAttendees(new Map(kept.map((a) => [a.ticketId, a])));
        setListState('ready');
      }
      try {
        await ensureRegistered();
        if (!meta) {
          lastDownload.current = Date.now();
          await downloadList();
        }
        setOnline(true);
      } catch (err) {
        if (isTransient(err)) setOnline(false);
        if (!meta) setListState('failed');
      }
      if (!stopped) await poll();
    })();
    return () => {
      stopped = true;
    };
  }, [downloadList, ensureRegistered, poll]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void poll();
    }, POLL_MS);
    const goneOnline = () => {
      setOnline(true);
      void sync().then(poll);
    };
    const goneOffline = () => setOnline(false);
    window.addEventListener('online', goneOnline);
    window.addEventListener('offline', goneOffline);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', goneOnline);
      window.removeEventListener('offline', goneOffline);
    };
  }, [poll, sync]);

  /** A check-in on the device alone (no answer from the server): decided from the list, queued. */
  const checkInHere = useCallback(
    async (attendee: Attendee | undefined): Promise<DoorResult> => {
      if (!attendee) return { kind: 'unknown' };
      if (attendee.scannedAt) return alreadyCheckedIn(attendee);
      const queued: QueuedCheckIn = { id: crypto.randomUUID(), ticketId: attendee.ticketId, at: Date.now() };
      await enqueue(queued);
      setPending((old) => [...old, queued]);
      state.current.pending = [...state.current.pending, queued];
      patch([{ ...attendee, scannedAt: queued.at, device: state.current.device.label }]);
      setLast({
        ticketId: attendee.ticketId,
        firstName: attendee.firstName,
        lastName: attendee.lastName,
        queuedId: queued.id,
      });
      return { kind: 'ok', firstName: attendee.firstName, lastName: attendee.lastName, queued: true };
    },
    [patch],
  );

  const fromServer = useCallback(
    (answer: DoorCheckIn): DoorResult => {
      const a = state.current.attendees.get(answer.ticketId);
      if (a) patch([{ ...a, scannedAt: Date.parse(answer.scannedAt), device: answer.device ?? '' }]);
      if (answer.outcome === 'OK') {
        setLast({ ticketId: answer.ticketId, firstName: answer.firstName, lastName: answer.lastName });
        setCounts((c) => c && { ...c, checkedIn: c.checkedIn + 1 });
      }
      return verdictOf(answer);
    },
    [patch],
  );

  /**
   * A check-in on the server while it can be reached: its answer, or undefined when it cannot be
   * (offline, or a transient failure): then the caller checks the ticket in on this device.
   */
  const checkInOnline = useCallback(
    async (ticket: { code: string } | { ticketId: string }): Promise<DoorResult | undefined> => {
      if (!navigator.onLine || !reachable.current) return undefined;
      try {
        await ensureRegistered();
        const answer = fromServer(await call('checkIn', { ...ticket, deviceId: state.current.device.id }));
        setOnline(true);
        return answer;
      } catch (err) {
        if (err instanceof ApiError && err.status === 'NOT_FOUND') return { kind: 'unknown' };
        if (!isTransient(err)) return { kind: 'error' };
        setOnline(false);
        return undefined;
      }
    },
    [ensureRegistered, fromServer],
  );

  /** A scanned QR or a typed code. */
  const checkInCode = useCallback(
    async (scanned: string): Promise<DoorResult> => {
      const code = doorCodeOf(scanned);
      if (!code || code.length > 200) return { kind: 'unknown' };
      return (await checkInOnline({ code })) ?? checkInHere(await attendeeByCode(state.current, code));
    },
    [checkInHere, checkInOnline],
  );

  /** Someone found by search. */
  const checkInTicket = useCallback(
    async (ticketId: string): Promise<DoorResult> =>
      (await checkInOnline({ ticketId })) ?? checkInHere(state.current.attendees.get(ticketId)),
    [checkInHere, checkInOnline],
  );

  /** Takes back the last check-in of this device: from the queue if it has not left it, else on the server. */
  const undoLast = useCallback(async (): Promise<DoorResult> => {
    if (!last) return { kind: 'error' };
    const attendee = state.current.attendees.get(last.ticketId);
    try {
      if (last.queuedId && state.current.pending.some((p) => p.id === last.queuedId)) {
        await dequeue([last.queuedId]);
        setPending((old) => old.filter((p) => p.id !== last.queuedId));
        state.current.pending = state.current.pending.filter((p) => p.id !== last.queuedId);
      } else {
        await call('undoCheckIn', { ticketId: last.ticketId, deviceId: state.current.device.id });
        setCounts((c) => c && { ...c, checkedIn: Math.max(0, c.checkedIn - 1) });
      }
    } catch {
      return { kind: 'error' };
    }
    if (attendee) patch([{ ...attendee, scannedAt: 0, device: '' }]);
    setLast(null);
    return { kind: 'undone', firstName: last.firstName, lastName: last.lastName };
  }, [last, patch]);

  const renameDevice = useCallback(async (label: string) => {
    const next = { ...state.current.device, label };
    await call('registerDoorDevice', { deviceId: next.id, label });
    saveDevice(next);
    setDevice(next);
  }, []);

  /** Type-ahead over the list: names (accents and case ignored), a whole e-mail address or a whole code. */
  const search = useCallback((query: string): Promise<Attendee[]> => searchList(state.current, query), []);

  // While offline the count is the device's own view: the list's check-ins (queued ones included).
  const localCount = useMemo(() => {
    let checkedIn = 0;
    for (const a of attendees.values()) if (a.scannedAt) checkedIn++;
    return { checkedIn, confirmed: attendees.size };
  }, [attendees]);

  return {
    device,
    renameDevice,
    listState,
    listSize: attendees.size,
    pending: pending.length,
    online,
    counts: online && counts ? counts : listState === 'ready' ? localCount : counts,
    conflicts,
    last,
    checkInCode,
    checkInTicket,
    undoLast,
    search,
  };
}
