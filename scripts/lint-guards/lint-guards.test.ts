/**
 * The import-direction guards of eslint.config.js, proven to fire: each rule lints a bad file
 * (it must be reported) and a good file at the same path (it must lint clean, so the bad case
 * cannot pass because the file was not linted at all). The files are virtual (lintText with a
 * path in the tree). Relative imports point at real files, since a path rule only sees imports
 * that resolve. (Import cycles: scripts/import-cycles.)
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');

interface Guard {
  /** The file the code pretends to be, relative to the repository root. */
  file: string;
  bad: string;
  good: string;
  /** The rule that must report the bad code. */
  rule: RegExp;
  /** The line it reports on (1 unless the rule reports further down). */
  line?: number;
}

const ZONE = /^import-x\/no-restricted-paths$/;

/** Two features of one app, each with a module to import. */
function twoFeatures(app: string): { a: string; fileOfA: string; b: string; fileOfB: string } {
  const dir = join(ROOT, app, 'src/features');
  const withModule = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      name: entry.name,
      file: readdirSync(join(dir, entry.name)).find((name) => /^[^.]+\.tsx?$/.test(name)),
    }))
    .filter((feature) => feature.file);
  const [a, b] = withModule;
  if (!a || !b) throw new Error(`${app} has fewer than two features with a module`);
  const asImport = (file: string | undefined) => file!.replace(/\.tsx?$/, '.js');
  return { a: a.name, fileOfA: asImport(a.file), b: b.name, fileOfB: asImport(b.file) };
}

const features = twoFeatures('visitor-flow');

/** `count` lines of code, one exported constant a line. */
function linesOfCode(count: number): string {
  return Array.from({ length: count }, (_, i) => `export const line${i} = ${i};\n`).join('');
}

