//! Money in integer kobo.
//!
//! Every amount in Ayo Lotto (storage, API, WebSocket) is a whole number of kobo, 1 naira = 100 kobo
//! (docs/product.md §2). Floats never touch money: a stake times a multiplier must give the same kobo on every
//! machine, and a ledger must sum exactly to a balance.
//!
//! [`Kobo`] is signed because ledger entries are signed (a stake is a debit); whether an amount may be
//! negative is a rule of the caller, not of the type. Arithmetic is checked and returns `None` on
//! overflow so that no code path can wrap a balance silently; there is deliberately no `Add` impl, so an
//! unchecked `a + b` does not compile.
//!
//! `Display` renders the player-facing form `₦1,250.00` (and `-₦1,250.00`), the same text the web app
//! gets from `Intl.NumberFormat('en-NG', {style: 'currency', currency: 'NGN'})`, so server-written
//! messages ("a NAP ticket costs at least ₦50.00") read like the UI.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An amount of Nigerian money in kobo (1 naira = 100 kobo).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct Kobo(pub i64);

/// Kobo in one naira.
const KOBO_PER_NAIRA: i64 = 100;

impl Kobo {
    /// Nothing.
    pub const ZERO: Kobo = Kobo(0);

    /// An amount of whole naira. Saturates at the bounds of `i64` (about ₦92 quadrillion) rather than
    /// wrapping, so it stays usable in `const` contexts such as default limits.
    pub const fn naira(naira: i64) -> Kobo {
        Kobo(naira.saturating_mul(KOBO_PER_NAIRA))
    }

    /// The amount as a plain number of kobo.
    pub const fn as_i64(self) -> i64 {
        self.0
    }

    /// `self + other`, or `None` on overflow.
    pub const fn checked_add(self, other: Kobo) -> Option<Kobo> {
        match self.0.checked_add(other.0) {
            Some(sum) => Some(Kobo(sum)),
            None => None,
        }
    }

    /// `self - other`, or `None` on overflow.
    pub const fn checked_sub(self, other: Kobo) -> Option<Kobo> {
        match self.0.checked_sub(other.0) {
            Some(difference) => Some(Kobo(difference)),
            None => None,
        }
    }

    /// `self × factor` (a count of lines, a multiplier), or `None` on overflow.
    pub const fn checked_mul(self, factor: i64) -> Option<Kobo> {
        match self.0.checked_mul(factor) {
            Some(product) => Some(Kobo(product)),
            None => None,
        }
    }

    /// `self × factor` for an unsigned factor, or `None` when the factor or the product does not fit.
    /// Line counts and multipliers are unsigned; this spares callers a lossy cast.
    pub fn checked_mul_u64(self, factor: u64) -> Option<Kobo> {
        i64::try_from(factor).ok().and_then(|factor| self.checked_mul(factor))
    }

    /// True when the amount is above zero.
    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// True when the amount is nothing at all.
    pub const fn is_zero(&self) -> bool {
        self.0 == 0
    }

    /// True when the amount is below zero.
    pub const fn is_negative(self) -> bool {
        self.0 < 0
    }
}

/// `amount × part / whole` without overflow, rounded down (saturating at the ends of `i64`): a percentage or basis
/// points of an amount of kobo (a levy, a share of a threshold).
pub fn share(amount: i64, part: i64, whole: i64) -> i64 {
    let exact = i128::from(amount) * i128::from(part) / i128::from(whole.max(1));
    i64::try_from(exact).unwrap_or(if exact < 0 { i64::MIN } else { i64::MAX })
}

impl fmt::Display for Kobo {
    /// `₦1,250.00`; negative amounts as `-₦1,250.00`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // unsigned_abs so that i64::MIN formats instead of overflowing.
        let magnitude = self.0.unsigned_abs();
        let per_naira = KOBO_PER_NAIRA.unsigned_abs();
        let (naira, kobo) = (magnitude / per_naira, magnitude % per_naira);
        let sign = if self.0 < 0 { "-" } else { "" };
        write!(f, "{sign}₦{}.{kobo:02}", group_thousands(naira))
    }
}

/// `1234567` → `"1,234,567"`.
fn group_thousands(value: u64) -> String {
    let digits = value.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_naira_is_a_hundred_kobo() {
        assert_eq!(Kobo::naira(1), Kobo(100));
        assert_eq!(Kobo::naira(50).as_i64(), 5_000);
    }

    #[test]
    fn naira_saturates_instead_of_wrapping() {
        assert_eq!(Kobo::naira(i64::MAX), Kobo(i64::MAX));
        assert_eq!(Kobo::naira(i64::MIN), Kobo(i64::MIN));
    }

    #[test]
    fn amounts_display_like_the_nigerian_naira_format() {
        assert_eq!(Kobo(125_000).to_string(), "₦1,250.00");
        assert_eq!(Kobo(0).to_string(), "₦0.00");
        assert_eq!(Kobo(5).to_string(), "₦0.05");
        assert_eq!(Kobo(99_999).to_string(), "₦999.99");
        assert_eq!(Kobo(100_000).to_string(), "₦1,000.00");
        assert_eq!(Kobo::naira(10_000_000).to_string(), "₦10,000,000.00");
        assert_eq!(Kobo(-125_050).to_string(), "-₦1,250.50");
    }

    #[test]
    fn the_extreme_amounts_display_without_overflow() {
        assert_eq!(Kobo(i64::MAX).to_string(), "₦92,233,720,368,547,758.07");
        assert_eq!(Kobo(i64::MIN).to_string(), "-₦92,233,720,368,547,758.08");
    }

    #[test]
    fn checked_arithmetic_reports_overflow() {
        assert_eq!(Kobo(150).checked_add(Kobo(50)), Some(Kobo(200)));
        assert_eq!(Kobo(i64::MAX).checked_add(Kobo(1)), None);
        assert_eq!(Kobo(150).checked_sub(Kobo(200)), Some(Kobo(-50)));
        assert_eq!(Kobo(i64::MIN).checked_sub(Kobo(1)), None);
        assert_eq!(Kobo(500).checked_mul(240), Some(Kobo(120_000)));
        assert_eq!(Kobo(i64::MAX).checked_mul(2), None);
        assert_eq!(Kobo(500).checked_mul_u64(3), Some(Kobo(1_500)));
        assert_eq!(Kobo(1).checked_mul_u64(u64::MAX), None);
    }

    #[test]
    fn signs_are_reported() {
        assert!(Kobo(1).is_positive());
        assert!(!Kobo::ZERO.is_positive());
        assert!(!Kobo::ZERO.is_negative());
        assert!(Kobo(-1).is_negative());
    }

    #[test]
    fn kobo_is_a_bare_integer_on_the_wire() -> Result<(), serde_json::Error> {
        assert_eq!(serde_json::to_string(&Kobo(125_000))?, "125000");
        assert_eq!(serde_json::from_str::<Kobo>("-42")?, Kobo(-42));
        Ok(())
    }
}
