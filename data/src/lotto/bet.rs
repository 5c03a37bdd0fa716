//! A bet: which numbers a player picked and how they combine into lines (docs/product.md §3).
//!
//! [`Bet::parse`] is the one door from the wire (`bet_type`, `numbers`, `top`, `bottom`) into the domain: it
//! checks every rule of the bet table and names the offending field, so the server can answer
//! `{message, errors: {field: [...]}}` without restating any rule. Deserialising a [`Bet`] goes through the
//! same door (via [`BetSpec`]), so a ticket read back from storage is as valid as one just bought.
//!
//! The variants are public so that settlement and display code can match on them. A `Bet` built by hand
//! that breaks the rules is never an error path that pays: [`Bet::lines`] and `Bet::lines_won` answer 0 for
//! it, which makes such a ticket cost nothing to price check and win nothing at settlement.
//!
//! Picks keep the order the player gave them: the order of the balls matters (NAP1 wins only on the first
//! ball), the order of the picks does not, and showing a ticket as it was entered is friendlier.

use serde::{Deserialize, Serialize};

use super::bet_type::BetType;
use super::board::{MAX_NUMBER, MIN_NUMBER};
use super::combinatorics::choose;
use super::multipliers::MultiplierKey;

/// A validated bet on a 5/90 draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "BetSpec", into = "BetSpec")]
pub enum Bet {
    /// NAPk, k = `numbers.len()` (1–5): one line that wins when all k numbers are drawn (NAP1: when its
    /// number is the first ball).
    Nap { numbers: Vec<u8> },
    /// PERMk (k = 2–5) on n numbers, k < n ≤ the PERMk maximum: every k-combination is a line.
    Perm { k: u8, numbers: Vec<u8> },
    /// One banker paired with every other number: 89 lines.
    Banker { banker: u8 },
    /// Every TOP number paired with every BOTTOM number: |TOP| × |BOTTOM| lines.
    Against { top: Vec<u8>, bottom: Vec<u8> },
}

/// The request field a [`BetError`] is about, named as on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BetField {
    BetType,
    Numbers,
    Top,
    Bottom,
}

impl BetField {
    /// The wire name, e.g. `"numbers"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            BetField::BetType => "bet_type",
            BetField::Numbers => "numbers",
            BetField::Top => "top",
            BetField::Bottom => "bottom",
        }
    }

    /// How a message names the picks in this field.
    const fn picks_label(self) -> &'static str {
        match self {
            BetField::Top => "TOP numbers",
            BetField::Bottom => "BOTTOM numbers",
            BetField::BetType | BetField::Numbers => "Numbers",
        }
    }
}

/// Why a bet was refused: the field to blame and a sentence a player can act on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct BetError {
    pub field: BetField,
    pub message: String,
}

impl BetError {
    fn new(field: BetField, message: impl Into<String>) -> Self {
        BetError { field, message: message.into() }
    }
}

/// The wire and storage shape of a bet: `{bet_type, numbers?, top?, bottom?}` as in the tickets API.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BetSpec {
    pub bet_type: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub numbers: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub top: Vec<u8>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bottom: Vec<u8>,
}

/// Lines of a BANKER bet: the banker with each of the other 89 numbers.
const BANKER_LINES: u64 = (MAX_NUMBER - MIN_NUMBER) as u64;

impl Bet {
    /// The most numbers a PERMk ticket may carry (PERM2 25, PERM3 20, PERM4 15, PERM5 10); 0 for other k.
    /// The caps keep a single ticket's line count, and so its price, within reason.
    pub const fn perm_max_numbers(k: u8) -> usize {
        match k {
            2 => 25,
            3 => 20,
            4 => 15,
            5 => 10,
            _ => 0,
        }
    }

