//! The worst case of a draw: the most its tickets can pay over every result (five balls, the first one
//! distinguished), found by branch and bound over the liability's weights (docs/decisions/048-exact-liability.md).
//!
//! A result D pays Σ_{s ⊆ D} W(s) + F(its first ball), and the worst first ball of a set is its number with the
//! largest F, so the search runs over the C(n, 5) sets and takes the worst first ball of each. It may be restricted
//! to the sets holding some numbers (`best_holding`): what a sale needs, since a new ticket changes only the results
//! holding one of its lines (docs/decisions/053-incremental-reserve-check.md). The forced numbers are held from the
//! root; the others are picked in ascending order. At a node holding the numbers P it knows exactly V(P) (the
//! weights inside P) and, for every later number x, the gain M(x) of adding it alone. Whatever r numbers R complete
//! P, the weights with two or more numbers of R are each charged to their lowest number x of R through one other
//! number y > x of R, so they are at most η_r(x): the r − 1 largest `pair_bound(x, y)` over y > x (each pair's
//! bound holds the positive weight of every combination containing it). So no completion beats V(P) + the r best
//! M(x) + η_r(x), plus the best F in reach. A second bound charges only the pairs and triples so, and the fours and
//! the five by count (a result holds five fours and one five, each at most the largest carried), which is tighter
//! where heavy NAP5s are spread over many numbers; a node is cut when the smaller bound cannot beat the best result
//! found (or the floor the caller asks about). Children are tried best score first, so a good result is found early.
//!
//! A search may be given a budget of children to make: past it, it stops and answers the largest bound it met, which
//! is an upper bound of every result it was asked about (so a caller can still decide safely, if conservatively).

use super::combo::Combo;
use super::liability::Liability;
use super::sweep::{Board, Swept};
pub use super::worst_case::WorstCase;
use crate::lotto::BALLS_PER_DRAW;

const FIVE: usize = BALLS_PER_DRAW;

