//! A draw's liability: the sum of its tickets' [`Exposure`]s, kept in memory and updated per ticket
//! (docs/decisions/048-exact-liability.md).
//!
//! Singles and pairs sit in dense tables (90 and 90 × 90); triples, fours and fives in hash maps holding only the
//! combinations some ticket carries. Beside the weights it keeps what the worst-case search bounds with (`pair_bound`:
//! for each pair, the positive weight of every combination holding both, and `low_pair_bound` of the pairs and
//! triples alone; `most_higher`: the largest four and five), the stakes per number and the sums the expected payout
//! needs. Adding a ticket costs O(its weights); removing one (a refused sale's tentative add, a
//! refund) subtracts exactly what adding it added.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::combo::Combo;
use super::exposure::Exposure;
use crate::lotto::combinatorics::choose;
use crate::lotto::{BALLS_PER_DRAW, MAX_NUMBER};

/// Multiply-and-fold hashing for the combination keys: they are already well spread integers, and the search
/// looks them up millions of times, where SipHash's cost would show.
#[derive(Default, Clone, Copy)]
pub struct ComboHasher(u64);

impl Hasher for ComboHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.write_u64(u64::from(*byte));
        }
    }
    fn write_u64(&mut self, n: u64) {
        let mixed = (self.0 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = mixed ^ (mixed >> 29);
    }
}

pub type ComboMap = HashMap<Combo, i64, BuildHasherDefault<ComboHasher>>;

/// The most on any one key of each per-key limit (`Liability::loads`), in kobo.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Loads {
    pub staked: i64,
    pub riding: i64,
    pub combination: i64,
}

/// The liability of one draw.
#[derive(Debug, Clone)]
pub struct Liability {
    balls: u8,
    /// NAP1 payouts by first ball, indexed by number.
    pub(super) first: Vec<i64>,
    /// Weights of single numbers, indexed by number.
    pub(super) singles: Vec<i64>,
    /// Weights of pairs, at `pair_index(a, b)`.
    pub(super) pairs: Vec<i64>,
    /// Weights of triples, fours and fives.
    pub(super) higher: [ComboMap; 3],
    /// Per pair, the positive weight of every combination holding both numbers: the search's bound.
    pub(super) pair_bound: Vec<i64>,
    /// The same of the pairs and triples alone: the search's other bound, with the fours and fives by count.
    pub(super) low_pair_bound: Vec<i64>,
    /// At least the largest weight any four (at `[0]`) or five (at `[1]`) carries: a result holds at most five fours
    /// and one five, so the search bounds them by count rather than through the pairs (decision 053).
    pub(super) most_higher: [i64; 2],
    stakes: Vec<i64>,
    total_stake: i64,
    /// Sum of the weights of each size (index = size), and of the NAP1 payouts: the expected payout's terms.
    by_size: [i64; BALLS_PER_DRAW + 1],
    first_total: i64,
    tickets: u64,
    inexact: u64,
}

impl Default for Liability {
    fn default() -> Self {
        Liability::new(MAX_NUMBER)
    }
}

impl Liability {
    /// An empty liability on a board of `balls` numbers (90; fewer in tests that check every result).
    pub fn new(balls: u8) -> Liability {
        let n = usize::from(balls) + 1;
        Liability {
            balls,
            first: vec![0; n],
            singles: vec![0; n],
            pairs: vec![0; n * n],
            higher: Default::default(),
            pair_bound: vec![0; n * n],
            low_pair_bound: vec![0; n * n],
            most_higher: [0; 2],
            stakes: vec![0; n],
            total_stake: 0,
            by_size: [0; BALLS_PER_DRAW + 1],
            first_total: 0,
            tickets: 0,
            inexact: 0,
        }
    }

    pub fn balls(&self) -> u8 {
        self.balls
    }

    pub(super) fn pair_index(&self, a: u8, b: u8) -> usize {
        usize::from(a) * (usize::from(self.balls) + 1) + usize::from(b)
    }

    /// Adds a ticket's exposure.
    pub fn add(&mut self, exposure: &Exposure) {
        self.apply(exposure, 1);
    }

    /// Takes away an exposure added before.
    pub fn remove(&mut self, exposure: &Exposure) {
        self.apply(exposure, -1);
    }

    fn apply(&mut self, exposure: &Exposure, sign: i64) {
        for (number, paid) in &exposure.first {
            if let Some(slot) = self.first.get_mut(usize::from(*number)) {
                *slot = slot.saturating_add(sign * paid);
                self.first_total = self.first_total.saturating_add(sign * paid);
            }
        }
        for (combo, weight) in &exposure.weights {
            self.weigh(*combo, sign * weight, sign * (*weight).max(0));
        }
        for (number, stake) in &exposure.stakes {
            if let Some(slot) = self.stakes.get_mut(usize::from(*number)) {
                *slot = slot.saturating_add(sign * stake);
            }
        }
        self.total_stake = self.total_stake.saturating_add(sign * exposure.total_stake);
        self.tickets = self.tickets.saturating_add_signed(sign);
        if !exposure.exact {
            self.inexact = self.inexact.saturating_add_signed(sign);
        }
    }

