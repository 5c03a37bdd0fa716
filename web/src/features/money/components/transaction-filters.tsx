/**
 * The ledger's filters: type, status and a date range (WAT calendar days as the player picks them; the server
 * reads UTC days). A change applies at once and goes back to the first page; a range that ends before it starts
 * is named beside the end date and not sent.
 */
import { useId } from 'react';
import {
  checkDateRange,
  hasFilters,
  NO_FILTERS,
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  type TransactionFilters as Filters,
} from '../lib/transaction-filters';
import { DateRangeFields } from '@/components/ui/form/date-range-fields';
import { ClearFiltersButton } from '@/components/ui/form/clear-filters-button';
import '@/components/ui/form/form.css';

type Props = { value: Filters; onChange: (next: Filters) => void };

export function TransactionFilters({ value, onChange }: Props) {
  const id = useId();
  const rangeError = checkDateRange(value);
  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => onChange({ ...value, [key]: next });
  return (
    <fieldset className="money-filters">
      <legend className="visually-hidden">Filter transactions</legend>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-type`}>
          Type
        </label>
        <select
          id={`${id}-type`}
          className="field__input field__select"
          value={value.type}
          onChange={(event) => set('type', event.target.value as Filters['type'])}
        >
          <option value="">All types</option>
          {TRANSACTION_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-status`}>
          Status
        </label>
        <select
          id={`${id}-status`}
          className="field__input field__select"
          value={value.status}
          onChange={(event) => set('status', event.target.value as Filters['status'])}
        >
          <option value="">All statuses</option>
          {TRANSACTION_STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      <DateRangeFields
        id={id}
        from={value.from}
        to={value.to}
        error={rangeError}
        onFrom={(next) => set('from', next)}
        onTo={(next) => set('to', next)}
      />
      <ClearFiltersButton
        shown={hasFilters(value)}
        className="money-filters__clear"
        onClear={() => onChange(NO_FILTERS)}
      />
    </fieldset>
  );
}
