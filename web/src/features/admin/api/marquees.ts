/**
 * Marquee messages: GET /admin/marquees (a table, see `useAdminList`), GET/PUT/DELETE /admin/marquees/{id} and
 * POST /admin/marquees. Every change is broadcast live to the site by the server (`marquee.updated`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ApiError } from '@/lib/api-client';
import { adminListKey } from '@/features/admin/api/admin-table';
import type { Marquee, MarqueeInput } from '@/features/admin/types';

export const MARQUEES_PATH = '/admin/marquees';
export const marqueeQueryKey = (id: string | number) => ['admin', 'marquee', String(id)] as const;

const fieldErrorsHandled = { handled: (error: ApiError) => error.status === 422 };

export function useMarquee(id: string) {
  return useQuery<Marquee>({
    queryKey: marqueeQueryKey(id),
    queryFn: ({ signal }) =>
      api.get<Marquee>(`${MARQUEES_PATH}/${encodeURIComponent(id)}`, { signal }).then((answer) => answer.data),
  });
}

export function saveMarquee({ id, input }: { id?: number; input: Partial<MarqueeInput> }) {
  return id === undefined
    ? api.post<Marquee>(MARQUEES_PATH, input, fieldErrorsHandled)
    : apiRequest<Marquee>(`${MARQUEES_PATH}/${id}`, { method: 'PUT', body: input, ...fieldErrorsHandled });
}

export function deleteMarquee(id: number) {
  return apiRequest<null>(`${MARQUEES_PATH}/${id}`, { method: 'DELETE' });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return (id?: number) => {
    void queryClient.invalidateQueries({ queryKey: adminListKey(MARQUEES_PATH) });
    if (id !== undefined) void queryClient.invalidateQueries({ queryKey: marqueeQueryKey(id) });
  };
}

export function useSaveMarquee() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: saveMarquee, onSuccess: (answer) => refresh(answer.data?.id) });
}

export function useDeleteMarquee() {
  const refresh = useRefresh();
  // The deleted message's own query is left alone: refetching it now would only find a 404.
  return useMutation({ mutationFn: deleteMarquee, onSuccess: () => refresh() });
}
