//! One-time codes sent by email: 6 digits, 10 minutes, 5 wrong tries, one resend a minute.
//!
//! A code is stored only as HMAC-SHA256(pepper, purpose:code). The HMAC (not a salted hash) lets docs/product.md §15's
//! `POST /otps/verify {otp, type}` find the code without an email: each live code of a purpose has a digest of its
//! own (a new code is drawn again until it differs from every live one), which names its owner. Without the pepper,
//! a stolen database does not reveal a code (brute-forcing a million candidates needs the key).

use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::error::StoreResult;
use crate::user::{User, UserId};

pub const OTP_TTL_MINUTES: i64 = 10;
pub const OTP_MAX_ATTEMPTS: u8 = 5;
pub const OTP_RESEND_SECONDS: i64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OtpPurpose {
    Verification,
    PasswordReset,
}

impl OtpPurpose {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "verification" => Some(Self::Verification),
            "password_reset" => Some(Self::PasswordReset),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Verification => "verification",
            Self::PasswordReset => "password_reset",
        }
    }
}

/// The server's secret key for code digests.
#[derive(Clone)]
pub struct OtpPepper(Vec<u8>);

impl OtpPepper {
    pub fn new(key: &[u8]) -> Self {
        Self(key.to_vec())
    }

    pub(crate) fn digest(&self, purpose: OtpPurpose, code: &str) -> String {
        self.tag(purpose.as_str(), code)
    }

    /// A fresh code and its digest.
    pub(crate) fn draw(&self, purpose: OtpPurpose) -> (String, String) {
        let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000u32));
        let digest = self.digest(purpose, &code);
        (code, digest)
    }

    /// A keyed digest of `text` for one use (`label`): what is stored of a secret code, so a copy of the database
    /// cannot be checked offline.
    pub fn tag(&self, label: &str, text: &str) -> String {
        // HMAC accepts keys of any length, so this cannot fail; fall back to an unkeyed digest rather than panic.
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            Err(_) => return String::new(),
        };
        mac.update(label.as_bytes());
        mac.update(b":");
        mac.update(text.as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OtpIssue {
    /// The code to email. It exists in plain text only in this value.
    Issued { code: String, expires_at: DateTime<Utc> },
    /// A code was sent less than a minute ago.
    Cooldown { retry_after_secs: i64 },
}

#[derive(Debug, Clone, PartialEq)]
pub enum OtpVerdict {
    /// The code is right; the action was applied (or, for a check, is allowed).
    Accepted(Box<User>),
    /// No live code matches.
    Invalid,
    /// The code was right but is older than 10 minutes (it is gone now).
    Expired,
    /// That was the fifth wrong try: the code is gone, a new one must be requested.
    Burned,
}

/// What a right code does, inside the same transaction that uses it up.
#[derive(Debug, Clone)]
pub enum OtpAction {
    /// Only tell whether the code is right; keep it.
    Check,
    /// Mark the email verified.
    VerifyEmail,
    /// Set this password hash (and sign every session out).
    ResetPassword(String),
}

impl OtpAction {
    /// Applies a right code's action to its account; false for a check, which changes nothing.
    pub(crate) fn apply(&self, user: &mut User, now: DateTime<Utc>) -> bool {
        match self {
            Self::Check => return false,
            Self::VerifyEmail => {
                user.email_verified_at.get_or_insert(now);
            }
            Self::ResetPassword(hash) => {
                user.password_hash = hash.clone();
                user.token_version += 1;
            }
        }
        true
    }
}

/// A code handed in, as `Otps::redeem` takes it. `expected` is the account the player named (by email), if they
/// named one: a wrong code then counts against that account's code, burning it at the fifth, and a code of another
/// account is wrong. Without `expected` a wrong code counts against nobody.
#[derive(Debug, Clone, Copy)]
pub struct OtpClaim<'a> {
    pub purpose: OtpPurpose,
    pub code: &'a str,
    pub expected: Option<UserId>,
    /// What the code does to its account once accepted (`OtpAction::Check` keeps the code).
    pub action: &'a OtpAction,
}

pub trait Otps: Send + Sync {
    /// Draws a new code for the user, replacing any earlier one of the same purpose; a minute must have passed
    /// since the last one was sent.
    fn issue(&self, user: UserId, purpose: OtpPurpose, pepper: &OtpPepper, now: DateTime<Utc>)
        -> StoreResult<OtpIssue>;

    /// Uses a code, and applies the claim's `action` to its account in the same transaction (a check keeps the
    /// code). An expired code is swept.
    fn redeem(&self, claim: OtpClaim<'_>, pepper: &OtpPepper, now: DateTime<Utc>) -> StoreResult<OtpVerdict>;
}
