/**
 * The worked examples of the Lottery rules and How to play pages: sample tickets settled against one sample draw
 * exactly as the rules say (win = lines won × stake per line × multiplier, capped; docs/product.md §5). Pure.
 */
import type { BetType } from '@/types/lotto';
import { type Bet, betOf, linesOf, linesWonOf } from './bet';
import { multiplierFor } from './board';
import { defaultLottoRules, type LottoRules } from './rule-texts';

export type Settlement = {
  code: BetType;
  lines: number;
  totalStakeKobo: number;
  linesWon: number;
  multiplier: number;
  /** lines won × stake per line × multiplier, before the cap. */
  grossWinKobo: number;
  /** What is credited: the gross win, but never more than the payout cap. */
  paidKobo: number;
  capped: boolean;
};

/** Settles one ticket: win = lines won × stake per line × multiplier, capped. */
export function settle(
  bet: Bet,
  stakePerLineKobo: number,
  winning: readonly number[],
  rules: LottoRules = defaultLottoRules,
): Settlement {
  const lines = linesOf(bet);
  const linesWon = linesWonOf(bet, winning);
  const multiplier = multiplierFor(bet.betType, rules.multipliers);
  const grossWinKobo = linesWon * stakePerLineKobo * multiplier;
  const paidKobo = Math.min(grossWinKobo, rules.limits.payout_cap);
  return {
    code: bet.betType,
    lines,
    totalStakeKobo: lines * stakePerLineKobo,
    linesWon,
    multiplier,
    grossWinKobo,
    paidKobo,
    capped: paidKobo < grossWinKobo,
  };
}

/** The sample draw used by every worked example. */
export const EXAMPLE_DRAW = {
  /** Winning numbers in the order drawn. */
  winning: [27, 5, 63, 88, 41],
  /** Machine numbers: shown on results, never settled on. */
  machine: [12, 70, 3, 56, 19],
} as const;

export type WorkedExample = {
  id: string;
  title: string;
  bet: Bet;
  stakePerLineKobo: number;
  /** One or two sentences on why the ticket wins (or doesn't). */
  note: string;
};

export const WORKED_EXAMPLES: WorkedExample[] = [
  {
    id: 'nap1-win',
    title: 'NAP 1 that wins',
    bet: betOf('NAP1', [27]),
    stakePerLineKobo: 10_000,
    note: '27 is the first ball drawn, so the line wins.',
  },
  {
    id: 'nap1-lose',
    title: 'NAP 1 that does not win',
    bet: betOf('NAP1', [63]),
    stakePerLineKobo: 10_000,
    note: '63 is drawn, but third, not first. NAP 1 only wins on the first ball.',
  },
  {
    id: 'nap2',
    title: 'NAP 2',
    bet: betOf('NAP2', [5, 88]),
    stakePerLineKobo: 5_000,
    note: 'Both 5 and 88 are among the five winning numbers. The order does not matter.',
  },
  {
    id: 'nap3',
    title: 'NAP 3',
    bet: betOf('NAP3', [27, 41, 63]),
    stakePerLineKobo: 5_000,
    note: 'All three numbers are drawn.',
  },
  {
    id: 'perm2',
    title: 'PERM 2 with six numbers',
    bet: betOf('PERM2', [5, 14, 27, 41, 60, 77]),
    stakePerLineKobo: 1_000,
    note: 'Three of your six numbers are drawn (5, 27 and 41), so C(3, 2) = 3 pairs win: 5–27, 5–41 and 27–41.',
  },
  {
    id: 'perm3-three',
    title: 'PERM 3 with five numbers, three drawn',
    bet: betOf('PERM3', [5, 27, 41, 50, 77]),
    stakePerLineKobo: 1_000,
    note: 'Five numbers make C(5, 3) = 10 lines. Three of them are drawn (5, 27 and 41): C(3, 3) = 1 line wins.',
  },
  {
    id: 'perm3-four',
    title: 'PERM 3 with five numbers, four drawn',
    bet: betOf('PERM3', [5, 27, 41, 63, 77]),
    stakePerLineKobo: 1_000,
    note: 'Four of your five numbers are drawn (5, 27, 41 and 63): C(4, 3) = 4 lines win.',
  },
  {
    id: 'banker',
    title: '1 Banker',
    bet: betOf('BANKER', [63]),
    stakePerLineKobo: 1_000,
    note: '63 is drawn, so its pairs with the other four winning numbers win: 63–27, 63–5, 63–88 and 63–41.',
  },
  {
    id: 'against',
    title: 'Against',
    bet: betOf('AGAINST', [], [27, 30], [12, 41, 88]),
    stakePerLineKobo: 2_000,
    note: 'TOP: 27 is drawn (1 number). BOTTOM: 41 and 88 are drawn (2 numbers); 12 is only a machine number, so it does not count. 1 × 2 = 2 lines win.',
  },
  {
    id: 'cap',
    title: 'NAP 5 with all five drawn',
    bet: betOf('NAP5', [5, 27, 41, 63, 88]),
    stakePerLineKobo: 25_000,
    note: 'All five of your numbers are drawn. The order does not matter.',
  },
];

/** Describes a ticket's numbers in words, e.g. "5, 27 and 41". */
export function listNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

/** A bet's picks in words: "5, 27 and 41", "63 as the banker", "TOP 27 and 30 against BOTTOM …". */
export function describeBet(bet: Bet): string {
  if (bet.betType === 'BANKER') return `${bet.numbers[0] ?? ''} as the banker`;
  if (bet.betType === 'AGAINST') return `TOP ${listNumbers(bet.top)} against BOTTOM ${listNumbers(bet.bottom)}`;
  return listNumbers(bet.numbers);
}
