/**
 * A back-office list: the shared docs/product.md §15 `DataTable` (page, rows per page 25/50/100, sort, search that
 * replaces the page) fed by one admin endpoint. Extra filters (a type, a status) go in the request beside the table
 * state; changing one starts again at page 1.
 */
import { useState, type ReactNode } from 'react';
import type { Column } from '@/components/data-table/column';
import { DataTable } from '@/components/data-table/data-table';
import { useTableQuery, type TableQuery } from '@/components/data-table/table-query';
import { useAdminList, type ListFilters } from '@/features/admin/api/admin-table';

type Props<T> = {
  path: string;
  caption: string;
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  filters?: ListFilters;
  initial?: Partial<TableQuery>;
  searchLabel?: string;
  searchPlaceholder?: string;
  emptyMessage?: ReactNode;
  renderCard?: (row: T) => ReactNode;
  noSearch?: boolean;
  /** Refetch the page every this many ms (rows that change on their own, as draws do). */
  refreshEvery?: number;
};

export function AdminList<T>({ path, filters = {}, initial, refreshEvery, ...table }: Props<T>) {
  const [query, setQuery] = useTableQuery(initial);
  const filtersKey = JSON.stringify(filters);
  const [seenFilters, setSeenFilters] = useState(filtersKey);
  if (seenFilters !== filtersKey) {
    // A new filter: its first page (adjusting state while rendering, as React recommends over an effect).
    setSeenFilters(filtersKey);
    if (query.page !== 1) setQuery({ ...query, page: 1 });
  }
  const list = useAdminList<T>(path, query, filters, refreshEvery);
  return (
    <DataTable<T>
      {...table}
      rows={list.data?.rows}
      total={list.data?.total ?? 0}
      query={query}
      onQueryChange={setQuery}
      loading={list.isFetching}
      failed={list.isError && !list.data}
      onRetry={() => void list.refetch()}
    />
  );
}
