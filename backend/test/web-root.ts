import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PaintedLayout, PaintedPages } from '@concert/shared/first-paint';

/** The shell's index.html as a build leaves it: the boot placeholder the first paint replaces. */
export const TEST_INDEX_HTML =
  '<!doctype html><html lang="sv"><head><title>x</title></head><body><div id="root"><div class="boot" aria-busy="true"></div></div></body></html>';

/**
 * A scratch web root laid out as the builds leave it (shell/dist/index.html and the first-paint
 * files of the shell's layout and visitor-flow's pages), for a test app's `webRoot`; the caller
 * removes it.
 */
export async function writeWebRoot(
  name: string,
  { layout, pages, index = TEST_INDEX_HTML }: { layout: PaintedLayout; pages: PaintedPages; index?: string },
): Promise<string> {
  const webRoot = await mkdtemp(path.join(tmpdir(), `concert-${name}-`));
  for (const [dir, json] of [
    ['shell', layout],
    ['visitor-flow', pages],
  ] as const) {
    await mkdir(path.join(webRoot, dir, 'dist'), { recursive: true });
    await writeFile(path.join(webRoot, dir, 'dist', 'first-paint.json'), JSON.stringify(json));
  }
  await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), index);
  return webRoot;
}
