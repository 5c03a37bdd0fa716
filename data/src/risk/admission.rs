//! Whether a draw can take one more ticket under its game's limits, decided against the draw's live liability
//! (docs/decisions/048-exact-liability.md, 053-incremental-reserve-check.md). Closed numbers, stakes per number and
//! the payouts riding on the ticket's own numbers and combinations are table look-ups. The reserve is checked
//! against a running upper bound B of the worst case:
//!
//! - while B plus the most the ticket can pay stays within the reserve, the ticket is taken and B grows by that;
//! - past that, only the results holding one of the ticket's lines can cost more than before (a ticket pays
//!   nothing elsewhere), so the new worst case is the larger of the old one (≤ B) and the best of those results:
//!   a search with the lines' numbers forced, above B, within a node budget. A result found above the reserve
//!   refuses the ticket (exactly: that result would pay more); none above B leaves B as it was; and a search that
//!   runs out of budget decides on its upper bound (a refusal then may be conservative, never a breach);
//! - if B is already above the reserve (the reserve was lowered, or the draw was just loaded), the whole draw is
//!   searched, above the reserve, within the budget.
//!
//! So a sale never waits for an unbounded search, and B is exact again whenever an exact worst case is learnt
//! (`learn`, from a search off the sale path).

use std::collections::BTreeSet;

use super::combo::Combo;
use super::exposure::Exposure;
use super::liability::Liability;
use super::worst::Found;
use super::worst_case::WorstCase;
use crate::money::Kobo;
use crate::risk_limits::RiskLimits;

/// Why a draw cannot take a ticket.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Breach {
    /// The ticket picks numbers closed for this draw.
    Closed(Combo),
    /// Too much would ride on this number or combination.
    Riding(Combo),
    /// Too much would be staked on this number.
    Staked(u8),
    /// The draw's worst case would pass its reserve.
    Reserve,
}

impl Breach {
    /// A sentence for the player, naming the numbers.
    pub fn sentence(&self) -> String {
        let closed = |combo: &Combo| {
            if combo.len() == 1 {
                format!("{} is closed for this draw: too much is riding on it", combo.spoken())
            } else {
                format!("{} are closed for this draw: too much is riding on them", combo.spoken())
            }
        };
        match self {
            Breach::Closed(combo) | Breach::Riding(combo) => closed(combo),
            Breach::Staked(number) => format!("{number} is closed for this draw: too much is staked on it"),
            Breach::Reserve => "This draw cannot take this ticket: too much is riding on its results".to_owned(),
        }
    }
}

/// How many children one sale's reserve search may make (each a pass over the later numbers, about 90 × 2^held
/// look-ups); past it the sale is decided on the search's upper bound.
pub const SALE_BUDGET: u64 = 2_000;

/// How many lines of tickets sold since the last exact worst case are remembered; past it the next exact worst
/// case is searched for over the whole draw.
pub const PENDING_MOST: usize = 100_000;

/// One open draw's risk: its liability, its closed numbers and what the reserve check remembers.
#[derive(Debug, Clone, Default)]
pub struct DrawRisk {
    pub liability: Liability,
    pub closed: BTreeSet<u8>,
    /// At least the worst case.
    bound: i64,
    /// The exact worst case of the liability as it was when `pending` was last empty.
    known: Option<WorstCase>,
    /// The lines of every ticket added since `known` was exact: only results holding one of them can pay more now,
    /// so the exact worst case is brought forward by searching those alone (`Refresh::Lines`).
    pending: Vec<Combo>,
    /// Counts the changes to the liability: an exact worst case searched for off the sale path on a copy is
    /// learnt as it is if nothing changed since the copy, else brought forward over the lines added since.
    version: u64,
    /// Whether a search for the exact worst case is running on a copy (`begin_search`): at most one per draw, so
    /// however often the risk desk asks, one core at most works on it.
    searching: bool,
    /// The version the running search copied.
    search_from: u64,
    /// Counts what makes a running search's answer unusable: a ticket in its copy taken back, or the pending lines
    /// dropped (too many kept).
    resets: u64,
    /// Counts the exact worst cases learnt: a sale taken back after one cannot restore what was known before it.
    learnt: u64,
}

