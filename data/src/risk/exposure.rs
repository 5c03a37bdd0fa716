//! What one ticket adds to its draw's liability, as weights on combinations (docs/decisions/048-exact-liability.md).
//!
//! A ticket's payout for a draw depends only on which of its picks are drawn (and, for NAP1, on the first ball).
//! Written as a function `g` of the drawn set, its Möbius transform `h(s) = Σ_{t ⊆ s} (−1)^{|s|−|t|} g(t)` gives
//! `g(D) = Σ_{s ⊆ D} h(s)`: the payout of any result is the sum of the weights of the combinations it contains.
//! Weights add across tickets, so a draw's liability is one table of weights however many tickets it holds.
//!
//! Uncapped, the weights are the lines themselves (a PERM3 line {a, b, c} pays stake × rate exactly when a, b and c
//! are drawn: weight on {a, b, c}), so a ticket costs O(its lines). When the ticket's payout cap can bind, the
//! transform also puts (negative) corrections on the larger combinations of its picks; that is exact but costs
//! Σ_j C(picks, j) for j up to 5, so past [`CAPPED_BUDGET`] combinations the ticket is counted uncapped instead —
//! an over-estimate, which keeps every limit safe, and is reported (`exact = false`).

use super::combo::{for_each_subset, Combo};
use crate::lotto::combinatorics::choose;
use crate::lotto::{Bet, BALLS_PER_DRAW};
use crate::money::Kobo;
use crate::ticket::Terms;

/// The most combinations a capped ticket's exact correction may take before it is counted uncapped.
pub const CAPPED_BUDGET: u64 = 100_000;

/// One ticket's part of its draw's liability.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Exposure {
    /// NAP1: paid when this number is the first ball (kobo).
    pub first: Vec<(u8, i64)>,
    /// Weights of combinations (kobo); a result pays the sum of those it contains.
    pub weights: Vec<(Combo, i64)>,
    /// Stake on the lines holding each number (kobo).
    pub stakes: Vec<(u8, i64)>,
    pub total_stake: i64,
    /// The most this ticket can pay in any result (kobo, capped): its settlement's best case.
    pub most: i64,
    /// False when a capped ticket was counted uncapped (an over-estimate).
    pub exact: bool,
}

impl Exposure {
    /// The exposure of `bet` at `stake_per_line` under the `terms` it is sold under, on a board of `balls` numbers.
    pub fn of(bet: &Bet, stake_per_line: Kobo, terms: Terms, balls: u8) -> Exposure {
        let spl = stake_per_line.as_i64().max(0);
        let line = spl.saturating_mul(i64::from(terms.multiplier));
        let cap = terms.payout_cap.as_i64().max(0);
        // What `lines` winning lines pay, as settlement computes it.
        let pays = |lines: u64| -> i64 {
            if lines == 0 || spl == 0 {
                return 0;
            }
            i64::try_from(lines).map_or(cap, |lines| lines.saturating_mul(line).min(cap))
        };
        let mut exposure = Exposure { exact: true, ..Exposure::default() };
        if bet.validate().is_err() {
            return exposure;
        }
        match bet {
            Bet::Nap { numbers } => {
                if let [single] = numbers.as_slice() {
                    exposure.first.push((*single, pays(1)));
                } else {
                    exposure.weights.push((Combo::of(numbers), pays(1)));
                }
                exposure.stakes = numbers.iter().map(|n| (*n, spl)).collect();
            }
            Bet::Banker { banker } => {
                exposure.weights.push((Combo::of(&[*banker]), pays(BALLS_PER_DRAW as u64 - 1)));
                exposure.stakes =
                    (1..=balls).map(|n| (n, if n == *banker { spl.saturating_mul(89) } else { spl })).collect();
            }
            Bet::Perm { k, numbers } => {
                let k = usize::from(*k);
                let mut sorted = numbers.clone();
                sorted.sort_unstable();
                let per_number = choose(len(numbers).saturating_sub(1), k as u64 - 1);
                exposure.stakes = sorted.iter().map(|n| (*n, spl.saturating_mul(to_i64(per_number)))).collect();
                let g = |drawn: usize, _: usize| pays(choose(drawn as u64, k as u64));
                exposure.spread(&[&sorted], &g, k, pays, bet.max_lines_won());
            }
            Bet::Against { top, bottom } => {
                let (mut top, mut bottom) = (top.clone(), bottom.clone());
                top.sort_unstable();
                bottom.sort_unstable();
                exposure.stakes = top
                    .iter()
                    .map(|n| (*n, spl.saturating_mul(to_i64(len(&bottom)))))
                    .chain(bottom.iter().map(|n| (*n, spl.saturating_mul(to_i64(len(&top))))))
                    .collect();
                let g = |from_top: usize, from_bottom: usize| pays(from_top as u64 * from_bottom as u64);
                exposure.spread(&[&top, &bottom], &g, 2, pays, bet.max_lines_won());
            }
        }
        exposure.total_stake = spl.saturating_mul(to_i64(bet.lines()));
        exposure.most = pays(bet.max_lines_won());
        exposure
    }

