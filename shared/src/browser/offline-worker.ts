// Its own entry (@concert/shared/offline-worker), not the browser barrel: only the door and the
// ticket page carry it, never the shell's first load.
/**
 * A page that works without network once opened (the door, the attendee's ticket page): its
 * service worker, registered for that page's scope only, is handed what the page has loaded so
 * far (this first load went past the worker) and answers whether it kept it all. The worker
 * takes `{ type: 'cache', urls }` with a port and answers `{ cached }` on it (admin-console's
 * door-sw.js, the shell's ticket-sw.js).
 *
 * Same origin only: a worker must come from the page's origin, so a remote deployed elsewhere
 * works online only. `warm` loads now what the page would load only later (it is kept too);
 * `extra` are further addresses to keep. Answers false where there is no service worker.
 */
export async function keepOffline({
  script,
  scope,
  extra = [],
  warm,
}: {
  script: string;
  scope: string;
  extra?: readonly string[];
  warm?: () => Promise<unknown>;
}): Promise<boolean> {
  if (!('serviceWorker' in navigator)) return false;
  const url = new URL(script, document.baseURI);
  if (url.origin !== location.origin) return false;
  try {
    const registration = await navigator.serviceWorker.register(url.href, { scope });
    // Not navigator.serviceWorker.ready: it waits for a worker whose scope holds the URL this
    // document was loaded at, and that need not be the page (the door's sign-in callback).
    const worker = await activeWorker(registration);
    await warm?.().catch(() => undefined);
    const loaded = performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => new URL(u).origin === location.origin && !new URL(u).pathname.startsWith('/api/'));
    const urls = [...new Set([location.origin + location.pathname, ...loaded, ...extra])];
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
