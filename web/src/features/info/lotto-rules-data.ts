/**
 * The 5/90 rule set shown on the Lottery rules and How to play pages (docs/product.md §3–§4), as plain data.
 *
 * Multipliers, stake limits and the payout cap are admin-editable per game. The pages render from a
 * `LottoRules` value: the chosen game's, built from GET /games with `buildGameRules(game)`, so the rules shown
 * can never disagree with the rules settled; `defaultLottoRules` only until the games arrive (or if they cannot). `Multipliers` and `StakeRules` mirror the data crate's
 * `lotto::multipliers::Multipliers` and `lotto::limits::StakeRules` field for field (integer kobo), so the
 * served values drop straight in. Everything here is pure (no React, no fetching).
 */

export type BetCode =
  'NAP1' | 'NAP2' | 'NAP3' | 'NAP4' | 'NAP5' | 'PERM2' | 'PERM3' | 'PERM4' | 'PERM5' | 'BANKER' | 'AGAINST';

/**
 * A game's five payout rates. Every bet type is paid at one of them: a PERMk line at the NAPk rate, a 1 Banker
 * or Against line (a pair) at the NAP2 rate — exactly as the data crate settles.
 */
export type Multipliers = { nap1: number; nap2: number; nap3: number; nap4: number; nap5: number };

/** The largest number of picks allowed for PERM2–PERM5 (fixed in the data crate's `Bet::perm_max_numbers`). */
export type PermMaxNumbers = { PERM2: number; PERM3: number; PERM4: number; PERM5: number };