/// What a search over the results holding some numbers found, against a floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// The result paying the most among them, which pays more than the floor.
    Above(WorstCase),
    /// None of them pays more than the floor.
    NoneAbove,
    /// The budget ran out first: none of them pays more than `bound` (which is above the floor).
    OutOfBudget { bound: i64 },
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
            total = total.saturating_add(self.weight(Combo::sorted(&subset)));
        }
        total
    }

    /// The exact worst case over every result.
    pub fn worst_case(&self) -> WorstCase {
        match self.best_holding(&[], -1, u64::MAX) {
            Found::Above(worst) => WorstCase { payout: worst.payout.max(0), balls: worst.balls },
            Found::NoneAbove | Found::OutOfBudget { .. } => WorstCase { payout: 0, balls: [0; FIVE] },
        }
    }

    /// The result paying the most among those whose five balls hold every number of `forced` (ascending, distinct,
    /// at most five), if it pays more than `floor`; searched making at most `budget` children.
    pub fn best_holding(&self, forced: &[u8], floor: i64, budget: u64) -> Found {
        if forced.is_empty() && budget == u64::MAX {
            if let Some(found) = self.swept(floor) {
                return found;
            }
        }
        self.best_holding_with(&Bounds::of(self), forced, floor, budget).0
    }

    /// The best result of all, if it pays more than `floor`, by sweeping every set (`sweep`): its cost depends on
    /// the board, not on the tickets, where the branch and bound's grows with how spread the weights are. `None`
    /// when the sweep cannot take this liability (weights too large for its plain sums); an empty draw needs no
    /// sweep.
    pub(super) fn swept(&self, floor: i64) -> Option<Found> {
        if self.tickets() == 0 {
            return Some(if floor < 0 {
                Found::Above(WorstCase { payout: 0, balls: self.first_ball_first([1, 2, 3, 4, 5]) })
            } else {
                Found::NoneAbove
            });
        }
        match Board::of(self)?.sweep(floor)? {
            Swept::Above(found) => {
                Some(Found::Above(WorstCase { payout: found.payout, balls: self.first_ball_first(found.balls) }))
            }
            Swept::NoneAbove => Some(Found::NoneAbove),
        }
    }

    /// The result paying the most among those holding one of `lines` (each ascending), if it pays more than
    /// `floor`; searched making at most `budget` children in all. Past the budget, the lines left are still bounded
    /// (each from its root), so the answer stays an upper bound of them all.
    pub fn best_holding_any(&self, lines: &[Combo], floor: i64, budget: u64) -> Found {
        let bounds = Bounds::of(self);
        let mut best: Option<WorstCase> = None;
        let mut bound: Option<i64> = None;
        let mut left = budget;
        for line in lines {
            let at_least = best.map_or(floor, |b| b.payout);
            let (found, spent) = self.best_holding_with(&bounds, &line.numbers(), at_least, left);
            left = left.saturating_sub(spent);
            match found {
                Found::Above(found) => best = Some(found),
                Found::NoneAbove => {}
                Found::OutOfBudget { bound: b } => bound = Some(bound.map_or(b, |was: i64| was.max(b))),
            }
        }
        match (best, bound) {
            (_, Some(b)) => Found::OutOfBudget { bound: b.max(best.map_or(floor, |w| w.payout)) },
            (Some(w), None) => Found::Above(w),
            (None, None) => Found::NoneAbove,
        }
    }

    /// `best_holding` with bounds already computed; also answers how many nodes it spent.
    fn best_holding_with(&self, bounds: &Bounds, forced: &[u8], floor: i64, budget: u64) -> (Found, u64) {
        let n = self.balls();
        if usize::from(n) < FIVE || forced.len() > FIVE || forced.iter().any(|f| *f == 0 || *f > n) {
            return (Found::NoneAbove, 0);
        }
        let mut search = Search::new(self, bounds, forced, floor, budget);
        // The forced numbers are held from the root: their weights, their best NAP1 payout, and every other
        // number's gain beside them.
        let mut set = [0u8; FIVE];
        let mut gain: Vec<i64> = self.singles.clone();
        let mut value = 0i64;
        let mut first = 0i64;
        for (held, f) in forced.iter().copied().enumerate() {
            value = value.saturating_add(gain.get(usize::from(f)).copied().unwrap_or(0));
            first = first.max(self.first.get(usize::from(f)).copied().unwrap_or(0));
            gain = search.gain_after(&set[..held], f, 1, &gain);
            set[held] = f;
        }
        search.descend(forced.len(), set, 0, value, first, &gain);
        let spent = budget - search.budget;
        if search.out_of_budget {
            return (Found::OutOfBudget { bound: search.root_bound.max(search.best) }, spent);
        }
        if !search.found {
            return (Found::NoneAbove, spent);
        }
        (Found::Above(WorstCase { payout: search.best, balls: self.first_ball_first(search.best_set) }), spent)
    }

    /// The set's balls as the worst result orders them: the number with the largest NAP1 payout first.
    fn first_ball_first(&self, set: [u8; FIVE]) -> [u8; FIVE] {
        let first_of = |b: u8| self.first.get(usize::from(b)).copied().unwrap_or(0);
        let Some(at) = (0..FIVE).max_by_key(|i| (first_of(set[*i]), std::cmp::Reverse(set[*i]))) else {
            return set;
        };
        let first = set[at];
        let mut rest: Vec<u8> = set.iter().copied().filter(|b| *b != first).collect();
        rest.sort_unstable();
        let mut balls = [first, 0, 0, 0, 0];
        for (slot, ball) in balls.iter_mut().skip(1).zip(rest) {
            *slot = ball;
        }
        balls
    }
}

/// What every search of one state of the liability bounds with (computed once, shared by the searches of a sale).
pub struct Bounds {
    /// η_r(x), at `eta[r][x]`: the r − 1 largest pair bounds of x with a later number.
    eta: Vec<Vec<i64>>,
    /// The same over the pairs and triples alone (`low_pair_bound`).
    low_eta: Vec<Vec<i64>>,
    /// The largest NAP1 payout of any number ≥ x, at `[x]`.
    first_from: Vec<i64>,
}

