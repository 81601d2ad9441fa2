import type { SelectHTMLAttributes } from 'react';

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  name: string;
  label: string;
  placeholder: string;
  options: readonly { value: string; label: string }[];
  error?: string | null;
}

/** A labelled native select (best on phones) with an empty first choice and an announced error. */
export function SelectField({ name, label, placeholder, options, error, ...select }: SelectFieldProps) {
  const id = `field-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} {...select}>
        <option value="">{placeholder}</option>
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
