import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: string;
  /** The validation message shown under the field, announced to screen readers. */
  error?: string | null;
}

/** A labelled input with hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function TextField({ name, label, hint, error, ...input }: TextFieldProps) {
  const id = fieldId(name);
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <span id={`${id}-error`} className="error" aria-live="polite">
        {error ?? ''}
      </span>
    </div>
  );
}

const fieldId = (name: string) => `field-${name}`;

/** Moves focus to a field by its name, e.g. the first invalid one after a submit. */
export function focusField(name: string): void {
  document.getElementById(fieldId(name))?.focus();
}
