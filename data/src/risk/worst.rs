//! The worst case of a draw: the most its tickets can pay over every result (five balls, the first one
//! distinguished), found by branch and bound over the liability's weights (docs/decisions/048-exact-liability.md).
//!
//! A result D pays Σ_{s ⊆ D} W(s) + F(its first ball), and the worst first ball of a set is its number with the
//! largest F, so the search runs over the C(n, 5) sets and takes the worst first ball of each. It picks the numbers
//! in ascending order; at a node holding the numbers P it knows exactly V(P) (the weights inside P) and, for every
//! later number x, the gain M(x) of adding it alone. Whatever r numbers R complete P, the weights with two or more
//! numbers of R are each charged to their lowest number x of R through one other number y > x of R, so they are at
//! most η_r(x): the r − 1 largest `pair_bound(x, y)` over y > x (each pair's bound holds the positive weight of every
//! combination containing it). So no completion beats V(P) + the r best M(x) + η_r(x), plus the best F in reach,
//! and a node whose bound cannot beat the best result found is cut. Children are tried best score first, so a good
//! result is found early and most of the 44 M sets are never visited.

use super::liability::Liability;
use crate::lotto::BALLS_PER_DRAW;

const FIVE: usize = BALLS_PER_DRAW;

/// The result that would cost the draw the most, and what it would pay (kobo, gross).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorstCase {
    pub payout: i64,
    /// The five balls, the first ball first, the others ascending.
    pub balls: [u8; FIVE],
}

impl Liability {
    /// What the ordered result `balls` (first ball first) pays (kobo, gross).
    pub fn payout_of(&self, balls: &[u8; FIVE]) -> i64 {
        let mut sorted = *balls;
        sorted.sort_unstable();
        let mut total = self.first.get(usize::from(balls[0])).copied().unwrap_or(0);
        for mask in 1u32..(1 << FIVE) {
            let subset: Vec<u8> =
                sorted.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, n)| *n).collect();
            total = total.saturating_add(self.weight(super::combo::Combo::sorted(&subset)));
        }
        total
    }

    /// The exact worst case over every result.
    pub fn worst_case(&self) -> WorstCase {
        let n = self.balls();
        if usize::from(n) < FIVE {
            return WorstCase { payout: 0, balls: [0; FIVE] };
        }
        let mut search = Search::new(self);
        let root: Vec<i64> = self.singles.clone();
        search.descend(0, [0; FIVE], 0, 0, &root);
        let mut balls = search.best_set;
        // The first ball is the one whose NAP1 payout is largest.
        let at = (0..FIVE).max_by_key(|i| (self.first.get(usize::from(balls[*i])).copied().unwrap_or(0), FIVE - i));
        if let Some(at) = at {
            let first = balls[at];
            let mut rest: Vec<u8> = balls.iter().copied().filter(|b| *b != first).collect();
            rest.sort_unstable();
            balls = [first, 0, 0, 0, 0];
            for (slot, ball) in balls.iter_mut().skip(1).zip(rest) {
                *slot = ball;
            }
        }
        WorstCase { payout: search.best.max(0), balls }
    }
}

struct Search<'a> {
    liability: &'a Liability,
    n: u8,
    /// η_r(x), at `eta[r][x]`: the r − 1 largest pair bounds of x with a later number.
    eta: Vec<Vec<i64>>,
    /// The largest NAP1 payout of any number ≥ x, at `[x]`.
    first_from: Vec<i64>,
    best: i64,
    best_set: [u8; FIVE],
}

impl<'a> Search<'a> {
    fn new(liability: &'a Liability) -> Self {
        let n = liability.balls();
        let size = usize::from(n) + 2;
        let mut eta = vec![vec![0i64; size]; FIVE + 1];
        for x in 1..=n {
            let mut row: Vec<i64> = (x + 1..=n)
                .map(|y| liability.pair_bound.get(liability.pair_index(x, y)).copied().unwrap_or(0).max(0))
                .collect();
            row.sort_unstable_by(|a, b| b.cmp(a));
            for (r, level) in eta.iter_mut().enumerate().skip(2) {
                level[usize::from(x)] = row.iter().take(r - 1).fold(0i64, |sum, w| sum.saturating_add(*w));
            }
        }
        let mut first_from = vec![0i64; size];
        for x in (1..=usize::from(n)).rev() {
            first_from[x] = first_from[x + 1].max(liability.first.get(x).copied().unwrap_or(0));
        }
        Search { liability, n, eta, first_from, best: -1, best_set: [0; FIVE] }
    }

