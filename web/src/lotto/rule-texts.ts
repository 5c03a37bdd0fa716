/**
 * The bet table the Lottery rules and How to play pages show (docs/product.md §3–§4), in words, built from a game's
 * live configuration so the rules shown can never disagree with the rules settled: `buildGameRules(game)` from
 * GET /games, `defaultLottoRules` only until the games arrive (or if they cannot). Pure.
 */
import type { BetType, Multipliers, StakeRules } from '@/types/lotto';
import { BANKER_LINES, BANKER_LINES_WON, betTypeLabel, multiplierFor, PERM_MAX, type PermMaxNumbers } from './board';
import { DEFAULT_MULTIPLIERS, DEFAULT_STAKE_RULES } from './defaults';

/** One row of the bet table. */
export type BetRule = {
  code: BetType;
  /** How players say it, e.g. "NAP 3", "1 Banker". */
  name: string;
  /** What the player picks, in words. */
  picks: string;
  /** How many lines the ticket has, in words / as a formula. */
  linesFormula: string;
  /** When a line wins, in words. */
  winCondition: string;
  /** Win per line = stake per line × this. */
  multiplier: number;
};

export type LottoRules = {
  bets: BetRule[];
  limits: StakeRules;
  permMax: PermMaxNumbers;
  multipliers: Multipliers;
};

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five'];

function words(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** Builds the bet table from a game's multipliers and PERM maximums. */
export function buildBetTable(multipliers: Multipliers = DEFAULT_MULTIPLIERS, permMax: PermMaxNumbers = PERM_MAX): BetRule[] {
  const naps: BetRule[] = ([1, 2, 3, 4, 5] as const).map((k) => ({
    code: `NAP${k}` as const,
    name: betTypeLabel(`NAP${k}`),
    picks: k === 1 ? '1 number' : `${k} numbers`,
    linesFormula: '1',
    winCondition:
      k === 1
        ? 'Your number is the first ball drawn.'
        : `${k === 2 ? 'Both' : `All ${words(k)}`} of your numbers are among the five balls drawn, in any order.`,
    multiplier: multiplierFor(`NAP${k}`, multipliers),
  }));
  const perms: BetRule[] = ([2, 3, 4, 5] as const).map((k) => {
    const code = `PERM${k}` as const;
    return {
      code,
      name: betTypeLabel(code),
      picks: `${k + 1} to ${permMax[code]} numbers`,
      linesFormula: `C(n, ${k}): every group of ${words(k)} from your n numbers`,
      winCondition: `A line wins when ${k === 2 ? 'both' : `all ${words(k)}`} of its numbers are drawn. If m of your numbers are drawn, C(m, ${k}) lines win.`,
      multiplier: multiplierFor(code, multipliers),
    };
  });
  const banker: BetRule = {
    code: 'BANKER',
    name: betTypeLabel('BANKER'),
    picks: '1 number (the banker)',
    linesFormula: `${BANKER_LINES}: the banker paired with every other number`,
    winCondition: `If the banker is drawn, the ${words(BANKER_LINES_WON)} lines that pair it with the other drawn balls win.`,
    multiplier: multiplierFor('BANKER', multipliers),
  };
  const against: BetRule = {
    code: 'AGAINST',
    name: betTypeLabel('AGAINST'),
    picks: 'A TOP group and a BOTTOM group, no number in both, at least 2 lines',
    linesFormula: 'TOP count × BOTTOM count: each TOP number paired with each BOTTOM number',
    winCondition: 'Lines won = (TOP numbers drawn) × (BOTTOM numbers drawn).',
    multiplier: multiplierFor('AGAINST', multipliers),
  };
  return [...naps, ...perms, banker, against];
}

/**
 * Builds the whole rule set; call it with a game's live configuration to replace the defaults. `betTypes`, when
 * given, keeps only the bets the game offers (in the table's order).
 */
export function buildLottoRules(
  multipliers: Multipliers = DEFAULT_MULTIPLIERS,
  limits: StakeRules = DEFAULT_STAKE_RULES,
  permMax: PermMaxNumbers = PERM_MAX,
  betTypes?: readonly string[],
): LottoRules {
  const bets = buildBetTable(multipliers, permMax).filter((bet) => !betTypes || betTypes.includes(bet.code));
  return { bets, limits, permMax, multipliers };
}

/** What GET /games says of a game's rules. */
export type GameRulesSource = {
  multipliers: Multipliers;
  stake_rules: StakeRules;
  bet_types: readonly string[];
};

/** A served game's own rule set. */
export function buildGameRules(game: GameRulesSource): LottoRules {
  return buildLottoRules(game.multipliers, game.stake_rules, PERM_MAX, game.bet_types);
}

export const defaultLottoRules: LottoRules = buildLottoRules();
