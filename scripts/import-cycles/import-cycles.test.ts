import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import circle between the repository's own files, type imports, re-exports and dynamic
 * imports included: the repository's one cycle check. ESLint's `import-x/no-cycle` skips
 * `import type` by design (a circle of types still ties two rooms together: neither can move or
 * be read alone) and took more than half of lint's time, so this test walks every relative import
 * TypeScript sees instead.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = [
  'backend/src',
  'shared/src',
  'shell/src',
  'visitor-flow/src',
  'admin-console/src',
  'copy-editor/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [path] : [];
  });
}

/** The file a relative specifier names (`./x.js` is `./x.ts` or `./x.tsx`, as the build resolves it). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync);
}

export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    graph.set(
      file,
      importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .flatMap((name) => resolveRelative(file, name) ?? []),
    );
  }
  return graph;
}

/** Each circle once, as the files in it (Tarjan's strongly connected components of size > 1 or a self-import). */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indices.get(next)!));
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

describe('import circles (type imports count)', () => {
  it('finds a circle made of type imports only (the check can fail)', () => {
    const a = join(ROOT, 'a.ts');
    const b = join(ROOT, 'b.ts');
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([[a, b]]);
    const { importedFiles } = ts.preProcessFile(
      "import type { X } from './b.js';\nexport type { Y } from './c.js';",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./b.js', './c.js']);
  });

  it('finds a circle closed by a dynamic import, and none where a third file breaks it', () => {
    const fixture = (dir: string) => sourceFiles(join(import.meta.dirname, 'fixtures', dir));
    const inCircles = (dir: string) =>
      circles(importGraph(fixture(dir))).map((circle) => circle.map((file) => relative(ROOT, file)));
    expect(inCircles('cycle')).toEqual([
      ['scripts/import-cycles/fixtures/cycle/lazy.ts', 'scripts/import-cycles/fixtures/cycle/loader.ts'],
    ]);
    expect(fixture('no-cycle')).toHaveLength(3);
    expect(inCircles('no-cycle')).toEqual([]);
  });

  it('no file of the repository is in an import circle', () => {
    const files = DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(300);
    const found = circles(importGraph(files)).map((circle) => circle.map((file) => relative(ROOT, file)));
    expect(found).toEqual([]);
  });
});
