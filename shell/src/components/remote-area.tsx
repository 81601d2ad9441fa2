import { FirstPaintOr, useCopy } from '@concert/shared/browser';
import { Suspense, useState } from 'react';
import { forgetRemote, remoteRoutes, type RemoteName } from '../lib/remotes.js';
import { ErrorBoundary } from './error-boundary.js';

/** Shows one remote's routes; while loading a quiet placeholder, when it cannot be loaded a helpful fallback for that area only. */
export function RemoteArea({ name }: { name: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const Routes = remoteRoutes(name);
  const retry = () => {
    forgetRemote(name);
    setAttempt((a) => a + 1);
  };
  return (
    <ErrorBoundary key={attempt} fallback={<RemoteUnavailable name={name} onRetry={retry} />}>
      <Suspense fallback={<FirstPaintOr fallback={<AreaLoading />} />}>
        <Routes />
      </Suspense>
    </ErrorBoundary>
  );
}

/** A quiet placeholder while an area loads, announced to screen readers. */
export function AreaLoading() {
  const t = useCopy();
  return (
    <div className="area-loading" role="status" aria-live="polite">
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}

function RemoteUnavailable({ name, onRetry }: { name: RemoteName; onRetry: () => void }) {
  const t = useCopy();
  return (
    <section className="remote-unavailable" role="alert" data-remote={name}>
      <h1>{t('shell.remoteUnavailable.title')}</h1>
      <p>{t('shell.remoteUnavailable.body')}</p>
      <button type="button" className="button" onClick={onRetry}>
        {t('shell.remoteUnavailable.retry')}
      </button>
    </section>
  );
}
