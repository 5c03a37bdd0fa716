/**
 * Create or edit a marquee message: text (1–280), shown or not, an optional start and end typed in Nigerian
 * time, and a priority (higher shows first). The server broadcasts every change to open pages at once.
 */
import type { ReactNode } from 'react';
import { FormAlert } from '@/components/ui/form/form-alert';
import { useForm } from '@/components/ui/form/use-form';
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

/** The fields as the server names them in a 422, and as the form shows their errors. */
type MarqueeField = 'text' | 'starts_at' | 'ends_at' | 'priority' | 'active';
const SERVER_FIELDS: MarqueeField[] = ['text', 'starts_at', 'ends_at', 'priority', 'active'];

export function MarqueeForm({ message, onSaved, extraActions }: Props) {
  const form = useForm<FormState, MarqueeField>(() => marqueeFormFrom(message));
  const save = useSaveMarquee();
  const length = [...form.values.text.trim()].length;

  const check = () => {
    const result = marqueeInputFrom(form.values);
    if (!result.errors) return form.check({ ok: true, payload: result.input });
    form.refuse(result.errors, 'Please correct the fields marked below.');
    return undefined;
  };

  const send = (input: NonNullable<ReturnType<typeof marqueeInputFrom>['input']>) =>
    save.mutate(
      { id: message?.id, input },
      {
        onSuccess: (answer) => {
          toast.success(answer.message ?? 'Message saved');
          if (!message) form.reset(marqueeFormFrom());
          onSaved?.(answer.data);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            form.refuse(Object.fromEntries(SERVER_FIELDS.map((k) => [k, error.fieldError(k)])), error.message);
          }
        },
      },
    );

  return (
    <form className="form marquee-form" noValidate onSubmit={form.submit(check, send)}>
      <Field
        label="Message"
        multiline
        rows={3}
        value={form.values.text}
        onChange={(value) => form.set('text', value)}
        error={form.hint('text')}
        maxLength={MARQUEE_MAX_LENGTH}
        required
        hint={`${length} of ${MARQUEE_MAX_LENGTH} characters. Shown in the strip under the site header.`}
      />
      <label className="choice">
        <input type="checkbox" checked={form.values.active}
          onChange={(event) => form.set('active', event.target.checked)}
         />
        Active (shown while inside its start and end)
      </label>
      <div className="field-grid field-grid--wide">
        <Field
          label="Starts (WAT, optional)"
          type="datetime-local"
          value={form.values.startsAt}
          onChange={(value) => form.set('startsAt', value, 'starts_at')}
          error={form.hint('starts_at')}
          hint="Empty: from now."
        />
        <Field
          label="Ends (WAT, optional)"
          type="datetime-local"
          value={form.values.endsAt}
          onChange={(value) => form.set('endsAt', value, 'ends_at')}
          error={form.hint('ends_at')}
          hint="Empty: until switched off."
        />
        <Field
          label="Priority"
          type="number"
          inputMode="numeric"
          min={-1000}
          max={1000}
          value={form.values.priority}
          onChange={(value) => form.set('priority', value)}
          error={form.hint('priority')}
          hint="Higher shows first."
        />
      </div>
      <FormAlert>{form.message}</FormAlert>
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : message ? 'Save changes' : 'Publish message'}
        </button>
        {extraActions}
      </div>
    </form>
  );
}
