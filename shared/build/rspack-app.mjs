// One Rspack + Module Federation configuration for the shell and each remote, so that every
// app shares the same singletons and build settings. Each app still builds on its own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import ReactRefreshPlugin from '@rspack/plugin-react-refresh';
import { ServiceWorkerPartsPlugin } from './service-workers.mjs';

const REACT_ROUTER_PRODUCTION = path.join(
  path.dirname(fileURLToPath(import.meta.resolve('react-router'))),
  '..',
  'production',
  'index.mjs',
);

/** react-router's builds: one large module each (the `chunk-*.mjs` the entries re-export). */
const REACT_ROUTER_CHUNK = /node_modules[\\/]react-router[\\/]dist[\\/].*chunk-\w+\.mjs$/;

/** The bundler runtime's entry, as the federation plugin imports it (by its resolved path). */
const MF_BUNDLER_RUNTIME = fileURLToPath(
  import.meta.resolve('@module-federation/webpack-bundler-runtime').replace(/index\.js$/, 'index.cjs'),
);
const BUILD_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Remotes use the shell's Module Federation bundler runtime, SDK and error codes (the shell
 * hands them over in mf-runtime-for-remotes.cjs, before any remote loads) instead of bundling
 * their own: about 10 KB gz less in every remote entry. Only the small per-build runtime
 * (@module-federation/runtime, which keeps the remote's instance) stays in each remote.
 */
const REMOTE_USES_SHELL_FEDERATION = {
  externals: {
    '@module-federation/sdk': 'var globalThis.__CONCERT_MF__.sdk',
    '@module-federation/error-codes': 'var globalThis.__CONCERT_MF__.errorCodes',
  },
  alias: { [MF_BUNDLER_RUNTIME]: path.join(BUILD_DIR, 'mf-federation-from-shell.cjs') },
};

/** Shared once across the shell and all remotes, so hooks, atoms and the router see one copy. */
export const SHARED_SINGLETONS = {
  react: { singleton: true, requiredVersion: '^19.2.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.2.0' },
  jotai: { singleton: true, requiredVersion: '^2.15.0' },
  // One MSAL instance for the shell and the staff remotes (loaded only on admin pages).
  '@azure/msal-browser': { singleton: true, requiredVersion: '^5.0.0' },
  '@azure/msal-react': { singleton: true, requiredVersion: '^5.0.0' },
  '@concert/shared/staff-msal': { singleton: true, requiredVersion: false },
  '@concert/shared/universal': { singleton: true, requiredVersion: false },
  '@concert/shared/browser': { singleton: true, requiredVersion: false },
  // react-router (v7) through the one module that re-exports what the apps use (see there).
  '@concert/shared/router': { singleton: true, requiredVersion: false },
};

/**
 * The shell provides what every page needs in its own first script (eager): no chunk per shared
 * module to add as a <script> and await before the first render. MSAL stays apart: staff pages only.
 */
const STAFF_ONLY = new Set(['@azure/msal-browser', '@azure/msal-react', '@concert/shared/staff-msal']);
const EAGER_IN_HOST = Object.fromEntries(
  Object.entries(SHARED_SINGLETONS).map(([name, config]) => [
    name,
    STAFF_ONLY.has(name) ? config : { ...config, eager: true },
  ]),
);

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each script, style sheet and manifest; the
 * server (koa-send) sends them to browsers that accept them, compressed once at build time
 * instead of on every request. Uncompressed, the visitor's first load was ~3× the bytes.
 */
class PrecompressPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!/\.(js|css|json)$/.test(name)) continue;
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
  }
}

/** Dev-server ports; `npm start` serves every build from the backend instead. */
export const DEV_PORTS = {
  shell: 3000,
  visitor_flow: 3001,
  admin_console: 3002,
  copy_editor: 3003,
  backend: 8080,
};

/**
 * A remote's publicPath is 'auto' on purpose (each remote is deployed on its own and its manifest
 * resolves through the host at runtime), which the manifest plugin announces as a warning on every
 * build and start. Only that expected line is left out; every other build message still shows.
 */
