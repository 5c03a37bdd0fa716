/**
 * The one form primitive: a form's values, its per-field errors, its form-level message (docs/product.md §13: 'All
 * fields are required', …) and the submit wiring, for every form of the app.
 *
 * Values are controlled React state and checks stay the pure validators beside each feature (`Validation` from
 * lib/validation), so a form is: `useForm(initial)`, `form.field('name')` spread on each TextField, and
 * `form.submit(() => form.check(validate(form.values)), send)`. The errors reach the inputs through TextField's
 * aria-invalid and aria-describedby; after a refused submit (the app's check or the server's 422) the keyboard goes
 * to the first field with a problem. Editing a field clears its error, never the others.
 */
import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { serverFieldErrors } from '@/lib/server-errors';
import { fieldHint, type FieldErrors, type Validation } from '@/lib/validation';

export type Form<V extends object, K extends string> = ReturnType<typeof useForm<V, K>>;

export function useForm<V extends object, K extends string = Extract<keyof V, string>>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [message, setMessage] = useState<string>();
  // The form element, as the last submit met it: where to look for the first field with a problem.
  const [element, setElement] = useState<HTMLFormElement | null>(null);

  // After a refused submit, take the keyboard to the first field with a problem (once the errors are rendered).
  const [focus, setFocus] = useState({ tick: 0, select: false });
  useEffect(() => {
    if (focus.tick === 0) return;
    const first = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
    if (focus.select && first instanceof HTMLInputElement) first.select();
  }, [focus, element]);

  /**
   * Shows a refusal: the problem of each field and, optionally, the form's message. `select`: the first field's text
   * is selected too, for a code the person will retype whole.
   */
  const refuse = (fieldErrors: FieldErrors<K>, formMessage?: string, select = false) => {
    setErrors(fieldErrors);
    if (formMessage !== undefined) setMessage(formMessage);
    setFocus((current) => ({ tick: current.tick + 1, select }));
  };

  /** A new value for `field`; its error (or `clears`'s, when another field shows it) goes. */
  const set = <F extends keyof V>(field: F, value: V[F], clears: K = field as unknown as K) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[clears] === undefined ? current : { ...current, [clears]: undefined }));
  };

  return {
    values,
    errors,
    message,
    set,
    setValues,
    setMessage,
    refuse,
    /** The hint a field shows: its error, with 'All fields are required' read as 'Required'. */
    hint: (field: K) => fieldHint(errors[field]),
    /** Props for a TextField bound to a string value. */
    field: <F extends K & keyof V>(field: F) => ({
      name: field,
      value: values[field] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        set(field, event.target.value as V[F]),
      error: fieldHint(errors[field]),
    }),
    /** The checked payload, or nothing after showing what is wrong. */
    check: <P>(checked: Validation<K, P>): P | undefined => {
      if (!checked.ok) {
        refuse(checked.fieldErrors, checked.message);
        return undefined;
      }
      // Passed: a server's earlier complaint about a field the person has not touched since is no longer shown.
      setErrors({});
      setMessage(undefined);
      return checked.payload;
    },
    /** A 422's per-field errors beside their inputs (`fields` maps the server's names to the form's). */
    serverErrors: (failure: unknown, fields: Record<string, K>) => refuse(serverFieldErrors(failure, fields)),
    /** Back to `to` (the initial values by default), with no errors or message. */
    reset: (to: V = typeof initial === 'function' ? (initial as () => V)() : initial) => {
      setValues(to);
      setErrors({});
      setMessage(undefined);
    },
    /** The form's onSubmit: no page load; `send` gets the payload when `check` gives one. */
    submit:
      <P>(check: () => P | undefined, send: (payload: P) => void) =>
      (event: FormEvent) => {
        event.preventDefault();
        if (event.currentTarget instanceof HTMLFormElement) setElement(event.currentTarget);
        const payload = check();
        if (payload !== undefined) send(payload);
      },
  };
}
