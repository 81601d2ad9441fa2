import { appendFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.js';
import { expectRendered } from './visitor-helpers.js';

/** A phone (WCAG 1.4.10 reflow is checked at this width) and a laptop. */
export const WIDTHS = [390, 1280] as const;

/** The rules axe has for WCAG 2.0-2.2 A/AA, plus its best practices (landmarks, heading order …), as Lighthouse runs them. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

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
    let builder = new AxeBuilder({ page }).withTags(TAGS);
    if (include) builder = builder.include(include);
    const { violations } = await builder.analyze();
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
 * user moves through the page. Fails if it is never reached.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target, 'reached with Tab').toBeFocused({ timeout: 1 });
}

/** Tab to `target` and press a key on it (Enter for links and buttons, Space for checkboxes). */
export async function pressOn(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}
