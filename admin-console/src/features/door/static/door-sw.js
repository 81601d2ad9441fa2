/* The door page's service worker (scope /admin/door only; see door-offline.ts). It keeps the
 * page's shell, the apps' built files and the scanner's WebAssembly so the door opens and
 * works without network. No API answer is kept (personal data stays in the page's IndexedDB,
 * deleted at logout) except the sign-in configuration, which has none. */
/// <reference lib="webworker" />
/* global networkFirst -- put in by the build, see the end of this file */
const CACHE = 'concert-door-v1';
const DOOR_PAGE = '/admin/door';
/** Files a build may change under the same name: network first. Everything else under /apps/ is content-hashed: cache first. */
const CHANGING =
  /(?:^\/$|\/(?:index\.html|mf-manifest\.json|mf-stats\.json|remoteEntry\.js|remotes\.json|door\.webmanifest)$|^\/api\/staffAuthConfig$)/;
/** A navigation that has not answered within this long is served from the cache (a saturated network). */
const NAVIGATION_TIMEOUT_MS = 3000;

self.addEventListener('install', (event) => {
  self.skipWaiting();
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(DOOR_PAGE))
      .catch(() => undefined),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith('concert-door-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

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
          .filter((u) => typeof u === 'string' && new URL(u).origin === self.location.origin)
          .map(async (u) => {
            const url = new URL(u);
            const key = url.pathname.startsWith(DOOR_PAGE)
              ? DOOR_PAGE
              : url.origin + url.pathname + url.search;
            if (!CHANGING.test(url.pathname) && key !== DOOR_PAGE && (await cache.match(key))) return true;
            try {
              const response = await fetch(key, { cache: 'no-cache' });
              if (response.ok) await cache.put(key, response);
              return response.ok;
            } catch {
              return false;
            }
          }),
      );
      port?.postMessage({ cached: results.every(Boolean) });
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (url.pathname === DOOR_PAGE || url.pathname.startsWith(DOOR_PAGE + '/'))
      event.respondWith(networkFirst(CACHE, request, DOOR_PAGE, NAVIGATION_TIMEOUT_MS));
    return;
  }
  if (CHANGING.test(url.pathname)) {
    event.respondWith(networkFirst(CACHE, request, url.origin + url.pathname + url.search, 0));
    return;
  }
  if (
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/dev/') ||
    url.pathname.startsWith('/sim/')
  )
    return;
  event.respondWith(cacheFirst(request));
});

/* networkFirst: put here by the build (shared/src/service-worker/network-first.js) */

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const url = new URL(request.url);
  const key = url.origin + url.pathname + url.search;
  const cached = await cache.match(key);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
  return response;
}
