import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';

const ROOT = import.meta.dirname;
const APPS = ['shell', 'visitor-flow', 'admin-console', 'copy-editor'];
const TS = '**/*.{ts,tsx}';

/**
 * Import direction (ARCHITECTURE.md) as zones of one `import-x/no-restricted-paths`: a zone is
 * "files under `target` never import what resolves under `from`". Zones add up, so a new rule
 * is a new zone here, never another block with the same rule (in flat config a later block's
 * options replace an earlier block's for the files both match: the guard would go silent).
 * Paths are relative to the repository root; packages are matched where the resolver finds
 * them (their own files or their @types stand-in). scripts/lint-guards proves every zone fires.
 */
/** Query files: a module's `queries.ts`, or each file of its `queries/` folder (split by what it guards). */
const QUERY_FILES = ['backend/src/**/queries.ts', 'backend/src/**/queries/**'];

/**
 * The backend's rooms, lowest first: a room imports only the rooms below it, so the direction is
 * one-way (ARCHITECTURE.md). Foundation: configuration, the database, errors, the log, personal
 * data's sealing. Integrations: the outside services' clients and simulators. The domain: the
 * modules and the callable's type they implement. The composition: what puts the domain on a
 * server (domain.ts, http/, the app, the process). Every entry of backend/src is in one room
 * (scripts/lint-guards checks it).
 */
export const BACKEND_ROOMS = [
  {
    name: 'foundation',
    paths: [
      'config.ts',
      'config',
      'config.fixtures.ts',
      'config.test.ts',
      'errors.ts',
      'logger.ts',
      'logger.test.ts',
      'db',
      'types',
      'privacy',
    ],
  },
  { name: 'integrations', paths: ['integrations'] },
  { name: 'domain', paths: ['modules', 'callables.ts'] },
  {
    name: 'composition',
    paths: ['domain.ts', 'periodic.ts', 'prepare-database.ts', 'http', 'app.ts', 'compose.ts', 'server.ts'],
  },
];
const inBackend = (paths) => paths.map((p) => `backend/src/${p}`);

const ZONES = [
  // A lower room never imports a higher one.
  ...BACKEND_ROOMS.slice(0, -1).map((room, i) => ({
    target: inBackend(room.paths),
    from: inBackend(BACKEND_ROOMS.slice(i + 1).flatMap((higher) => higher.paths)),
    message: `The backend's rooms import downwards only (${BACKEND_ROOMS.map((r) => r.name).join(' < ')}): ${room.name} never imports ${BACKEND_ROOMS.slice(
      i + 1,
    )
      .map((r) => r.name)
      .join(' or ')}.`,
  })),
  {
    target: QUERY_FILES,
    from: [...installed('koa'), ...installed('@koa/router')],
    message: 'Query files are plain SQL functions: no Koa in them.',
  },
  {
    target: QUERY_FILES,
    from: 'backend/src/http',
    message: 'Query files are plain SQL functions: nothing from http/ in them.',
  },
  {
    target: ['backend/src/**/callables.ts', 'backend/src/http/routes'],
    from: installed('postgres'),
    message: 'Routes and callables never write SQL: call a service or a query function of the module.',
  },
  {
    target: 'backend/src/modules',
    from: 'backend/src/http',
    message: 'Modules never import http/: the error type and identities live on the domain side.',
  },
  {
    target: 'backend/src/modules',
    from: [...installed('koa'), ...installed('@koa/router')],
    message:
      'Modules export plain functions and callables tables: Koa routers and body readers live in backend/src/http/.',
  },
  {
    target: 'backend/src/integrations',
    from: 'backend/src/http',
    message:
      "Integrations never import the product's http/: a simulator is a server of its own (integrations/request-body.ts reads its bodies).",
  },
  { target: 'backend', from: 'shared/src/browser', message: 'The backend never imports browser code.' },
  {
    target: 'backend',
    from: [...installed('react'), ...installed('react-dom'), ...installed('jotai')],
    message: 'The backend never imports browser code.',
  },
  {
    target: 'shared',
    from: ['backend', ...APPS],
    message: 'shared is what the apps and the backend agree on: it never imports them.',
  },
  // Remotes never import each other or the shell; the shell never imports the remotes' source.
  ...APPS.map((app) => ({
    target: app,
    from: APPS.filter((other) => other !== app),
    message: 'Apps talk through Module Federation and @concert/shared, never by importing each other.',
  })),
  // No feature imports another feature (of its app; other apps are the zones above).
  ...APPS.flatMap((app) =>
    folders(`${app}/src/features`).map((feature) => ({
      target: `${app}/src/features/${feature}`,
      from: `${app}/src/features`,
      except: [`./${feature}`],
      message: 'A feature must not import another feature; move shared code to src/components or src/lib.',
    })),
  ),
];