/// Where a search for the exact worst case began (`DrawRisk::begin_search`), for `finish_search`.
#[derive(Debug, Clone, Copy)]
pub struct SearchMark {
    version: u64,
    pending: usize,
    resets: u64,
}

/// What `DrawRisk::undo` needs to take an admitted ticket back exactly.
#[derive(Debug, Clone)]
pub struct Admitted {
    exposure: Exposure,
    bound: i64,
    known: Option<WorstCase>,
    pending: usize,
    version: u64,
    learnt: u64,
}

/// How to learn a draw's exact worst case now.
#[derive(Debug, Clone)]
pub enum Refresh {
    /// It is known.
    Known(WorstCase),
    /// It is the larger of `known` and the best result holding one of `lines` (ascending, no repeats).
    Lines { known: WorstCase, lines: Vec<Combo> },
    /// Only a search over every result will tell.
    Whole,
}

impl Refresh {
    /// The exact worst case of `liability` (the one the plan was made for), searched for as planned.
    pub fn run(self, liability: &Liability) -> WorstCase {
        match self {
            Refresh::Known(worst) => worst,
            // The new worst case is the larger of the known one and the best result holding a line sold since, so
            // the best of all results above the known one: the sweep finds it in a time set by the board, where
            // the searches of many lines one by one each cost about as much (decision 057). The lines' searches
            // remain for a liability the sweep cannot take.
            Refresh::Lines { known, lines } => {
                let found = liability
                    .swept(known.payout)
                    .unwrap_or_else(|| liability.best_holding_any(&lines, known.payout, u64::MAX));
                match found {
                    Found::Above(found) => found,
                    Found::NoneAbove | Found::OutOfBudget { .. } => known,
                }
            }
            Refresh::Whole => liability.worst_case(),
        }
    }
}

impl DrawRisk {
    pub fn new(liability: Liability) -> DrawRisk {
        DrawRisk { liability, ..DrawRisk::default() }
    }

    /// Adds a ticket already sold (loading a draw's tickets), whatever the limits.
    pub fn add_sold(&mut self, exposure: &Exposure) {
        self.liability.add(exposure);
        self.bound = self.bound.saturating_add(exposure.most);
        self.version = self.version.wrapping_add(1);
        self.note_added(exposure);
    }

    /// Remembers a ticket's lines for bringing the exact worst case forward, while one is known or being searched.
    fn note_added(&mut self, exposure: &Exposure) {
        if self.known.is_none() && !self.searching {
            return;
        }
        self.pending.extend(exposure.lines());
        if self.pending.len() > PENDING_MOST {
            self.known = None;
            self.pending = Vec::new();
            self.resets = self.resets.wrapping_add(1);
        }
    }

    /// The plan of a search for the exact worst case, to run on a copy of the liability off the sale path, unless
    /// one is already running (`None`: answer with `bound` meanwhile).
    pub fn begin_search(&mut self) -> Option<(Refresh, SearchMark)> {
        if self.searching {
            return None;
        }
        self.searching = true;
        self.search_from = self.version;
        Some((self.refresh(), SearchMark { version: self.version, pending: self.pending.len(), resets: self.resets }))
    }

    /// Learns what a search begun at `mark` found. If tickets sold meanwhile, it is the exact worst case of the
    /// draw as it was then, and the lines sold since stay pending to bring it forward (a search over the results
    /// holding them); if a sale was taken back meanwhile, it is dropped.
    pub fn finish_search(&mut self, mark: SearchMark, worst: WorstCase) {
        self.searching = false;
        if mark.version == self.version {
            self.learn(mark.version, worst);
        } else if mark.resets == self.resets && self.pending.len() >= mark.pending {
            self.known = Some(worst);
            self.pending.drain(..mark.pending);
            self.learnt = self.learnt.wrapping_add(1);
        }
    }

