import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, type ApiError } from '@/lib/api-client';
import { adminListsUnder } from '@/features/admin/api/admin-table';
import { ADMIN_GAMES_PATH, adminGamesQueryKey } from '@/features/admin/api/get-games';
import { userListsFilter } from '@/features/admin/api/get-user';

/**
 * POST /admin/draws/{id}/cancel `{reason, emergency}`: every ticket is refunded in full. Once sales have closed only
 * an emergency cancel is accepted, and it publishes the seed and the balls the draw would have had. A 422 shows in
 * the dialog.
 */
export function cancelDraw({ id, reason, emergency }: { id: number; reason: string; emergency: boolean }) {
  return api.post<{ would_be_numbers: number[] | null }>(
    `/admin/draws/${id}/cancel`,
    { reason, emergency },
    { handled: (error: ApiError) => error.status === 422 },
  );
}

export function useCancelDraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDraw,
    // The games and their draws and tickets, and the refunded players' tickets and ledgers, all moved.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminGamesQueryKey }),
        queryClient.invalidateQueries(adminListsUnder(`${ADMIN_GAMES_PATH}/`)),
        queryClient.invalidateQueries(userListsFilter()),
      ]),
  });
}
