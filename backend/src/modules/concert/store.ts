import type { Lang } from '@concert/shared/universal';
import type { ConcertCopyVariable } from '@concert/shared/api';
import type { Queryable } from '../../db/connect.js';
import { admissionTexts, concertCopyVariablesByLang, type AdmissionTexts } from './copy-variables.js';
import { concertById, publishedConcert, type StoredConcert } from './records.js';

/** The current concert and what is made from it once per change (not per request). */
export interface CurrentConcert extends StoredConcert {
  copyVariables: Record<Lang, Record<ConcertCopyVariable, string>>;
}

/**
 * The published concert, read at request time but not per request: every reader gets the copy
 * this process holds (synchronously: the status fast path and the page renderer cannot wait),
 * and a read older than `maxAgeMs` starts one refresh in the background. A save through this
 * process is seen at once (`reload`); one through another process within `maxAgeMs` (well inside
 * the 30 s the office is promised).
 */
export function createConcertStore(sql: Queryable, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const maxAgeMs = options.maxAgeMs ?? 5000;
  const now = options.now ?? Date.now;
  let held: CurrentConcert | null = null;
  let readAt = -Infinity;
  let refreshing: Promise<CurrentConcert | null> | undefined;
  const listeners = new Set<(concert: CurrentConcert | null) => void>();

  let heldAdmission = '';
  function adopt(row: StoredConcert | null, admission: AdmissionTexts): CurrentConcert | null {
    // The wordings of how you get in are copy the editors change: a new wording is a new concert copy too.
    const admissionKey = JSON.stringify(admission);
    const unchanged =
      row &&
      held &&
      row.id === held.id &&
      row.updatedAt.getTime() === held.updatedAt.getTime() &&
      admissionKey === heldAdmission;
    if (!unchanged) {
      heldAdmission = admissionKey;
      held = row ? { ...row, copyVariables: concertCopyVariablesByLang(row, admission) } : null;
      for (const listener of listeners) listener(held);
    }
    return held;
  }

  function reload(): Promise<CurrentConcert | null> {
    refreshing ??= Promise.all([publishedConcert(sql), admissionTexts(sql)])
      .then(([row, admission]) => {
        readAt = now();
        return adopt(row, admission);
      })
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  // Other concerts than the current one (an archived concert's ticket page), read at most every maxAgeMs.
  const others = new Map<number, { readAt: number; concert: Promise<CurrentConcert | null> }>();
  function other(id: number): Promise<CurrentConcert | null> {
    const kept = others.get(id);
    if (kept && now() - kept.readAt < maxAgeMs) return kept.concert;
    const concert = Promise.all([concertById(sql, id), admissionTexts(sql)]).then(([row, admission]) =>
      row ? { ...row, copyVariables: concertCopyVariablesByLang(row, admission) } : null,
    );
    if (others.size > 16) others.clear();
    others.set(id, { readAt: now(), concert });
    concert.catch(() => others.delete(id));
    return concert;
  }

  return {
    /** Reads the concert before the app serves. */
    load: reload,
    /** After a save or a publish here: read it again now. */
    reload,
    /** The concert as this process holds it; a stale copy starts a refresh (a failed one keeps the last). */
    current(): CurrentConcert | null {
      if (now() - readAt >= maxAgeMs && !refreshing) reload().catch(() => {});
      return held;
    },
    /** Any concert by its id (a ticket's, which may be archived): the current one without a query. */
    byId(id: number): Promise<CurrentConcert | null> {
      const current = this.current();
      return current?.id === id ? Promise.resolve(current) : other(id);
    },
    /** Called with the new concert whenever what this process holds changes. */
    onChange(listener: (concert: CurrentConcert | null) => void): void {
      listeners.add(listener);
    },
  };
}
export type ConcertStore = ReturnType<typeof createConcertStore>;
