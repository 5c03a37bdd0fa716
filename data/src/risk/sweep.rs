//! The exact worst case of a whole draw by sweeping every set of five (docs/decisions/057-the-worst-case-by-sweeping-every-set.md).
//!
//! The liability is a table of weights, so its size depends on the combinations sold, not on the tickets: the sweep
//! copies it into dense tables (singles, pairs and triples indexed by their numbers, fours packed row by row under
//! their first three numbers, fives listed under their first four) and walks the C(n, 5) sets a < b < c < d < e in
//! nested loops, carrying down the levels what each later number x would add (`g`: the weights of x with every
//! subset of the numbers held), so a level costs a few additions of contiguous rows per number, not a look-up per
//! subset. Before the last level's row is summed, the numbers held a < b < c < d are bounded: what e can still add
//! is at most the largest gain left plus, for each row that e's last term comes from, that row's largest entry
//! (exact row maxima, negative weights included); a prefix that cannot beat the best set found is skipped. The first
//! numbers are shared out between threads (one per core), which share the best payout found so far.

use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};

use super::liability::Liability;
use super::worst_case::WorstCase;
use crate::lotto::BALLS_PER_DRAW;

const FIVE: usize = BALLS_PER_DRAW;

/// Past this size of a weight (kobo) the sweep's plain sums of up to 64 terms could overflow; such a liability is
/// left to the branch and bound's saturating arithmetic. 2^56 kobo is 7 × 10^14 naira: never a real draw.
const LARGEST_WEIGHT: i64 = 1 << 56;

/// How many threads at most one sweep uses.
const MOST_THREADS: usize = 8;

/// How many of the heaviest combinations of each size seed the first guess at the worst set.
const SEEDS: usize = 3;

/// What a sweep found: the best set paying more than the floor, if any.
pub(super) enum Swept {
    Above(WorstCase),
    NoneAbove,
}

/// The liability's weights as dense tables, for one sweep. Numbers are 1..=n; `s` = n + 1 is every table's stride.
pub(super) struct Board {
    n: usize,
    s: usize,
    first: Vec<i64>,
    singles: Vec<i64>,
    /// `pairs[a·s + x]`.
    pairs: Vec<i64>,
    /// `[a]`: the largest `pairs(a, x)` over x > a.
    pair_most: Vec<i64>,
    /// `[x]`: the largest `pair_most[d]` over d ≥ x.
    pair_from: Vec<i64>,
    /// `triples[(a·s + b)·s + x]`.
    triples: Vec<i64>,
    /// `[a·s + b]`: the largest `triples(a, b, x)` over x > b.
    triple_most: Vec<i64>,
    /// `[a·s + x]`: the largest `triple_most[a·s + d]` over d ≥ x.
    triple_from: Vec<i64>,
    /// `[(a·s + b)·s + c]`: where the row of fours (a, b, c, x), x = c + 1..=n, starts in `fours`; a four's place
    /// in `fours` is its rank.
    four_row: Vec<u32>,
    /// `[(a·s + b)·s + c]`: the largest entry of that row.
    four_most: Vec<i64>,
    /// `[(a·s + b)·s + x]`: the largest `four_most[(a·s + b)·s + c]` over c ≥ x.
    four_from: Vec<i64>,
    fours: Vec<i64>,
    /// `[rank of the four (a, b, c, d)]..[rank + 1]`: where the fives (a, b, c, d, e) sit in `fives`.
    five_row: Vec<u32>,
    /// (e, weight), grouped by their first four numbers.
    fives: Vec<(usize, i64)>,
    /// The largest five's weight, or 0.
    five_most: i64,
    /// `[x]`: the largest NAP1 payout over numbers ≥ x.
    first_from: Vec<i64>,
    /// A few sets to start from: the heaviest combinations of each size.
    seeds: Vec<Vec<usize>>,
}

/// The best set a thread found.
#[derive(Clone, Copy)]
struct Best {
    payout: i64,
    set: [usize; FIVE],
    found: bool,
}

