//! A person with an account: a player (`user`), an operator (`admin`), or the independent witness of draws
//! (`witness`, docs/decisions/017).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::account::{DateOfBirth, Email, PersonName, PhoneNumber};

pub type UserId = u64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Admin,
    Witness,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Admin => "admin",
            Role::Witness => "witness",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum UserStatus {
    Active,
    Suspended,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub email: String,
    /// Admins created from the command line have no phone.
    pub phone: Option<String>,
    pub dob: Option<NaiveDate>,
    pub role: Role,
    /// A PHC string (`$argon2id$…`).
    pub password_hash: String,
    pub email_verified_at: Option<DateTime<Utc>>,
    pub status: UserStatus,
    /// Part of every token; bumping it (password change or reset) signs the account out everywhere.
    pub token_version: u32,
    pub created_at: DateTime<Utc>,
    /// An admin's second factor (players have none).
    #[serde(default)]
    pub second_factor: SecondFactor,
    /// The player's state of residence, an ISO 3166-2:NG code (`crate::residence`): said at sign-up or before the
    /// first deposit.
    #[serde(default)]
    pub state: Option<String>,
    /// When the account last logged in (this session's login, once logged in). `None` before the first login, and
    /// for accounts stored before logins were recorded.
    #[serde(default)]
    pub last_login_at: Option<DateTime<Utc>>,
    /// The login before `last_login_at`: what "Last login" shows the player after they log in.
    #[serde(default)]
    pub previous_login_at: Option<DateTime<Utc>>,
}

/// A TOTP second factor: the enrolled secret, a secret offered at login awaiting its first code, the last step a
/// code was accepted for (so each code works once), and the hashes of unused recovery codes.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SecondFactor {
    pub secret: Option<String>,
    pub pending: Option<String>,
    pub last_step: u64,
    pub recovery: Vec<String>,
    pub enrolled_at: Option<DateTime<Utc>>,
    /// The one-time code the host issued for the first enrolment (`ayo create-admin`); none once enrolled.
    #[serde(default)]
    pub enrolment_code: Option<EnrolmentCode>,
}

impl SecondFactor {
    pub fn is_enrolled(&self) -> bool {
        self.secret.is_some()
    }
}

/// A one-time code `ayo create-admin` prints on the host for an admin's first enrolment, so that a password alone
/// (phished or guessed before the admin's first login) cannot enrol an attacker's authenticator (docs/security.md,
/// "Admin second factor"). Only a digest is kept; it runs out at `expires_at`; wrong tries spend it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct EnrolmentCode {
    /// The code's digest, as the issuer computes it (hex); compared in constant time.
    pub digest: String,
    pub expires_at: DateTime<Utc>,
    /// Wrong codes typed against this one so far.
    pub misses: u32,
}

/// What checking a typed enrolment code found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnrolmentCheck {
    Accepted,
    /// Wrong; `left` more wrong tries before the code is spent (0: spent now).
    Wrong {
        left: u32,
    },
    /// Spent by wrong tries earlier: only a new code (from the host) enrols.
    Locked,
    Expired,
}

impl EnrolmentCode {
    /// Wrong tries a code survives: after this many it is spent, whatever comes next.
    pub const MISSES_ALLOWED: u32 = 5;

    /// Checks the digest of a typed code at `now`, counting a wrong one on `self`. Called inside the account's
    /// atomic edit, so however many tries arrive at once, at most `MISSES_ALLOWED` are ever compared.
    pub fn check(&mut self, typed_digest: &str, now: DateTime<Utc>) -> EnrolmentCheck {
        if self.misses >= Self::MISSES_ALLOWED {
            return EnrolmentCheck::Locked;
        }
        if now >= self.expires_at {
            return EnrolmentCheck::Expired;
        }
        if same_bytes(self.digest.as_bytes(), typed_digest.as_bytes()) {
            return EnrolmentCheck::Accepted;
        }
        self.misses += 1;
        EnrolmentCheck::Wrong { left: Self::MISSES_ALLOWED - self.misses }
    }
}

/// Equality that takes the same time wherever the first difference is.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

impl User {
    pub fn is_verified(&self) -> bool {
        self.email_verified_at.is_some()
    }

    /// Records a login at `now`: the login before it becomes the previous one.
    pub fn logged_in(&mut self, now: DateTime<Utc>) {
        self.previous_login_at = self.last_login_at.replace(now);
    }
}

/// What sign-up knows about a new player, every field already valid.
#[derive(Debug, Clone)]
pub struct NewPlayer {
    pub name: PersonName,
    pub email: Email,
    pub phone: PhoneNumber,
    pub dob: DateOfBirth,
    pub password_hash: String,
    /// `crate::residence::parse_state`'s code, when given at sign-up.
    pub state: Option<&'static str>,
}
