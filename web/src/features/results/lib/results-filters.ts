/**
 * The results archive's filters (GET /results): a game, a date range on the draw time (`from`–`to`, YYYY-MM-DD,
 * inclusive; the server reads UTC days) and a winning number (1–90). They live in the page's address, as typed,
 * so a filtered archive can be shared; a value that is not valid is named beside its field and nothing is sent
 * until it is. Pure.
 */
import { checkDateRange } from '@/lib/date-range';
import { HIGHEST, LOWEST } from '@/lotto';

export type ResultsFilters = {
  /** A game id, or '' for every game. */
  game: string;
  from: string;
  to: string;
  /** A winning number as typed, or ''. */
  number: string;
};

export const NO_FILTERS: ResultsFilters = { game: '', from: '', to: '', number: '' };

/** Draws a page asks for. */
export const RESULTS_PAGE_SIZE = 20;

/** The address's names for each filter. */
const KEYS = ['game', 'from', 'to', 'number'] as const;

export function filtersFromSearch(search: URLSearchParams): ResultsFilters {
  return Object.fromEntries(KEYS.map((key) => [key, search.get(key)?.trim() ?? ''])) as ResultsFilters;
}

/** The address query of `filters` (empty ones left out). */
export function searchOfFilters(filters: ResultsFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
}

export function hasFilters(filters: ResultsFilters): boolean {
  return KEYS.some((key) => filters[key] !== '');
}

export type FilterErrors = Partial<Record<'number' | 'to', string>>;

/** What is wrong with the filters, field by field (empty when they can be sent). */
export function checkFilters(filters: ResultsFilters): FilterErrors {
  const errors: FilterErrors = {};
  if (filters.number) {
    const n = Number(filters.number);
    if (!/^\d+$/.test(filters.number) || n < LOWEST || n > HIGHEST) {
      errors.number = `Enter a whole number from ${LOWEST} to ${HIGHEST}`;
    }
  }
  const range = checkDateRange(filters);
  if (range) errors.to = range;
  return errors;
}

export const isValid = (errors: FilterErrors) => Object.keys(errors).length === 0;

/** GET /results for one page: the filters set, then the cursor (the last draw id already shown). */
export function resultsPath(filters: ResultsFilters, before: number | null, limit = RESULTS_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (filters.game) params.set('game_id', filters.game);
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.number) params.set('number', String(Number(filters.number)));
  if (before !== null) params.set('before', String(before));
  params.set('limit', String(limit));
  return `/results?${params}`;
}
