import { langAtom, useCopy, type Translate } from '@concert/shared/browser';
import { TextField } from '@concert/shared/ui';
import type { Lang } from '@concert/shared/universal';
import { formatStaffDateTime, formatStaffTime, sameStaffDay } from '@concert/shared/api';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useDoor, type Conflict, type DoorResult } from './door-engine.js';
import { linkManifest, prepareOffline } from './door-offline.js';
import { signal, unlockSound } from './feedback.js';
import { qrDetector, scannerAssets, startScanner, type Scanner } from './scanner.js';
import type { Attendee } from './door-store.js';

const CAMERA_KEY = 'concert.door.camera';
const THEME_KEY = 'concert.door.theme';
/** How long a verdict fills the screen before the door is "ready" again by itself. */
export const VERDICT_MS = 4000;

/**
 * admin/door: where door staff work. The camera scans QR after QR without a tap; each verdict
 * fills the screen in a colour, a word and an icon (green in, amber already with when and where,
 * red unknown, neutral grey undone), is heard and felt, and gives way to "ready" by itself after
 * VERDICT_MS, at the next scan or a tap, so nobody in line reads the previous ticket's; search by
 * name, whole e-mail or code checks in someone whose phone will not scan; undo takes back a
 * mis-scan; the count is live. Without network the page, the list and check-ins keep working
 * on the device and are synchronised when it is back.
 */
export function DoorPage() {
  const t = useCopy();
  const lang = useAtomValue(langAtom);
  const door = useDoor();
  const [shown, setShown] = useState<{ result: DoorResult; seq: number } | null>(null);
  const [offlineReady, setOfflineReady] = useState(false);
  const dark = useDoorTheme();

  const show = useCallback((result: DoorResult) => {
    setShown((old) => ({ result, seq: (old?.seq ?? 0) + 1 }));
    signal(
      result.kind === 'ok'
        ? 'ok'
        : result.kind === 'undone'
          ? 'neutral'
          : result.kind === 'already'
            ? 'already'
            : 'no',
    );
  }, []);
  const dismiss = useCallback(() => setShown(null), []);
  useEffect(() => {
    if (!shown) return;
    performance.mark('door:result');
    const timer = setTimeout(dismiss, VERDICT_MS);
    return () => clearTimeout(timer);
  }, [shown, dismiss]);

  useEffect(() => linkManifest(), []);
  useEffect(() => {
    let current = true;
    void prepareOffline(scannerAssets(), qrDetector).then((ready) => current && setOfflineReady(ready));
    return () => {
      current = false;
    };
  }, []);

  const checkInCode = useRef(door.checkInCode);
  checkInCode.current = door.checkInCode;
  const onCode = useCallback(async (text: string) => show(await checkInCode.current(text)), [show]);

  return (
    <article className="admin-page door" onPointerDown={unlockSound} onKeyDown={unlockSound}>
      <div className="door-head">
        <h1 tabIndex={-1}>{t('admin.door.title')}</h1>
        <button
          type="button"
          className="button secondary door-theme"
          aria-pressed={dark.on}
          onClick={dark.toggle}
        >
          {t('admin.door.theme.dark')}
        </button>
      </div>
      <DoorBanner door={door} t={t} />
      {/* The verdict layer covers the whole viewport (inside it at any width); a tap or "next" clears it. */}
      <div
        className={`door-verdict ${shown ? `door-verdict-shown door-verdict-${shown.result.kind}` : ''}`}
        onClick={shown ? dismiss : undefined}
        data-testid="door-verdict"
      >
        {/* There before any answer, so each answer is announced as it comes. */}
        <div
          role="status"
          aria-live="assertive"
          aria-atomic="true"
          className={`door-result door-result-${shown?.result.kind ?? 'idle'}`}
          data-testid="door-result"
        >
          {shown ? (
            <ResultView key={shown.seq} result={shown.result} t={t} lang={lang} />
          ) : (
            <p className="door-result-message">{t('admin.door.result.ready')}</p>
          )}
        </div>
        {shown && (
          <div className="door-verdict-actions" onClick={(e) => e.stopPropagation()}>
            {shown.result.kind === 'ok' && door.last && (
              <button
                type="button"
                className="button door-neutral"
                onClick={() => void door.undoLast().then(show)}
              >
                {t('admin.door.undo', { name: fullName(door.last) })}
              </button>
            )}
            <button type="button" className="button door-next" onClick={dismiss}>
              {t('admin.door.verdict.next')}
            </button>
          </div>
        )}
      </div>
      {door.last && !shown && (
        <button
          type="button"
          className="button door-neutral door-undo"
          onClick={() => void door.undoLast().then(show)}
        >
          {t('admin.door.undo', { name: fullName(door.last) })}
        </button>
      )}
      <CameraSection t={t} onCode={onCode} />
      <SearchSection t={t} lang={lang} door={door} onResult={show} />
      <CodeSection t={t} door={door} onResult={show} />
      {door.conflicts.length > 0 && <Conflicts t={t} lang={lang} conflicts={door.conflicts} />}
      <DeviceSection t={t} door={door} />
      {offlineReady && <p className="door-note">{t('admin.door.offlineReady')}</p>}
    </article>
  );
}

