import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';

/** The id of a field's input (its label, hint and error ids derive from it). */
export const fieldId = (name: string) => `field-${name}`;

/** Moves focus to a field by its name, e.g. the first invalid one after a submit. */
export function focusField(name: string): void {
  document.getElementById(fieldId(name))?.focus();
}

/** The ids that describe an input: its hint when it has one, its error while there is one. */
function describedBy(
  id: string,
  hint: string | undefined,
  error: string | null | undefined,
  more?: string,
): string | undefined {
  return [hint && `${id}-hint`, error && `${id}-error`, more].filter(Boolean).join(' ') || undefined;
}

/** The visible star of a required field (SPEC.md §5); the input's `required` is what assistive technology hears. */
function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' *'}
    </span>
  );
}

function FieldError({ id, error }: { id: string; error: string | null | undefined }) {
  return (
    <span id={`${id}-error`} className="error" aria-live="polite">
      {error ?? ''}
    </span>
  );
}

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
  /** Shows the star of a required field after the label (the page explains the star). */
  markRequired?: boolean;
  /** The id of another element that describes the field too, e.g. a warning about its value. */
  describedBy?: string;
}

/** A labelled input with hint and error, wired for screen readers (aria-describedby, aria-invalid). */
export function TextField({
  name,
  label,
  hint,
  error,
  onValidate,
  markRequired,
  describedBy: more,
  ...input
}: TextFieldProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      {markRequired ? (
        // The star beside the label, not in it: the label (the field's name) stays exactly the copy's text.
        <span className="label-row">
          <label htmlFor={id}>{label}</label>
          <RequiredMark />
        </span>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error, more)}
        onBlur={(e) => {
          const value = e.target.value;
          if (onValidate && value) setTimeout(() => onValidate(value), 0);
        }}
        {...input}
      />
      <FieldError id={id} error={error} />
    </div>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  /** The empty first choice; without it the first option is chosen from the start. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  error?: string | null;
}

/** A labelled native select (best on phones) with an announced error. */
export function SelectField({ name, label, placeholder, options, error, ...select }: SelectFieldProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  name: string;
  label: string;
  /**
   * Given (null while it is fine), the box is a validated field: it gets the field's id (so a
   * submit can focus it) and its announced error under it. Left out, it is a plain choice.
   */
  error?: string | null;
}

/** A checkbox inside its visible label. */
export function Checkbox({ name, label, error, ...input }: CheckboxProps) {
  const id = fieldId(name);
  const validated = error !== undefined;
  const box = (
    <label className="checkbox">
      <input
        type="checkbox"
        name={name}
        {...(validated && {
          id,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': `${id}-error`,
        })}
        {...input}
      />
      <span>{label}</span>
    </label>
  );
  if (!validated) return box;
  return (
    <div className="field">
      {box}
      <FieldError id={id} error={error} />
    </div>
  );
}
