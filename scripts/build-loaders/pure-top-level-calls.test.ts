import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * shared/build/pure-top-level-calls-loader.cjs still fits the react-router the build uses: the
 * components no app renders (`<Form>`, `<Await>`, the data routers) are definitions the build
 * may drop, and nothing names them afterwards. Fails when an upgrade changes how react-router's
 * production build defines them, before the start page quietly grows again (bench:bundles).
 */
const require = createRequire(import.meta.url);
const pureTopLevelCalls = require('../../shared/build/pure-top-level-calls-loader.cjs') as (
  s: string,
) => string;
const PRODUCTION = join(dirname(require.resolve('react-router')), '..', 'production');
/** The module of react-router's production entry that defines the components. */
const source = [
  ...readFileSync(join(PRODUCTION, 'index.mjs'), 'utf8').matchAll(/from "\.\/(chunk-\w+\.mjs)"/g),
]
  .map((m) => readFileSync(join(PRODUCTION, m[1]!), 'utf8'))
  .find((s) => s.includes('\nvar Form = '))!;

describe('pure-top-level-calls loader on react-router', () => {
  const out = pureTopLevelCalls(source);

  it.each(['Form', 'Link', 'NavLink', 'MemoizedDataRoutes', 'DataRouterContext', 'FrameworkContext'])(
    'marks the definition of %s pure',
    (name) => {
      expect(out).toMatch(new RegExp(`^var ${name} = /\\*#__PURE__\\*/ React\\d*\\.\\w+\\(`, 'm'));
    },
  );

  it('leaves no top-level statement naming a component for the developer tools', () => {
    expect(source).toMatch(/^Form\.displayName = "Form";$/m);
    expect(out).not.toMatch(/^\w+\.displayName = /m);
  });

  it('changes nothing but those lines', () => {
    const outLines = out.split('\n');
    const changed = source.split('\n').filter((line, i) => outLines[i] !== line);
    expect(changed.length).toBeGreaterThan(20);
    for (const line of changed)
      expect(line).toMatch(/^(var \w+ = (React\d*\.|Symbol\()|\w+\.displayName = )/);
  });
});
