/**
 * The ledger's filters beside the docs/product.md §15 table state: `type`, `status` and a date range `from`–`to`
 * (YYYY-MM-DD, inclusive; the server reads them as UTC days). Empty filters are left out of the request, and the
 * export asks for exactly the rows the table shows, all pages of them. Pure.
 */
import { tableParams, toSearchParams, type TableQuery } from '@/components/data-table/table-query';
import type { TransactionStatus, TransactionType } from '@/types/lotto';
import { TRANSACTION_STATUS, TRANSACTION_TYPE } from './labels';

export type TransactionFilters = {
  type: TransactionType | '';
  status: TransactionStatus | '';
  from: string;
  to: string;
};

export const NO_FILTERS: TransactionFilters = { type: '', status: '', from: '', to: '' };

export const TRANSACTION_TYPES = (Object.keys(TRANSACTION_TYPE) as TransactionType[]).map((value) => ({
  value,
  label: TRANSACTION_TYPE[value],
}));

export const TRANSACTION_STATUSES = (Object.keys(TRANSACTION_STATUS) as TransactionStatus[]).map((value) => ({
  value,
  label: TRANSACTION_STATUS[value].label,
}));

export { checkDateRange } from '@/lib/date-range';

function filterParams(filters: TransactionFilters) {
  return { type: filters.type, status: filters.status, from: filters.from, to: filters.to };
}

/** GET /transactions for one page: filters first, then the table state (a search replaces the page). */
export function transactionsPath(query: TableQuery, filters: TransactionFilters): string {
  return `/transactions?${toSearchParams({ ...filterParams(filters), ...tableParams(query) })}`;
}

/** GET /transactions/export with the same filters, every page. */
export function exportPath(filters: TransactionFilters): string {
  const params = toSearchParams(filterParams(filters));
  return params ? `/transactions/export?${params}` : '/transactions/export';
}

export function hasFilters(filters: TransactionFilters): boolean {
  return Object.values(filters).some(Boolean);
}
