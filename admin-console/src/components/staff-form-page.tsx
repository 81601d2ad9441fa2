import { apiErrorText, useCopy } from '@concert/shared/browser';
import type { Submission } from '@concert/shared/ui';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';

/** A staff form page's copy prefix: its texts are `<prefix>.title`, `.intro`, `.submit`, `.submitting` and `.error`. */
type StaffFormCopy = 'admin.addManualAttendee' | 'admin.sendEmail';

interface StaffFormPageProps<R> {
  copy: StaffFormCopy;
  form: { submission: Submission<R>; submit: (event: FormEvent) => void };
  /** What was done, shown above the form after a submit that worked. */
  done: (result: R) => ReactNode;
  /** The fields. */
  children: ReactNode;
  /** What the page shows under the form. */
  after?: ReactNode;
}

/**
 * A staff page around one form: title and intro, the outcome of the last submit (what was done,
 * or why it failed as an alert; it gets focus once a submit settles, so screen readers hear it),
 * the fields and the submit button (disabled and relabelled while the submit is on its way).
 */
export function StaffFormPage<R>({
  copy,
  form: { submission, submit },
  done,
  children,
  after,
}: StaffFormPageProps<R>) {
  const t = useCopy();
  const result = useRef<HTMLDivElement>(null);
  const submitting = submission.state === 'submitting';
  useEffect(() => {
    if (submission.state === 'done' || submission.state === 'failed') result.current?.focus();
  }, [submission]);
  return (
    <article className="admin-page">
      <h1>{t(`${copy}.title`)}</h1>
      <p>{t(`${copy}.intro`)}</p>
      {/* A live region that exists before the result arrives, so it is announced (WCAG 4.1.3). */}
      <div ref={result} tabIndex={-1} className="admin-result" aria-live="polite">
        {submission.state === 'done' && done(submission.result)}
        {submission.state === 'failed' && (
          <p className="notice" role="alert">
            {t(`${copy}.error`, { message: apiErrorText(t, submission.error) })}
          </p>
        )}
      </div>
      <form noValidate onSubmit={submit}>
        {children}
        <button type="submit" className="button" disabled={submitting}>
          {t(submitting ? `${copy}.submitting` : `${copy}.submit`)}
        </button>
      </form>
      {after}
    </article>
  );
}
