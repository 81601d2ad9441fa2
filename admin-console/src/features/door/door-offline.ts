/**
 * The door page without network: a service worker (door-sw.js, part of this app's build) keeps
 * the shell, this app's files and the scanner's WebAssembly, scoped to /admin/door only, so no
 * other page (the visitors' least of all) goes through it. A web manifest makes the page
 * installable. The worker holds no personal data: no API answer is cached but the sign-in
 * configuration.
 */
import { paths } from '@concert/shared/universal';

/** Where this app's build is served from: the worker and manifest sit beside remoteEntry.js (static/, copied as they are). */
const built = (file: string) => new URL(file, new URL(__webpack_public_path__, document.baseURI)).href;

/** The scope: the door page and nothing else. */
export const DOOR_SW_SCOPE = paths.admin.door.getHref();

export function linkManifest(): () => void {
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = built('door.webmanifest');
  document.head.appendChild(link);
  return () => link.remove();
}

/**
 * Registers the worker (same origin only: a remote deployed elsewhere works online only) and
 * hands it what this page has loaded so far, so the next visit opens without network even
 * though this first load went past the worker. Answers when the page is ready offline.
 */
export async function prepareOffline(
  extra: readonly string[],
  warm: () => Promise<unknown>,
): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const script = new URL(built('door-sw.js'));
  if (script.origin !== location.origin) return false;
  try {
    const registration = await navigator.serviceWorker.register(script.href, { scope: DOOR_SW_SCOPE });
    // Not navigator.serviceWorker.ready: it waits for a worker whose scope holds the URL this
    // document was loaded at, and after sign-in that is the callback page, not the door.
    const worker = await activeWorker(registration);
    // What the page loads only later (the scanner's code and WebAssembly) is loaded now, so it is kept too.
    await warm().catch(() => undefined);
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).origin === location.origin && !new URL(u).pathname.startsWith('/api/'));
    const urls = [
      ...new Set([
        location.origin + location.pathname,
        ...loaded,
        ...extra,
        location.origin + '/api/staffAuthConfig',
      ]),
    ];
    return await new Promise<boolean>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (e: MessageEvent<{ cached: boolean }>) => resolve(e.data.cached);
      worker.postMessage({ type: 'cache', urls }, [channel.port2]);
      setTimeout(() => resolve(false), 20_000);
    });
  } catch {
    return false;
  }
}

function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (registration.active) {
        resolve(registration.active);
        return true;
      }
      return false;
    };
    if (check()) return;
    const pending = registration.installing ?? registration.waiting;
    if (!pending) return reject(new Error('no service worker'));
    pending.addEventListener('statechange', () => {
      if (pending.state === 'redundant') reject(new Error('service worker redundant'));
      else check();
    });
  });
}
