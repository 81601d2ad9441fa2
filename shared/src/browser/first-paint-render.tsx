// Build time only (an app's `npm run build`, after rspack; shared/build/write-first-paint.mjs):
// renders the apps' real components into the first paint's templates (`@concert/shared/first-paint`).
// Not part of `@concert/shared/browser`: no app's bundle carries react-dom/server.
import { concertStatusAtom, copyAtom, langAtom } from '@concert/shared/browser';
import { COPY_KEYS } from '@concert/shared/copy-keys';
import { copyMarker } from '@concert/shared/first-paint';
import { StaticRouter } from 'react-router';
import type { ConcertStatus } from '@concert/shared/api';
import type { Lang } from '@concert/shared/universal';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/** Every text as its marker, which the server replaces with the copy of the day. */
const MARKED_COPY: Record<string, string> = Object.fromEntries(
  COPY_KEYS.map((key) => [key, copyMarker(key)]),
);

/**
 * What `element` renders on a fresh visit to `pathname` (nothing held, no session), with copy
 * markers for its texts and its controls not ready (see `notReady`).
 */
export function paintMarkup(
  element: ReactNode,
  { pathname, lang, concertStatus }: { pathname: string; lang: Lang; concertStatus: ConcertStatus | null },
): string {
  const store = createStore();
  store.set(langAtom, lang);
  store.set(concertStatusAtom, concertStatus);
  store.set(copyAtom, MARKED_COPY);
  return notReady(
    renderToStaticMarkup(
      <Provider store={store}>
        <StaticRouter location={pathname}>{element}</StaticRouter>
      </Provider>,
    ),
  );
}

const CONTROL = /<(button|input|select|textarea)\b([^>]*?)(\/?)>/g;

/**
 * Until the app's own controls replace them, a tap on a painted control does nothing, so they
 * say so (aria-disabled; tests wait for it to go); and a painted submit button is a plain
 * button, since without the app a form would put what was typed (a personal number) into the URL.
 * React's markup escapes `>` in attribute values, so a tag ends at the first `>`.
 */
export function notReady(html: string): string {
  return html.replace(CONTROL, (_, name: string, attributes: string, selfClosing: string) => {
    const attrs = attributes.replace(/ type="submit"/, ' type="button"');
    const inert = / disabled=""| aria-disabled="true"/.test(attrs) ? '' : ' aria-disabled="true"';
    return `<${name}${attrs}${inert}${selfClosing}>`;
  });
}
