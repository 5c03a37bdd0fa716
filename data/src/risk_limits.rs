//! A game's risk limits (docs/decisions/048-exact-liability.md): the most one draw may owe in its worst case (the
//! reserve), the most riding on one number and on one combination, and the most staked on one number. Each is
//! kobo, or `None` for no limit. A change applies at once to the game's open draws: sales read the game's limits
//! as they are at the sale.

use serde::{Deserialize, Serialize};

use crate::money::Kobo;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct RiskLimits {
    /// The most a draw's worst case may reach (gross, before tax).
    pub reserve: Option<Kobo>,
    /// The most riding on one number alone: NAP1 when it is the first ball, plus BANKER lines on it.
    pub max_number_payout: Option<Kobo>,
    /// The most riding on one combination of 2–5 numbers: the lines made of exactly those numbers.
    pub max_combination_payout: Option<Kobo>,
    /// The most staked on the lines holding one number.
    pub max_stake_per_number: Option<Kobo>,
}

/// A limit an admin may not set: the field to blame and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RiskLimitsError {
    pub field: &'static str,
    pub message: String,
}

impl RiskLimits {
    /// Every limit is none or a non-negative amount.
    pub fn validate(&self) -> Result<(), RiskLimitsError> {
        let fields = [
            ("reserve", self.reserve),
            ("max_number_payout", self.max_number_payout),
            ("max_combination_payout", self.max_combination_payout),
            ("max_stake_per_number", self.max_stake_per_number),
        ];
        match fields.into_iter().find(|(_, limit)| limit.is_some_and(Kobo::is_negative)) {
            Some((field, _)) => {
                Err(RiskLimitsError { field, message: "Must be ₦0.00 or more, or null for no limit".to_owned() })
            }
            None => Ok(()),
        }
    }

    /// Whether any limit is set.
    pub fn any(&self) -> bool {
        self.reserve.is_some()
            || self.max_number_payout.is_some()
            || self.max_combination_payout.is_some()
            || self.max_stake_per_number.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_negative_limit_is_refused_naming_its_field() {
        assert_eq!(RiskLimits::default().validate(), Ok(()));
        let negative = RiskLimits { max_combination_payout: Some(Kobo(-1)), ..RiskLimits::default() };
        assert_eq!(negative.validate().map_err(|e| e.field), Err("max_combination_payout"));
        let zero = RiskLimits { reserve: Some(Kobo::ZERO), ..RiskLimits::default() };
        assert_eq!(zero.validate(), Ok(()));
    }
}