type Door = ReturnType<typeof useDoor>;

function DoorBanner({ door, t }: { door: Door; t: Translate }) {
  return (
    <div className={`door-banner ${door.online ? 'online' : 'offline'}`}>
      <p role="status" className="door-banner-state">
        <span>{door.online ? t('admin.door.status.online') : t('admin.door.status.offline')}</span>
        {door.pending > 0 && (
          <span> · {t('admin.door.status.pending', { count: String(door.pending) })}</span>
        )}
      </p>
      {door.counts && (
        <p className="door-count" data-testid="door-count">
          {t('admin.door.count', {
            checkedIn: String(door.counts.checkedIn),
            confirmed: String(door.counts.confirmed),
          })}
        </p>
      )}
      <p className="door-list-state">
        {door.listState === 'loading' && t('admin.door.list.loading')}
        {door.listState === 'ready' && t('admin.door.list.ready', { count: String(door.listSize) })}
        {door.listState === 'failed' && t('admin.door.list.failed')}
      </p>
    </div>
  );
}

function ResultView({ result, t, lang }: { result: DoorResult; t: Translate; lang: Lang }) {
  switch (result.kind) {
    case 'ok':
      return (
        <>
          <span className="door-result-symbol" aria-hidden="true">
            ✓
          </span>
          <p className="door-result-word">{t('admin.door.verdict.ok')}</p>
          <p className="door-result-message">{t('admin.scan.success', { firstName: result.firstName })}</p>
          <p className="door-result-name">{fullName(result)}</p>
          {result.queued && <p className="door-result-detail">{t('admin.door.result.queued')}</p>}
        </>
      );
    case 'already':
      return (
        <>
          <span className="door-result-symbol" aria-hidden="true">
            !
          </span>
          <p className="door-result-word">
            {result.device
              ? t('admin.door.result.alreadyDevice', {
                  time: timeOf(result.scannedAt, lang),
                  device: result.device,
                })
              : t('admin.door.result.already', { time: timeOf(result.scannedAt, lang) })}
          </p>
          <p className="door-result-name">{fullName(result)}</p>
        </>
      );
    case 'unknown':
      return (
        <>
          <span className="door-result-symbol" aria-hidden="true">
            ✕
          </span>
          <p className="door-result-word">{t('admin.door.result.unknown')}</p>
        </>
      );
    case 'error':
      return (
        <>
          <span className="door-result-symbol" aria-hidden="true">
            ✕
          </span>
          <p className="door-result-word">{t('admin.door.result.error')}</p>
        </>
      );
    case 'undone':
      return (
        <>
          <span className="door-result-symbol" aria-hidden="true">
            ↺
          </span>
          <p className="door-result-word">{t('admin.door.verdict.undone')}</p>
          <p className="door-result-message">{t('admin.door.result.undone', { name: fullName(result) })}</p>
        </>
      );
  }
}

