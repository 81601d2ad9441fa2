/* The attendee's ticket page's service worker: registered by the visitor flow's ticket page
 * (features/ticket/ticket-offline.ts) for /sv/ticket/ or /en/ticket/ only, so no other page goes
 * through it. Served from the site's root (the shell's public files) so that its scope needs no
 * header. It keeps the ticket page and the apps' files that page loaded in this browser's own
 * Cache Storage (the page is no-store for the HTTP caches and any CDN), so a ticket opened once
 * opens again without network: at the door, in a basement, on a saturated network. No API
 * answer passes through it; the page keeps the ticket it showed itself. */
/// <reference lib="webworker" />
/* global networkFirst -- put in by the build, see the end of this file */
const CACHE = 'concert-ticket-v1';
/** A request not answered within this long is answered from the cache, when it holds it (a crowd's network). */
const NETWORK_TIMEOUT_MS = 3000;

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('concert-ticket-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** What may be kept: this site's pages and files, never its API or the demo's simulators. */
function keepable(url) {
  return url.origin === self.location.origin && !/^\/(?:api|dev|sim)\//.test(url.pathname);
}
const keyOf = (url) => url.origin + url.pathname + url.search;

/** The page hands over what it has loaded (its first load went past the worker). */
self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'cache' || !Array.isArray(data.urls)) return;
  const port = event.ports[0];
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const results = await Promise.all(
        data.urls
          .map((u) => new URL(u, self.location.origin))
          .filter(keepable)
          .map(async (url) => {
            try {
              const response = await fetch(keyOf(url));
              if (response.ok) await cache.put(keyOf(url), response);
              return response.ok;
            } catch {
              return false;
            }
          }),
      );
      port?.postMessage({ cached: results.length > 0 && results.every(Boolean) });
    })(),
  );
});

/** Network first, so a new release or an edited text shows; the cache when offline or too slow. */
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (!keepable(url)) return;
  event.respondWith(networkFirst(CACHE, request, keyOf(url), NETWORK_TIMEOUT_MS));
});

/* networkFirst: put here by the build (shared/src/service-worker/network-first.js) */
