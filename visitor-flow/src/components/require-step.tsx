import { flowRestoredAtom, furthestStepAtom, langAtom } from '@concert/shared/browser';
import { Loading } from '@concert/shared/ui';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import { useRef, type ReactNode } from 'react';
import { Navigate, useLocation } from '@concert/shared/router';

/**
 * A step reached without the data it needs (a link opened in a new tab, a bookmark, the browser's
 * back button past where the session is) goes on to the furthest step the session allows, or the
 * start page with its ticket button when nothing is under way: never to an error page (issue 29).
 * Until the session's saved place has been read back (a reload) the step waits.
 */
export function RequireStep({ when, children }: { when: boolean; children: ReactNode }) {
  const lang = useAtomValue(langAtom);
  const restored = useAtomValue(flowRestoredAtom);
  const furthest = useAtomValue(furthestStepAtom);
  const { pathname } = useLocation();
  // Judged once: where the visitor is sent does not change while the step gives way.
  const target = useRef<string | null>(null);
  if (!restored) return <Loading className="screen-loading" />;
  if (when) return children;
  // (a step whose own guard is stricter than the furthest-step rule goes to the start page, never to itself)
  target.current ??=
    furthest === 'start' || pathname === paths.visitor[furthest].getHref(lang)
      ? paths.visitor.start.getHref(lang)
      : paths.visitor[furthest].getHref(lang);
  return <Navigate to={target.current} replace />;
}