const GUARDS: Record<string, Guard> = {
  'query files never import koa (types included)': {
    file: 'backend/src/modules/tickets/queries/holds.ts',
    bad: "import type { Context } from 'koa';\nexport type Ctx = Context;\n",
    good: "import type { Sql } from 'postgres';\nexport type Db = Sql;\n",
    rule: ZONE,
  },
  'query files never import @koa/router': {
    file: 'backend/src/modules/membership/queries.ts',
    bad: "import Router from '@koa/router';\nexport const router = new Router();\n",
    good: "import postgres from 'postgres';\nexport const connect = postgres;\n",
    rule: ZONE,
  },
  'query files never import http/': {
    file: 'backend/src/modules/tickets/queries/availability.ts',
    bad: "import { defineCallables } from '../../../http/callable.js';\nexport const define = defineCallables;\n",
    good: "import type { Sql } from '../../../db/connect.js';\nexport type Db = Sql;\n",
    rule: /^import-x\/no-restricted-paths$/, // an error already, whatever happens to the modules rule
  },
  'callables never write sql``': {
    file: 'backend/src/modules/tickets/callables.ts',
    bad: 'export const count = (sql: (q: TemplateStringsArray) => unknown) => sql`SELECT count(*) FROM ticket`;\n',
    good: 'export const count = (tickets: { count(): number }) => tickets.count();\n',
    rule: /^no-restricted-syntax$/,
  },
  'callables never write deps.sql``': {
    file: 'backend/src/modules/tickets/callables.ts',
    bad: 'export const count = (deps: { sql: (q: TemplateStringsArray) => unknown }) => deps.sql`SELECT 1`;\n',
    good: 'export const count = (deps: { sql: unknown }) => deps.sql;\n',
    rule: /^no-restricted-syntax$/,
  },
  'callables never import postgres': {
    file: 'backend/src/modules/tickets/callables.ts',
    bad: "import postgres from 'postgres';\nexport const connect = postgres;\n",
    good: "import { defineCallables } from '../../callables.js';\nexport const define = defineCallables;\n",
    rule: ZONE,
  },
  'component tests wait with eventually(), not vi.waitFor': {
    file: 'admin-console/src/features/staff/staff-page.test.tsx',
    bad: "import { vi } from 'vitest';\nexport const settled = vi.waitFor(() => true);\n",
    good: "import { eventually } from '@concert/shared/testing';\nexport const settled = eventually(() => true);\n",
    rule: /^no-restricted-properties$/,
    line: 2,
  },
  'http routes never write sql``': {
    file: 'backend/src/http/routes/concert.ts',
    bad: 'export const count = (sql: (q: TemplateStringsArray) => unknown) => sql`SELECT count(*) FROM ticket`;\n',
    good: 'export const count = (tickets: { count(): number }) => tickets.count();\n',
    rule: /^no-restricted-syntax$/,
  },
  'http routes never import postgres': {
    file: 'backend/src/http/routes/concert.ts',
    bad: "import postgres from 'postgres';\nexport const connect = postgres;\n",
    good: "import Router from '@koa/router';\nexport const router = new Router();\n",
    rule: ZONE,
  },
  'modules never import koa (types included)': {
    file: 'backend/src/modules/concert/status.ts',
    bad: "import type { Context } from 'koa';\nexport type Ctx = Context;\n",
    good: "import type { Sql } from '../../db/connect.js';\nexport type Db = Sql;\n",
    rule: ZONE,
  },
  'modules never import @koa/router': {
    file: 'backend/src/modules/tickets/callables.ts',
    bad: "import Router from '@koa/router';\nexport const router = new Router();\n",
    good: "import { defineCallables } from '../../callables.js';\nexport const define = defineCallables;\n",
    rule: ZONE,
  },
  "integrations never import the product's http/": {
    file: 'backend/src/integrations/bank-accounts/simulator.ts',
    bad: "import { readJsonBody } from '../../http/body.js';\nexport const read = readJsonBody;\n",
    // A simulator is a Koa server of its own: Koa itself stays allowed.
    good: "import Router from '@koa/router';\nimport { jsonOrNothing } from '../request-body.js';\nexport const served = [Router, jsonOrNothing];\n",
    rule: ZONE,
  },
  'modules never import http/': {
    file: 'backend/src/modules/tickets/service.ts',
    bad: "import { defineCallables } from '../../http/callable.js';\nexport const define = defineCallables;\n",
    good: "import type { Sql } from '../../db/connect.js';\nexport type Db = Sql;\n",
    rule: ZONE,
  },
  'foundation never imports the domain (a lower room never a higher one)': {
    file: 'backend/src/privacy/rotate-key.ts',
    bad: "import type { SignRequestPersonalPart } from '../modules/bankid/queries.js';\nexport type Part = SignRequestPersonalPart;\n",
    good: "import type { Sql } from '../db/connect.js';\nexport type Db = Sql;\n",
    rule: ZONE,
  },
  'foundation never imports an integration': {
    file: 'backend/src/db/connect.ts',
    bad: "import { SIMULATOR_PREFIX } from '../integrations/index.js';\nexport const prefix = SIMULATOR_PREFIX;\n",
    good: "import type { Config } from '../config.js';\nexport type C = Config;\n",
    rule: ZONE,
  },
  'integrations never import the domain': {
    file: 'backend/src/integrations/bankid/client.ts',
    bad: "import type { BankIdApi } from '../../modules/bankid/api.js';\nexport type Api = BankIdApi;\n",
    good: "import type { Config } from '../../config.js';\nexport type C = Config;\n",
    rule: ZONE,
  },
  'integrations never import the composition': {
    file: 'backend/src/integrations/index.ts',
    bad: "import type { VisitorIntegrations } from '../domain.js';\nexport type V = VisitorIntegrations;\n",
    good: "import type { Config } from '../config.js';\nexport type C = Config;\n",
    rule: ZONE,
  },
  'the domain never imports the composition': {
    file: 'backend/src/modules/health/readiness.ts',
    bad: "import { createDomain } from '../../domain.js';\nexport const domain = createDomain;\n",
    good: "import type { Callables } from '../../callables.js';\nexport type C = Callables;\n",
    rule: ZONE,
  },
  'the backend never imports react': {
    file: 'backend/src/app.ts',
    bad: "import { useState } from 'react';\nexport const state = useState;\n",
    good: "import { z } from 'zod';\nexport const schema = z.string();\n",
    rule: ZONE,
  },
  'the backend never imports jotai': {
    file: 'backend/src/app.ts',
    bad: "import { atom } from 'jotai';\nexport const flag = atom(false);\n",
    good: "import { z } from 'zod';\nexport const schema = z.string();\n",
    rule: ZONE,
  },
  'the backend never imports @concert/shared/browser': {
    file: 'backend/src/modules/tickets/service.ts',
    bad: "import { paths } from '@concert/shared/browser';\nexport const home = paths;\n",
    good: "import type { ErrorId } from '@concert/shared/universal';\nexport type Id = ErrorId;\n",
    rule: ZONE,
  },
  'shared never imports an app or the backend': {
    file: 'shared/src/universal/guard-probe.ts',
    bad: "import '../../../backend/src/config.js';\n",
    good: "import './constants.js';\n",
    rule: ZONE,
  },
  'a remote never imports another remote': {
    file: 'visitor-flow/src/lib/guard-probe.ts',
    bad: "import '../../../admin-console/src/index.js';\n",
    good: "import '@concert/shared/browser';\n",
    rule: ZONE,
  },
  "a remote never imports another remote's package": {
    file: 'copy-editor/src/lib/guard-probe.ts',
    bad: "import '@concert/visitor-flow';\n",
    good: "import '@concert/shared/browser';\n",
    rule: /^no-restricted-imports$/,
  },
  'a remote never imports the shell': {
    file: 'admin-console/src/app/guard-probe.ts',
    bad: "import '../../../shell/src/index.js';\n",
    good: "import '@concert/shared/router';\n",
    rule: ZONE,
  },
  "the shell never imports a remote's source": {
    file: 'shell/src/app/guard-probe.ts',
    bad: "import '../../../copy-editor/src/index.js';\n",
    good: "import '../lib/remotes.js';\n",
    rule: ZONE,
  },
  'a feature never imports another feature': {
    file: `visitor-flow/src/features/${features.a}/guard-probe.ts`,
    bad: `import '../${features.b}/${features.fileOfB}';\n`,
    good: "import '@concert/shared/browser';\n",
    rule: ZONE,
  },
  'a feature never imports another feature from a subfolder': {
    file: `visitor-flow/src/features/${features.a}/parts/guard-probe.ts`,
    bad: `import '../../../features/${features.b}/${features.fileOfB}';\n`,
    good: `import '../${features.fileOfA}';\n`,
    rule: ZONE,
  },
  'a backend file has at most 350 lines of code': {
    file: 'backend/src/modules/tickets/guard-probe.ts',
    bad: linesOfCode(351),
    // As many again as comments and blank lines: only code counts.
    good: `${linesOfCode(350)}${'// a comment\n\n'.repeat(350)}`,
    rule: /^max-lines$/,
    line: 351,
  },
  'an app file has at most 350 lines of code': {
    file: 'admin-console/src/features/door/guard-probe.tsx',
    bad: linesOfCode(351),
    good: linesOfCode(350),
    rule: /^max-lines$/,
    line: 351,
  },
  'react-router comes through the shared singleton in an app': {
    file: 'admin-console/src/app/guard-probe.ts',
    bad: "import { Link } from 'react-router';\nexport const link = Link;\n",
    good: "import { Link } from '@concert/shared/router';\nexport const link = Link;\n",
    rule: /^no-restricted-imports$/,
  },
};