function CameraSection({ t, onCode }: { t: Translate; onCode: (text: string) => Promise<void> }) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<Scanner | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'failed'>('off');

  const start = useCallback(async () => {
    if (!video.current || scanner.current) return;
    setState('starting');
    try {
      scanner.current = await startScanner(video.current, onCode, () => performance.mark('door:detected'));
      setState('on');
      remember(true);
    } catch {
      setState('failed');
    }
  }, [onCode]);
  const stop = useCallback(() => {
    scanner.current?.stop();
    scanner.current = null;
    setState('off');
    remember(false);
  }, []);

  useEffect(() => {
    // The camera comes back on by itself on a phone where it was on (a door phone reloads).
    if (recalled()) void start();
    return () => {
      scanner.current?.stop();
      scanner.current = null;
    };
  }, [start]);

  return (
    <section className="door-camera" aria-labelledby="door-camera-title">
      <h2 id="door-camera-title">{t('admin.door.camera.title')}</h2>
      <video
        ref={video}
        className={`door-video ${state === 'on' ? 'on' : ''}`}
        aria-label={t('admin.door.camera.video')}
        muted
        playsInline
      />
      {state === 'on' && <p className="door-note">{t('admin.door.camera.hint')}</p>}
      {state === 'failed' && <p className="notice">{t('admin.door.camera.failed')}</p>}
      {state === 'on' ? (
        <button type="button" className="button secondary" onClick={stop}>
          {t('admin.door.camera.stop')}
        </button>
      ) : (
        <button
          type="button"
          className="button door-camera-start"
          disabled={state === 'starting'}
          onClick={() => {
            unlockSound();
            void start();
          }}
        >
          {t('admin.door.camera.start')}
        </button>
      )}
    </section>
  );
}

function SearchSection({
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

function CodeSection({ t, door, onResult }: { t: Translate; door: Door; onResult: (r: DoorResult) => void }) {
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

function Conflicts({ t, lang, conflicts }: { t: Translate; lang: Lang; conflicts: Conflict[] }) {
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

function DeviceSection({ t, door }: { t: Translate; door: Door }) {
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

const fullName = (p: { firstName: string; lastName: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ');

/** A check-in's time: the clock only when it is today in Stockholm, else the date too (staff time). */
function timeOf(epochMs: number, _lang?: Lang): string {
  return sameStaffDay(epochMs, Date.now()) ? formatStaffTime(epochMs) : formatStaffDateTime(epochMs);
}

/**
 * The door's dark theme for a dark hall: the phone's setting (prefers-color-scheme) unless staff
 * chose on this device. Set on the whole page (the shell's colours are variables) while the
 * door is open, taken off when it closes.
 */
function useDoorTheme(): { on: boolean; toggle: () => void } {
  const [chosen, setChosen] = useState<'dark' | 'light' | null>(() => {
    try {
      const v = localStorage.getItem(THEME_KEY);
      return v === 'dark' || v === 'light' ? v : null;
    } catch {
      return null;
    }
  });
  const [systemDark, setSystemDark] = useState(
    () => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches,
  );
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = (e: MediaQueryListEvent) => setSystemDark(e.matches);
    query.addEventListener?.('change', follow);
    return () => query.removeEventListener?.('change', follow);
  }, []);
  const on = chosen ? chosen === 'dark' : systemDark;
  useEffect(() => {
    const root = document.documentElement;
    if (on) root.dataset.doorTheme = 'dark';
    else delete root.dataset.doorTheme;
    return () => {
      delete root.dataset.doorTheme;
    };
  }, [on]);
  const toggle = useCallback(() => {
    const next = on ? 'light' : 'dark';
    setChosen(next);
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      // chosen for this visit only
    }
  }, [on]);
  return { on, toggle };
}

function remember(on: boolean) {
  try {
    if (on) localStorage.setItem(CAMERA_KEY, '1');
    else localStorage.removeItem(CAMERA_KEY);
  } catch {
    // not remembered
  }
}
function recalled(): boolean {
  try {
    return localStorage.getItem(CAMERA_KEY) === '1';
  } catch {
    return false;
  }
}