impl Board {
    /// The dense tables of `l`, or `None` when a weight is too large for plain sums (see `LARGEST_WEIGHT`) or the
    /// board is too large for the packed indexes.
    pub(super) fn of(l: &Liability) -> Option<Board> {
        let n = usize::from(l.balls());
        let s = n + 1;
        let small = |w: &i64| w.checked_abs().is_some_and(|w| w <= LARGEST_WEIGHT);
        let higher_small = l.higher.iter().all(|map| map.values().all(small));
        if n < FIVE || !higher_small || !l.first.iter().chain(&l.singles).chain(&l.pairs).all(small) {
            return None;
        }
        let row_most = |row: &[i64]| row.iter().copied().max().unwrap_or(0);
        let pair_most: Vec<i64> =
            (0..s).map(|a| if a == 0 { 0 } else { row_most(&l.pairs[a * s + a + 1..a * s + s]) }).collect();
        let mut seeds: Vec<Vec<usize>> = Vec::new();
        let mut seed = |weighed: &mut Vec<(i64, Vec<usize>)>| {
            weighed.sort_unstable_by(|x, y| y.cmp(x));
            seeds.extend(weighed.iter().take(SEEDS).map(|(_, numbers)| numbers.clone()));
        };
        seed(&mut (1..=n).map(|x| (l.first[x].max(l.singles[x]), vec![x])).collect());
        let mut pairs = Vec::new();
        for a in 1..=n {
            for x in a + 1..=n {
                pairs.push((l.pairs[a * s + x], vec![a, x]));
            }
        }
        seed(&mut pairs);

        let mut triples = vec![0i64; s * s * s];
        let mut heavy = Vec::new();
        for (combo, w) in &l.higher[0] {
            let [a, b, c] = numbers(combo.0, n)?;
            triples[(a * s + b) * s + c] = *w;
            heavy.push((*w, vec![a, b, c]));
        }
        seed(&mut heavy);
        let mut triple_most = vec![0i64; s * s];
        for a in 1..=n {
            for b in a + 1..=n {
                let row = (a * s + b) * s;
                triple_most[a * s + b] = row_most(&triples[row + b + 1..row + s]);
            }
        }

        let mut four_row = vec![0u32; s * s * s];
        let mut at = 0usize;
        for a in 1..=n {
            for b in a + 1..=n {
                for c in b + 1..=n {
                    four_row[(a * s + b) * s + c] = u32::try_from(at).ok()?;
                    at += n - c;
                }
            }
        }
        let mut fours = vec![0i64; at];
        let mut heavy = Vec::new();
        for (combo, w) in &l.higher[1] {
            let [a, b, c, d] = numbers(combo.0, n)?;
            fours[four_row[(a * s + b) * s + c] as usize + d - c - 1] = *w;
            heavy.push((*w, vec![a, b, c, d]));
        }
        seed(&mut heavy);
        let mut four_most = vec![0i64; s * s * s];
        for a in 1..=n {
            for b in a + 1..=n {
                for c in b + 1..n {
                    let key = (a * s + b) * s + c;
                    let start = four_row[key] as usize;
                    four_most[key] = row_most(&fours[start..start + n - c]);
                }
            }
        }

        let mut listed: Vec<(usize, usize, i64)> = Vec::with_capacity(l.higher[2].len());
        let mut heavy = Vec::new();
        for (combo, w) in &l.higher[2] {
            let [a, b, c, d, e] = numbers(combo.0, n)?;
            listed.push((four_row[(a * s + b) * s + c] as usize + d - c - 1, e, *w));
            heavy.push((*w, vec![a, b, c, d, e]));
        }
        seed(&mut heavy);
        listed.sort_unstable();
        let mut five_row = vec![0u32; at + 1];
        for (rank, _, _) in &listed {
            five_row[rank + 1] += 1;
        }
        for rank in 0..at {
            five_row[rank + 1] += five_row[rank];
        }
        let five_most = listed.iter().map(|(_, _, w)| *w).fold(0, i64::max);
        let fives = listed.into_iter().map(|(_, e, w)| (e, w)).collect();
        // Suffix maxima of the row maxima, for the bound of a prefix a < b < c before its rows are summed.
        let from = |most: &[i64], rows: usize| {
            let mut from = vec![0i64; rows * s + 1];
            for row in 0..rows {
                for x in (1..=n).rev() {
                    let next = if x == n { i64::MIN / 4 } else { from[row * s + x + 1] };
                    from[row * s + x] = next.max(most[row * s + x]);
                }
            }
            from
        };
        let pair_from = from(&pair_most, 1);
        let triple_from = from(&triple_most, s);
        let four_from = from(&four_most, s * s);
        let first_from = from(&l.first, 1);
        Some(Board {
            n,
            s,
            first: l.first.clone(),
            singles: l.singles.clone(),
            pairs: l.pairs.clone(),
            pair_most,
            pair_from,
            triples,
            triple_most,
            triple_from,
            four_row,
            four_most,
            four_from,
            fours,
            five_row,
            fives,
            five_most,
            first_from,
            seeds,
        })
    }

