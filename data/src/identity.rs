//! A player's identity check before their first withdrawal (decision 024): the NIN (or a virtual NIN) they gave, what
//! the identity provider said about it, and where it stands.
//!
//! Formats, as NIMC defines them: a NIN is 11 digits and nothing else (NIMC publishes no check digit, so none is
//! checked); a virtual NIN (vNIN, made in the NIMC app or by USSD, valid 72 hours) is 16 characters: two letters,
//! twelve digits, two letters (`AB012345678910YZ`). NIMC asks that a vNIN is never stored, so only its masked form is
//! kept; a NIN is kept sealed (`store::seal::SecretSealer`) and shown masked. A BVN is never asked for nor stored.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::user::UserId;

/// What the player typed, checked for format.
#[derive(Clone, PartialEq, Eq)]
pub enum IdNumber {
    Nin(String),
    Vnin(String),
}

/// Never prints the number.
impl std::fmt::Debug for IdNumber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}({})", self.kind(), self.masked())
    }
}

impl IdNumber {
    /// An 11-digit NIN (spaces and dashes between digits are allowed and dropped).
    pub fn nin(input: &str) -> Result<Self, &'static str> {
        let digits: String = input.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        if digits.len() == 11 && digits.bytes().all(|b| b.is_ascii_digit()) {
            Ok(Self::Nin(digits))
        } else {
            Err("A NIN is 11 digits")
        }
    }

    /// A 16-character vNIN: 2 letters, 12 digits, 2 letters (upper-cased).
    pub fn vnin(input: &str) -> Result<Self, &'static str> {
        let text: String = input.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_ascii_uppercase();
        let b = text.as_bytes();
        let shape = b.len() == 16
            && b[..2].iter().all(u8::is_ascii_uppercase)
            && b[2..14].iter().all(u8::is_ascii_digit)
            && b[14..].iter().all(u8::is_ascii_uppercase);
        if shape {
            Ok(Self::Vnin(text))
        } else {
            Err("A virtual NIN is 16 characters: 2 letters, 12 digits, 2 letters (e.g. AB012345678910YZ)")
        }
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Self::Nin(_) => "nin",
            Self::Vnin(_) => "vnin",
        }
    }

    /// The number itself: only for the provider call and the sealer.
    pub fn expose(&self) -> &str {
        match self {
            Self::Nin(n) | Self::Vnin(n) => n,
        }
    }

    /// Everything but the last four characters hidden: `•••••••8901`.
    pub fn masked(&self) -> String {
        let text = self.expose();
        let keep = text.len().saturating_sub(4);
        format!("{}{}", "•".repeat(keep), &text[keep..])
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IdentityStatus {
    /// No NIN given yet (or the provider did not find it).
    #[default]
    None,
    Verified,
    /// Waiting for an admin: the names did not clearly match.
    Review,
    /// An admin said no; the player may try again with another NIN.
    Rejected,
}

/// The stored record, one per player (`identities` tree).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Identity {
    pub user_id: UserId,
    pub status: IdentityStatus,
    /// `nin` or `vnin`.
    pub kind: String,
    /// The number with all but its last four characters hidden.
    pub masked: String,
    /// The NIN sealed under the server's key; none for a vNIN (NIMC: never stored).
    #[serde(default)]
    pub sealed: Option<String>,
    /// `sandbox` or `dojah`.
    pub provider: String,
    /// The name the provider returned for the number, as "First Middle Last".
    pub name_on_id: String,
    /// The player's registered name when checked.
    pub player_name: String,
    /// The payout account's name the check covered, if the player had one.
    #[serde(default)]
    pub account_name: Option<String>,
    /// 0–100, from `name_match`.
    pub score: u8,
    /// Why the names did or did not match, in words.
    pub match_reason: String,
    /// The admin who approved or rejected it, and why.
    #[serde(default)]
    pub decided_by: Option<UserId>,
    #[serde(default)]
    pub decision_reason: Option<String>,
    pub submitted_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Identity {
    pub fn is_verified(&self) -> bool {
        self.status == IdentityStatus::Verified
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_nin_is_eleven_digits_and_nothing_else() {
        assert_eq!(IdNumber::nin("70123456789").map(|n| n.masked()), Ok("•••••••6789".to_string()));
        assert!(IdNumber::nin("701 234-56789").is_ok());
        for bad in ["", "7012345678", "701234567890", "7012345678a", "７0123456789"] {
            assert!(IdNumber::nin(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_vnin_is_two_letters_twelve_digits_two_letters() {
        let v = IdNumber::vnin("ab012345678910yz").unwrap();
        assert_eq!(v.expose(), "AB012345678910YZ");
        assert_eq!(v.masked(), "••••••••••••10YZ");
        for bad in ["AB01234567891YZ", "A1012345678910YZ", "AB012345678910Y1", "70123456789"] {
            assert!(IdNumber::vnin(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn debug_never_shows_the_number() {
        let shown = format!("{:?}", IdNumber::nin("70123456789").unwrap());
        assert!(!shown.contains("70123"), "{shown}");
    }
}
