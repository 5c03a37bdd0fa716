import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ResultsPage } from '@/types/lotto';
import { resultsPath, type ResultsFilters } from '../lib/results-filters';

/**
 * GET /results: drawn, settled and cancelled draws, newest first, a page at a time (`before` = the last id shown).
 * A public list: a failure shows in place (a 422 beside its field), never as a dialog.
 */
export async function getResults(filters: ResultsFilters, before: number | null, signal?: AbortSignal): Promise<ResultsPage> {
  const response = await api.get<ResultsPage>(resultsPath(filters, before), { noAuth: true, signal, handled: () => true });
  return response.data;
}

export function resultsQueryOptions(filters: ResultsFilters) {
  return infiniteQueryOptions({
    // Under `draws`: the socket refreshes the archive when a result lands.
    queryKey: [...queryKeys.draws, 'results', filters],
    queryFn: ({ pageParam, signal }) => getResults(filters, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** The archive for `filters`; not asked for while `enabled` is false (a filter is not valid yet). */
export function useResults(filters: ResultsFilters, enabled = true) {
  return useInfiniteQuery({ ...resultsQueryOptions(filters), enabled });
}
