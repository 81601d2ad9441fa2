// The door's ways besides the camera: search, a typed code, the conflicts sync found, the device's name.
import type { Translate } from '@concert/shared/browser';
import { TextField } from '@concert/shared/ui';
import type { Lang } from '@concert/shared/universal';
import { useEffect, useState, type FormEvent } from 'react';
import type { DoorResult } from './door-changes.js';
import type { Conflict, Door } from './door-engine.js';
import type { Attendee } from './door-store.js';
import { fullName, timeOf } from './door-words.js';

export function SearchSection({
  t,
  lang,
  door,
  onResult,
}: {
  t: Translate;
  lang: Lang;
  door: Door;
  onResult: (r: DoorResult) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Attendee[] | null>(null);
  const search = door.search;
  // The list changes as people come in: results follow.
  useEffect(() => {
    let current = true;
    if (query.trim().length < 2) setFound(null);
    else void search(query).then((r) => current && setFound(r));
    return () => {
      current = false;
    };
  }, [query, search, door.listSize, door.counts?.checkedIn, door.pending]);

  return (
    <section className="door-search" aria-labelledby="door-search-title">
      <h2 id="door-search-title">{t('admin.door.search.title')}</h2>
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          name="doorSearch"
          type="search"
          label={t('admin.door.search.label')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </form>
      <p role="status" className="door-search-count">
        {found &&
          (found.length === 0
            ? t('admin.door.search.none')
            : found.length === 1
              ? t('admin.door.search.countOne', { count: '1' })
              : t('admin.door.search.count', { count: String(found.length) }))}
      </p>
      {found && found.length > 0 && (
        <ul className="door-search-results">
          {found.map((a) => (
            <li key={a.ticketId}>
              <span className="door-search-name">{fullName(a)}</span>
              {a.scannedAt ? (
                <span className="door-search-in">
                  {t('admin.door.search.checkedIn', { time: timeOf(a.scannedAt, lang) })}
                  {a.device ? ` · ${a.device}` : ''}
                </span>
              ) : (
                <button
                  type="button"
                  className="button"
                  onClick={() => void door.checkInTicket(a.ticketId).then(onResult)}
                >
                  {t('admin.door.search.checkIn', { name: fullName(a) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function CodeSection({
  t,
  door,
  onResult,
}: {
  t: Translate;
  door: Door;
  onResult: (r: DoorResult) => void;
}) {
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim() || busy) return;
    setBusy(true);
    try {
      onResult(await door.checkInCode(code));
      setCode('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="door-code" aria-labelledby="door-code-title">
      <h2 id="door-code-title">{t('admin.door.code.title')}</h2>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          name="ticketCode"
          label={t('admin.door.code.label')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button" disabled={busy}>
          {t('admin.door.checkIn')}
        </button>
      </form>
    </section>
  );
}

export function Conflicts({ t, lang, conflicts }: { t: Translate; lang: Lang; conflicts: Conflict[] }) {
  return (
    <section className="door-conflicts" aria-labelledby="door-conflicts-title">
      <h2 id="door-conflicts-title">{t('admin.door.conflicts.title')}</h2>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id} className="notice">
            {t('admin.door.conflict', {
              name: fullName(c),
              firstAt: c.firstAt ? timeOf(Date.parse(c.firstAt), lang) : '–',
              firstDevice: c.firstDevice ?? '–',
              at: timeOf(Date.parse(c.at), lang),
              device: c.device,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function DeviceSection({ t, door }: { t: Translate; door: Door }) {
  const [label, setLabel] = useState(door.device.label);
  const [saved, setSaved] = useState<'idle' | 'saved' | 'failed'>('idle');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const name = label.trim();
    if (!name || name.length > 40) return;
    try {
      await door.renameDevice(name);
      setSaved('saved');
    } catch {
      setSaved('failed');
    }
  };
  return (
    <details className="door-device">
      <summary>
        {t('admin.door.device.title')}: {door.device.label}
      </summary>
      <form noValidate onSubmit={(e) => void submit(e)}>
        <TextField
          name="deviceLabel"
          label={t('admin.door.device.label')}
          maxLength={40}
          value={label}
          onChange={(e) => setLabel(e.target.value)}
        />
        <button type="submit" className="button secondary">
          {t('admin.door.device.save')}
        </button>
        <p role="status">
          {saved === 'saved' && t('admin.door.device.saved')}
          {saved === 'failed' && t('admin.door.result.error')}
        </p>
      </form>
    </details>
  );
}