/**
 * A source file holds one responsibility: at most 350 lines of code (blank lines and comments
 * aside), in the backend and in every app. Data files are exempt.
 */
const MAX_LINES = { max: 350, skipBlankLines: true, skipComments: true };
const MAX_LINES_EXEMPT = [
  // Data, not code: the default texts, the copy's keys, the API contract's schemas and answers.
  'backend/src/modules/copy/default-copy.ts',
  'shared/src/universal/copy-keys.ts',
  'shared/src/universal/api.ts',
];

const ONE_ROUTER = ['react-router', 'react-router-dom'].map((name) => ({
  name,
  message:
    "Routing comes from '@concert/shared/router': react-router 7 as one Module Federation singleton (imported directly, a remote would bundle a second copy that does not see the shell's <BrowserRouter>).",
}));
const APPS_BY_NAME = {
  regex: `^@concert/(${APPS.join('|')})(/|$)`,
  message: 'Apps talk through Module Federation and @concert/shared, never by importing each other.',
};

/** SQL written in place: postgres.js tagged templates (`sql`…``, `deps.sql`…``) and its raw entry points. */
const SQL_IN_PLACE = [
  "TaggedTemplateExpression[tag.type='Identifier'][tag.name='sql']",
  "TaggedTemplateExpression[tag.type='MemberExpression'][tag.property.name='sql']",
  "CallExpression[callee.type='MemberExpression'][callee.object.name='sql'][callee.property.name=/^(unsafe|begin|file)$/]",
].map((selector) => ({
  selector,
  message: 'Routes and callables never write SQL: call a service or a query function of the module.',
}));

/** Where the resolver finds a package: its own folder and its DefinitelyTyped stand-in. */
function installed(name) {
  const typesName = name.startsWith('@') ? name.slice(1).replace('/', '__') : name;
  return [`**/node_modules/${name}/**`, `**/node_modules/@types/${typesName}/**`];
}

function folders(dir) {
  try {
    return readdirSync(`${ROOT}/${dir}`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // CommonJS on purpose (see shared/build/mf-runtime-for-remotes.cjs): require is how they work.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.tsx', '**/use-*.ts', 'shared/src/browser/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Import direction, on resolved paths: `.js` in TS imports and the
    // workspace packages (`@concert/shared/*`) resolve to their .ts sources.
    files: [TS],
    plugins: { 'import-x': importX },
    settings: {
      // Files the rule reads to follow imports; other extensions are skipped.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${ROOT}/tsconfig.json`, alwaysTryTypes: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: ZONES }],
      // No import cycles: scripts/import-cycles/import-cycles.test.ts (type imports included, which
      // import-x/no-cycle skips; that rule also took more than half of lint's time).
    },
  },
  {
    // The only no-restricted-imports block: a package that must come through a singleton (react-router)
    // or resolves nowhere (react-router-dom) or not to a path (the apps' package names) cannot be zones.
    files: APPS.map((app) => `${app}/${TS}`),
    rules: { 'no-restricted-imports': ['error', { paths: ONE_ROUTER, patterns: [APPS_BY_NAME] }] },
  },
  {
    // The only no-restricted-syntax block: routes and callables never write SQL.
    files: ['backend/src/**/callables.ts', 'backend/src/http/routes/**'],
    rules: { 'no-restricted-syntax': ['error', ...SQL_IN_PLACE] },
  },
  {
    files: ['backend/src', 'shared/src', ...APPS.map((app) => `${app}/src`)].map(
      (dir) => `${dir}/**/*.{ts,tsx}`,
    ),
    ignores: ['**/*.test.ts', '**/*.test.tsx', ...MAX_LINES_EXEMPT],
    rules: { 'max-lines': ['error', MAX_LINES] },
  },
  {
    // The only no-restricted-properties block: a component test waits with the suite's one bound.
    files: ['**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'vi',
          property: 'waitFor',
          message:
            "Use eventually() from '@concert/shared/testing': vi.waitFor's 1 s default runs out on a loaded CI machine.",
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'backend/test/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  // Layout is Prettier's (`npm run format`): the style rules that would argue with it are off.
  prettierConfig,
);
