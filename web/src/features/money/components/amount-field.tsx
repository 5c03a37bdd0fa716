import { TextField } from '@/components/ui/form/text-field';
import type { ReactNode } from 'react';

type Props = {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
};

/** A naira amount: ₦ in front, the decimal keypad on a phone, no browser spinners or autofill. */
export function AmountField({ label, name, value, onChange, error, hint, disabled }: Props) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      disabled={disabled}
      inputMode="decimal"
      autoComplete="off"
      enterKeyHint="go"
      adornment={
        <span className="field__prefix" aria-hidden="true">
          ₦
        </span>
      }
    />
  );
}

/** Amounts one tap away (in naira); the chosen one is pressed. */
export function QuickAmounts({
  amounts,
  current,
  onPick,
  label = 'Quick amounts',
  disabled,
}: {
  amounts: number[];
  current: string;
  onPick: (naira: number) => void;
  label?: string;
  disabled?: boolean;
}) {
  const currentNaira = Number(current.replace(/[₦,\s]/g, ''));
  return (
    <div className="quick-amounts" role="group" aria-label={label}>
      {amounts.map((naira) => (
        <button
          key={naira}
          type="button"
          className="chip quick-amounts__chip"
          aria-pressed={currentNaira === naira}
          disabled={disabled}
          onClick={() => onPick(naira)}
        >
          ₦{naira.toLocaleString('en-NG')}
        </button>
      ))}
    </div>
  );
}