    /// The balls of the last exact worst case known (zeros if none yet).
    pub fn last_worst_balls(&self) -> [u8; 5] {
        self.known.map_or([0; 5], |k| k.balls)
    }

    /// At least the worst case, known at every moment without a search.
    pub fn bound(&self) -> i64 {
        self.bound
    }

    /// Whether a search for the exact worst case is running.
    pub fn is_searching(&self) -> bool {
        self.searching
    }

    /// The exact worst case if it is known without a search.
    pub fn known_worst_case(&self) -> Option<WorstCase> {
        self.known.filter(|_| self.pending.is_empty())
    }

    /// How to learn the exact worst case now (to run on a copy of the liability, off the sale path).
    pub fn refresh(&self) -> Refresh {
        match self.known {
            Some(known) if self.pending.is_empty() => Refresh::Known(known),
            Some(known) => {
                let mut lines = self.pending.clone();
                lines.sort_unstable();
                lines.dedup();
                Refresh::Lines { known, lines }
            }
            None => Refresh::Whole,
        }
    }

    /// Which state of the liability this is (see `learn`).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Learns the exact worst case of the liability as it was at `version` (searched for on a copy): if nothing
    /// changed since, it is the worst case now, and the bound tightens to it.
    pub fn learn(&mut self, version: u64, worst: WorstCase) {
        if version == self.version {
            self.known = Some(worst);
            self.pending.clear();
            self.bound = worst.payout;
            self.learnt = self.learnt.wrapping_add(1);
        }
    }

    /// The exact worst case now (searched for here if need be: the caller holds the draw meanwhile).
    pub fn worst_case(&mut self) -> WorstCase {
        let worst = self.refresh().run(&self.liability);
        self.learn(self.version, worst);
        worst
    }

    /// Takes the ticket with `picks` and `exposure` if no limit breaks, adding it; refuses it, unchanged, if one
    /// would.
    pub fn admit(&mut self, limits: &RiskLimits, picks: &[u8], exposure: Exposure) -> Result<Admitted, Breach> {
        self.admit_within(limits, picks, exposure, SALE_BUDGET)
    }

    /// `admit`, with the reserve's search given at most `budget` nodes.
    pub fn admit_within(
        &mut self,
        limits: &RiskLimits,
        picks: &[u8],
        exposure: Exposure,
        budget: u64,
    ) -> Result<Admitted, Breach> {
        let shut: Vec<u8> = picks.iter().copied().filter(|n| self.closed.contains(n)).collect();
        if !shut.is_empty() {
            return Err(Breach::Closed(Combo::of(&shut)));
        }
        self.check_tables(limits, &exposure)?;
        let before = Admitted {
            exposure,
            bound: self.bound,
            known: self.known,
            pending: self.pending.len(),
            version: self.version,
            learnt: self.learnt,
        };
        self.liability.add(&before.exposure);
        self.version = self.version.wrapping_add(1);
        let cheap = self.bound.saturating_add(before.exposure.most);
        let reserve = match limits.reserve.map(Kobo::as_i64) {
            Some(reserve) if cheap > reserve => reserve,
            _ => {
                self.bound = cheap;
                self.note_added(&before.exposure);
                return Ok(before);
            }
        };
        let taken = if before.bound <= reserve {
            self.check_lines(reserve, &before, budget)
        } else {
            self.check_whole(reserve, &before, budget)
        };
        if taken.is_err() {
            self.undo(before);
            return Err(Breach::Reserve);
        }
        Ok(before)
    }