/** One row of the bet table. */
export type BetRule = {
  code: BetCode;
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

/** A game's stake limits and payout cap, in kobo. */
export type StakeRules = {
  /** Least stake on a NAP ticket (a NAP ticket is a single line). */
  nap_min_stake: number;
  /** Least stake per line on PERM, BANKER and AGAINST tickets. */
  min_stake_per_line: number;
  /** Least total for a PERM, BANKER or AGAINST ticket. */
  min_ticket_total: number;
  /** Most any ticket may cost. */
  max_ticket_total: number;
  /** The most one ticket can pay, whatever it wins. */
  payout_cap: number;
};

export type LottoRules = {
  bets: BetRule[];
  limits: StakeRules;
  permMax: PermMaxNumbers;
  multipliers: Multipliers;
};

export const BALLS_DRAWN = 5;
export const LOWEST_NUMBER = 1;
export const HIGHEST_NUMBER = 90;
/** A 1 Banker ticket pairs the banker with every other number from 1 to 90. */
export const BANKER_LINES = HIGHEST_NUMBER - 1;
/** When the banker is drawn, it pairs with each of the other drawn balls. */
export const BANKER_WINNING_LINES = BALLS_DRAWN - 1;

export const DEFAULT_MULTIPLIERS: Multipliers = {
  nap1: 40,
  nap2: 240,
  nap3: 2_100,
  nap4: 6_000,
  nap5: 44_000,
};

/** The rate a bet type is paid at. */
export function multiplierFor(code: BetCode, multipliers: Multipliers): number {
  switch (code) {
    case 'NAP1':
      return multipliers.nap1;
    case 'NAP2':
    case 'PERM2':
    case 'BANKER':
    case 'AGAINST':
      return multipliers.nap2;
    case 'NAP3':
    case 'PERM3':
      return multipliers.nap3;
    case 'NAP4':
    case 'PERM4':
      return multipliers.nap4;
    case 'NAP5':
    case 'PERM5':
      return multipliers.nap5;
  }
}

export const DEFAULT_PERM_MAX: PermMaxNumbers = { PERM2: 25, PERM3: 20, PERM4: 15, PERM5: 10 };

export const DEFAULT_LIMITS: StakeRules = {
  nap_min_stake: 5_000,
  min_stake_per_line: 500,
  min_ticket_total: 5_000,
  max_ticket_total: 5_000_000,
  payout_cap: 1_000_000_000,
};

/** Other money limits that are the same for every game (docs/product.md §7). */
export const WALLET_LIMITS = {
  depositMinKobo: 10_000,
  depositMaxKobo: 100_000_000,
  withdrawalMinKobo: 100_000,
} as const;

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five'];

function words(n: number): string {
  return NUMBER_WORDS[n] ?? String(n);
}

/** Builds the bet table from a game's multipliers and PERM maximums. */
export function buildBetTable(
  multipliers: Multipliers = DEFAULT_MULTIPLIERS,
  permMax: PermMaxNumbers = DEFAULT_PERM_MAX,
): BetRule[] {
  const naps: BetRule[] = ([1, 2, 3, 4, 5] as const).map((k) => ({
    code: `NAP${k}` as const,
    name: `NAP ${k}`,
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
    const max = permMax[code];
    return {
      code,
      name: `PERM ${k}`,
      picks: `${k + 1} to ${max} numbers`,
      linesFormula: `C(n, ${k}): every group of ${words(k)} from your n numbers`,
      winCondition: `A line wins when ${k === 2 ? 'both' : `all ${words(k)}`} of its numbers are drawn. If m of your numbers are drawn, C(m, ${k}) lines win.`,
      multiplier: multiplierFor(code, multipliers),
    };
  });
  const banker: BetRule = {
    code: 'BANKER',
    name: '1 Banker',
    picks: '1 number (the banker)',
    linesFormula: `${BANKER_LINES}: the banker paired with every other number`,
    winCondition: `If the banker is drawn, the ${words(BANKER_WINNING_LINES)} lines that pair it with the other drawn balls win.`,
    multiplier: multiplierFor('BANKER', multipliers),
  };
  const against: BetRule = {
    code: 'AGAINST',
    name: 'Against',
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
  limits: StakeRules = DEFAULT_LIMITS,
  permMax: PermMaxNumbers = DEFAULT_PERM_MAX,
  betTypes?: readonly string[],
): LottoRules {
  const bets = buildBetTable(multipliers, permMax).filter((bet) => !betTypes || betTypes.includes(bet.code));
  return { bets, limits, permMax, multipliers };
}

/** What GET /games says of a game's rules (the same fields as the data crate's). */
export type GameRulesSource = {
  multipliers: Multipliers;
  stake_rules: StakeRules;
  bet_types: readonly string[];
};

/** A served game's own rule set. */
export function buildGameRules(game: GameRulesSource): LottoRules {
  return buildLottoRules(game.multipliers, game.stake_rules, DEFAULT_PERM_MAX, game.bet_types);
}

export const defaultLottoRules: LottoRules = buildLottoRules();

/** C(n, k): the number of ways to choose k numbers from n. */
export function combinations(n: number, k: number): number {
  if (!Number.isInteger(n) || !Number.isInteger(k) || k < 0 || n < k) return 0;
  let result = 1;
  for (let i = 1; i <= k; i += 1) {
    result = (result * (n - k + i)) / i;
  }
  return Math.round(result);
}

const NAIRA = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

/** Formats kobo as naira, e.g. 125000 → "₦1,250.00". */
export function formatNaira(kobo: number): string {
  return NAIRA.format(kobo / 100);
}

const COUNT = new Intl.NumberFormat('en-NG');

/** Formats a count or multiplier, e.g. 2100 → "2,100". */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

/** What a ticket covers. */
export type Selection =
  | { kind: 'NAP'; k: 1 | 2 | 3 | 4 | 5; numbers: number[] }
  | { kind: 'PERM'; k: 2 | 3 | 4 | 5; numbers: number[] }
  | { kind: 'BANKER'; banker: number }
  | { kind: 'AGAINST'; top: number[]; bottom: number[] };

export function betCodeOf(selection: Selection): BetCode {
  switch (selection.kind) {
    case 'NAP':
      return `NAP${selection.k}`;
    case 'PERM':
      return `PERM${selection.k}`;
    case 'BANKER':
      return 'BANKER';
    case 'AGAINST':
      return 'AGAINST';
  }
}

/** How many lines a ticket has. */
export function linesOf(selection: Selection): number {
  switch (selection.kind) {
    case 'NAP':
      return 1;
    case 'PERM':
      return combinations(selection.numbers.length, selection.k);
    case 'BANKER':
      return BANKER_LINES;
    case 'AGAINST':
      return selection.top.length * selection.bottom.length;
  }
}

/** How many of a ticket's lines win against the five winning balls, in draw order. */
export function linesWonOf(selection: Selection, winning: number[]): number {
  const drawn = (n: number) => winning.includes(n);
  switch (selection.kind) {
    case 'NAP':
      if (selection.k === 1) return winning[0] === selection.numbers[0] ? 1 : 0;
      return selection.numbers.every(drawn) ? 1 : 0;
    case 'PERM':
      return combinations(selection.numbers.filter(drawn).length, selection.k);
    case 'BANKER':
      return drawn(selection.banker) ? BANKER_WINNING_LINES : 0;
    case 'AGAINST':
      return selection.top.filter(drawn).length * selection.bottom.filter(drawn).length;
  }
}

export type Settlement = {
  code: BetCode;
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

/** Settles one ticket exactly as the rules say: win = lines won × stake per line × multiplier, capped. */
export function settle(
  selection: Selection,
  stakePerLineKobo: number,
  winning: number[],
  rules: LottoRules = defaultLottoRules,
): Settlement {
  const code = betCodeOf(selection);
  const lines = linesOf(selection);
  const linesWon = linesWonOf(selection, winning);
  const multiplier = multiplierFor(code, rules.multipliers);
  const grossWinKobo = linesWon * stakePerLineKobo * multiplier;
  const paidKobo = Math.min(grossWinKobo, rules.limits.payout_cap);
  return {
    code,
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
  selection: Selection;
  stakePerLineKobo: number;
  /** One or two sentences on why the ticket wins (or doesn't). */
  note: string;
};

export const WORKED_EXAMPLES: WorkedExample[] = [
  {
    id: 'nap1-win',
    title: 'NAP 1 that wins',
    selection: { kind: 'NAP', k: 1, numbers: [27] },
    stakePerLineKobo: 10_000,
    note: '27 is the first ball drawn, so the line wins.',
  },
  {
    id: 'nap1-lose',
    title: 'NAP 1 that does not win',
    selection: { kind: 'NAP', k: 1, numbers: [63] },
    stakePerLineKobo: 10_000,
    note: '63 is drawn, but third, not first. NAP 1 only wins on the first ball.',
  },
  {
    id: 'nap2',
    title: 'NAP 2',
    selection: { kind: 'NAP', k: 2, numbers: [5, 88] },
    stakePerLineKobo: 5_000,
    note: 'Both 5 and 88 are among the five winning numbers. The order does not matter.',
  },
  {
    id: 'nap3',
    title: 'NAP 3',
    selection: { kind: 'NAP', k: 3, numbers: [27, 41, 63] },
    stakePerLineKobo: 5_000,
    note: 'All three numbers are drawn.',
  },
  {
    id: 'perm2',
    title: 'PERM 2 with six numbers',
    selection: { kind: 'PERM', k: 2, numbers: [5, 14, 27, 41, 60, 77] },
    stakePerLineKobo: 1_000,
    note: 'Three of your six numbers are drawn (5, 27 and 41), so C(3, 2) = 3 pairs win: 5–27, 5–41 and 27–41.',
  },
  {
    id: 'perm3-three',
    title: 'PERM 3 with five numbers, three drawn',
    selection: { kind: 'PERM', k: 3, numbers: [5, 27, 41, 50, 77] },
    stakePerLineKobo: 1_000,
    note: 'Five numbers make C(5, 3) = 10 lines. Three of them are drawn (5, 27 and 41): C(3, 3) = 1 line wins.',
  },
  {
    id: 'perm3-four',
    title: 'PERM 3 with five numbers, four drawn',
    selection: { kind: 'PERM', k: 3, numbers: [5, 27, 41, 63, 77] },
    stakePerLineKobo: 1_000,
    note: 'Four of your five numbers are drawn (5, 27, 41 and 63): C(4, 3) = 4 lines win.',
  },
  {
    id: 'banker',
    title: '1 Banker',
    selection: { kind: 'BANKER', banker: 63 },
    stakePerLineKobo: 1_000,
    note: '63 is drawn, so its pairs with the other four winning numbers win: 63–27, 63–5, 63–88 and 63–41.',
  },
  {
    id: 'against',
    title: 'Against',
    selection: { kind: 'AGAINST', top: [27, 30], bottom: [12, 41, 88] },
    stakePerLineKobo: 2_000,
    note: 'TOP: 27 is drawn (1 number). BOTTOM: 41 and 88 are drawn (2 numbers); 12 is only a machine number, so it does not count. 1 × 2 = 2 lines win.',
  },
  {
    id: 'cap',
    title: 'NAP 5 with all five drawn',
    selection: { kind: 'NAP', k: 5, numbers: [5, 27, 41, 63, 88] },
    stakePerLineKobo: 25_000,
    note: 'All five of your numbers are drawn. The order does not matter.',
  },
];

/** Describes a ticket's numbers in words, e.g. "5, 27 and 41". */
export function listNumbers(numbers: readonly number[]): string {
  if (numbers.length <= 1) return numbers.join('');
  return `${numbers.slice(0, -1).join(', ')} and ${numbers[numbers.length - 1]}`;
}

export function describeSelection(selection: Selection): string {
  switch (selection.kind) {
    case 'NAP':
    case 'PERM':
      return listNumbers(selection.numbers);
    case 'BANKER':
      return `${selection.banker} as the banker`;
    case 'AGAINST':
      return `TOP ${listNumbers(selection.top)} against BOTTOM ${listNumbers(selection.bottom)}`;
  }
}
