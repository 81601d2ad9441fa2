import { rspack } from '@rspack/core';
import { createAppConfig } from '@concert/shared/build/rspack-app.mjs';

const config = createAppConfig({
  name: 'admin_console',
  dir: import.meta.dirname,
  exposes: { './routes': './src/app/routes.tsx' },
});

// The door's scanner fallback: ZXing's WebAssembly as a file of this build (served from our own
// origin, content-hashed), never fetched from a CDN.
config.module.rules.push({ test: /\.wasm$/, type: 'asset/resource' });
// The door's service worker, web manifest and icons under fixed names beside remoteEntry.js
// (a service worker's address must stay the same from one release to the next).
config.plugins.push(new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/features/door/static', to: '.' }] }));

export default config;
