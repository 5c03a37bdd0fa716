import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, type ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { adminListsUnder } from '@/features/admin/api/admin-table';
import { adminGameKey } from '@/features/admin/api/get-game';
import { ADMIN_GAMES_PATH, adminGamesQueryKey } from '@/features/admin/api/get-games';
import type { GameInput } from '@/features/admin/types';
import type { Game } from '@/types/lotto';

/** POST /admin/games (new) or PUT /admin/games/{id} (edit). A 422 is shown beside the fields, not in a dialog. */
export function saveGame({ id, input }: { id?: number; input: GameInput }) {
  const handled = (error: ApiError) => error.status === 422;
  return id === undefined
    ? api.post<Game>('/admin/games', input, { handled })
    : apiRequest<Game>(`/admin/games/${id}`, { method: 'PUT', body: input, handled });
}

export function useSaveGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGame,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminGamesQueryKey });
      // A new schedule plans new draws; a new name heads the game's pages.
      void queryClient.invalidateQueries(adminListsUnder(`${ADMIN_GAMES_PATH}/`));
      void queryClient.invalidateQueries({ queryKey: adminGameKey });
      // The player-facing game lists read the same games.
      void queryClient.invalidateQueries({ queryKey: queryKeys.games });
    },
  });
}
