import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  /** The validation message under the field, announced to screen readers. */
  error?: string | null;
}

const fieldId = (name: string) => `admin-field-${name}`;

/** A labelled input with its error, wired for screen readers (aria-describedby, aria-invalid). */
export function Field({ name, label, error, ...input }: FieldProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} {...input} />
      <span id={`${id}-error`} className="error" aria-live="polite">
        {error ?? ''}
      </span>
    </div>
  );
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  /** The empty first choice; without it the first option is chosen from the start. */
  placeholder?: string;
  options: readonly { value: string; label: string }[];
  error?: string | null;
}

/** A labelled native select (best on phones) with an announced error. */
export function SelectField({ name, label, placeholder, options, error, ...select }: SelectProps) {
  const id = fieldId(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <span id={`${id}-error`} className="error" aria-live="polite">
        {error ?? ''}
      </span>
    </div>
  );
}

/** Moves focus to a field by its name, e.g. the first invalid one after a submit. */
export function focusField(name: string): void {
  document.getElementById(fieldId(name))?.focus();
}
