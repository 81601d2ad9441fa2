import { langAtom, useCopy, type Translate } from '@concert/shared/browser';
import type { Lang } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CameraSection } from './camera-section.js';
import { useDoor, type Door } from './door-engine.js';
import type { DoorResult } from './door-changes.js';
import { linkManifest, prepareOffline } from './door-offline.js';
import { CodeSection, Conflicts, DeviceSection, SearchSection } from './door-sections.js';
import { useDoorTheme } from './door-theme.js';
import { fullName, timeOf } from './door-words.js';
import { signal, unlockSound } from './feedback.js';
import { qrDetector, scannerAssets } from './scanner.js';

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
