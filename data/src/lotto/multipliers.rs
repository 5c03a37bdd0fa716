//! Fixed odds: what one winning line pays, per stake, for each NAP size.
//!
//! A game has five rates, NAP1–NAP5 (defaults 40, 240, 2,100, 6,000, 44,000 — docs/product.md §3), which an
//! admin may edit per game. Every bet type is paid at one of them ([`MultiplierKey`]): a PERMk line is a
//! NAPk, and a BANKER or AGAINST line is a pair, a NAP2. Keeping five numbers rather than one per bet type
//! means a PERM can never pay better per line than the NAP it is made of.
//!
//! Rates are whole numbers so that a win is exact integer kobo.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The rate a bet is paid at: one of the NAP sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum MultiplierKey {
    Nap1,
    Nap2,
    Nap3,
    Nap4,
    Nap5,
}

impl MultiplierKey {
    /// Every key, NAP1 first.
    pub const ALL: [MultiplierKey; 5] =
        [MultiplierKey::Nap1, MultiplierKey::Nap2, MultiplierKey::Nap3, MultiplierKey::Nap4, MultiplierKey::Nap5];

    /// The key for lines of `size` numbers. Sizes outside 1–5 only come from hand-built invalid bets
    /// (which win nothing); they are clamped so that this stays total.
    pub const fn for_line_size(size: usize) -> MultiplierKey {
        match size {
            0 | 1 => MultiplierKey::Nap1,
            2 => MultiplierKey::Nap2,
            3 => MultiplierKey::Nap3,
            4 => MultiplierKey::Nap4,
            _ => MultiplierKey::Nap5,
        }
    }

    /// `"NAP1"` … `"NAP5"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            MultiplierKey::Nap1 => "NAP1",
            MultiplierKey::Nap2 => "NAP2",
            MultiplierKey::Nap3 => "NAP3",
            MultiplierKey::Nap4 => "NAP4",
            MultiplierKey::Nap5 => "NAP5",
        }
    }

    /// The field of [`Multipliers`] holding this rate, e.g. `"nap1"`, for per-field form errors.
    pub const fn field(self) -> &'static str {
        match self {
            MultiplierKey::Nap1 => "nap1",
            MultiplierKey::Nap2 => "nap2",
            MultiplierKey::Nap3 => "nap3",
            MultiplierKey::Nap4 => "nap4",
            MultiplierKey::Nap5 => "nap5",
        }
    }
}

impl fmt::Display for MultiplierKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A game's payout rates: a winning line pays stake per line × rate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct Multipliers {
    #[schema(minimum = 1, maximum = 1000000)]
    pub nap1: u32,
    #[schema(minimum = 1, maximum = 1000000)]
    pub nap2: u32,
    #[schema(minimum = 1, maximum = 1000000)]
    pub nap3: u32,
    #[schema(minimum = 1, maximum = 1000000)]
    pub nap4: u32,
    #[schema(minimum = 1, maximum = 1000000)]
    pub nap5: u32,
}

impl Default for Multipliers {
    fn default() -> Self {
        Multipliers { nap1: 40, nap2: 240, nap3: 2_100, nap4: 6_000, nap5: 44_000 }
    }
}

/// The highest rate an admin may set; far above any real 5/90 game, low enough that stake × lines × rate
/// stays comfortably inside `i64` kobo.
pub const MAX_MULTIPLIER: u32 = 1_000_000;

/// A rate an admin may not set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("The {key} multiplier must be a whole number from 1 to 1,000,000")]
pub struct MultipliersError {
    pub key: MultiplierKey,
}

impl Multipliers {
    /// The rate for `key`.
    pub const fn rate(&self, key: MultiplierKey) -> u32 {
        match key {
            MultiplierKey::Nap1 => self.nap1,
            MultiplierKey::Nap2 => self.nap2,
            MultiplierKey::Nap3 => self.nap3,
            MultiplierKey::Nap4 => self.nap4,
            MultiplierKey::Nap5 => self.nap5,
        }
    }

    /// Checks an admin's edit: every rate from 1 to [`MAX_MULTIPLIER`]. A zero rate would sell tickets
    /// that can never win.
    pub fn validate(&self) -> Result<(), MultipliersError> {
        match MultiplierKey::ALL.into_iter().find(|key| !(1..=MAX_MULTIPLIER).contains(&self.rate(*key))) {
            Some(key) => Err(MultipliersError { key }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_published_odds() {
        let rates = Multipliers::default();
        let expected = [40, 240, 2_100, 6_000, 44_000];
        for (key, rate) in MultiplierKey::ALL.into_iter().zip(expected) {
            assert_eq!(rates.rate(key), rate, "{key}");
        }
        assert_eq!(rates.validate(), Ok(()));
    }

    #[test]
    fn a_zero_or_huge_rate_is_refused_with_its_field() {
        let zero = Multipliers { nap3: 0, ..Multipliers::default() };
        assert_eq!(zero.validate(), Err(MultipliersError { key: MultiplierKey::Nap3 }));
        assert_eq!(MultiplierKey::Nap3.field(), "nap3");
        let huge = Multipliers { nap5: MAX_MULTIPLIER + 1, ..Multipliers::default() };
        assert_eq!(huge.validate(), Err(MultipliersError { key: MultiplierKey::Nap5 }));
    }

    #[test]
    fn missing_fields_take_their_defaults() -> Result<(), serde_json::Error> {
        let rates: Multipliers = serde_json::from_str(r#"{"nap1": 50}"#)?;
        assert_eq!(rates.nap1, 50);
        assert_eq!(rates.nap2, 240);
        Ok(())
    }

    #[test]
    fn line_sizes_map_to_their_nap_rate() {
        assert_eq!(MultiplierKey::for_line_size(1), MultiplierKey::Nap1);
        assert_eq!(MultiplierKey::for_line_size(3), MultiplierKey::Nap3);
        assert_eq!(MultiplierKey::for_line_size(5), MultiplierKey::Nap5);
    }
}