let eslint: ESLint;

beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  // Loads the config, the parser and the resolver once.
  await eslint.lintText('', { filePath: 'backend/src/app.ts' });
}, 20_000);

async function problems(code: string, file: string) {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result!.messages.map(({ ruleId, message, line, severity }) => ({ ruleId, message, line, severity }));
}

describe('lint guards', () => {
  it.each(Object.entries(GUARDS))('%s', async (_name, guard) => {
    const bad = await problems(guard.bad, guard.file);
    expect(bad, `bad code at ${guard.file}`).toContainEqual(
      expect.objectContaining({
        ruleId: expect.stringMatching(guard.rule),
        line: guard.line ?? 1,
        severity: 2,
      }),
    );
    expect(await problems(guard.good, guard.file), `good code at ${guard.file}`).toEqual([]);
  });

  it('every entry of backend/src is in one room of the import direction', async () => {
    const config = '../../eslint.config.js'; // plain JS without types: imported by a name TypeScript does not follow
    const { BACKEND_ROOMS } = (await import(config)) as { BACKEND_ROOMS: { paths: string[] }[] };
    const rooms = BACKEND_ROOMS.flatMap((room) => room.paths);
    expect(new Set(rooms).size).toBe(rooms.length);
    expect(readdirSync(join(ROOT, 'backend/src')).filter((entry) => !rooms.includes(entry))).toEqual([]);
  });
});
