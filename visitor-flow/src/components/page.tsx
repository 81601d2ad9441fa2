import { markRendered } from '@concert/shared/browser';
import { useLocation } from '@concert/shared/router';
import { useDocumentTitle } from '@concert/shared/ui';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * One screen of the flow: its heading gets focus when the step opens (screen readers hear where
 * they are, keyboard users continue from the top), the page scrolls back up on small screens,
 * and the tab's title names the step in the page's language (WCAG 2.4.2). Once it has rendered,
 * the page is marked as the app's own (`markRendered`), no longer the server's first paint.
 */
export function Page({ title, children, className, before }: { title: string; children: ReactNode; className?: string; before?: ReactNode }) {
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
      {text}
    </p>
  );
}
