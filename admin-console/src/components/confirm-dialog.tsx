import { useEffect, useId, useRef } from 'react';

/**
 * The office's "are you sure?" before an action that cannot be undone with one click (cancel a
 * ticket, take back a bank file, send a payment again): an alert dialog that says what the action
 * does before it is done. Focus starts on "keep" (the safe choice); Escape or "keep" closes it.
 */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  confirm: string;
  keep: string;
  /** The confirm button marked as destructive. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      className="confirm-dialog"
      onKeyDown={(e) => e.key === 'Escape' && props.onClose()}
    >
      <h3 id={`${id}-title`}>{props.title}</h3>
      <p id={`${id}-body`}>{props.body}</p>
      <button
        type="button"
        className={props.danger ? 'button danger' : 'button'}
        disabled={props.busy}
        onClick={props.onConfirm}
      >
        {props.confirm}
      </button>
      <button type="button" ref={keep} className="button secondary" onClick={props.onClose}>
        {props.keep}
      </button>
    </div>
  );
}
