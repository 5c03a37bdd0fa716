//! Withholding tax on winnings: Lagos has required 5 % of a player's net win, deducted at payout, since February
//! 2026. The rate is set per state and dated: a rule applies to draws drawn on or after its `from` day (Lagos
//! time) until a later rule for the same state replaces it. A rule without a state is the default for every state
//! (and for players who have not said where they live) that has no rule of its own.
//!
//! Net win is the ticket's winnings less its stake; a ticket that won less than it cost bears no tax. The tax is
//! rounded down to the kobo: any rounding is in the player's favour.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::money::Kobo;

/// 100 % in basis points.
pub const WHOLE: u32 = 10_000;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxRule {
    /// ISO 3166-2:NG code; `None` for every state without a rule of its own.
    pub state: Option<String>,
    /// Basis points of the net win: 500 is 5 %.
    pub rate_bp: u32,
    /// The first Lagos day whose draws it applies to.
    pub from: NaiveDate,
}

/// Every rule ever set, kept (past rules still explain past tickets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TaxTable {
    pub rules: Vec<TaxRule>,
}

impl Default for TaxTable {
    /// The Lagos State withholding tax: 5 % from 1 February 2026.
    fn default() -> Self {
        let from = NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default();
        Self { rules: vec![TaxRule { state: Some("LA".into()), rate_bp: 500, from }] }
    }
}

impl TaxTable {
    /// The rate for a player of `state` (if known) on a draw of `day`.
    pub fn rate(&self, state: Option<&str>, day: NaiveDate) -> u32 {
        let latest = |matches: &dyn Fn(&TaxRule) -> bool| {
            self.rules.iter().filter(|r| r.from <= day && matches(r)).max_by_key(|r| r.from).map(|r| r.rate_bp)
        };
        state
            .and_then(|s| latest(&|r| r.state.as_deref() == Some(s)))
            .or_else(|| latest(&|r| r.state.is_none()))
            .unwrap_or(0)
    }
}

/// The tax withheld from a ticket that won `gross` for a stake of `stake`, at `rate_bp`.
pub fn withholding(gross: Kobo, stake: Kobo, rate_bp: u32) -> Kobo {
    let net = i128::from(gross.as_i64()) - i128::from(stake.as_i64().max(0));
    if net <= 0 || rate_bp == 0 {
        return Kobo::ZERO;
    }
    let tax = net * i128::from(rate_bp.min(WHOLE)) / i128::from(WHOLE);
    Kobo(i64::try_from(tax).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    #[test]
    fn five_percent_of_the_net_win_rounded_down_to_the_kobo() {
        // ₦3,600 won on a ₦100 stake: 5 % of ₦3,500 is ₦175.
        assert_eq!(withholding(Kobo(360_000), Kobo(10_000), 500), Kobo(17_500));
        // 5 % of 39 kobo is 1.95 kobo: the player keeps the fraction.
        assert_eq!(withholding(Kobo(139), Kobo(100), 500), Kobo(1));
        assert_eq!(withholding(Kobo(100), Kobo(100), 500), Kobo::ZERO);
        assert_eq!(withholding(Kobo(50), Kobo(100), 500), Kobo::ZERO);
    }

    #[test]
    fn lagos_pays_from_february_2026_and_other_states_only_when_a_rule_says_so() {
        let table = TaxTable::default();
        assert_eq!(table.rate(Some("LA"), day(2026, 1, 31)), 0);
        assert_eq!(table.rate(Some("LA"), day(2026, 2, 1)), 500);
        assert_eq!(table.rate(Some("KN"), day(2026, 6, 1)), 0);
        assert_eq!(table.rate(None, day(2026, 6, 1)), 0);
    }

    #[test]
    fn a_later_rule_replaces_an_earlier_one_and_a_state_rule_beats_the_default() {
        let mut table = TaxTable::default();
        table.rules.push(TaxRule { state: None, rate_bp: 300, from: day(2026, 3, 1) });
        table.rules.push(TaxRule { state: Some("LA".into()), rate_bp: 750, from: day(2027, 1, 1) });
        assert_eq!(table.rate(Some("KN"), day(2026, 3, 1)), 300);
        assert_eq!(table.rate(None, day(2026, 3, 1)), 300);
        assert_eq!(table.rate(Some("LA"), day(2026, 12, 31)), 500);
        assert_eq!(table.rate(Some("LA"), day(2027, 1, 1)), 750);
    }
}
