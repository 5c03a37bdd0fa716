//! Stake rules and the price of a ticket.
//!
//! Stake is per line; a ticket costs lines × stake per line (docs/product.md §4). Defaults, admin-editable per
//! game:
//!
//! - a NAP ticket (one line) costs at least ₦50;
//! - PERM, BANKER and AGAINST: at least ₦5 per line and at least ₦50 in total, so that a big PERM can be
//!   played cheaply per line while a ticket is never trivially small;
//! - every ticket costs at most ₦50,000;
//! - one ticket pays at most ₦10,000,000, and that cap is shown before purchase ([`TicketPrice`]).
//!
//! Every [`StakeError`] is about the `stake_per_line` field and, where a fix exists, says which stake per
//! line would be accepted — the player changes one number rather than doing the division.

use serde::{Deserialize, Serialize};

use super::bet::Bet;
use super::multipliers::Multipliers;
use super::settlement::potential_max_win;
use crate::money::Kobo;

/// A game's stake limits and payout cap.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct StakeRules {
    /// Least stake of a NAP ticket (one line, so also its stake per line).
    pub nap_min_stake: Kobo,
    /// Least stake per line of PERM, BANKER and AGAINST tickets.
    pub min_stake_per_line: Kobo,
    /// Least total of PERM, BANKER and AGAINST tickets.
    pub min_ticket_total: Kobo,
    /// Most any ticket may cost.
    pub max_ticket_total: Kobo,
    /// Most one ticket can pay.
    pub payout_cap: Kobo,
}

impl Default for StakeRules {
    fn default() -> Self {
        StakeRules {
            nap_min_stake: Kobo::naira(50),
            min_stake_per_line: Kobo::naira(5),
            min_ticket_total: Kobo::naira(50),
            max_ticket_total: Kobo::naira(50_000),
            payout_cap: Kobo::naira(10_000_000),
        }
    }
}

/// A rule set an admin may not save: the field to blame and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct StakeRulesError {
    pub field: &'static str,
    pub message: String,
}

impl StakeRules {
    /// Checks an admin's edit: every amount positive and each minimum at most the ticket maximum, so that
    /// every bet type stays buyable.
    pub fn validate(&self) -> Result<(), StakeRulesError> {
        let amounts = [
            ("nap_min_stake", self.nap_min_stake),
            ("min_stake_per_line", self.min_stake_per_line),
            ("min_ticket_total", self.min_ticket_total),
            ("max_ticket_total", self.max_ticket_total),
            ("payout_cap", self.payout_cap),
        ];
        if let Some((field, _)) = amounts.iter().find(|(_, amount)| !amount.is_positive()) {
            return Err(StakeRulesError { field, message: "Must be more than ₦0.00".to_owned() });
        }
        for (field, minimum) in &amounts[..3] {
            if *minimum > self.max_ticket_total {
                return Err(StakeRulesError {
                    field,
                    message: format!("Must not be above the ticket maximum of {}", self.max_ticket_total),
                });
            }
        }
        Ok(())
    }
}

/// What a ticket costs and the most it can win, shown before purchase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TicketPrice {
    pub lines: u64,
    pub total_stake: Kobo,
    /// The best possible win, already capped at the game's payout cap.
    pub max_win_capped: Kobo,
}

/// A stake the game does not accept. Always about the `stake_per_line` field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StakeError {
    #[error("Stake per line must be more than ₦0.00")]
    NotPositive,
    #[error("A NAP ticket costs at least {min}")]
    BelowNapMinimum { min: Kobo },
    #[error("Stake per line must be at least {min}")]
    BelowLineMinimum { min: Kobo },
    #[error("This ticket costs {total} ({lines} lines × {stake_per_line}) but the least a ticket may cost is {min}; stake at least {suggested} per line")]
    TotalBelowMinimum { lines: u64, stake_per_line: Kobo, total: Kobo, min: Kobo, suggested: Kobo },
    #[error(
        "{lines} lines × {stake_per_line} is above the ticket maximum of {max}; stake at most {suggested} per line"
    )]
    TotalAboveMaximum { lines: u64, stake_per_line: Kobo, max: Kobo, suggested: Kobo },
    #[error("This ticket has {lines} lines, too many to stay within the ticket maximum of {max} at the least stake per line; pick fewer numbers")]
    TooManyLines { lines: u64, max: Kobo },
}

