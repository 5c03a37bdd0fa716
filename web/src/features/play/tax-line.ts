/**
 * What a win pays after withholding tax, said on the bet slip before Buy (issue 32, item 2). The sum is the
 * server's (data crate `tax::withholding`): the rate of the ticket's winnings less its stake, rounded down to the
 * kobo; a win no bigger than the stake bears none. Pure functions.
 */
import { formatNaira } from '@/lib/format';

/** GET /tax-rates: the default rate and each state whose rate differs, in force today. */
export type TaxRates = {
  day: string;
  default_bp: number;
  states: { state: string; state_name: string; rate_bp: number }[];
};

const WHOLE = 10_000;

export function withholding(grossKobo: number, stakeKobo: number, rateBp: number): number {
  const net = grossKobo - Math.max(stakeKobo, 0);
  if (net <= 0 || rateBp <= 0) return 0;
  return Math.floor((net * Math.min(rateBp, WHOLE)) / WHOLE);
}

/** 500 → `5 %`, 750 → `7.5 %` (a space before the sign, as the issue's copy writes it). */
export function formatRate(rateBp: number): string {
  return `${(rateBp / 100).toLocaleString('en-NG', { maximumFractionDigits: 2 })} %`;
}

/** "Lagos State" → "Lagos", "the Federal Capital Territory" → "FCT": how the tax is named in a sentence. */
function shortName(stateName: string): string {
  if (/Federal Capital Territory/.test(stateName)) return 'FCT';
  return stateName.replace(/ State$/, '');
}

/** The rate a player of `state` bears (the default for a player who has not said), with the state's name. */
export function rateFor(rates: TaxRates, state: string | null | undefined) {
  const own = rates.states.find((s) => s.state === state);
  return { rateBp: own?.rate_bp ?? rates.default_bp, stateName: own?.state_name ?? null };
}

type Line = {
  rates: TaxRates | null | undefined;
  /** The signed-in player's state; `undefined` for a guest. */
  player?: { state: string | null | undefined };
  potentialWin: number | null;
  totalStake: number | null;
};

/**
 * The slip's tax sentence: for a player, the best win after their state's tax; for a guest, where tax applies.
 * `null` when there is nothing to say yet (rates not loaded, no win worked out for a player).
 */
export function taxLine({ rates, player, potentialWin, totalStake }: Line): string | null {
  if (!rates) return null;
  if (!player) {
    const taxed = rates.states.filter((s) => s.rate_bp > 0);
    if (taxed.length === 0 && rates.default_bp === 0) return null;
    const named = taxed.map((s) => `${formatRate(s.rate_bp)} in ${shortName(s.state_name)}`).join(', ');
    const elsewhere = rates.default_bp > 0 ? `${formatRate(rates.default_bp)} elsewhere` : '';
    return `Winnings above your stake bear withholding tax where you live: ${[named, elsewhere].filter(Boolean).join(', ')}. Log in to see what you would take home.`;
  }
  if (potentialWin === null || totalStake === null) return null;
  const { rateBp, stateName } = rateFor(rates, player.state);
  const gross = formatNaira(potentialWin);
  if (rateBp === 0) return `Win up to ${gross} — no withholding tax${stateName ? ` in ${shortName(stateName)}` : ''}`;
  const net = potentialWin - withholding(potentialWin, totalStake, rateBp);
  const where = stateName ? `${shortName(stateName)} ` : '';
  return `Win up to ${gross} — ${formatNaira(net)} after ${formatRate(rateBp)} ${where}withholding tax`;
}