    /// Validates a bet as it arrives on the wire. Fields a bet type does not use must be empty.
    pub fn parse(bet_type: &str, numbers: &[u8], top: &[u8], bottom: &[u8]) -> Result<Bet, BetError> {
        let bet_type =
            bet_type.parse::<BetType>().map_err(|unknown| BetError::new(BetField::BetType, unknown.to_string()))?;

        let bet = if bet_type == BetType::Against {
            if !numbers.is_empty() {
                return Err(BetError::new(
                    BetField::Numbers,
                    "AGAINST takes its picks in TOP and BOTTOM, not in numbers",
                ));
            }
            Bet::Against { top: top.to_vec(), bottom: bottom.to_vec() }
        } else {
            for (field, values) in [(BetField::Top, top), (BetField::Bottom, bottom)] {
                if !values.is_empty() {
                    return Err(BetError::new(
                        field,
                        format!("{bet_type} takes its picks in numbers; TOP and BOTTOM are only for AGAINST"),
                    ));
                }
            }
            // Range and duplicates first: "91 is not on the board" helps more than a count.
            check_picks(BetField::Numbers, numbers)?;
            if let Some(k) = bet_type.nap_k() {
                if numbers.len() != usize::from(k) {
                    let noun = if k == 1 { "number" } else { "numbers" };
                    return Err(BetError::new(BetField::Numbers, format!("{bet_type} needs exactly {k} {noun}")));
                }
                Bet::Nap { numbers: numbers.to_vec() }
            } else if let Some(k) = bet_type.perm_k() {
                Bet::Perm { k, numbers: numbers.to_vec() }
            } else {
                // The only type left is BANKER.
                let [banker] = numbers else {
                    return Err(BetError::new(BetField::Numbers, "BANKER needs exactly 1 number"));
                };
                Bet::Banker { banker: *banker }
            }
        };
        bet.validate()?;
        Ok(bet)
    }

    /// Checks the rules a bet must keep whatever its origin; [`Bet::parse`] ends with this.
    pub fn validate(&self) -> Result<(), BetError> {
        match self {
            Bet::Nap { numbers } => {
                check_picks(BetField::Numbers, numbers)?;
                if numbers.is_empty() || numbers.len() > 5 {
                    return Err(BetError::new(BetField::Numbers, "A NAP bet needs between 1 and 5 numbers"));
                }
                Ok(())
            }
            Bet::Perm { k, numbers } => {
                let Some(bet_type) = BetType::perm(*k) else {
                    return Err(BetError::new(BetField::BetType, "PERM bets are PERM2, PERM3, PERM4 or PERM5"));
                };
                check_picks(BetField::Numbers, numbers)?;
                let (min, max) = (usize::from(*k) + 1, Bet::perm_max_numbers(*k));
                if numbers.len() < min || numbers.len() > max {
                    return Err(BetError::new(
                        BetField::Numbers,
                        format!("{bet_type} needs between {min} and {max} numbers"),
                    ));
                }
                Ok(())
            }
            Bet::Banker { banker } => check_picks(BetField::Numbers, &[*banker]),
            Bet::Against { top, bottom } => {
                check_picks(BetField::Top, top)?;
                check_picks(BetField::Bottom, bottom)?;
                if top.is_empty() {
                    return Err(BetError::new(BetField::Top, "AGAINST needs at least 1 TOP number"));
                }
                if bottom.is_empty() {
                    return Err(BetError::new(BetField::Bottom, "AGAINST needs at least 1 BOTTOM number"));
                }
                if let Some(shared) = bottom.iter().find(|number| top.contains(number)) {
                    return Err(BetError::new(
                        BetField::Bottom,
                        format!("{shared} is in both TOP and BOTTOM; the two groups must not share a number"),
                    ));
                }
                if top.len() * bottom.len() < 2 {
                    return Err(BetError::new(
                        BetField::Bottom,
                        "AGAINST needs at least 2 lines (TOP × BOTTOM); add a number to either group",
                    ));
                }
                Ok(())
            }
        }
    }

    /// The bet's type as named on the wire. For a hand-built bet that breaks the rules (a NAP with no
    /// numbers, say) this is the nearest type; such a bet has no lines anyway.
    pub fn bet_type(&self) -> BetType {
        match self {
            Bet::Nap { numbers } => nap_type(numbers.len()),
            Bet::Perm { k, .. } => BetType::perm(*k).unwrap_or(if *k < 2 { BetType::Perm2 } else { BetType::Perm5 }),
            Bet::Banker { .. } => BetType::Banker,
            Bet::Against { .. } => BetType::Against,
        }
    }

