import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every patch in patches/ is in node_modules as npm ci left it: the dependency is exactly the
 * version the patch names (package.json pins it), and every line the patch adds is in the file it
 * patches. Fails when an upgrade or a skipped postinstall left the dependency unpatched, before any
 * test that relies on the patched behaviour has to explain a strange failure.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const PATCHES = join(ROOT, 'patches');

interface FilePatch {
  file: string;
  added: string[];
}

function filesOf(patch: string): FilePatch[] {
  const files: FilePatch[] = [];
  for (const line of patch.split('\n')) {
    if (line.startsWith('+++ b/')) files.push({ file: line.slice('+++ b/'.length), added: [] });
    else if (line.startsWith('+') && !line.startsWith('+++') && files.length > 0) {
      const added = line.slice(1).trim();
      if (added !== '') files[files.length - 1]!.added.push(added);
    }
  }
  return files;
}

const patches = readdirSync(PATCHES).filter((name) => name.endsWith('.patch'));

describe('patches in patches/ are applied', () => {
  it('there is at least one patch to check', () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const name of patches) {
    // patch-package names them <package>+<version>.patch (scoped: @scope+name+version).
    const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(name);
    const pkg = match![1]!.replace('+', '/');
    const version = match![2]!;

    it(`${pkg} is pinned to ${version}, the version ${name} fits`, () => {
      const installed = JSON.parse(readFileSync(join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8'));
      expect(installed.version).toBe(version);
      const wanted = new Set<string>();
      for (const manifest of ['package.json', ...workspaces()]) {
        const json = JSON.parse(readFileSync(join(ROOT, manifest), 'utf8'));
        const range = json.dependencies?.[pkg] ?? json.devDependencies?.[pkg];
        if (range) wanted.add(range);
      }
      expect([...wanted]).toEqual([version]);
    });

    it(`every line ${name} adds is in node_modules`, () => {
      const files = filesOf(readFileSync(join(PATCHES, name), 'utf8'));
      expect(files.length).toBeGreaterThan(0);
      for (const { file, added } of files) {
        const text = readFileSync(join(ROOT, file), 'utf8');
        const lines = new Set(text.split('\n').map((line) => line.trim()));
        const missing = added.filter((line) => !lines.has(line));
        expect({ file, missing }).toEqual({ file, missing: [] });
      }
    });
  }
});

function workspaces(): string[] {
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  return (root.workspaces as string[]).map((dir) => join(dir, 'package.json'));
}