const EXPECTED_MANIFEST_NOTICE = /Manifest will use absolute path resolution via its host at runtime/;
const buildConsole = {
  ...console,
  warn: (...args) => {
    if (!args.some((arg) => EXPECTED_MANIFEST_NOTICE.test(String(arg)))) console.warn(...args);
  },
};

/**
 * @param {{ name: string, dir: string, exposes?: Record<string, string>, host?: boolean, devServer?: object }} app
 */
export function createAppConfig(app) {
  const dev = process.env.NODE_ENV === 'development' || process.argv.includes('serve');
  const host = !!app.host;
  return {
    mode: dev ? 'development' : 'production',
    context: app.dir,
    // Evergreen browsers (incl. the Instagram/Facebook in-app ones): no ES5 down-levelling,
    // which blew `\p{L}` regexes up into ~85 KB of character ranges.
    target: ['web', 'es2022'],
    entry: {
      main:
        host && !dev
          ? [path.join(BUILD_DIR, 'mf-runtime-for-remotes.cjs'), './src/index.ts']
          : './src/index.ts',
    },
    externals: host || dev ? undefined : REMOTE_USES_SHELL_FEDERATION.externals,
    devtool: dev ? 'eval-cheap-module-source-map' : 'source-map',
    infrastructureLogging: { console: buildConsole },
    output: {
      path: path.join(app.dir, 'dist'),
      publicPath: host ? '/' : 'auto',
      uniqueName: app.name,
      filename: dev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: dev ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // react-router's package exports name its development build for every condition; the
      // production build (no dev warnings or checks) is the same API in fewer bytes.
      alias: dev
        ? {}
        : {
            'react-router$': REACT_ROUTER_PRODUCTION,
            ...(host ? {} : REMOTE_USES_SHELL_FEDERATION.alias),
          },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: dev, refresh: dev } },
            },
          },
          type: 'javascript/auto',
        },
        // react-router's top-level component definitions, marked pure: what no app uses is left out.
        { test: REACT_ROUTER_CHUNK, loader: path.join(BUILD_DIR, 'pure-top-level-calls-loader.cjs') },
        { test: /\.css$/, type: 'css' },
        { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new ModuleFederationPlugin({
        name: app.name,
        ...(host ? {} : { filename: 'remoteEntry.js', exposes: app.exposes ?? {} }),
        shared: host ? EAGER_IN_HOST : SHARED_SINGLETONS,
        // Every shared module is a singleton the shell provides first. With the default
        // 'version-first', each later first use of a shared module in the shell (e.g. MSAL on the
        // admin pages) would fetch the entry of every registered remote to compare versions.
        shareStrategy: 'loaded-first',
        manifest: true,
        dts: false,
        // The shell provides the federation runtime once; remotes use it instead of shipping their own.
        experiments: {
          ...(host ? { provideExternalRuntime: true } : { externalRuntime: true }),
          optimization: { target: 'web' },
        },
      }),
      host && new rspack.HtmlRspackPlugin({ template: './src/index.html', scriptLoading: 'module' }),
      // The host's static media (the start page's cover, made by scripts/make-media.mjs), served from /media/.
      host &&
        new rspack.CopyRspackPlugin({
          patterns: [
            { from: 'public', to: '.', noErrorOnMissing: true, globOptions: { ignore: ['**/README.txt'] } },
          ],
        }),
      // The door's and the ticket page's service workers get networkFirst from its one source.
      new ServiceWorkerPartsPlugin(),
      dev && new ReactRefreshPlugin(),
      !dev && new PrecompressPlugin(),
    ].filter(Boolean),
    optimization: { minimize: !dev },
    performance: { hints: false },
    experiments: { css: true },
    devServer: {
      port: DEV_PORTS[app.name],
      hot: true,
      historyApiFallback: host,
      headers: { 'Access-Control-Allow-Origin': '*' },
      ...app.devServer,
    },
  };
}
