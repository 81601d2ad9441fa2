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
  /** A few amounts one tap away (each on the step grid from the minimum), with how each reads. */
  presets?: { label: string; amounts: readonly number[]; text: (amount: number) => string };
  /** A typed amount: the field's label, and what is said when it is put on the step grid or unreadable. */
  typed?: { label: string; roundedNote: (amount: number) => string; invalidNote: string };
  onChange: (value: number) => void;
}

/**
 * The nearest amount on the grid `min, min + step, …` (a tie goes up), never below `min`:
 * the server takes only those (SPEC.md §5).
 */
export function onStepGrid(amount: number, min: number, step: number): number {
  if (amount <= min) return min;
  return min + Math.round((amount - min) / step) * step;
}

/**
 * An amount changed in steps (SPEC.md §5: 10 kr), by a preset or typed, never below the minimum.
 * The decrease button stays focusable at the minimum (aria-disabled) so focus is not lost under
 * the finger. A typed amount is taken as soon as it is on the grid; otherwise when the field is
 * left (or Enter), put on the grid with a note saying so.
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
  presets,
  typed,
  onChange,
}: AmountStepperProps) {
  const id = useId();
  const atMinimum = value - step < min;
  const [note, setNote] = useState('');
  const [triedBelow, setTriedBelow] = useState(false);
  const [text, setText] = useState('');
  const set = (next: number) => {
    setTriedBelow(false);
    setNote('');
    setText('');
    onChange(next);
  };
  const decrease = () => {
    if (atMinimum) {
      setNote(minimumNote ?? '');
      return setTriedBelow(true);
    }
    set(value - step);
  };
  const parse = (raw: string): number | null => {
    const digits = raw.replace(/[\s\u00a0]/g, '').replace(/(kr|sek)$/i, '');
    return /^\d{1,6}$/.test(digits) ? Number(digits) : null;
  };
  const typing = (raw: string) => {
    setText(raw);
    const amount = parse(raw);
    if (amount !== null && amount >= min && (amount - min) % step === 0) {
      setNote('');
      setTriedBelow(false);
      if (amount !== value) onChange(amount);
    }
  };
  const settle = () => {
    if (!typed || text.trim() === '') return;
    const amount = parse(text);
    if (amount === null) return setNote(typed.invalidNote);
    const next = onStepGrid(amount, min, step);
    setText(String(next));
    setTriedBelow(amount < min);
    setNote(
      amount < min
        ? (minimumNote ?? typed.roundedNote(next))
        : next !== amount
          ? typed.roundedNote(next)
          : '',
    );
    if (next !== value) onChange(next);
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
        <button
          type="button"
          className="stepper-button"
          aria-label={increaseLabel}
          onClick={() => set(value + step)}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path d="M11 5h2v6h6v2h-6v6h-2v-6H5v-2h6z" fill="currentColor" />
          </svg>
        </button>
      </div>
      {presets && (
        <div className="stepper-presets" role="group" aria-label={presets.label}>
          {presets.amounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className="stepper-preset"
              aria-pressed={amount === value}
              onClick={() => set(amount)}
            >
              {presets.text(amount)}
            </button>
          ))}
        </div>
      )}
      {typed && (
        <div className="stepper-typed">
          <label htmlFor={`${id}-typed`}>{typed.label}</label>
          <input
            id={`${id}-typed`}
            name="typedAmount"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={text}
            aria-describedby={note ? `${id}-minimum` : undefined}
            onChange={(e) => typing(e.target.value)}
            onBlur={settle}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                settle();
              }
            }}
          />
        </div>
      )}
      {/* There from the start, so the message is announced when it appears (WCAG 4.1.3). */}
      <p id={`${id}-minimum`} className="error" role="status">
        {note}
      </p>
    </div>
  );
}
