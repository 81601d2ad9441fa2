import { useId, useState } from 'react';

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
  /** Shown (and announced) when the visitor tries to go below the minimum; the hint says the minimum beforehand. */
  minimumNote?: string;
  onChange: (value: number) => void;
}

/**
 * An amount changed only in steps (SPEC.md §5: 10 kr), never below the minimum. The decrease
 * button stays focusable at the minimum (aria-disabled) so focus is not lost under the finger.
 */
export function AmountStepper({
  label,
  hint,
  valueText,
  value,
  min,
  step,
  increaseLabel,
  decreaseLabel,
  minimumNote,
  onChange,
}: AmountStepperProps) {
  const id = useId();
  const atMinimum = value - step < min;
  const [triedBelow, setTriedBelow] = useState(false);
  const decrease = () => {
    if (atMinimum) return setTriedBelow(true);
    setTriedBelow(false);
    onChange(value - step);
  };
  const increase = () => {
    setTriedBelow(false);
    onChange(value + step);
  };
  return (
    <div
      className="stepper"
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={hint ? `${id}-hint` : undefined}
    >
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
          aria-describedby={triedBelow ? `${id}-minimum` : undefined}
          onClick={decrease}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M5 11h14v2H5z" fill="currentColor" />
          </svg>
        </button>
        <output className="stepper-value" aria-live="polite">
          {valueText}
        </output>
        <button type="button" className="stepper-button" aria-label={increaseLabel} onClick={increase}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {/* There from the start, so the message is announced when it appears (WCAG 4.1.3). */}
      <p id={`${id}-minimum`} className="error" role="status">
        {triedBelow && minimumNote ? minimumNote : ''}
      </p>
    </div>
  );
}
