import { langAtom } from '@concert/shared/browser';
import { paths } from '@concert/shared/universal';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Navigate } from '@concert/shared/router';

/**
 * A step reached without the data it needs (reloaded, opened directly, or reached with the
 * browser's back button) cannot continue: error/invalidState, which asks to start over (SPEC.md §4).
 */
export function RequireStep({ when, children }: { when: boolean; children: ReactNode }) {
  const lang = useAtomValue(langAtom);
  if (!when) return <Navigate to={paths.visitor.error.getHref(lang, 'invalidState')} replace />;
  return children;
}
