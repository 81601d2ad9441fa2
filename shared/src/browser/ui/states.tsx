import { useCopy } from '@concert/shared/browser';

/** A quiet placeholder while a screen or area loads, announced to screen readers. */
export function Loading({ className }: { className: string }) {
  const t = useCopy();
  return (
    <div className={className} role="status" aria-live="polite">
      <span className="visually-hidden">{t('shell.loading')}</span>
    </div>
  );
}

/** Data that could not be loaded: why, as an alert, and a way to try again when there is one. */
export function Unavailable({
  message,
  retry,
}: {
  message: string;
  retry?: { label: string; onRetry: () => void };
}) {
  if (!retry)
    return (
      <p className="notice" role="alert">
        {message}
      </p>
    );
  return (
    <div className="notice" role="alert">
      <p>{message}</p>
      <button type="button" className="button secondary" onClick={retry.onRetry}>
        {retry.label}
      </button>
    </div>
  );
}
