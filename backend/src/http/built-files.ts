/** The files the apps' builds leave for the server (index.html, first-paint.json), here or deployed elsewhere, read again when they change. */
import { readFile, stat } from 'node:fs/promises';
import {
  FIRST_PAINT_FILE,
  paintedPagesSchema,
  type PaintedLayout,
  type PaintedPages,
} from '@concert/shared/first-paint';
import type { z } from 'zod';

export interface FirstPaint {
  layout: PaintedLayout;
  pages: PaintedPages;
  /** Both apps' styles, safe inside <style>. */
  css: string;
}

/**
 * The first paint's templates: the shell's layout and the visitor flow's screens, each as that
 * app's deployed build rendered them. Null while either is missing.
 */
export function firstPaintTemplates(
  layout: () => Promise<PaintedLayout | null>,
  pages: () => Promise<PaintedPages | null>,
): () => Promise<FirstPaint | null> {
  let cached: { layout: PaintedLayout; pages: PaintedPages; paint: FirstPaint } | undefined;
  return async () => {
    const [l, p] = await Promise.all([layout(), pages()]);
    if (!l || !p) return null;
    if (cached?.layout !== l || cached.pages !== p)
      cached = {
        layout: l,
        pages: p,
        paint: { layout: l, pages: p, css: `${l.css}\n${p.css}`.replace(/<\/style/gi, '<\\/style') },
      };
    return cached.paint;
  };
}

/**
 * A file of a build as `read` makes it, read again only when it changed (looked at at most once a
 * second); null while it is absent or not what was expected. While one look is on its way every
 * other caller waits for it: under a rush a busy thread pool took long enough for hundreds of
 * page loads to start a `stat` each (2 % of the server's CPU).
 */
export function builtFile<T>(file: string, read: (text: string) => T | null): () => Promise<T | null> {
  let cached: { mtimeMs: number; value: T | null; at: number } | undefined;
  let looking: Promise<T | null> | undefined;
  const look = async () => {
    const mtimeMs = await stat(file).then(
      (s) => s.mtimeMs,
      () => -1,
    );
    const value =
      cached?.mtimeMs === mtimeMs
        ? cached.value
        : mtimeMs < 0
          ? null
          : await readFile(file, 'utf8').then(read, () => null);
    cached = { mtimeMs, value, at: Date.now() };
    return value;
  };
  return async () => {
    if (cached && Date.now() - cached.at < 1000) return cached.value;
    looking ??= look().finally(() => {
      looking = undefined;
    });
    return looking;
  };
}

export const builtJson = <T>(file: string, schema: z.ZodType<T>) =>
  builtFile(file, (text) => parsed(schema, text));

/**
 * The screens of a visitor flow deployed elsewhere, from beside its manifest there. A manifest
 * given as a path on this site that is not the built-in one: nothing here to read it from.
 */
export function deployedPages(manifest: string | undefined): () => Promise<PaintedPages | null> {
  if (!manifest || !/^https?:\/\//.test(manifest)) return async () => null;
  return deployedJson(new URL(FIRST_PAINT_FILE, manifest).href, paintedPagesSchema);
}

/**
 * A JSON file a separately deployed app serves: fetched at start and then at most once a minute,
 * the page never waiting longer than the first fetch. A file that is gone or wrong counts as
 * absent; an unreachable or failing host keeps the last answer.
 */
function deployedJson<T>(url: string, schema: z.ZodType<T>): () => Promise<T | null> {
  let value: T | null = null;
  let fetchedAt = 0;
  let pending: Promise<void> | undefined;
  const refresh = () =>
    (pending ??= fetch(url, { signal: AbortSignal.timeout(3000) })
      .then(async (res) => {
        if (res.status < 500) value = res.ok ? parsed(schema, await res.text()) : null;
      })
      .catch(() => undefined)
      .finally(() => {
        fetchedAt = Date.now();
        pending = undefined;
      }));
  const first = refresh();
  return async () => {
    if (!fetchedAt) await first;
    else if (Date.now() - fetchedAt > 60_000) void refresh();
    return value;
  };
}

function parsed<T>(schema: z.ZodType<T>, text: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}