impl Bounds {
    /// The bounds of `liability` as it stands. A search with forced numbers may use them too: η counting pairs with
    /// a forced number only makes it larger, so still a bound.
    pub fn of(liability: &Liability) -> Bounds {
        let n = liability.balls();
        let size = usize::from(n) + 2;
        let eta_of = |table: &[i64]| {
            let mut eta = vec![vec![0i64; size]; FIVE + 1];
            for x in 1..=n {
                let mut row: Vec<i64> =
                    (x + 1..=n).map(|y| table.get(liability.pair_index(x, y)).copied().unwrap_or(0).max(0)).collect();
                row.sort_unstable_by(|a, b| b.cmp(a));
                for (r, level) in eta.iter_mut().enumerate().skip(2) {
                    level[usize::from(x)] = row.iter().take(r - 1).fold(0i64, |sum, w| sum.saturating_add(*w));
                }
            }
            eta
        };
        let eta = eta_of(&liability.pair_bound);
        let low_eta = eta_of(&liability.low_pair_bound);
        let mut first_from = vec![0i64; size];
        for x in (1..=usize::from(n)).rev() {
            first_from[x] = first_from[x + 1].max(liability.first.get(x).copied().unwrap_or(0));
        }
        Bounds { eta, low_eta, first_from }
    }
}

struct Search<'a> {
    liability: &'a Liability,
    bounds: &'a Bounds,
    n: u8,
    /// The numbers every result searched holds, at `[x]`.
    forced: Vec<bool>,
    /// How many free (not forced) numbers are above x, at `[x]`.
    free_above: Vec<usize>,
    best: i64,
    best_set: [u8; FIVE],
    found: bool,
    /// Children left to make (each a pass over the later numbers).
    budget: u64,
    out_of_budget: bool,
    /// The largest bound of a node met: what the search can promise if it runs out of budget.
    root_bound: i64,
}

impl<'a> Search<'a> {
    fn new(liability: &'a Liability, bounds: &'a Bounds, forced: &[u8], floor: i64, budget: u64) -> Self {
        let n = liability.balls();
        let size = usize::from(n) + 2;
        let mut is_forced = vec![false; size];
        for f in forced {
            if let Some(slot) = is_forced.get_mut(usize::from(*f)) {
                *slot = true;
            }
        }
        let mut free_above = vec![0usize; size];
        for x in (0..usize::from(n)).rev() {
            free_above[x] = free_above[x + 1] + usize::from(!is_forced[x + 1]);
        }
        Search {
            liability,
            bounds,
            n,
            forced: is_forced,
            free_above,
            best: floor,
            best_set: [0; FIVE],
            found: false,
            budget,
            out_of_budget: false,
            root_bound: floor,
        }
    }

    fn is_free(&self, x: u8) -> bool {
        !self.forced.get(usize::from(x)).copied().unwrap_or(true)
    }

    fn record(&mut self, total: i64, set: [u8; FIVE]) {
        if total > self.best {
            self.best = total;
            self.best_set = set;
            self.found = true;
        }
    }