    /// The set paying the most, if it pays more than `floor`, on every core. `None` if a thread failed.
    pub(super) fn sweep(&self, floor: i64) -> Option<Swept> {
        let cores = std::thread::available_parallelism().map_or(1, |t| t.get());
        self.sweep_with(floor, true, cores.clamp(1, MOST_THREADS))
    }

    /// `sweep`, first guessing from the seeds or not, on `threads` threads.
    fn sweep_with(&self, floor: i64, seeded: bool, threads: usize) -> Option<Swept> {
        // Every set pays more than −2^62 (see `LARGEST_WEIGHT`): a lower floor is that one, so no sum overflows.
        let mut best = Best { payout: floor.max(-(1 << 62)), set: [0; FIVE], found: false };
        for seed in self.seeds.iter().filter(|_| seeded) {
            let (set, payout) = self.polish(seed.clone());
            if payout > best.payout {
                best = Best { payout, set, found: true };
            }
        }
        let shared = AtomicI64::new(best.payout);
        let next = AtomicUsize::new(1);
        let firsts = self.n - (FIVE - 1);
        let threads = threads.min(firsts);
        let work = || {
            let mut found = Best { payout: i64::MIN, set: [0; FIVE], found: false };
            let mut rows = Rows::new(self.s);
            loop {
                let a = next.fetch_add(1, Ordering::Relaxed);
                if a > firsts {
                    return found;
                }
                self.sweep_from(a, &shared, &mut found, &mut rows);
            }
        };
        let found: Vec<Best> = if threads <= 1 {
            vec![work()]
        } else {
            let joined: Vec<Option<Best>> = std::thread::scope(|scope| {
                let handles: Vec<_> = (0..threads).map(|_| scope.spawn(work)).collect();
                handles.into_iter().map(|h| h.join().ok()).collect()
            });
            // A thread that did not finish leaves part of the sets unswept: no answer rather than a wrong one.
            joined.into_iter().collect::<Option<Vec<Best>>>()?
        };
        for f in found {
            if f.found && f.payout > best.payout {
                best = f;
            }
        }
        if !best.found {
            return Some(Swept::NoneAbove);
        }
        let mut balls = [0u8; FIVE];
        for (ball, n) in balls.iter_mut().zip(best.set) {
            *ball = u8::try_from(n).ok()?;
        }
        Some(Swept::Above(WorstCase { payout: best.payout, balls }))
    }

