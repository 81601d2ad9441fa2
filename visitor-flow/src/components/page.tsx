import { markRendered } from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';
import { useDocumentTitle } from '@concert/shared/ui';
import { SUPPORT, telHref } from '@concert/shared/universal';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One screen of the flow: its heading gets focus when the step opens (screen readers hear where
 * they are, keyboard users continue from the top), the page scrolls back up on small screens,
 * and the tab's title names the step in the page's language (WCAG 2.4.2). Once it has rendered,
 * the page is marked as the app's own (`markRendered`), no longer the server's first paint.
 */
export function Page({
  title,
  children,
  className,
  before,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  before?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle(title);
  useEffect(() => markRendered(pathname), [pathname]);
  useEffect(() => {
    window.scrollTo(0, 0);
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <article className={['page', className].filter(Boolean).join(' ')}>
      {before}
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </article>
  );
}

/** A copy text; blank lines in it are paragraph breaks (the copy is plain text, SPEC.md §3). */
export function CopyText({ text, className, id }: { text: string; className?: string; id?: string }) {
  return (
    <p id={id} className={['copy-text', className].filter(Boolean).join(' ')}>
      {withContactLinks(text)}
    </p>
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The organisation's support address and phone number, wherever a text names them (they come from the constants map). */
const CONTACT = new RegExp(`(${escapeRegExp(SUPPORT.email)}|${escapeRegExp(SUPPORT.phone)})`);

/** A text with the support e-mail address and phone number as mailto: and tel: links (issue 29; the first paint does the same: contactLinksHtml). */
function withContactLinks(text: string): ReactNode {
  const parts = text.split(CONTACT);
  if (parts.length === 1) return text;
  return parts.map((part, i) =>
    part === SUPPORT.email ? (
      <a key={i} href={`mailto:${part}`}>
        {part}
      </a>
    ) : part === SUPPORT.phone ? (
      <a key={i} href={telHref(part)}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
