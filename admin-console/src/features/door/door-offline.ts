/**
 * The door page without network: a service worker (door-sw.js, part of this app's build) keeps
 * the shell, this app's files and the scanner's WebAssembly, scoped to /admin/door only, so no
 * other page (the visitors' least of all) goes through it. A web manifest makes the page
 * installable. The worker holds no personal data: no API answer is cached but the sign-in
 * configuration.
 */
import { keepOffline } from '@concert/shared/offline-worker';
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
 * Registers the worker and hands it what this page has loaded so far, and what it loads only
 * later (the scanner's code and WebAssembly), so the next visit opens without network even
 * though this first load went past the worker. Answers when the page is ready offline.
 */
export function prepareOffline(extra: readonly string[], warm: () => Promise<unknown>): Promise<boolean> {
  return keepOffline({
    script: built('door-sw.js'),
    scope: DOOR_SW_SCOPE,
    extra: [...extra, location.origin + '/api/staffAuthConfig'],
    warm,
  });
}
