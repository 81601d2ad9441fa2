import { Component, Suspense, type ReactNode } from 'react';

/** Shows `fallback` instead of a part of the page that failed to render or load, so the rest keeps working. */
export class ErrorBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** A lazily loaded part the page can do without: nothing (or `loading`) while it loads, nothing if it cannot be loaded. */
export function OptionalPart({ children, loading = null }: { children: ReactNode; loading?: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={loading}>{children}</Suspense>
    </ErrorBoundary>
  );
}
