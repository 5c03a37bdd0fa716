/**
 * The rules the Lottery rules and How to play pages show (docs/product.md §3: the rules shown can never disagree with
 * the rules settled): the chosen game's multipliers, stake rules and bet types from GET /games, the game chosen in the
 * address (`?game=<slug>`, so a link can name one) or else the first. The standard defaults stand in while the
 * games load, when they cannot, or when there is none; the page says which.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGames } from '@/features/games/api/get-games';
import type { GameChoice } from '@/features/info/components/game-rates';
import { buildGameRules, defaultLottoRules, type LottoRules } from '@/lotto';

export function useGameRules(): { rules: LottoRules; choice: GameChoice } {
  const games = useGames();
  const [search, setSearch] = useSearchParams();
  const list = games.data;
  const wanted = search.get('game');
  const game = list?.find((g) => g.slug === wanted) ?? list?.[0];
  const onSelect = useCallback(
    (slug: string) => setSearch({ game: slug }, { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  const { refetch } = games;
  const onRetry = useCallback(() => void refetch(), [refetch]);
  const rules = useMemo(() => (game ? buildGameRules(game) : defaultLottoRules), [game]);
  const choice: GameChoice = {
    status: list ? 'ready' : games.isError ? 'error' : 'loading',
    games: (list ?? []).map(({ slug, name }) => ({ slug, name })),
    selected: game?.slug ?? null,
    onSelect,
    onRetry,
  };
  return { rules, choice };
}
