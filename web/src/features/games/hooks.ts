/**
 * Draws as a page needs them: what the HTTP answers said, overlaid with what the socket has pushed since (the
 * freshest copy of each draw wins), read against the server's clock. These re-render their page only when the
 * answer changes (a draw closes, the next one opens), not with every tick of the clock: the countdowns on the
 * page tick by themselves.
 */
import { useMemo } from 'react';
import { isFinishedDraw, mergeDraws, nextDrawOf } from '@/lib/realtime';
import { useLiveDraws } from '@/lib/realtime-provider';
import { useServerTime } from '@/lib/server-clock';
import type { Draw, Game, GameDetail } from '@/types/lotto';

/** The draw that closes next across `games` (docs/product.md §5: the home page countdown), with its game. */
export function useNextDrawAcross(games: Game[] | undefined): { draw: Draw; game: Game | undefined } | null {
  const live = useLiveDraws();
  const candidates = useMemo(() => {
    const gameIds = new Set((games ?? []).map((game) => game.id));
    return mergeDraws((games ?? []).map((game) => game.next_draw), live).filter((d) => gameIds.has(d.game_id));
  }, [games, live]);
  const draw = useServerTime((now) => nextDrawOf(candidates, null, now));
  return useMemo(
    () => (draw ? { draw, game: games?.find((game) => game.id === draw.game_id) } : null),
    [draw, games],
  );
}

/** One game's next draw on sale (or to open), from its own answer and the socket. */
export function useNextDrawOf(game: Game): Draw | null {
  const live = useLiveDraws();
  const extra = (game as Partial<GameDetail>).upcoming_draws;
  const all = useMemo(() => mergeDraws([game.next_draw], extra ?? [], live), [game.next_draw, extra, live]);
  return useServerTime((now) => nextDrawOf(all, game.id, now));
}

export type GameDraws = {
  /** On sale now, else the next to open. */
  next: Draw | null;
  /** Closed, waiting for its balls. */
  drawing: Draw[];
  /** Drawn, settled or cancelled, newest first. */
  results: Draw[];
};

/** Everything the play page shows about a game's draws, live. */
export function useGameDraws(game: GameDetail, resultsShown = 5): GameDraws {
  const live = useLiveDraws();
  const merged = useMemo(
    () =>
      mergeDraws(
        [game.next_draw],
        game.upcoming_draws,
        game.recent_draws,
        live.filter((draw) => draw.game_id === game.id),
      ),
    [game, live],
  );
  const results = useMemo(
    () =>
      merged
        .filter(isFinishedDraw)
        .sort((a, b) => Date.parse(b.draws_at) - Date.parse(a.draws_at))
        .slice(0, resultsShown),
    [merged, resultsShown],
  );
  // Which draws are being drawn, as a key (a new array each second would re-render the page each second).
  const drawingIds = useServerTime((now) =>
    merged
      .filter((draw) => draw.status === 'closed' || (draw.status === 'open' && Date.parse(draw.closes_at) <= now))
      .sort((a, b) => Date.parse(a.draws_at) - Date.parse(b.draws_at))
      .map((draw) => draw.id)
      .join(','),
  );
  const drawing = useMemo(() => {
    const byId = new Map(merged.map((draw) => [String(draw.id), draw]));
    return drawingIds ? drawingIds.split(',').flatMap((id) => byId.get(id) ?? []) : [];
  }, [merged, drawingIds]);
  const next = useServerTime((now) => nextDrawOf(merged, game.id, now));
  return { next, drawing, results };
}