    /// The numbers `set[..picked]` are held (the forced ones, then free ones ascending, the last free one `last`,
    /// 0 if none yet), their weights sum to `value`, their best NAP1 payout is `first`, and `gain[x]` is what
    /// adding x alone would add.
    fn descend(&mut self, picked: usize, set: [u8; FIVE], last: u8, value: i64, first: i64, gain: &[i64]) {
        let left = FIVE - picked;
        let liability = self.liability;
        let first_of = |x: u8| liability.first.get(usize::from(x)).copied().unwrap_or(0);
        if left == 0 {
            self.record(value.saturating_add(first), set);
            return;
        }
        if left == 1 {
            for x in last + 1..=self.n {
                if !self.is_free(x) {
                    continue;
                }
                let total = value.saturating_add(gain[usize::from(x)]).saturating_add(first.max(first_of(x)));
                let mut full = set;
                full[FIVE - 1] = x;
                self.record(total, full);
            }
            return;
        }
        let eta = &self.bounds.eta[left];
        // Every later free number may complete the set (the bound counts them all); only those with enough free
        // numbers above them start a child.
        let mut candidates: Vec<(i64, u8)> = (last + 1..=self.n)
            .filter(|x| self.is_free(*x))
            .map(|x| (gain[usize::from(x)].saturating_add(eta[usize::from(x)]), x))
            .collect();
        candidates.sort_unstable_by(|a, b| b.cmp(a));
        let first_bound = first.max(self.bounds.first_from.get(usize::from(last) + 1).copied().unwrap_or(0));
        let through_pairs = candidates
            .iter()
            .take(left)
            .fold(value, |sum, (score, _)| sum.saturating_add(*score))
            .saturating_add(first_bound);
        // The other bound: pairs and triples through the pairs, and the fours and the five with two or more numbers
        // still to come by count (a result holds five fours, three of them with both of the last two numbers, and
        // one five). Either bounds every completion, so the smaller does.
        let [four, five] = liability.most_higher;
        let fours = if left == 2 { 3 } else { 5 };
        let low_eta = &self.bounds.low_eta[left];
        let mut low: Vec<i64> = (last + 1..=self.n)
            .filter(|x| self.is_free(*x))
            .map(|x| gain[usize::from(x)].saturating_add(low_eta[usize::from(x)]))
            .collect();
        low.sort_unstable_by(|a, b| b.cmp(a));
        let by_count = low
            .iter()
            .take(left)
            .fold(value, |sum, score| sum.saturating_add(*score))
            .saturating_add(first_bound)
            .saturating_add(four.max(0).saturating_mul(fours))
            .saturating_add(five.max(0));
        let bound = through_pairs.min(by_count);
        if bound <= self.best {
            return;
        }
        if self.root_bound < bound {
            self.root_bound = bound;
        }
        if self.budget == 0 {
            self.out_of_budget = true;
            return;
        }
        for (score, y) in candidates.iter().copied() {
            if self.out_of_budget {
                return;
            }
            if self.free_above.get(usize::from(y)).copied().unwrap_or(0) < left - 1 {
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
            // Each child costs a pass over the later numbers (2^held look-ups each): that is what the budget counts.
            if self.budget == 0 {
                self.out_of_budget = true;
                return;
            }
            self.budget -= 1;
            let mut child = set;
            child[picked] = y;
            let child_gain = self.gain_after(&set[..picked], y, y + 1, gain);
            let child_first = first.max(first_of(y));
            self.descend(picked + 1, child, y, value.saturating_add(gain[usize::from(y)]), child_first, &child_gain);
        }
    }

    /// The gains once y joins `held`: each x from `from` on, not held, also gains the weights of {y, x} with every subset
    /// of `held` (held in any order: each combination's key is built sorted).
    fn gain_after(&self, held: &[u8], y: u8, from: u8, gain: &[i64]) -> Vec<i64> {
        let l = self.liability;
        let mut next = gain.to_vec();
        // Each subset Q of `held` with y, sorted and packed as a key, and how many numbers it holds (x makes one
        // more); those whose size of combination no ticket carries are left out.
        let subsets: Vec<(u64, usize)> = (0u32..(1 << held.len()))
            .filter_map(|mask| {
                let mut numbers: Vec<u8> =
                    held.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, n)| *n).collect();
                numbers.push(y);
                numbers.sort_unstable();
                let len = numbers.len();
                let carried = len == 1 || l.higher.get(len - 2).is_some_and(|map| !map.is_empty());
                carried.then(|| (Combo::sorted(&numbers).0, len))
            })
            .collect();
        for x in from..=self.n {
            // A forced number not yet held needs its gain too (the root adds the forced numbers one by one).
            if x == y || held.contains(&x) {
                continue;
            }
            let mut add = 0i64;
            for (key, len) in &subsets {
                if *len == 1 {
                    let (a, b) = if y < x { (y, x) } else { (x, y) };
                    add = add.saturating_add(l.pairs.get(l.pair_index(a, b)).copied().unwrap_or(0));
                    continue;
                }
                // x slots in after the numbers below it.
                let below = (0..*len).filter(|i| ((key >> (8 * i)) & 0xff) < u64::from(x)).count();
                let low = key & ((1u64 << (8 * below)) - 1);
                let high = (key >> (8 * below)) << (8 * (below + 1));
                let combo = Combo(low | (u64::from(x) << (8 * below)) | high);
                if let Some(w) = l.higher.get(len - 2).and_then(|map| map.get(&combo)) {
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
