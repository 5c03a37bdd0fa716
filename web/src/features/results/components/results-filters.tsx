/**
 * The archive's filters: a game, a date range and a winning number. Each change applies at once; a number or a
 * range that is not valid is named beside its field (and nothing is asked of the server until it is).
 */
import { SelectField } from '@/components/ui/form/select-field';
import { useId } from 'react';
import type { Game } from '@/types/lotto';
import { hasFilters, NO_FILTERS, type FilterErrors, type ResultsFilters } from '../lib/results-filters';
import { DateRangeFields } from '@/components/ui/form/date-range-fields';
import { ClearFiltersButton } from '@/components/ui/form/clear-filters-button';
import '@/components/ui/form/form.css';

type Props = {
  value: ResultsFilters;
  errors: FilterErrors;
  onChange: (next: ResultsFilters) => void;
  /** The games to pick from (GET /games); the select offers only "All games" until they arrive. */
  games: Pick<Game, 'id' | 'name'>[];
};

export function ResultsFiltersForm({ value, errors, onChange, games }: Props) {
  const id = useId();
  const set = (key: keyof ResultsFilters, next: string) => onChange({ ...value, [key]: next });
  const field = (name: keyof FilterErrors) => ['field', errors[name] ? 'field--invalid' : ''].filter(Boolean).join(' ');
  return (
    <form className="results-filters" role="search" aria-label="Filter results" onSubmit={(event) => event.preventDefault()}>
      <SelectField label="Game" value={value.game} onChange={(game) => set('game', game)}>
        <option value="">All games</option>
        {games.map((game) => (
          <option key={game.id} value={String(game.id)}>
            {game.name}
          </option>
        ))}
      </SelectField>
      <div className={field('number')}>
        <label className="field__label" htmlFor={`${id}-number`}>
          Winning number
        </label>
        <input
          id={`${id}-number`}
          className="field__input field__select"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder="1 to 90"
          value={value.number}
          aria-invalid={errors.number ? true : undefined}
          aria-describedby={errors.number ? `${id}-number-error` : `${id}-number-hint`}
          onChange={(event) => set('number', event.target.value.trim())}
        />
        {errors.number ? (
          <p id={`${id}-number-error`} className="field__error">
            {errors.number}
          </p>
        ) : (
          <p id={`${id}-number-hint`} className="field__hint">
            Draws whose five winning balls include it.
          </p>
        )}
      </div>
      <DateRangeFields
        id={id}
        from={value.from}
        to={value.to}
        error={errors.to}
        onFrom={(next) => set('from', next)}
        onTo={(next) => set('to', next)}
      />
      <ClearFiltersButton
        shown={hasFilters(value)}
        className="results-filters__clear"
        onClear={() => onChange(NO_FILTERS)}
      />
    </form>
  );
}
