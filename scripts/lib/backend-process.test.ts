import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { assertPortFree, cpuNsOf, productionNodeFlags } from './backend-process.mjs';

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

describe('a bench refuses a port another process listens on', () => {
  it('passes a free port and refuses a taken one, naming it', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    await expect(assertPortFree(port, 'the backend')).rejects.toThrow(
      new RegExp(`port ${port}, meant for the backend, is taken`),
    );
    await new Promise((resolve) => server.close(resolve));
    await expect(assertPortFree(port)).resolves.toBeUndefined();
  });
});

describe("a process's CPU in nanoseconds", () => {
  it('counts the work of all its threads as it is done', () => {
    const before = cpuNsOf(process.pid);
    // A fixed amount of work (tens of milliseconds of a core): its CPU time does not depend on
    // how busy the machine is, only its wall time does.
    let x = 0;
    for (let i = 0; i < 2e7; i++) x += Math.sqrt(i);
    const spent = cpuNsOf(process.pid) - before;
    expect(x).toBeGreaterThan(0);
    expect(spent).toBeGreaterThan(1e6);
    expect(spent).toBeLessThan(5e9);
  });
});