    /// How many lines the ticket holds (the stake is per line): NAP 1, PERMk C(n, k), BANKER 89,
    /// AGAINST |TOP| × |BOTTOM|. 0 for a bet that breaks the rules.
    pub fn lines(&self) -> u64 {
        if self.validate().is_err() {
            return 0;
        }
        match self {
            Bet::Nap { .. } => 1,
            Bet::Perm { k, numbers } => choose(len_u64(numbers), u64::from(*k)),
            Bet::Banker { .. } => BANKER_LINES,
            Bet::Against { top, bottom } => len_u64(top).saturating_mul(len_u64(bottom)),
        }
    }

    /// Whose odds the bet is paid at: NAPk and PERMk at NAPk's, BANKER and AGAINST at NAP2's, because
    /// each of their lines is a pair.
    pub fn multiplier_key(&self) -> MultiplierKey {
        match self {
            Bet::Nap { numbers } => MultiplierKey::for_line_size(numbers.len()),
            Bet::Perm { k, .. } => MultiplierKey::for_line_size(usize::from(*k)),
            Bet::Banker { .. } | Bet::Against { .. } => MultiplierKey::Nap2,
        }
    }

    /// The wire shape of this bet.
    pub fn to_spec(&self) -> BetSpec {
        let bet_type = self.bet_type().as_str().to_owned();
        match self {
            Bet::Nap { numbers } | Bet::Perm { numbers, .. } => {
                BetSpec { bet_type, numbers: numbers.clone(), ..BetSpec::default() }
            }
            Bet::Banker { banker } => BetSpec { bet_type, numbers: vec![*banker], ..BetSpec::default() },
            Bet::Against { top, bottom } => {
                BetSpec { bet_type, top: top.clone(), bottom: bottom.clone(), ..BetSpec::default() }
            }
        }
    }
}

impl TryFrom<BetSpec> for Bet {
    type Error = BetError;

    fn try_from(spec: BetSpec) -> Result<Self, Self::Error> {
        Bet::parse(&spec.bet_type, &spec.numbers, &spec.top, &spec.bottom)
    }
}

impl From<Bet> for BetSpec {
    fn from(bet: Bet) -> Self {
        bet.to_spec()
    }
}

/// Every pick on the board (1–90) and none twice.
fn check_picks(field: BetField, picks: &[u8]) -> Result<(), BetError> {
    let label = field.picks_label();
    if let Some(off_board) = picks.iter().find(|number| !(MIN_NUMBER..=MAX_NUMBER).contains(*number)) {
        return Err(BetError::new(
            field,
            format!("{label} must be from {MIN_NUMBER} to {MAX_NUMBER}; {off_board} is not"),
        ));
    }
    let mut seen = [false; MAX_NUMBER as usize + 1];
    for &number in picks {
        let slot = &mut seen[usize::from(number)];
        if *slot {
            return Err(BetError::new(field, format!("{number} is picked twice; each number may be picked only once")));
        }
        *slot = true;
    }
    Ok(())
}

fn nap_type(size: usize) -> BetType {
    match size {
        0 | 1 => BetType::Nap1,
        2 => BetType::Nap2,
        3 => BetType::Nap3,
        4 => BetType::Nap4,
        _ => BetType::Nap5,
    }
}

/// A slice length as u64; lengths always fit, the fallback only keeps this total.
pub(super) fn len_u64<T>(items: &[T]) -> u64 {
    u64::try_from(items.len()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_built_bet_that_breaks_the_rules_has_no_lines() {
        assert_eq!(Bet::Nap { numbers: vec![] }.lines(), 0);
        assert_eq!(Bet::Nap { numbers: vec![1, 2, 3, 4, 5, 6] }.lines(), 0);
        assert_eq!(Bet::Perm { k: 1, numbers: vec![1, 2] }.lines(), 0);
        assert_eq!(Bet::Perm { k: 3, numbers: vec![1, 2, 3] }.lines(), 0);
        assert_eq!(Bet::Banker { banker: 0 }.lines(), 0);
        assert_eq!(Bet::Against { top: vec![1], bottom: vec![1, 2] }.lines(), 0);
    }

    #[test]
    fn banker_lines_are_the_other_89_numbers() {
        assert_eq!(BANKER_LINES, 89);
    }
}
