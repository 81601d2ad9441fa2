import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionNodeFlags } from './backend-process.mjs';

describe('the benches start the bundle as production does', () => {
  it("reads the node flags from the Dockerfile's CMD", () => {
    const flags = productionNodeFlags();
    expect(flags).toContain('--enable-source-maps');
    expect(flags.some((f) => f.startsWith('--max-semi-space-size='))).toBe(true);
  });

  it('refuses a Dockerfile whose CMD does not run the bundle with node', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dockerfile-'));
    const file = path.join(dir, 'Dockerfile');
    writeFileSync(file, 'FROM node\nCMD ["npm", "start"]\n');
    expect(() => productionNodeFlags(file)).toThrow(/does not run node/);
    writeFileSync(file, 'FROM node\n');
    expect(() => productionNodeFlags(file)).toThrow(/no CMD/);
  });
});
