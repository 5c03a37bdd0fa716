import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adminGamesQueryKey } from '@/features/admin/api/get-games';

/** POST /admin/draws/{id}/cancel `{reason}`: every ticket is refunded in full. A 422 shows in the dialog. */
export function cancelDraw({ id, reason }: { id: number; reason: string }) {
  return api.post<null>(`/admin/draws/${id}/cancel`, { reason }, { handled: (error: ApiError) => error.status === 422 });
}

export function useCancelDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDraw,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminGamesQueryKey }),
  });
}
