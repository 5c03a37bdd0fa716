//! Whether a draw can take one more ticket under its game's limits, decided against the draw's live liability
//! (docs/decisions/048-exact-liability.md). The check is incremental: closed numbers, stakes per number and the
//! payouts riding on the ticket's own numbers and combinations are table look-ups; the reserve is checked against
//! a running upper bound of the worst case (the last exact worst case plus the most each ticket since can pay), and
//! only when that bound would pass the reserve is the exact worst case searched for.

use std::collections::BTreeSet;

use super::combo::Combo;
use super::exposure::Exposure;
use super::liability::Liability;
use super::worst::WorstCase;
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

/// One open draw's risk: its liability, its closed numbers and what the reserve check remembers.
#[derive(Debug, Clone, Default)]
pub struct DrawRisk {
    pub liability: Liability,
    pub closed: BTreeSet<u8>,
    /// At least the worst case: the last exact one plus the most every ticket since can pay.
    bound: i64,
    /// The exact worst case, while no ticket has been added since it was searched for.
    exact: Option<WorstCase>,
}

/// What `DrawRisk::undo` needs to take an admitted ticket back exactly.
#[derive(Debug, Clone)]
pub struct Admitted {
    exposure: Exposure,
    bound: i64,
    exact: Option<WorstCase>,
}

impl DrawRisk {
    pub fn new(liability: Liability) -> DrawRisk {
        DrawRisk { liability, ..DrawRisk::default() }
    }

    /// Adds a ticket already sold (loading a draw's tickets), whatever the limits.
    pub fn add_sold(&mut self, exposure: &Exposure) {
        self.liability.add(exposure);
        self.bound = self.bound.saturating_add(exposure.most);
        self.exact = None;
    }

    /// The exact worst case now (searched for once per change).
    pub fn worst_case(&mut self) -> WorstCase {
        if let Some(known) = self.exact {
            return known;
        }
        let worst = self.liability.worst_case();
        self.bound = worst.payout;
        self.exact = Some(worst);
        worst
    }

    /// Takes the ticket with `picks` and `exposure` if no limit breaks, adding it; refuses it, unchanged, if one
    /// would.
    pub fn admit(&mut self, limits: &RiskLimits, picks: &[u8], exposure: Exposure) -> Result<Admitted, Breach> {
        let shut: Vec<u8> = picks.iter().copied().filter(|n| self.closed.contains(n)).collect();
        if !shut.is_empty() {
            return Err(Breach::Closed(Combo::of(&shut)));
        }
        self.check_tables(limits, &exposure)?;
        let before = Admitted { exposure, bound: self.bound, exact: self.exact };
        self.liability.add(&before.exposure);
        self.exact = None;
        let bound = self.bound.saturating_add(before.exposure.most);
        match limits.reserve.map(Kobo::as_i64) {
            Some(reserve) if bound > reserve => {
                let worst = self.liability.worst_case();
                if worst.payout > reserve {
                    self.undo(before);
                    return Err(Breach::Reserve);
                }
                self.bound = worst.payout;
                self.exact = Some(worst);
            }
            _ => self.bound = bound,
        }
        Ok(before)
    }

    /// Takes back a ticket `admit` took (its sale was not written), restoring what the draw knew before it.
    pub fn undo(&mut self, admitted: Admitted) {
        self.liability.remove(&admitted.exposure);
        self.bound = admitted.bound;
        self.exact = admitted.exact;
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
