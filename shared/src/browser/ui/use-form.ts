import { useRef, useState, type FormEvent } from 'react';
import { focusField } from './fields.js';

type FieldName<V> = keyof V & string;
export type FormErrors<V, E> = Partial<Record<FieldName<V>, E>>;

/** What became of the last submit that handed the form's values to an async `onSubmit`. */
export type Submission<R> =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'done'; result: R }
  | { state: 'failed'; error: unknown };

interface FormOptions<V extends object, E, R> {
  /** The fields a submit checks, in form order: the first invalid one gets focus. */
  fields: readonly FieldName<V>[];
  /** The message (or message id) for a field's value, or nothing when it is fine. */
  validate: (name: FieldName<V>, value: V[FieldName<V>], values: V) => E | null | undefined;
  /**
   * Called with the values once every field is valid (never twice at a time). Returning a
   * promise makes `submission` follow it: submitting, then done with its result or failed.
   */
  onSubmit: (values: V, form: { reset: (values: V) => void }) => R | Promise<R>;
}

/** The values live in the form (`reset` replaces them) … */
interface OwnValues<V> {
  initial: V;
}
/** … or outside it, e.g. in an atom that keeps them across steps. */
interface OutsideValues<V> {
  values: V;
  onChange: (name: FieldName<V>, value: V[FieldName<V>]) => void;
}

/**
 * Form state: values, per-field errors and the submit. A field already marked invalid is checked
 * again as it changes (so the message goes as soon as it is fixed); `check` checks one field
 * now (e.g. on blur); a submit checks all of them and focuses the first invalid one.
 */
export function useForm<V extends object, E = string, R = void>(
  options: FormOptions<V, E, R> & (OwnValues<V> | OutsideValues<V>),
) {
  const [own, setOwn] = useState<V | undefined>('initial' in options ? options.initial : undefined);
  const values = 'values' in options ? options.values : (own as V);
  const [errors, setErrors] = useState<FormErrors<V, E>>({});
  const [submission, setSubmission] = useState<Submission<R>>({ state: 'idle' });
  const busy = useRef(false);

  const messageFor = (name: FieldName<V>, value: V[FieldName<V>]) =>
    options.validate(name, value, values) ?? undefined;

  function setValue<K extends FieldName<V>>(name: K, value: V[K]) {
    if ('values' in options) options.onChange(name, value);
    else setOwn((v) => ({ ...(v as V), [name]: value }));
  }

  /** A field's new value; re-checked while it is marked invalid. */
  function change<K extends FieldName<V>>(name: K, value: V[K]) {
    setValue(name, value);
    if (errors[name] !== undefined) setErrors((es) => ({ ...es, [name]: messageFor(name, value) }));
  }

  /** Checks one field now, e.g. when it loses focus. */
  function check<K extends FieldName<V>>(name: K, value: V[K]) {
    setErrors((es) => ({ ...es, [name]: messageFor(name, value) }));
  }

  function reset(next: V) {
    setOwn(next);
    setErrors({});
  }

  async function follow(outcome: Promise<R>) {
    busy.current = true;
    setSubmission({ state: 'submitting' });
    try {
      setSubmission({ state: 'done', result: await outcome });
    } catch (error) {
      setSubmission({ state: 'failed', error });
    } finally {
      busy.current = false;
    }
  }

  /** The form's onSubmit: checks every field (focus on the first invalid one), then hands the values over. */
  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy.current) return;
    const found: FormErrors<V, E> = {};
    for (const name of options.fields) found[name] = messageFor(name, values[name]);
    setErrors(found);
    const firstInvalid = options.fields.find((name) => found[name] !== undefined);
    if (firstInvalid) return focusField(firstInvalid);
    const outcome = options.onSubmit(values, { reset });
    if (outcome instanceof Promise) void follow(outcome);
  }

  return { values, errors, submission, change, check, submit, reset };
}
