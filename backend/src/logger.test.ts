import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { bufferedLogDestination, createLogger } from './logger.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempFile = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'concert-log-'));
  dirs.push(dir);
  return path.join(dir, 'log.jsonl');
};
const linesOf = (text: string) => text.split('\n').filter(Boolean);

/** A process that logs through the server's logger, then ends as `ending` says; what it wrote to stdout. */
function childLog(ending: string): string[] {
  const logger = new URL('./logger.ts', import.meta.url).href;
  const script = `
    import { createLogger } from ${JSON.stringify(logger)};
    const log = createLogger('info');
    for (let i = 0; i < 3; i++) log.info({ n: i }, 'request');
    ${ending}
  `;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(child.stderr).toBe('');
  return linesOf(child.stdout);
}

describe('the buffered log', () => {
  it('keeps lines in memory, then writes them together within flushEveryMs', async () => {
    const file = tempFile();
    const destination = bufferedLogDestination({ dest: file, flushEveryMs: 100 });
    const log = createLogger('info', destination);
    log.info({ n: 1 }, 'request');
    log.info({ n: 2 }, 'request');
    expect(readFileSync(file, 'utf8')).toBe('');
    await new Promise((r) => setTimeout(r, 400));
    expect(linesOf(readFileSync(file, 'utf8')).map((l) => JSON.parse(l).n)).toEqual([1, 2]);
    destination.end();
  });

  it(
    'writes what waits when the process exits: a graceful stop, a failure, a natural end',
    { timeout: 60_000 },
    () => {
      for (const ending of ['process.exit(0);', 'process.exit(1);', '']) {
        const lines = childLog(ending);
        expect(
          lines.map((l) => JSON.parse(l).n),
          ending,
        ).toEqual([0, 1, 2]);
      }
    },
  );
});