impl StakeError {
    /// The request field every stake error is about.
    pub const fn field(&self) -> &'static str {
        "stake_per_line"
    }
}

/// Prices `bet` at `stake_per_line` under a game's rules and multipliers.
///
/// Multipliers are an argument because the price includes the best possible (capped) win, which the play
/// page shows before the player pays.
pub fn price(
    bet: &Bet,
    stake_per_line: Kobo,
    rules: &StakeRules,
    multipliers: &Multipliers,
) -> Result<TicketPrice, StakeError> {
    if !stake_per_line.is_positive() {
        return Err(StakeError::NotPositive);
    }
    let lines = bet.lines();
    let is_nap = matches!(bet, Bet::Nap { .. });
    let (min_per_line, min_total) = if is_nap {
        (rules.nap_min_stake, rules.nap_min_stake)
    } else {
        (rules.min_stake_per_line, rules.min_ticket_total)
    };

    if stake_per_line < min_per_line {
        return Err(if is_nap {
            StakeError::BelowNapMinimum { min: min_per_line }
        } else {
            StakeError::BelowLineMinimum { min: min_per_line }
        });
    }

    let max = rules.max_ticket_total;
    let total = stake_per_line.checked_mul_u64(lines).filter(|total| *total <= max);
    let Some(total) = total else {
        let suggested = per_line_floor(max, lines);
        if suggested < min_per_line {
            return Err(StakeError::TooManyLines { lines, max });
        }
        return Err(StakeError::TotalAboveMaximum { lines, stake_per_line, max, suggested });
    };

    if total < min_total {
        return Err(StakeError::TotalBelowMinimum {
            lines,
            stake_per_line,
            total,
            min: min_total,
            suggested: per_line_ceil(min_total, lines).max(min_per_line),
        });
    }

    Ok(TicketPrice {
        lines,
        total_stake: total,
        max_win_capped: potential_max_win(bet, stake_per_line, multipliers, rules.payout_cap),
    })
}

/// The largest stake per line whose total stays within `total` (⌊total / lines⌋).
fn per_line_floor(total: Kobo, lines: u64) -> Kobo {
    match i64::try_from(lines) {
        Ok(lines) if lines > 0 => Kobo(total.as_i64().div_euclid(lines)),
        _ => Kobo::ZERO,
    }
}

/// The smallest stake per line whose total reaches `total` (⌈total / lines⌉).
fn per_line_ceil(total: Kobo, lines: u64) -> Kobo {
    match i64::try_from(lines) {
        Ok(lines) if lines > 0 => {
            let floor = total.as_i64().div_euclid(lines);
            let rounds_up = total.as_i64().rem_euclid(lines) != 0;
            Kobo(floor.saturating_add(i64::from(rounds_up)))
        }
        _ => total,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_line_division_rounds_the_helpful_way() {
        assert_eq!(per_line_floor(Kobo(1_000), 3), Kobo(333));
        assert_eq!(per_line_ceil(Kobo(1_000), 3), Kobo(334));
        assert_eq!(per_line_ceil(Kobo(900), 3), Kobo(300));
    }

    #[test]
    fn default_rules_are_valid_and_inconsistent_rules_are_not() {
        assert_eq!(StakeRules::default().validate(), Ok(()));
        let zero_cap = StakeRules { payout_cap: Kobo::ZERO, ..StakeRules::default() };
        assert_eq!(zero_cap.validate().map_err(|e| e.field), Err("payout_cap"));
        let min_above_max = StakeRules { min_ticket_total: Kobo::naira(60_000), ..StakeRules::default() };
        assert_eq!(min_above_max.validate().map_err(|e| e.field), Err("min_ticket_total"));
    }

    #[test]
    fn every_stake_error_names_the_stake_field() {
        assert_eq!(StakeError::NotPositive.field(), "stake_per_line");
    }
}