    /// Every set whose lowest number is `a`; records in `found` (and `shared`) any set paying more than `shared`.
    fn sweep_from(&self, a: usize, shared: &AtomicI64, found: &mut Best, rows: &mut Rows) {
        let (n, s) = (self.n, self.s);
        let Rows { g1, g2, g3, most_g, most_gf, top_two, sum } = rows;
        let v1 = self.singles[a];
        let f1 = self.first[a];
        let pairs_of_a = &self.pairs[a * s..a * s + s];
        for (x, gain) in g1.iter_mut().enumerate().take(s).skip(a + 1) {
            *gain = self.singles[x] + pairs_of_a[x];
        }
        for b in a + 1..=n - 3 {
            let v2 = v1 + g1[b];
            let f2 = f1.max(self.first[b]);
            let (pb, tab) = (b * s, (a * s + b) * s);
            for x in b + 1..=n {
                g2[x] = g1[x] + self.pairs[pb + x] + self.triples[tab + x];
            }
            // The two largest gains from x on, for the bound of each c before its rows are summed.
            let (mut m1, mut m2) = (i64::MIN / 4, i64::MIN / 4);
            for x in (b + 1..=n).rev() {
                if g2[x] > m1 {
                    (m1, m2) = (g2[x], m1);
                } else if g2[x] > m2 {
                    m2 = g2[x];
                }
                top_two[x] = m1 + m2;
            }
            for c in b + 1..=n - 2 {
                let v3 = v2 + g2[c];
                let f3 = f2.max(self.first[c]);
                let key = (a * s + b) * s + c;
                // Whatever d < e complete a, b, c: each gains its g2 and at most c's row maxima (pair, triples
                // with a and b, the four a, b, c), and the weights holding both are at most the row maxima from
                // c + 1 on of each kind, and the heaviest five.
                let with_c =
                    self.pair_most[c] + self.triple_most[a * s + c] + self.triple_most[b * s + c] + self.four_most[key];
                let later = c + 1;
                let with_both = self.pair_from[later]
                    + self.triple_from[a * s + later]
                    + self.triple_from[b * s + later]
                    + self.triple_from[c * s + later]
                    + self.four_from[(a * s + b) * s + later]
                    + self.four_from[(a * s + c) * s + later]
                    + self.four_from[(b * s + c) * s + later]
                    + self.five_most;
                let bound = v3 + 2 * with_c + top_two[later] + with_both + f3.max(self.first_from[later]);
                if bound <= shared.load(Ordering::Relaxed) {
                    continue;
                }
                let (pc, tac, tbc) = (c * s, (a * s + c) * s, (b * s + c) * s);
                let abc = self.four_row[key] as usize;
                let q = &self.fours[abc..abc + n - c];
                for (x, four) in (c + 1..=n).zip(q) {
                    g3[x] = g2[x] + self.pairs[pc + x] + self.triples[tac + x] + self.triples[tbc + x] + four;
                }
                // The largest gain of a last number from x on, without and with its own NAP1 payout: the bound's
                // exact part.
                most_g[n + 1] = i64::MIN / 4;
                most_gf[n + 1] = i64::MIN / 4;
                for x in (c + 1..=n).rev() {
                    most_g[x] = most_g[x + 1].max(g3[x]);
                    most_gf[x] = most_gf[x + 1].max(g3[x] + self.first[x]);
                }
                for d in c + 1..n {
                    let v4 = v3 + g3[d];
                    let f4 = f3.max(self.first[d]);
                    let (abd, acd, bcd) = ((a * s + b) * s + d, (a * s + c) * s + d, (b * s + c) * s + d);
                    let rank = abc + d - c - 1;
                    let fives = &self.fives[self.five_row[rank] as usize..self.five_row[rank + 1] as usize];
                    let five_most = fives.iter().map(|(_, w)| *w).fold(0, i64::max);
                    let bound = v4
                        + (most_g[d + 1] + f4).max(most_gf[d + 1])
                        + self.pair_most[d]
                        + self.triple_most[a * s + d]
                        + self.triple_most[b * s + d]
                        + self.triple_most[c * s + d]
                        + self.four_most[abd]
                        + self.four_most[acd]
                        + self.four_most[bcd]
                        + five_most;
                    let best = shared.load(Ordering::Relaxed);
                    if bound <= best {
                        continue;
                    }
                    // The last number e = d + 1 + i: its gain is the rows of every subset of a, b, c, d with d.
                    let len = n - d;
                    let from = d + 1;
                    let g = &g3[from..from + len];
                    let p = &self.pairs[d * s + from..d * s + from + len];
                    let t1 = &self.triples[(a * s + d) * s + from..][..len];
                    let t2 = &self.triples[(b * s + d) * s + from..][..len];
                    let t3 = &self.triples[(c * s + d) * s + from..][..len];
                    let q1 = self.four_row_of(abd, len);
                    let q2 = self.four_row_of(acd, len);
                    let q3 = self.four_row_of(bcd, len);
                    let sum = &mut sum[..len];
                    for (i, out) in sum.iter_mut().enumerate() {
                        *out = g[i] + p[i] + t1[i] + t2[i] + t3[i] + q1[i] + q2[i] + q3[i];
                    }
                    for (e, w) in fives {
                        sum[e - from] += w;
                    }
                    let first = &self.first[from..from + len];
                    let mut top = best - v4;
                    let mut at = None;
                    for (i, (paid, f)) in sum.iter().zip(first).enumerate() {
                        let v = paid + f4.max(*f);
                        if v > top {
                            top = v;
                            at = Some(i);
                        }
                    }
                    if let Some(i) = at {
                        let payout = v4 + top;
                        *found = Best { payout, set: [a, b, c, d, from + i], found: true };
                        shared.fetch_max(payout, Ordering::Relaxed);
                    }
                }
            }
        }
    }

