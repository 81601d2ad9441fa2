import type { Translate } from '@concert/shared/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { unlockSound } from './feedback.js';
import { startScanner, type Scanner } from './scanner.js';

const CAMERA_KEY = 'concert.door.camera';

/** The camera: QR after QR without a tap; it comes back on by itself where it was on. */
export function CameraSection({ t, onCode }: { t: Translate; onCode: (text: string) => Promise<void> }) {
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
