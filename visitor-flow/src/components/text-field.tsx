import type { InputHTMLAttributes } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: string;
  /** The validation message shown under the field, announced to screen readers. */
  error?: string | null;
  /**
   * Checks a filled-in field when it loses focus. Run after the event that moved focus, so a
   * message appearing here cannot push the button being tapped away from under the finger.
   */
  onValidate?: (value: string) => void;
}

/** A labelled input with hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function TextField({ name, label, hint, error, onValidate, ...input }: TextFieldProps) {
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
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onBlur={(e) => {
          const value = e.target.value;
          if (onValidate && value) setTimeout(() => onValidate(value), 0);
        }}
        {...input}
      />
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
