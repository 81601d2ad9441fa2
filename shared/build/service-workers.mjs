// The pieces the service workers share, written once (shared/src/service-worker/) and put into
// each worker file by the build: a worker is a plain script served under a fixed name, so it
// cannot import them, and importScripts() would be one more request the offline page must keep.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE_DIR = path.join(import.meta.dirname, '..', 'src', 'service-worker');

/** The line a worker holds where networkFirst goes (see shared/src/service-worker/network-first.js). */
export const NETWORK_FIRST_MARKER =
  '/* networkFirst: put here by the build (shared/src/service-worker/network-first.js) */';

/** A service worker's source with the shared pieces in place of their markers. */
export function withSharedParts(source) {
  if (!source.includes(NETWORK_FIRST_MARKER)) return source;
  const networkFirst = readFileSync(path.join(SOURCE_DIR, 'network-first.js'), 'utf8').replace(
    /^\/\/\/ <reference[^\n]*\n/m,
    '',
  );
  return source.replace(NETWORK_FIRST_MARKER, () => networkFirst.trimEnd());
}

/** Every emitted `*-sw.js` (copied from an app's static files) with the shared pieces in place. */
export class ServiceWorkerPartsPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ServiceWorkerPartsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the copied files are added, before they are precompressed (stage REPORT).
        {
          name: 'ServiceWorkerPartsPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_DERIVED,
        },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/(?:^|\/)[\w-]+-sw\.js$/.test(name)) continue;
            const before = source.source().toString();
            const after = withSharedParts(before);
            if (after !== before) compilation.updateAsset(name, new RawSource(after));
          }
        },
      );
    });
  }
}
