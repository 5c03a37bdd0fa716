/**
 * The games list (GET /admin/games, every game, paused ones too, each with its 10 newest draws) and one game's
 * draws (GET /admin/games/{id}/draws): both docs/product.md §15 tables read through `AdminList`.
 */
import { adminListKey } from '@/features/admin/api/admin-table';

export const ADMIN_GAMES_PATH = '/admin/games';

export const adminGamesQueryKey = adminListKey(ADMIN_GAMES_PATH);

export function gameDrawsPath(gameId: number | string) {
  return `${ADMIN_GAMES_PATH}/${encodeURIComponent(String(gameId))}/draws`;
}

/** Draw states move on their own (open, closed, drawn): the games and draws tables refetch this often. */
export const DRAWS_REFRESH_MS = 30_000;
