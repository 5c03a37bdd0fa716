/**
 * The audit log's filters (issue 32): action, who, a range of Lagos days, and the witness's routine entries hidden
 * by default. Each change applies at once (typed text once typing pauses) and goes back to the first page; a value
 * that is not valid is named beside its field and not sent.
 */
import { useId } from 'react';
import { TextField } from '@/components/ui/form/text-field';
import { DateRangeFields } from '@/components/ui/form/date-range-fields';
import {
  checkAuditFilters,
  DEFAULT_AUDIT_FILTERS,
  hasAuditFilters,
  type AuditFilters as Filters,
} from '@/features/admin/lib/audit-filters';
import { ClearFiltersButton } from '@/components/ui/form/clear-filters-button';
import '@/components/ui/form/form.css';

type Props = { value: Filters; onChange: (next: Filters) => void };

export function AuditFilters({ value, onChange }: Props) {
  const id = useId();
  const errors = checkAuditFilters(value);
  const set = <K extends keyof Filters>(key: K, next: Filters[K]) => onChange({ ...value, [key]: next });
  return (
    <form className="audit-filters" role="search" aria-label="Filter the audit log" onSubmit={(e) => e.preventDefault()}>
      <TextField
        label="Action"
        name="action"
        autoComplete="off"
        spellCheck={false}
        placeholder="e.g. login.failed or login"
        value={value.action}
        error={errors.action}
        onChange={(event) => set('action', event.target.value)}
      />
      <TextField
        label="Who"
        name="actor"
        autoComplete="off"
        spellCheck={false}
        placeholder="Email or part of it"
        value={value.actor}
        error={errors.actor}
        onChange={(event) => set('actor', event.target.value)}
      />
      <DateRangeFields
        id={id}
        from={value.from}
        to={value.to}
        error={errors.to}
        onFrom={(next) => set('from', next)}
        onTo={(next) => set('to', next)}
      />
      <label className="choice audit-filters__routine">
        <input type="checkbox" checked={value.hideRoutine} onChange={(event) => set('hideRoutine', event.target.checked)} />
        Hide the witness’s routine entries (its commitment, reveal and signature on every draw)
      </label>
      <ClearFiltersButton
        shown={hasAuditFilters(value)}
        className="audit-filters__clear"
        onClear={() => onChange(DEFAULT_AUDIT_FILTERS)}
      />
    </form>
  );
}
