/**
 * Every back-office list is a docs/product.md §15 table: the shared `DataTable` keeps page, rows per page, sort and
 * search; this turns that state into the request (`tableParams`: a search replaces the page) and keeps the previous
 * page on screen while the next one loads.
 */
import { keepPreviousData, useQuery, type Query } from '@tanstack/react-query';
import { tableParams, toSearchParams, type TableQuery } from '@/components/data-table/table-query';
import { api } from '@/lib/api-client';

/** Extra filters beside the table state (a type, a status); empty values are left out. */
export type ListFilters = Record<string, string | number | undefined>;

/** `/admin/users?per_page=20&sort_by=created_at&sort_type=desc&page=1`, filters first. */
export function adminListPath(path: string, query: TableQuery, filters: ListFilters = {}): string {
  const params = toSearchParams({ ...filters, ...tableParams(query) });
  return params ? `${path}?${params}` : path;
}

export type ListAnswer<T> = { rows: T[]; total: number };

export function adminListQueryOptions<T>(path: string, query: TableQuery, filters: ListFilters = {}) {
  const url = adminListPath(path, query, filters);
  return {
    queryKey: ['admin', 'list', path, url] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      api.get<T[]>(url, { signal }).then(
        (answer): ListAnswer<T> => ({ rows: answer.data ?? [], total: answer.meta?.total ?? answer.data?.length ?? 0 }),
      ),
  };
}

/**
 * One page of an admin list, the previous page kept while the next loads; refetched every `refreshEvery` ms when
 * given (lists whose rows change on their own, as draws do).
 */
export function useAdminList<T>(path: string, query: TableQuery, filters: ListFilters = {}, refreshEvery?: number) {
  return useQuery<ListAnswer<T>>({
    ...adminListQueryOptions<T>(path, query, filters),
    placeholderData: keepPreviousData,
    refetchInterval: refreshEvery,
  });
}

/** The root key of every admin list under `path`, for invalidating after a change. */
export function adminListKey(path: string) {
  return ['admin', 'list', path] as const;
}

/** Every admin list whose path starts with `prefix` (`/admin/users/7/` is a player's tickets and transactions). */
export function adminListsUnder(prefix: string) {
  return {
    queryKey: ['admin', 'list'] as const,
    predicate: (query: Query) => String(query.queryKey[2]).startsWith(prefix),
  };
}
