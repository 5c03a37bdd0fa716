/**
 * Create or edit a marquee message: text (1–280), shown or not, an optional start and end typed in Nigerian
 * time, and a priority (higher shows first). The server broadcasts every change to open pages at once.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { toast } from '@/lib/toast-store';
import { ApiError } from '@/lib/api-client';
import { useSaveMarquee } from '@/features/admin/api/marquees';
import { Field } from '@/features/admin/components/field';
import {
  MARQUEE_MAX_LENGTH,
  marqueeFormFrom,
  marqueeInputFrom,
  type MarqueeForm as FormState,
} from '@/features/admin/lib/marquee-form';
import type { Marquee } from '@/features/admin/types';

type Props = { message?: Marquee; onSaved?: (saved: Marquee) => void; extraActions?: ReactNode };

export function MarqueeForm({ message, onSaved, extraActions }: Props) {
  const [form, setForm] = useState<FormState>(() => marqueeFormFrom(message));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string>();
  const save = useSaveMarquee();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((f) => ({ ...f, [key]: value }));
  const length = [...form.text.trim()].length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = marqueeInputFrom(form);
    if (result.errors) {
      setErrors(result.errors);
      setAlert('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    setAlert(undefined);
    save.mutate(
      { id: message?.id, input: result.input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Message saved');
          if (!message) setForm(marqueeFormFrom());
          onSaved?.(answer.data);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            setErrors(Object.fromEntries(['text', 'starts_at', 'ends_at', 'priority', 'active'].map((k) => [k, error.fieldError(k) ?? ''])));
            setAlert(error.message);
          }
        },
      },
    );
  };

  return (
    <form className="form marquee-form" noValidate onSubmit={submit}>
      <Field
        label="Message"
        multiline
        rows={3}
        value={form.text}
        onChange={(value) => set('text', value)}
        error={errors.text || undefined}
        maxLength={MARQUEE_MAX_LENGTH}
        required
        hint={`${length} of ${MARQUEE_MAX_LENGTH} characters. Shown in the strip under the site header.`}
      />
      <label className="choice">
        <input type="checkbox" checked={form.active} onChange={(event) => set('active', event.target.checked)} />
        Active (shown while inside its start and end)
      </label>
      <div className="field-grid field-grid--wide">
        <Field
          label="Starts (WAT, optional)"
          type="datetime-local"
          value={form.startsAt}
          onChange={(value) => set('startsAt', value)}
          error={errors.starts_at || undefined}
          hint="Empty: from now."
        />
        <Field
          label="Ends (WAT, optional)"
          type="datetime-local"
          value={form.endsAt}
          onChange={(value) => set('endsAt', value)}
          error={errors.ends_at || undefined}
          hint="Empty: until switched off."
        />
        <Field
          label="Priority"
          type="number"
          inputMode="numeric"
          min={-1000}
          max={1000}
          value={form.priority}
          onChange={(value) => set('priority', value)}
          error={errors.priority || undefined}
          hint="Higher shows first."
        />
      </div>
      <FormAlert>{alert}</FormAlert>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : message ? 'Save changes' : 'Publish message'}
        </button>
        {extraActions}
      </div>
    </form>
  );
}
