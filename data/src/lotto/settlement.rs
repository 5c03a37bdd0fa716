//! What a bet wins against the drawn balls.
//!
//! Win = lines won × stake per line × the bet's multiplier, capped at the game's payout cap per ticket
//! (docs/product.md §3). Lines won, by bet type:
//!
//! - NAP1: 1 if its number is the **first** ball drawn, else 0.
//! - NAPk (k ≥ 2): 1 if all k numbers are among the five balls, in any order.
//! - PERMk: C(m, k), m = how many of its numbers were drawn.
//! - BANKER: 4 if the banker is drawn (its pairs with the four other balls), else 0.
//! - AGAINST: (TOP numbers drawn) × (BOTTOM numbers drawn).
//!
//! Only the five winning balls count; machine numbers are never settled on. The maths is checked: a
//! product that would overflow `i64` is certainly above any cap, so it saturates to the cap rather than
//! wrapping or panicking. A win is never negative and never above the cap.

use super::bet::{len_u64, Bet};
use super::board::{Balls, BALLS_PER_DRAW};
use super::combinatorics::choose;
use super::multipliers::Multipliers;
use crate::money::Kobo;

/// Lines of a BANKER ticket that win when the banker is drawn: its pairs with the other balls.
const BANKER_LINES_WON: u64 = BALLS_PER_DRAW as u64 - 1;

impl Bet {
    /// How many of this bet's lines win against `drawn`, the five winning balls in drawn order.
    /// 0 for a bet that breaks the rules.
    pub fn lines_won(&self, drawn: &Balls) -> u64 {
        if self.validate().is_err() {
            return 0;
        }
        let drawn_count =
            |picks: &[u8]| -> u64 { picks.iter().filter(|pick| drawn.contains(pick)).fold(0, |count, _| count + 1) };
        match self {
            Bet::Nap { numbers } => match numbers.as_slice() {
                // NAP1 is a bet on the first ball, not on any ball.
                [single] => u64::from(*single == drawn[0]),
                picks => u64::from(picks.iter().all(|pick| drawn.contains(pick))),
            },
            Bet::Perm { k, numbers } => choose(drawn_count(numbers), u64::from(*k)),
            Bet::Banker { banker } => {
                if drawn.contains(banker) {
                    BANKER_LINES_WON
                } else {
                    0
                }
            }
            Bet::Against { top, bottom } => drawn_count(top).saturating_mul(drawn_count(bottom)),
        }
    }

    /// The most lines this bet can win in any draw: what the play page shows as the best outcome.
    pub fn max_lines_won(&self) -> u64 {
        if self.validate().is_err() {
            return 0;
        }
        let balls = BALLS_PER_DRAW as u64;
        match self {
            Bet::Nap { .. } => 1,
            Bet::Perm { k, numbers } => choose(len_u64(numbers).min(balls), u64::from(*k)),
            Bet::Banker { .. } => BANKER_LINES_WON,
            // Five balls split between the groups: t from TOP and at most 5 − t from BOTTOM.
            Bet::Against { top, bottom } => (0..=len_u64(top).min(balls))
                .map(|from_top| from_top * len_u64(bottom).min(balls - from_top))
                .max()
                .unwrap_or(0),
        }
    }
}

/// The payout of `bet` for the draw `drawn`, capped at `cap`.
pub fn winnings(bet: &Bet, stake_per_line: Kobo, drawn: &Balls, multipliers: &Multipliers, cap: Kobo) -> Kobo {
    payout(bet, bet.lines_won(drawn), stake_per_line, multipliers, cap)
}

/// Lines won and the payout of `bet` for the draw `drawn` (capped at `cap`), counting the lines once.
pub fn outcome(bet: &Bet, stake_per_line: Kobo, drawn: &Balls, multipliers: &Multipliers, cap: Kobo) -> (u64, Kobo) {
    let lines = bet.lines_won(drawn);
    (lines, payout(bet, lines, stake_per_line, multipliers, cap))
}

/// The best payout `bet` can get in any draw, capped at `cap`: shown before purchase.
pub fn potential_max_win(bet: &Bet, stake_per_line: Kobo, multipliers: &Multipliers, cap: Kobo) -> Kobo {
    payout(bet, bet.max_lines_won(), stake_per_line, multipliers, cap)
}

/// Lines won and the payout of `bet` for the draw `drawn` at a fixed multiplier and cap (a ticket's own terms).
pub fn outcome_at(bet: &Bet, stake_per_line: Kobo, drawn: &Balls, multiplier: u32, cap: Kobo) -> (u64, Kobo) {
    let lines = bet.lines_won(drawn);
    (lines, payout_at(lines, stake_per_line, multiplier, cap))
}

fn payout(bet: &Bet, lines: u64, stake_per_line: Kobo, multipliers: &Multipliers, cap: Kobo) -> Kobo {
    payout_at(lines, stake_per_line, multipliers.rate(bet.multiplier_key()), cap)
}

/// lines × stake × rate, clamped to 0 ..= cap.
fn payout_at(lines: u64, stake_per_line: Kobo, rate: u32, cap: Kobo) -> Kobo {
    let cap = cap.max(Kobo::ZERO);
    if lines == 0 || !stake_per_line.is_positive() {
        return Kobo::ZERO;
    }
    let rate = u64::from(rate);
    stake_per_line.checked_mul_u64(lines).and_then(|stake| stake.checked_mul_u64(rate)).map_or(cap, |win| win.min(cap))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_banker_wins_four_lines_because_four_other_balls_are_drawn() {
        assert_eq!(BANKER_LINES_WON, 4);
    }

    #[test]
    fn a_negative_stake_or_cap_never_produces_a_negative_win() {
        let bet = Bet::Nap { numbers: vec![7] };
        let rates = Multipliers::default();
        let drawn = [7, 1, 2, 3, 4];
        assert_eq!(winnings(&bet, Kobo(-500), &drawn, &rates, Kobo::naira(1_000)), Kobo::ZERO);
        assert_eq!(winnings(&bet, Kobo(500), &drawn, &rates, Kobo(-1)), Kobo::ZERO);
    }
}
