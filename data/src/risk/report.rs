//! What the risk desk shows of one draw: its worst case against the reserve, its stakes and expected payout, the
//! numbers and combinations carrying the most, and its closed numbers (all kobo, gross of tax).

use serde::Serialize;

use std::collections::BTreeSet;

use super::admission::DrawRisk;
use super::combo::Combo;
use super::liability::Liability;
use super::worst_case::WorstCase;
use crate::money::Kobo;
use crate::risk_limits::RiskLimits;

/// How many numbers and combinations of each size the report lists.
const TOP: usize = 10;

#[derive(Debug, Clone, Serialize)]
pub struct RiskReport {
    /// The most the draw can pay over every result (gross, before tax).
    pub worst_case_payout: Kobo,
    /// A result that would pay it: the first ball first.
    pub worst_case_balls: [u8; 5],
    /// The game's reserve for the draw (`None`: no limit).
    pub reserve: Option<Kobo>,
    /// The share of the reserve the worst case takes, in per cent (`None` without a reserve).
    pub reserve_used_percent: Option<f64>,
    pub stakes: Kobo,
    /// What the draw is expected to pay over a fair draw.
    pub expected_payout: Kobo,
    /// Stakes minus the expected payout.
    pub expected_margin: Kobo,
    pub tickets: u64,
    /// False when some capped ticket was counted uncapped (the worst case is then an over-estimate).
    pub exact: bool,
    /// True while the search for the exact worst case is still running: `worst_case_payout` is then the running
    /// upper bound the sales are checked against, and `worst_case_balls` the last exact worst result's (or zeros).
    pub worst_case_searching: bool,
    pub limits: RiskLimits,
    /// Per number 1–90: the stake on it and what rides on it alone.
    pub numbers: Vec<NumberRisk>,
    pub top_numbers: Vec<NumberRisk>,
    pub top_pairs: Vec<ComboRisk>,
    pub top_triples: Vec<ComboRisk>,
    pub closed_numbers: Vec<u8>,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct NumberRisk {
    pub number: u8,
    pub stake: Kobo,
    pub payout: Kobo,
}

#[derive(Debug, Clone, Serialize)]
pub struct ComboRisk {
    pub numbers: Combo,
    pub payout: Kobo,
}

impl RiskReport {
    /// The report of a draw, searching its worst case here if it is not known.
    pub fn of(risk: &mut DrawRisk, limits: &RiskLimits) -> RiskReport {
        let worst = risk.worst_case();
        RiskReport::with_worst(&risk.liability, &risk.closed, worst, limits)
    }

    /// The report of a draw whose exact search is still running: its worst case is the running bound.
    pub fn while_searching(l: &Liability, closed: &BTreeSet<u8>, bound: WorstCase, limits: &RiskLimits) -> RiskReport {
        RiskReport { worst_case_searching: true, ..RiskReport::with_worst(l, closed, bound, limits) }
    }

    /// The report of a liability whose exact worst case is `worst` (searched for on a copy, off the sale path).
    pub fn with_worst(l: &Liability, closed: &BTreeSet<u8>, worst: WorstCase, limits: &RiskLimits) -> RiskReport {
        let numbers: Vec<NumberRisk> = (1..=l.balls())
            .map(|number| NumberRisk { number, stake: Kobo(l.stake_on(number)), payout: Kobo(l.number_payout(number)) })
            .collect();
        let mut top_numbers: Vec<NumberRisk> =
            numbers.iter().copied().filter(|n| n.payout.is_positive() || n.stake.is_positive()).collect();
        top_numbers.sort_by(|a, b| b.payout.cmp(&a.payout).then(b.stake.cmp(&a.stake)).then(a.number.cmp(&b.number)));
        top_numbers.truncate(TOP);
        let combos = |size| {
            l.heaviest(size, TOP).into_iter().map(|(numbers, w)| ComboRisk { numbers, payout: Kobo(w) }).collect()
        };
        let expected = l.expected_payout();
        RiskReport {
            worst_case_payout: Kobo(worst.payout),
            worst_case_balls: worst.balls,
            reserve: limits.reserve,
            reserve_used_percent: used_percent(worst.payout, limits.reserve),
            stakes: Kobo(l.total_stake()),
            expected_payout: Kobo(expected),
            expected_margin: Kobo(l.total_stake().saturating_sub(expected)),
            tickets: l.tickets(),
            exact: l.is_exact(),
            worst_case_searching: false,
            limits: *limits,
            numbers,
            top_numbers,
            top_pairs: combos(2),
            top_triples: combos(3),
            closed_numbers: closed.iter().copied().collect(),
        }
    }
}

/// The share of `reserve` a worst case of `worst` takes, in per cent to one decimal (`None` without a reserve).
pub fn used_percent(worst: i64, reserve: Option<Kobo>) -> Option<f64> {
    reserve.map(|r| {
        if r.is_positive() {
            (worst as f64 * 1000.0 / r.as_i64() as f64).round() / 10.0
        } else if worst > 0 {
            100.0
        } else {
            0.0
        }
    })
}

/// A draw's headline figures, known without a search (O(1) under the risk lock): what the live push to the risk
/// desk and the reserve gauge carry after sales (`risk.updated`, docs/api-lotto.md).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct RiskGlance {
    pub tickets: u64,
    pub stakes: Kobo,
    /// The exact worst case when `worst_case_known`; otherwise the running upper bound the sales are checked
    /// against (the exact figure is still to be brought forward over the lines sold since).
    pub worst_case_payout: Kobo,
    pub worst_case_known: bool,
    pub reserve: Option<Kobo>,
    pub reserve_used_percent: Option<f64>,
    /// Whether a search for the exact worst case is running now (another would answer at once).
    #[serde(skip)]
    pub searching: bool,
}

impl RiskGlance {
    pub fn of(risk: &DrawRisk, limits: &RiskLimits) -> RiskGlance {
        let known = risk.known_worst_case();
        let worst = known.map_or(risk.bound(), |k| k.payout);
        RiskGlance {
            tickets: risk.liability.tickets(),
            stakes: Kobo(risk.liability.total_stake()),
            worst_case_payout: Kobo(worst),
            worst_case_known: known.is_some(),
            reserve: limits.reserve,
            reserve_used_percent: used_percent(worst, limits.reserve),
            searching: risk.is_searching(),
        }
    }
}
