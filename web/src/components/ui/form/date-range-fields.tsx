/**
 * A "From" and a "To" day, each typed day first (`DayFirstDateField`: Nigeria writes 26/11/2026, whatever order the
 * browser's own date box would use), with an error about the range named beside the end date. Used by every date
 * filter (results, transactions, the audit log).
 */
import { DayFirstDateField } from './day-first-date-field';

type Props = {
  /** The form's `useId()`: the inputs are `${id}-from` and `${id}-to`. */
  id: string;
  /** `YYYY-MM-DD` or ''. */
  from: string;
  to: string;
  /** What is wrong with the range (shown under "To"), if anything. */
  error?: string | null;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
};

export function DateRangeFields({ id, from, to, error, onFrom, onTo }: Props) {
  return (
    <>
      <DayFirstDateField id={`${id}-from`} label="From" named="start date" value={from} onChange={onFrom} />
      <DayFirstDateField
        id={`${id}-to`}
        label="To"
        named="end date"
        value={to}
        onChange={onTo}
        error={error ?? undefined}
      />
    </>
  );
}
