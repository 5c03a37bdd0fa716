import { FieldFrame, useFieldIds } from '@/components/ui/form/field-frame';
import { STATES } from '@/lib/states';

type Props = {
  value: string;
  onChange: (code: string) => void;
  error?: string;
  hint?: string;
  label?: string;
  /** The blank choice's words; sign-up allows leaving it blank. */
  placeholder?: string;
};

/** A labelled picker of the 36 states and the FCT. */
export function StateSelect({ value, onChange, error, hint, label = 'State of residence', placeholder }: Props) {
  const ids = useFieldIds(error, hint);
  return (
    <FieldFrame ids={ids} label={label} error={error} hint={hint}>
      <select
        id={ids.id}
        name="state"
        className="field__input field__select"
        value={value}
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{placeholder ?? 'Choose your state'}</option>
        {STATES.map((state) => (
          <option key={state.code} value={state.code}>
            {state.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