    /// The same ticket with its negative corrections (a capped ticket's, on larger combinations) left out: at least
    /// what it adds to any one key. A share's own sales are checked on this (decision 067): a reduction sold
    /// earlier must not make room for more than the share's part later, since the draw counted it already.
    pub fn adding_only(&self) -> Exposure {
        let mut added = self.clone();
        added.weights.retain(|(_, weight)| *weight > 0);
        added.first.retain(|(_, paid)| *paid > 0);
        added.stakes.retain(|(_, stake)| *stake > 0);
        added
    }

    /// Its lines: the fewest numbers a result must hold for the ticket to pay (a NAP1's number, a BANKER's banker,
    /// a PERM's k-sets, an AGAINST's top-bottom pairs). Every result it pays in holds one of them, so only those
    /// results can cost the draw more once it is sold (docs/decisions/053-incremental-reserve-check.md). They are
    /// its smallest weighted combinations: its capped corrections are all larger.
    pub fn lines(&self) -> Vec<Combo> {
        let mut lines: Vec<Combo> =
            self.first.iter().filter(|(_, paid)| *paid > 0).map(|(n, _)| Combo::of(&[*n])).collect();
        let smallest = self.weights.iter().filter(|(_, w)| *w > 0).map(|(c, _)| c.len()).min();
        if let Some(size) = smallest {
            lines.extend(self.weights.iter().filter(|(c, w)| *w > 0 && c.len() == size).map(|(c, _)| *c));
        }
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    /// Weights of a multi-line ticket whose picks fall into one group (PERM) or two (AGAINST), where `g(i, j)` is its
    /// payout when i of the first group and j of the second are drawn. Every line has `line_size` numbers.
    fn spread(
        &mut self,
        groups: &[&[u8]],
        g: &dyn Fn(usize, usize) -> i64,
        line_size: usize,
        pays: impl Fn(u64) -> i64,
        max_lines: u64,
    ) {
        let two = groups.len() == 2;
        let (a, b): (&[u8], &[u8]) = match groups {
            [a, b] => (a, b),
            [a] => (a, &[]),
            _ => return,
        };
        let cost: u64 = shapes(a.len(), b.len(), two, line_size)
            .map(|(i, j)| choose(len(a), i as u64).saturating_mul(choose(len(b), j as u64)))
            .fold(0u64, u64::saturating_add);
        // Exact corrections when the cap can bind and they fit the budget; plain lines otherwise.
        let capped = pays(max_lines) != pays(1).saturating_mul(to_i64(max_lines));
        let corrections = capped && cost <= CAPPED_BUDGET;
        self.exact = !capped || corrections;
        let weight = |i: usize, j: usize| -> i64 {
            if !corrections {
                let lines_exactly = (two && i == 1 && j == 1) || (!two && i == line_size);
                return if lines_exactly { pays(1) } else { 0 };
            }
            // h(i, j) = Σ (−1)^{(i−p)+(j−q)} C(i, p) C(j, q) g(p, q)
            let mut sum: i64 = 0;
            for p in 0..=i {
                for q in 0..=j {
                    let term = to_i64(choose(i as u64, p as u64))
                        .saturating_mul(to_i64(choose(j as u64, q as u64)))
                        .saturating_mul(g(p, if two { q } else { 0 }));
                    sum = if (i - p + j - q).is_multiple_of(2) {
                        sum.saturating_add(term)
                    } else {
                        sum.saturating_sub(term)
                    };
                }
            }
            sum
        };
        for (i, j) in shapes(a.len(), b.len(), two, line_size) {
            let w = weight(i, j);
            if w == 0 {
                continue;
            }
            for_each_subset(a, i, &mut |from_a| {
                for_each_subset(b, j, &mut |from_b| {
                    let mut numbers = from_a.to_vec();
                    numbers.extend_from_slice(from_b);
                    self.weights.push((Combo::of(&numbers), w));
                });
            });
        }
    }
}

/// The numbers a bet picks: what a closed number refuses. A BANKER picks only its banker: its payout does not depend
/// on which other numbers are drawn.
pub fn picks(bet: &Bet) -> Vec<u8> {
    match bet {
        Bet::Nap { numbers } | Bet::Perm { numbers, .. } => numbers.clone(),
        Bet::Banker { banker } => vec![*banker],
        Bet::Against { top, bottom } => top.iter().chain(bottom).copied().collect(),
    }
}

/// The shapes (i from the first group, j from the second) of the combinations that can carry weight: at least a
/// line's worth, at most five numbers.
fn shapes(a: usize, b: usize, two: bool, line_size: usize) -> impl Iterator<Item = (usize, usize)> {
    let balls = BALLS_PER_DRAW;
    (0..=a.min(balls)).flat_map(move |i| {
        (0..=if two { b.min(balls - i) } else { 0 }).map(move |j| (i, j)).filter(move |(i, j)| {
            if two {
                *i >= 1 && *j >= 1
            } else {
                *i >= line_size
            }
        })
    })
}

fn len(items: &[u8]) -> u64 {
    u64::try_from(items.len()).unwrap_or(u64::MAX)
}

fn to_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}
