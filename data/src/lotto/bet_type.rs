//! The eleven bet types by their wire names.
//!
//! The names (`NAP1`–`NAP5`, `PERM2`–`PERM5`, `BANKER`, `AGAINST`) are the API's `bet_type` values and
//! what tickets store, so they are spelled exactly, upper case, with no aliases: one way to say each bet.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A kind of bet, as named on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "&'static str")]
pub enum BetType {
    Nap1,
    Nap2,
    Nap3,
    Nap4,
    Nap5,
    Perm2,
    Perm3,
    Perm4,
    Perm5,
    Banker,
    Against,
}

impl BetType {
    /// Every bet type, in the order the play page lists them.
    pub const ALL: [BetType; 11] = [
        BetType::Nap1,
        BetType::Nap2,
        BetType::Nap3,
        BetType::Nap4,
        BetType::Nap5,
        BetType::Perm2,
        BetType::Perm3,
        BetType::Perm4,
        BetType::Perm5,
        BetType::Banker,
        BetType::Against,
    ];

    /// The wire name, e.g. `"PERM3"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            BetType::Nap1 => "NAP1",
            BetType::Nap2 => "NAP2",
            BetType::Nap3 => "NAP3",
            BetType::Nap4 => "NAP4",
            BetType::Nap5 => "NAP5",
            BetType::Perm2 => "PERM2",
            BetType::Perm3 => "PERM3",
            BetType::Perm4 => "PERM4",
            BetType::Perm5 => "PERM5",
            BetType::Banker => "BANKER",
            BetType::Against => "AGAINST",
        }
    }

    /// NAP k: the type of a NAP bet on `k` numbers (1–5).
    pub const fn nap(k: u8) -> Option<BetType> {
        match k {
            1 => Some(BetType::Nap1),
            2 => Some(BetType::Nap2),
            3 => Some(BetType::Nap3),
            4 => Some(BetType::Nap4),
            5 => Some(BetType::Nap5),
            _ => None,
        }
    }

    /// PERM k: the type of a PERM bet whose lines have `k` numbers (2–5).
    pub const fn perm(k: u8) -> Option<BetType> {
        match k {
            2 => Some(BetType::Perm2),
            3 => Some(BetType::Perm3),
            4 => Some(BetType::Perm4),
            5 => Some(BetType::Perm5),
            _ => None,
        }
    }
}

impl BetType {
    /// k of NAPk (1–5); `None` for other types.
    pub const fn nap_k(self) -> Option<u8> {
        match self {
            BetType::Nap1 => Some(1),
            BetType::Nap2 => Some(2),
            BetType::Nap3 => Some(3),
            BetType::Nap4 => Some(4),
            BetType::Nap5 => Some(5),
            _ => None,
        }
    }

    /// k of PERMk (2–5); `None` for other types.
    pub const fn perm_k(self) -> Option<u8> {
        match self {
            BetType::Perm2 => Some(2),
            BetType::Perm3 => Some(3),
            BetType::Perm4 => Some(4),
            BetType::Perm5 => Some(5),
            _ => None,
        }
    }
}

impl fmt::Display for BetType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A `bet_type` that is not one of the eleven wire names.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Unknown bet type \"{0}\"; choose one of NAP1–NAP5, PERM2–PERM5, BANKER or AGAINST")]
pub struct UnknownBetType(pub String);

impl FromStr for BetType {
    type Err = UnknownBetType;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        BetType::ALL
            .into_iter()
            .find(|bet_type| bet_type.as_str() == name)
            .ok_or_else(|| UnknownBetType(name.to_owned()))
    }
}

impl TryFrom<String> for BetType {
    type Error = UnknownBetType;

    fn try_from(name: String) -> Result<Self, Self::Error> {
        name.parse()
    }
}

impl From<BetType> for &'static str {
    fn from(bet_type: BetType) -> Self {
        bet_type.as_str()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wire_name_parses_back_to_its_type() {
        for bet_type in BetType::ALL {
            assert_eq!(bet_type.as_str().parse::<BetType>(), Ok(bet_type));
        }
    }

    #[test]
    fn nap_and_perm_sizes_round_trip() {
        for k in 0..=6 {
            assert_eq!(BetType::nap(k).and_then(BetType::nap_k), BetType::nap(k).map(|_| k));
            assert_eq!(BetType::perm(k).and_then(BetType::perm_k), BetType::perm(k).map(|_| k));
        }
        assert_eq!(BetType::Banker.nap_k(), None);
        assert_eq!(BetType::Against.perm_k(), None);
    }

    #[test]
    fn names_are_exact_and_upper_case() {
        assert!("nap1".parse::<BetType>().is_err());
        assert!(" NAP1".parse::<BetType>().is_err());
        assert!("PERM1".parse::<BetType>().is_err());
        assert!("NAP6".parse::<BetType>().is_err());
    }

    #[test]
    fn bet_types_serialize_as_their_wire_names() -> Result<(), serde_json::Error> {
        assert_eq!(serde_json::to_string(&BetType::Perm3)?, "\"PERM3\"");
        assert_eq!(serde_json::from_str::<BetType>("\"AGAINST\"")?, BetType::Against);
        assert!(serde_json::from_str::<BetType>("\"against\"").is_err());
        Ok(())
    }
}