    /// The old worst case is at most B (≤ the reserve): the new one is the larger of it and the best result holding
    /// one of the ticket's lines.
    fn check_lines(&mut self, reserve: i64, before: &Admitted, budget: u64) -> Result<(), ()> {
        // Whether B is the exact worst case: then the search's answer is the exact new one.
        let exact = self.known.is_some_and(|k| self.pending.is_empty() && k.payout == before.bound);
        match self.liability.best_holding_any(&before.exposure.lines(), before.bound, budget) {
            Found::NoneAbove if exact => Ok(()),
            Found::Above(found) if exact && found.payout <= reserve => {
                self.bound = found.payout;
                self.known = Some(found);
                Ok(())
            }
            Found::NoneAbove => {
                self.note_added(&before.exposure);
                Ok(())
            }
            Found::Above(WorstCase { payout: bound, .. }) | Found::OutOfBudget { bound } if bound <= reserve => {
                self.bound = bound;
                self.note_added(&before.exposure);
                Ok(())
            }
            Found::Above(_) | Found::OutOfBudget { .. } => Err(()),
        }
    }

    /// B is above the reserve: whether any result at all passes it.
    fn check_whole(&mut self, reserve: i64, before: &Admitted, budget: u64) -> Result<(), ()> {
        match self.liability.best_holding(&[], reserve, budget) {
            Found::NoneAbove => {
                self.bound = reserve;
                self.note_added(&before.exposure);
                Ok(())
            }
            Found::Above(_) | Found::OutOfBudget { .. } => Err(()),
        }
    }

    /// Takes back a ticket `admit` took (its sale was not written), restoring what the draw knew before it.
    pub fn undo(&mut self, admitted: Admitted) {
        self.liability.remove(&admitted.exposure);
        self.bound = admitted.bound;
        if self.pending.len() < admitted.pending || self.learnt != admitted.learnt {
            // The lines were dropped past PENDING_MOST, or an exact worst case (with the ticket in) was learnt
            // meanwhile: the next exact worst case is a whole search.
            self.known = None;
            self.pending.clear();
            self.resets = self.resets.wrapping_add(1);
        } else {
            self.known = admitted.known;
            self.pending.truncate(admitted.pending);
        }
        if self.searching && admitted.version < self.search_from {
            // The running search's copy holds the ticket: what it finds would count a sale that did not happen.
            self.resets = self.resets.wrapping_add(1);
        }
        // A fresh version (never the one restored): a copy taken while the ticket was in must not be learnt.
        self.version = self.version.max(admitted.version).wrapping_add(1);
    }

    /// Whether the draw could take the ticket, leaving the draw as it was.
    pub fn would_admit(&mut self, limits: &RiskLimits, picks: &[u8], exposure: Exposure) -> bool {
        match self.admit(limits, picks, exposure) {
            Ok(admitted) => {
                self.undo(admitted);
                true
            }
            Err(_) => false,
        }
    }

    fn check_tables(&self, limits: &RiskLimits, exposure: &Exposure) -> Result<(), Breach> {
        let over = |now: i64, add: i64, limit: Option<Kobo>| {
            limit.is_some_and(|l| add > 0 && now.saturating_add(add) > l.as_i64())
        };
        for (number, stake) in &exposure.stakes {
            if over(self.liability.stake_on(*number), *stake, limits.max_stake_per_number) {
                return Err(Breach::Staked(*number));
            }
        }
        for (number, paid) in &exposure.first {
            if over(self.liability.number_payout(*number), *paid, limits.max_number_payout) {
                return Err(Breach::Riding(Combo::of(&[*number])));
            }
        }
        for (combo, weight) in &exposure.weights {
            let (now, limit) = if combo.len() == 1 {
                let number = combo.numbers().first().copied().unwrap_or(0);
                (self.liability.number_payout(number), limits.max_number_payout)
            } else {
                (self.liability.weight(*combo), limits.max_combination_payout)
            };
            if over(now, *weight, limit) {
                return Err(Breach::Riding(*combo));
            }
        }
        Ok(())
    }
}