    /// The row of fours under the triple at `key`, `len` long.
    fn four_row_of(&self, key: usize, len: usize) -> &[i64] {
        let start = self.four_row[key] as usize;
        &self.fours[start..start + len]
    }

    /// What the set `set` (ascending, up to five numbers) pays: its combinations' weights and its best NAP1.
    fn value(&self, set: &[usize]) -> i64 {
        let s = self.s;
        let mut total = set.iter().map(|x| self.first[*x]).max().unwrap_or(0);
        let k = set.len();
        for mask in 1u32..(1 << k) {
            let mut sub = [0usize; FIVE];
            let mut len = 0;
            for (i, x) in set.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    sub[len] = *x;
                    len += 1;
                }
            }
            total += match sub[..len] {
                [a] => self.singles[a],
                [a, b] => self.pairs[a * s + b],
                [a, b, c] => self.triples[(a * s + b) * s + c],
                [a, b, c, d] => self.fours[self.four_row[(a * s + b) * s + c] as usize + d - c - 1],
                [a, b, c, d, e] => {
                    let rank = self.four_row[(a * s + b) * s + c] as usize + d - c - 1;
                    self.fives[self.five_row[rank] as usize..self.five_row[rank + 1] as usize]
                        .iter()
                        .find(|(x, _)| *x == e)
                        .map_or(0, |(_, w)| *w)
                }
                _ => 0,
            };
        }
        total
    }

    /// A good set grown from `set`: completed one best number at a time, then improved by swapping one number for
    /// another while that pays more. Only a first guess: the sweep needs a good one early to skip more.
    fn polish(&self, mut set: Vec<usize>) -> ([usize; FIVE], i64) {
        let with = |set: &[usize], x: usize| {
            let mut next = set.to_vec();
            next.push(x);
            next.sort_unstable();
            next
        };
        while set.len() < FIVE {
            let Some(next) =
                (1..=self.n).filter(|x| !set.contains(x)).map(|x| with(&set, x)).max_by_key(|next| self.value(next))
            else {
                break;
            };
            set = next;
        }
        let mut payout = self.value(&set);
        for _ in 0..4 {
            let mut better = None;
            for i in 0..set.len() {
                let rest: Vec<usize> = set.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, x)| *x).collect();
                for x in (1..=self.n).filter(|x| !set.contains(x)) {
                    let next = with(&rest, x);
                    let paid = self.value(&next);
                    if paid > better.as_ref().map_or(payout, |(p, _)| *p) {
                        better = Some((paid, next));
                    }
                }
            }
            let Some((paid, next)) = better else { break };
            payout = paid;
            set = next;
        }
        let mut out = [0usize; FIVE];
        for (slot, x) in out.iter_mut().zip(&set) {
            *slot = *x;
        }
        (out, payout)
    }
}

/// The K numbers of a combination's key, if they ascend within 1..=n (as the liability keeps them): the tables'
/// indexes rely on it.
fn numbers<const K: usize>(key: u64, n: usize) -> Option<[usize; K]> {
    let mut out = [0usize; K];
    let mut last = 0;
    for (slot, byte) in out.iter_mut().zip(key.to_le_bytes()) {
        let x = usize::from(byte);
        if x <= last || x > n {
            return None;
        }
        *slot = x;
        last = x;
    }
    Some(out)
}

