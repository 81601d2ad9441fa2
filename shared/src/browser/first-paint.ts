import { createElement, type ReactNode } from 'react';

/**
 * The page the server painted into index.html before any script ran (`@concert/shared/first-paint`).
 * Its `<main>` content stays the loading placeholder of that page, so React's first renders show
 * the same page (no blank area, nothing moves) until the screen's own code has loaded.
 */
let painted: { pathname: string; hash: string; html: string } | undefined;

/** Called by the shell before React replaces the server's markup; whether the server painted the page. */
export function captureFirstPaint(): boolean {
  const main = document.getElementById('main');
  if (main?.firstElementChild)
    painted = { pathname: location.pathname, hash: location.hash, html: main.innerHTML };
  return !!main?.firstElementChild;
}

/**
 * The painted page is also the page at `pathname` (where the visitor is sent without a tap): a
 * screen that moves on to the page the server painted for it (the queue page, on sale, to
 * memberCheck) keeps it shown while that page's code loads, instead of a loading placeholder.
 */
export function firstPaintMovesTo(pathname: string): void {
  if (painted?.pathname === location.pathname) painted = { ...painted, pathname };
}

/**
 * While an area or screen loads: the painted page if the visitor is still on it, else `fallback`.
 * The server never sees a hash (news#lineup, specialCases#accessibility): what it painted is the
 * page without one, so with a hash it is not kept.
 */
export function FirstPaintOr({ fallback }: { fallback: ReactNode }): ReactNode {
  if (painted?.pathname !== location.pathname || painted.hash !== '') return fallback;
  return createElement('div', {
    className: 'first-paint',
    dangerouslySetInnerHTML: { __html: painted.html },
  });
}

/**
 * An element of the painted page while the visitor is still on it (the ticket page keeps the QR
 * code the server drew), else null.
 */
export function paintedElement(selector: string): Element | null {
  if (painted?.pathname !== location.pathname) return null;
  const template = document.createElement('template');
  template.innerHTML = painted.html;
  return template.content.querySelector(selector);
}

/**
 * Set on `<html>` (the page's path) once the visitor flow's own screen for that path has
 * rendered: not the server's first paint, not the painted page kept while the screen loads, not a
 * loading placeholder. Between those the page may briefly have no heading (the painted page is not
 * kept when the address has a hash), so whoever must see the finished page (the e2e accessibility
 * sweep) waits for it. Staff pages have no first paint.
 */
const RENDERED_ATTRIBUTE = 'data-rendered';

/** Called by each visitor screen once it has rendered at `pathname`. */
export function markRendered(pathname: string): void {
  document.documentElement.setAttribute(RENDERED_ATTRIBUTE, pathname);
}