    /// The numbers `set[..picked]` are chosen, their weights sum to `value`, their best NAP1 payout is `first`, and
    /// `gain[x]` is what adding x alone would add.
    fn descend(&mut self, picked: usize, set: [u8; FIVE], value: i64, first: i64, gain: &[i64]) {
        let last = if picked == 0 { 0 } else { set[picked - 1] };
        let left = FIVE - picked;
        let first_of = |x: u8| self.liability.first.get(usize::from(x)).copied().unwrap_or(0);
        if left == 1 {
            for x in last + 1..=self.n {
                let total = value.saturating_add(gain[usize::from(x)]).saturating_add(first.max(first_of(x)));
                if total > self.best {
                    self.best = total;
                    self.best_set = set;
                    self.best_set[FIVE - 1] = x;
                }
            }
            return;
        }
        let Some(top) = self.n.checked_sub(left as u8 - 1) else { return };
        let eta = &self.eta[left];
        // Every later number may complete the set (the bound counts them all); only those up to `top` start a child.
        let mut candidates: Vec<(i64, u8)> =
            (last + 1..=self.n).map(|x| (gain[usize::from(x)].saturating_add(eta[usize::from(x)]), x)).collect();
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let first_bound = first.max(self.first_from.get(usize::from(last) + 1).copied().unwrap_or(0));
        let bound = candidates
            .iter()
            .take(left)
            .fold(value, |sum, (score, _)| sum.saturating_add(*score))
            .saturating_add(first_bound);
        if bound <= self.best {
            return;
        }
        for (score, y) in candidates.iter().copied() {
            if y > top {
                continue;
            }
            // Completing with y and the best r − 1 later numbers is the most this child can reach.
            let rest = candidates
                .iter()
                .filter(|(_, x)| *x > y)
                .take(left - 1)
                .fold(0i64, |sum, (s, _)| sum.saturating_add(*s));
            if value.saturating_add(score).saturating_add(rest).saturating_add(first_bound) <= self.best {
                continue;
            }
            let mut child = set;
            child[picked] = y;
            let child_gain = self.gain_after(&set[..picked], y, gain);
            let child_first = first.max(first_of(y));
            self.descend(picked + 1, child, value.saturating_add(gain[usize::from(y)]), child_first, &child_gain);
        }
    }

    /// The gains once y joins `held`: each later x also gains the weights of {y, x} with every subset of `held`.
    fn gain_after(&self, held: &[u8], y: u8, gain: &[i64]) -> Vec<i64> {
        let l = self.liability;
        let mut next = gain.to_vec();
        // The subsets Q of `held` (ascending, so Q, y, x stays ascending), packed as combination keys.
        let subsets: Vec<(u64, usize)> = (0u32..(1 << held.len()))
            .map(|mask| {
                let mut key = 0u64;
                let mut len = 0usize;
                for (i, n) in held.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        key |= u64::from(*n) << (8 * len);
                        len += 1;
                    }
                }
                (key | (u64::from(y) << (8 * len)), len)
            })
            .filter(|(_, len)| *len == 0 || l.higher.get(*len - 1).is_some_and(|map| !map.is_empty()))
            .collect();
        for x in y + 1..=self.n {
            let mut add = l.pairs.get(l.pair_index(y, x)).copied().unwrap_or(0);
            for (key, len) in &subsets {
                if *len == 0 {
                    continue;
                }
                let combo = super::combo::Combo(key | (u64::from(x) << (8 * (len + 1))));
                if let Some(w) = l.higher.get(len - 1).and_then(|map| map.get(&combo)) {
                    add = add.saturating_add(*w);
                }
            }
            if let Some(slot) = next.get_mut(usize::from(x)) {
                *slot = slot.saturating_add(add);
            }
        }
        next
    }
}
