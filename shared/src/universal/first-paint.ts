// The first paint of the start page and memberCheck, written by the server into index.html so the
// page shows before any script has loaded (backend http/web-apps.ts). It is the markup the shell's
// VisitorLayout and the visitor flow's screens render for a fresh visit, from the same copy: React
// then renders the same page over it (keeping it as its loading placeholder), so nothing moves.
// Its controls say they are not ready yet (aria-disabled: nothing would answer a tap) until the
// app's own controls replace them; its links work as plain links.
// Not part of `@concert/shared/universal`: no app's bundle carries it.
import type { ConcertStatus } from './api.js';
import { SUPPORT, type Lang } from './constants.js';
import { substituteCopy } from './copy.js';
import { startButtonKey, startIntroKey } from './start-page.js';

export interface FirstPaintInput {
  /** The path asked for, e.g. `/sv/` or `/en/memberCheck`. */
  pathname: string;
  lang: Lang;
  copy: Record<string, string>;
  concertStatus: ConcertStatus | null;
}

type Text = (key: string) => string;

const PAGES: Record<string, (t: Text, input: FirstPaintInput) => string> = {
  '': startPage,
  memberCheck: memberCheckPage,
};

/** The markup of `#root` for the pages painted from HTML, or null for any other page (it waits for the apps). */
export function firstPaintHtml(input: FirstPaintInput): string | null {
  const match = /^\/(sv|en)\/([^/]*)$/.exec(input.pathname);
  const page = match && match[1] === input.lang ? PAGES[match[2]!] : undefined;
  if (!page) return null;
  const t: Text = (key) => {
    const raw = input.copy[key];
    return escapeHtml(raw === undefined ? key : substituteCopy(raw, input.lang));
  };
  return layout(t, input, page(t, input));
}

/** shell/src/app/visitor-layout.tsx on a fresh visit: no countdown, banner or overlay. */
function layout(t: Text, { pathname, lang }: FirstPaintInput, main: string): string {
  const other: Lang = lang === 'sv' ? 'en' : 'sv';
  return (
    `<a class="skip-link" href="#main">${t('shell.skipToContent')}</a>` +
    `<header class="site-header">` +
    `<a class="logo" aria-label="${t('shell.header.logo')}" href="/${lang}/">${LOGO}</a>` +
    `<span class="concert-date">${t('shell.header.date')}</span>` +
    `<p class="visually-hidden" aria-live="polite"></p>` +
    `<a class="lang-toggle" hreflang="${other}" lang="${other}" aria-label="${t('shell.header.switchLanguageLabel')}" href="${escapeHtml(pathname.replace(/^\/(sv|en)/, `/${other}`))}">${t('shell.header.switchLanguage')}</a>` +
    `</header>` +
    `<main id="main" class="site-main">${main}</main>` +
    `<footer class="site-footer"><a href="/${lang}/faq">${t('shell.footer.faq')}</a><a href="mailto:${escapeHtml(SUPPORT.email)}">${t('shell.footer.contact')}</a></footer>`
  );
}

/** On the painted controls: until the app's own replace them, a tap does nothing (and tests wait). */
const NOT_READY = 'aria-disabled="true"';

const LOGO =
  '<svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true" focusable="false"><rect width="40" height="40" rx="6" fill="#ffd400"></rect>' +
  '<path d="M20 7c-3 6-9 8-9 15a9 9 0 0 0 18 0c0-7-6-9-9-15z" fill="#111"></path></svg>';

/** visitor-flow/src/features/start/start-page.tsx */
function startPage(t: Text, { lang, concertStatus }: FirstPaintInput): string {
  const buttonKey = startButtonKey(concertStatus);
  const button = buttonKey ? `<button type="button" class="button" ${concertStatus === 'Closed' ? 'disabled' : NOT_READY}>${t(buttonKey)}</button>` : '';
  return (
    `<article class="page start"><h1 tabindex="-1">${t('start.title')}</h1>` +
    `<p class="slogan">${t('start.slogan')}</p>` +
    `<p class="intro copy-text" aria-live="polite">${t(startIntroKey(concertStatus))}</p>` +
    button +
    `<p><a href="/${lang}/instructions">${t('start.instructionsLink')}</a></p></article>`
  );
}

/**
 * visitor-flow/src/features/member-check/member-check-page.tsx. Its button does not submit: without
 * the app, a form would put the personal number into the URL.
 */
function memberCheckPage(t: Text, { lang }: FirstPaintInput): string {
  return (
    `<article class="page"><h1 tabindex="-1">${t('memberCheck.title')}</h1>` +
    `<p class="copy-text">${t('memberCheck.intro')}</p>` +
    `<form novalidate="">` +
    field('personalNumber', t('memberCheck.personalNumber.label'), t('memberCheck.personalNumber.hint'), 'inputmode="numeric" autocomplete="off" maxlength="20"') +
    field('email', t('memberCheck.email.label'), t('memberCheck.email.hint'), 'type="email" inputmode="email" autocomplete="email" maxlength="254"') +
    `<label class="checkbox"><input type="checkbox" name="noPersonalNumber" ${NOT_READY}><span>${t('memberCheck.noPersonalNumber.label')}</span></label>` +
    `<button type="button" class="button" ${NOT_READY}>${t('memberCheck.continue')}</button>` +
    `<p class="more-links"><a href="/${lang}/specialCases#accessibility">${t('memberCheck.accessibilityLink')}</a></p>` +
    `</form></article>`
  );
}

/** visitor-flow/src/components/text-field.tsx without an error. */
function field(name: string, label: string, hint: string, attributes: string): string {
  const id = `field-${name}`;
  return (
    `<div class="field"><label for="${id}">${label}</label><span id="${id}-hint" class="hint">${hint}</span>` +
    `<input id="${id}" name="${name}" aria-describedby="${id}-hint" required ${NOT_READY} ${attributes}>` +
    `<span id="${id}-error" class="error" aria-live="polite"></span></div>`
  );
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
