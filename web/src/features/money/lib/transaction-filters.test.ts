import { describe, expect, it } from 'vitest';
import { defaultTableQuery } from '@/components/data-table/table-query';
import { checkDateRange, exportPath, NO_FILTERS, transactionsPath } from './transaction-filters';

const params = (path: string) => Object.fromEntries(new URLSearchParams(path.split('?')[1] ?? ''));

describe('the ledger request', () => {
  it('is docs/product.md §15 page 1 of 20, newest first, without filters', () => {
    expect(transactionsPath(defaultTableQuery, NO_FILTERS)).toBe(
      '/transactions?page=1&per_page=20&sort_by=created_at&sort_type=desc',
    );
  });

  it('adds type, status and dates, and a search replaces the page', () => {
    const path = transactionsPath(
      { ...defaultTableQuery, search: 'GTBank', perPage: 50 },
      { type: 'withdrawal', status: 'pending', from: '2026-11-01', to: '2026-11-22' },
    );
    expect(params(path)).toEqual({
      type: 'withdrawal',
      status: 'pending',
      from: '2026-11-01',
      to: '2026-11-22',
      per_page: '50',
      search: 'GTBank',
      sort_by: 'created_at',
      sort_type: 'desc',
    });
  });

  it('exports exactly the filtered rows, every page', () => {
    expect(exportPath(NO_FILTERS)).toBe('/transactions/export');
    expect(exportPath({ ...NO_FILTERS, type: 'stake', from: '2026-11-01' })).toBe(
      '/transactions/export?type=stake&from=2026-11-01',
    );
  });

  it('refuses a range that ends before it starts', () => {
    expect(checkDateRange({ ...NO_FILTERS, from: '2026-11-22', to: '2026-11-01' })).toBe(
      'The end date is before the start date',
    );
    expect(checkDateRange({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBeUndefined();
  });
});
