/**
 * My ledger (GET /transactions): a docs/product.md §15 table with the type, status and date filters, refetched on
 * `wallet.updated`; and its CSV export (GET /transactions/export) with the same filters, downloaded with the
 * bearer token like any other call.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TableQuery } from '@/components/data-table/table-query';
import { api, apiDownload } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Transaction } from '@/types/lotto';
import { exportPath, transactionsPath, type TransactionFilters } from '../lib/transaction-filters';
import { lagosDay } from '@/lib/lagos-time';

export function useTransactions(query: TableQuery, filters: TransactionFilters) {
  const path = transactionsPath(query, filters);
  return useQuery({
    queryKey: [...queryKeys.transactions, 'mine', path],
    queryFn: ({ signal }) => api.get<Transaction[]>(path, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The fallback name when the server gives none: `ayo-lotto-transactions-2026-11-22.csv` (today in WAT). */
export function defaultExportName(now = new Date()): string {
  return `ayo-lotto-transactions-${lagosDay(now)}.csv`;
}

export function downloadTransactions(filters: TransactionFilters) {
  return apiDownload(exportPath(filters), defaultExportName());
}
