import { useId } from 'react';

interface AmountStepperProps {
  label: string;
  hint?: string;
  /** What the value reads as, e.g. "+ 80 kr" or "Du ger 150 kr i månaden." */
  valueText: string;
  value: number;
  min: number;
  step: number;
  increaseLabel: string;
  decreaseLabel: string;
  /** Shown (and announced) while the value is at its minimum. */
  minimumNote?: string;
  onChange: (value: number) => void;
}

/**
 * An amount changed only in steps (SPEC.md §5: 10 kr), never below the minimum. The decrease
 * button stays focusable at the minimum (aria-disabled) so focus is not lost under the finger.
 */
export function AmountStepper({ label, hint, valueText, value, min, step, increaseLabel, decreaseLabel, minimumNote, onChange }: AmountStepperProps) {
  const id = useId();
  const atMinimum = value - step < min;
  return (
    <div className="stepper" role="group" aria-labelledby={`${id}-label`} aria-describedby={hint ? `${id}-hint` : undefined}>
      <span id={`${id}-label`} className="stepper-label">
        {label}
      </span>
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      <div className="stepper-row">
        <button
          type="button"
          className="stepper-button"
          aria-label={decreaseLabel}
          aria-disabled={atMinimum || undefined}
          onClick={() => !atMinimum && onChange(value - step)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M5 11h14v2H5z" fill="currentColor" />
          </svg>
        </button>
        <output className="stepper-value" aria-live="polite">
          {valueText}
        </output>
        <button type="button" className="stepper-button" aria-label={increaseLabel} onClick={() => onChange(value + step)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {atMinimum && minimumNote && (
        <p className="hint" role="status">
          {minimumNote}
        </p>
      )}
    </div>
  );
}
