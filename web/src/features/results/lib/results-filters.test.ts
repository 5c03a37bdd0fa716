import { describe, expect, it } from 'vitest';
import { checkFilters, filtersFromSearch, hasFilters, NO_FILTERS, resultsPath, searchOfFilters } from './results-filters';

describe('the results filters', () => {
  it('round-trips through the address, leaving empty ones out', () => {
    const filters = filtersFromSearch(new URLSearchParams('game=2&number=%207&from=2026-11-01'));
    expect(filters).toEqual({ game: '2', from: '2026-11-01', to: '', number: '7' });
    expect(searchOfFilters(filters).toString()).toBe('game=2&from=2026-11-01&number=7');
    expect(hasFilters(filters)).toBe(true);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('asks GET /results for the filters set and the cursor', () => {
    expect(resultsPath(NO_FILTERS, null)).toBe('/results?limit=20');
    expect(resultsPath({ game: '2', from: '2026-11-01', to: '2026-11-30', number: '07' }, 311, 50)).toBe(
      '/results?game_id=2&from=2026-11-01&to=2026-11-30&number=7&before=311&limit=50',
    );
  });

  it.each([
    ['1', undefined],
    ['90', undefined],
    ['0', 'Enter a whole number from 1 to 90'],
    ['91', 'Enter a whole number from 1 to 90'],
    ['7.5', 'Enter a whole number from 1 to 90'],
    ['-3', 'Enter a whole number from 1 to 90'],
    ['seven', 'Enter a whole number from 1 to 90'],
  ])('number %s → %s', (number, message) => {
    expect(checkFilters({ ...NO_FILTERS, number }).number).toBe(message);
  });

  it('names a range that ends before it starts beside the end date', () => {
    expect(checkFilters({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toEqual({
      to: 'The end date is before the start date',
    });
    expect(checkFilters({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toEqual({});
    expect(checkFilters({ ...NO_FILTERS, to: 'yesterday' })).toEqual({ to: 'Enter the end date as a date' });
  });
});