    /// Adds `delta` to `combo`'s weight and `bound` (the ticket's positive part, signed as `delta`) to the search's
    /// bound of each of its pairs: each ticket's positive weights cover the positive part of their sum.
    fn weigh(&mut self, combo: Combo, delta: i64, bound: i64) {
        let numbers = combo.numbers();
        if numbers.iter().any(|n| *n > self.balls) {
            return;
        }
        if let Some(total) = self.by_size.get_mut(numbers.len()) {
            *total = total.saturating_add(delta);
        }
        match numbers.as_slice() {
            [single] => {
                if let Some(slot) = self.singles.get_mut(usize::from(*single)) {
                    *slot = slot.saturating_add(delta);
                }
            }
            [a, b] => {
                let i = self.pair_index(*a, *b);
                if let Some(slot) = self.pairs.get_mut(i) {
                    *slot = slot.saturating_add(delta);
                }
            }
            _ => {
                if let Some(map) = self.higher.get_mut(numbers.len().saturating_sub(3)) {
                    let slot = map.entry(combo).or_insert(0);
                    *slot = slot.saturating_add(delta);
                    let now = *slot;
                    if now == 0 {
                        map.remove(&combo);
                    }
                    // Never lowered: a stale largest weight is still at least the largest.
                    if let Some(most) = self.most_higher.get_mut(numbers.len().saturating_sub(4)) {
                        if numbers.len() >= 4 && now > *most {
                            *most = now;
                        }
                    }
                }
            }
        }
        if bound != 0 && numbers.len() >= 2 {
            let low = numbers.len() <= 3;
            for (i, a) in numbers.iter().enumerate() {
                for b in numbers.iter().skip(i + 1) {
                    let at = self.pair_index(*a, *b);
                    if let Some(slot) = self.pair_bound.get_mut(at) {
                        *slot = slot.saturating_add(bound);
                    }
                    if let Some(slot) = self.low_pair_bound.get_mut(at).filter(|_| low) {
                        *slot = slot.saturating_add(bound);
                    }
                }
            }
        }
    }

    /// The weight of `combo` now: what a result holding it pays on lines made of exactly these numbers.
    pub fn weight(&self, combo: Combo) -> i64 {
        match combo.numbers().as_slice() {
            [single] => self.singles.get(usize::from(*single)).copied().unwrap_or(0),
            [a, b] => self.pairs.get(self.pair_index(*a, *b)).copied().unwrap_or(0),
            numbers => {
                self.higher.get(numbers.len().saturating_sub(3)).and_then(|map| map.get(&combo)).copied().unwrap_or(0)
            }
        }
    }

    /// What rides on `number` alone: NAP1 if it is the first ball plus lines of it alone (BANKER) (kobo).
    pub fn number_payout(&self, number: u8) -> i64 {
        let at = usize::from(number);
        self.first.get(at).copied().unwrap_or(0).saturating_add(self.singles.get(at).copied().unwrap_or(0))
    }

    /// The stake on the lines holding `number` (kobo).
    pub fn stake_on(&self, number: u8) -> i64 {
        self.stakes.get(usize::from(number)).copied().unwrap_or(0)
    }

    pub fn total_stake(&self) -> i64 {
        self.total_stake
    }

    pub fn tickets(&self) -> u64 {
        self.tickets
    }

    /// Whether every ticket is counted exactly (none capped past the budget, see `exposure`).
    pub fn is_exact(&self) -> bool {
        self.inexact == 0
    }

    /// The expected payout over a fair draw (kobo): each combination's weight times the chance all its numbers are
    /// drawn, C(n − j, 5 − j) / C(n, 5), plus each NAP1 payout over n. Exact because payouts are the weights' sums.
    pub fn expected_payout(&self) -> i64 {
        let n = u64::from(self.balls);
        let all = choose(n, BALLS_PER_DRAW as u64) as f64;
        let sets: f64 = self
            .by_size
            .iter()
            .enumerate()
            .skip(1)
            .map(|(size, total)| *total as f64 * choose(n - size as u64, (BALLS_PER_DRAW - size) as u64) as f64 / all)
            .sum();
        let first = if n == 0 { 0.0 } else { self.first_total as f64 / n as f64 };
        (sets + first).round() as i64
    }

    /// At least the most on any one key of each per-key limit: staked on one number, riding on one number, riding
    /// on one combination of 2–5 numbers (the fours and fives by their never-lowered largest). A scan of the
    /// triples kept: for granting shares of a draw's headroom (`super::share`), not for the sale path.
    pub fn loads(&self) -> Loads {
        let numbers = 1..=self.balls;
        let staked = numbers.clone().map(|n| self.stake_on(n)).max().unwrap_or(0);
        let riding = numbers.map(|n| self.number_payout(n)).max().unwrap_or(0);
        let pairs = self.pairs.iter().copied().max().unwrap_or(0);
        let triples = self.higher[0].values().copied().max().unwrap_or(0);
        let combination = pairs.max(triples).max(self.most_higher[0]).max(self.most_higher[1]);
        Loads { staked, riding, combination }
    }

    /// Every combination of `size` numbers (2–5) carrying weight, heaviest first, at most `most`.
    pub fn heaviest(&self, size: usize, most: usize) -> Vec<(Combo, i64)> {
        let mut found: Vec<(Combo, i64)> = if size == 2 {
            let mut pairs = Vec::new();
            for a in 1..=self.balls {
                for b in a + 1..=self.balls {
                    let w = self.pairs.get(self.pair_index(a, b)).copied().unwrap_or(0);
                    if w > 0 {
                        pairs.push((Combo::sorted(&[a, b]), w));
                    }
                }
            }
            pairs
        } else {
            self.higher
                .get(size.saturating_sub(3))
                .map(|map| map.iter().filter(|(_, w)| **w > 0).map(|(c, w)| (*c, *w)).collect())
                .unwrap_or_default()
        };
        found.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        found.truncate(most);
        found
    }
}
