import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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
// …precompressed like the scripts (1.1 MB → about a third over a saturated 4G).
config.plugins.push({
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressWasm', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressWasm', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!name.endsWith('.wasm')) continue;
            const content = source.buffer();
            compilation.emitAsset(
              `${name}.br`,
              new RawSource(
                brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
              ),
            );
            compilation.emitAsset(`${name}.gz`, new RawSource(gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  },
});
// The door's service worker, web manifest and icons under fixed names beside remoteEntry.js
// (a service worker's address must stay the same from one release to the next).
config.plugins.push(
  new rspack.CopyRspackPlugin({ patterns: [{ from: 'src/features/door/static', to: '.' }] }),
);

export default config;