/// One thread's working rows, indexed by number (n + 2 long).
struct Rows {
    g1: Vec<i64>,
    g2: Vec<i64>,
    g3: Vec<i64>,
    most_g: Vec<i64>,
    most_gf: Vec<i64>,
    top_two: Vec<i64>,
    sum: Vec<i64>,
}

impl Rows {
    fn new(s: usize) -> Rows {
        let row = || vec![0i64; s + 1];
        Rows { g1: row(), g2: row(), g3: row(), most_g: row(), most_gf: row(), top_two: row(), sum: row() }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

    use super::*;
    use crate::risk::{Combo, Exposure};

    /// A liability of random weights (negative ones too, as capped tickets' corrections are) on combinations of
    /// every size, and random NAP1 payouts, on a board of n numbers.
    fn random_liability(n: u8, seed: u64, combos: usize) -> Liability {
        let mut state = seed | 1;
        let mut next = move |below: u64| {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) % below
        };
        let mut exposure = Exposure { exact: true, ..Exposure::default() };
        for _ in 0..combos {
            let size = 1 + next(5) as usize;
            let mut numbers: Vec<u8> = Vec::new();
            while numbers.len() < size {
                let x = 1 + next(u64::from(n)) as u8;
                if !numbers.contains(&x) {
                    numbers.push(x);
                }
            }
            // One size of combination carries heavier weights than the others, so the worst set turns on it.
            let heavy = if size as u64 == 1 + seed % 5 { 12 } else { 1 };
            let weight = (next(20_000) as i64 - 6_000) * heavy;
            exposure.weights.push((Combo::of(&numbers), weight));
        }
        for _ in 0..n / 3 {
            exposure.first.push((1 + next(u64::from(n)) as u8, next(30_000) as i64));
        }
        let mut liability = Liability::new(n);
        liability.add(&exposure);
        liability
    }

    /// The most any set pays, each with its number of the largest NAP1 payout as the first ball.
    fn brute_force(liability: &Liability) -> i64 {
        let n = liability.balls();
        let first_of = |x: u8| liability.first[usize::from(x)];
        let mut most = i64::MIN;
        for a in 1..=n {
            for b in a + 1..=n {
                for c in b + 1..=n {
                    for d in c + 1..=n {
                        for e in d + 1..=n {
                            let mut balls = [a, b, c, d, e];
                            let worst_first = (0..FIVE).max_by_key(|i| first_of(balls[*i])).unwrap_or(0);
                            balls.swap(0, worst_first);
                            most = most.max(liability.payout_of(&balls));
                        }
                    }
                }
            }
        }
        most
    }

    #[test]
    fn the_sweep_alone_finds_the_most_any_result_pays_whether_seeded_or_not_on_one_thread_or_many() {
        for seed in 0..40u64 {
            let n = 9 + (seed % 7) as u8;
            let liability = random_liability(n, seed, 40 + 30 * (seed as usize % 7));
            let most = brute_force(&liability);
            let board = Board::of(&liability).expect("small weights");
            for (seeded, threads) in [(false, 1), (false, 3), (true, 2)] {
                let Some(Swept::Above(found)) = board.sweep_with(i64::MIN, seeded, threads) else {
                    panic!("seed {seed}: nothing found");
                };
                assert_eq!(found.payout, most, "seed {seed}, seeded {seeded}, {threads} threads");
                let mut balls = found.balls;
                balls.sort_unstable();
                let named = (0..FIVE).map(|i| {
                    let mut ordered = balls;
                    ordered.swap(0, i);
                    liability.payout_of(&ordered)
                });
                assert_eq!(named.max(), Some(most), "seed {seed}: the named set pays it");
                assert!(matches!(board.sweep_with(most, seeded, threads), Some(Swept::NoneAbove)));
            }
        }
    }

    #[test]
    fn a_weight_too_large_for_plain_sums_is_left_to_the_branch_and_bound() {
        let mut liability = Liability::new(10);
        let exposure =
            Exposure { weights: vec![(Combo::of(&[1, 2]), LARGEST_WEIGHT + 1)], exact: true, ..Exposure::default() };
        liability.add(&exposure);
        assert!(Board::of(&liability).is_none());
        assert_eq!(liability.worst_case().payout, LARGEST_WEIGHT + 1);
    }
}
