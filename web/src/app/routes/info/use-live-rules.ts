/**
 * The rules the Lottery rules and How to play pages show (PRODUCT §2: the rules shown can never disagree with the
 * rules settled): the first game's multipliers and stake rules from GET /games, the standard defaults until they
 * arrive (or when there is no game).
 */
import { useGames } from '@/features/games/api/get-games';
import { buildLottoRules, defaultLottoRules, type LottoRules } from '@/features/info/lotto-rules-data';

export function useLiveRules(): LottoRules {
  const { data } = useGames();
  const game = data?.[0];
  return game ? buildLottoRules(game.multipliers, game.stake_rules) : defaultLottoRules;
}
