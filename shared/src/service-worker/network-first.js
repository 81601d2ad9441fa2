/* The one networkFirst of this product's service workers (the door's door-sw.js, the ticket
 * page's ticket-sw.js). A service worker is a plain script, not a bundle: the build puts this
 * file into each worker in place of its NETWORK_FIRST marker (shared/build/service-workers.mjs). */
/// <reference lib="webworker" />

/**
 * Network first, so a new release or an edited text shows; the cache when offline, or when the
 * network has not answered within `timeoutMs` and the cache holds the answer (a crowd's network;
 * 0: wait for the network). What the network answers well is kept under `key` in `cacheName`.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used by the workers it is put into
async function networkFirst(cacheName, request, key, timeoutMs) {
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (response.ok && response.type === 'basic') await cache.put(key, response.clone());
    return response;
  });
  try {
    if (!timeoutMs) return await network;
    return await Promise.race([
      network,
      new Promise((resolve, reject) =>
        setTimeout(async () => {
          const cached = await cache.match(key);
          if (cached) resolve(cached);
          else network.then(resolve, reject);
        }, timeoutMs),
      ),
    ]);
  } catch (err) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw err;
  }
}
