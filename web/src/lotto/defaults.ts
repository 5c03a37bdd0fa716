/**
 * The defaults a new game starts with and the wallet limits every game shares (docs/product.md §4, §7), as the data
 * crate sets them (`Multipliers::default`, `StakeRules::default`, `DEPOSIT_MIN`, `DEPOSIT_MAX`, `WITHDRAWAL_MIN`);
 * docs/vectors/rules/limits.json keeps them in step. Amounts are integer kobo.
 */
import type { Multipliers, StakeRules } from '@/types/lotto';

export const DEFAULT_MULTIPLIERS: Multipliers = { nap1: 40, nap2: 240, nap3: 2_100, nap4: 6_000, nap5: 44_000 };

export const DEFAULT_STAKE_RULES: StakeRules = {
  nap_min_stake: 5_000,
  min_stake_per_line: 500,
  min_ticket_total: 5_000,
  max_ticket_total: 5_000_000,
  payout_cap: 1_000_000_000,
};

export const WALLET_LIMITS = {
  depositMinKobo: 10_000,
  depositMaxKobo: 100_000_000,
  withdrawalMinKobo: 100_000,
} as const;
