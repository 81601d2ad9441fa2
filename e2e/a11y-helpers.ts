import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type axeCore from 'axe-core';
import type { ElementContext, RunOptions } from 'axe-core';
import type { Frame, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { expectRendered } from './visitor-helpers.js';

/** A phone (WCAG 1.4.10 reflow is checked at this width) and a laptop. */
export const WIDTHS = [390, 1280] as const;

/** The rules axe has for WCAG 2.0-2.2 A/AA, plus its best practices (landmarks, heading order …), as Lighthouse runs them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core as @axe-core/playwright ships it (the same version and rules), minified: 0.6 MB, not the
 * 1.3 MB AxeBuilder sends.
 */
const fromAxeBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
const AXE_SOURCE = readFileSync(
  path.join(path.dirname(fromAxeBuilder.resolve('axe-core')), 'axe.min.js'),
  'utf8',
);

/** An axe violation as the tests read it (a node's target: its CSS selectors, frame by frame). */
export interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: string[]; html: string }[];
}

/**
 * axe's violations on the page as it is now (`tags`: only those rules; without, every rule).
 * Unlike AxeBuilder.analyze(), which sends the whole of axe-core into the page twice a call and
 * opens a new page to merge the frames' results (3–6 s a call on a busy machine), axe goes into
 * each document once and runs there (≈0.3 s); like its legacy mode, every frame gets axe, so
 * same-origin frames are checked with their page. Only violations are collected (the passes'
 * node lists were never read).
 */
export async function axeViolations(
  page: Page,
  { tags, include, exclude }: { tags?: readonly string[]; include?: string; exclude?: string } = {},
): Promise<Violation[]> {
  await Promise.all(page.frames().map((frame) => injectAxe(frame, frame === page.mainFrame())));
  const options: RunOptions = { resultTypes: ['violations'] };
  if (tags) options.runOnly = { type: 'tag', values: [...tags] };
  const context: ElementContext | undefined =
    include && exclude
      ? { include: [include], exclude: [exclude] }
      : include
        ? { include: [include] }
        : exclude
          ? { exclude: [exclude] }
          : undefined;
  return page.evaluate(
    async ({ context, options }) => {
      const axe = (window as unknown as { axe: typeof axeCore }).axe;
      const { violations } = await axe.run(
        (context as ElementContext | undefined) ?? document,
        options as RunOptions,
      );
      return violations.map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes.map((node) => ({ target: node.target.map(String), html: node.html })),
      }));
    },
    { context: context as unknown, options: options as unknown },
  );
}

/** axe into a frame's document unless it is there (a frame that runs no script is left out, as AxeBuilder leaves it). */
async function injectAxe(frame: Frame, main: boolean): Promise<void> {
  try {
    if (await frame.evaluate(() => 'axe' in window)) return;
    await frame.evaluate(AXE_SOURCE);
    await frame.evaluate(() =>
      (window as unknown as { axe: typeof axeCore }).axe.configure({
        allowedOrigins: ['<same_origin>'],
      }),
    );
  } catch (error) {
    if (main) throw error;
  }
}

/**
 * The page as it is now, checked by axe at a phone's and a laptop's width: no violation of
 * impact moderate or worse (minor ones are reported, not failed), and at the phone's width no
 * sideways scrolling. `A11Y_REPORT=<file>` appends every result there as a JSON line (the
 * summary in the task's note is made from it). Soft: one run reports every state.
 */
export async function expectAccessible(
  page: Page,
  state: string,
  { include }: { include?: string } = {},
): Promise<void> {
  const original = page.viewportSize();
  if (!include) await expectRendered(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    // a resize can re-render (media queries): let it settle before measuring
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const violations = await axeViolations(page, { tags: TAGS, include });
    const summary = violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? 'unknown',
      nodes: v.nodes.length,
      target: v.nodes[0]?.target.join(' '),
    }));
    if (process.env.A11Y_REPORT)
      appendFileSync(
        process.env.A11Y_REPORT,
        `${JSON.stringify({ state, width, url: new URL(page.url()).pathname, violations: summary })}\n`,
      );
    expect
      .soft(
        summary.filter((v) => v.impact !== 'minor'),
        `axe at ${width} px: ${state}`,
      )
      .toEqual([]);
    if (width < 600) {
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect.soft(overflow, `sideways scrolling at ${width} px: ${state}`).toBeLessThanOrEqual(0);
    }
  }
  if (original) await page.setViewportSize(original);
}

/**
 * Keyboard only: presses Tab (at most `max` times) until `target` has the focus, as a keyboard
 * user moves through the page. Fails if it is never reached. The target is looked up once, and
 * again only when the page has replaced its element (not before every Tab).
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false } = {},
): Promise<void> {
  let element = await target.elementHandle();
  try {
    for (let tabs = 0, lookups = 1; tabs < max;) {
      const focused = await element.evaluate((el) => (el.isConnected ? el === document.activeElement : null));
      if (focused) return;
      if (focused === null && lookups < max) {
        // the page replaced the element: the new one is the one to reach (no Tab for this)
        await element.dispose();
        element = await target.elementHandle();
        lookups++;
        continue;
      }
      await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
      tabs++;
    }
  } finally {
    await element.dispose();
  }
  await expect(target, 'reached with Tab').toBeFocused({ timeout: 1 });
}

/** Tab to `target` and press a key on it (Enter for links and buttons, Space for checkboxes). */
export async function pressOn(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
