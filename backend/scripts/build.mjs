// The production artefact: `node backend/dist/server.js`. esbuild bundles the backend's own code
// and @concert/shared (a workspace package that exports TypeScript sources) into ES modules;
// every other package stays an import from node_modules. Demo-only code (simulators, dev IdP,
// dev mailbox) stays in chunks of their own that only demo mode loads.
import { rm } from 'node:fs/promises';
import { build } from 'esbuild';

/** Where to (relative to backend/): `dist`, or another folder for a test's own build. */
const outdir = process.argv[2] ?? 'dist';
await rm(new URL(`../${outdir}/`, import.meta.url), { recursive: true, force: true });
const result = await build({
  absWorkingDir: new URL('..', import.meta.url).pathname,
  entryPoints: ['src/server.ts'],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-stay-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@concert/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `backend/${outdir}: ${Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js')).length} modules, ${(bytes / 1024).toFixed(0)} KiB with source maps`,
);
