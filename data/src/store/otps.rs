//! One-time codes sent by email: 6 digits, 10 minutes, 5 wrong tries, one resend a minute.
//!
//! A code is stored only as HMAC-SHA256(pepper, purpose:code). The HMAC (not a salted hash) lets SPEC's
//! `POST /otps/verify {otp, type}` find the code without an email: `otp_codes` maps the HMAC to its owner, and a new
//! code is drawn again until it differs from every live code of its purpose. Without the pepper, a stolen database
//! does not reveal a code (brute-forcing a million candidates needs the key).

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use rand::Rng;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use sled::Transactional;

use super::codec::{decode, encode, id_from, id_key};
use super::users::{abort, put_user, read_user, UserStore};
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

    fn digest(&self, purpose: OtpPurpose, code: &str) -> String {
        self.tag(purpose.as_str(), code)
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

#[derive(Debug, Clone, Serialize, Deserialize)]
struct OtpRecord {
    user_id: UserId,
    digest: String,
    expires_at: DateTime<Utc>,
    sent_at: DateTime<Utc>,
    attempts: u8,
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
    /// The code was right but is older than 10 minutes.
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

#[derive(Clone)]
pub struct OtpStore {
    users: UserStore,
    records: sled::Tree,
    codes: sled::Tree,
}

fn record_key(purpose: OtpPurpose, user: UserId) -> Vec<u8> {
    let mut key = purpose.as_str().as_bytes().to_vec();
    key.push(b':');
    key.extend_from_slice(&id_key(user));
    key
}

fn code_key(purpose: OtpPurpose, digest: &str) -> Vec<u8> {
    format!("{}:{digest}", purpose.as_str()).into_bytes()
}

impl OtpStore {
    pub(super) fn open(db: &sled::Db, users: UserStore) -> StoreResult<Self> {
        Ok(Self { users, records: db.open_tree("otps")?, codes: db.open_tree("otp_codes")? })
    }

    /// Draws a new code for the user, replacing any earlier one of the same purpose.
    pub fn issue(
        &self,
        user: UserId,
        purpose: OtpPurpose,
        pepper: &OtpPepper,
        now: DateTime<Utc>,
    ) -> StoreResult<OtpIssue> {
        let key = record_key(purpose, user);
        let _gate = super::backup::writing();
        let outcome = (&self.records, &self.codes).transaction(|(records, codes)| {
            let previous: Option<OtpRecord> = match records.get(&key)? {
                Some(bytes) => Some(decode(&bytes).map_err(abort)?),
                None => None,
            };
            if let Some(prev) = &previous {
                let wait = (prev.sent_at + Duration::seconds(OTP_RESEND_SECONDS) - now).num_seconds();
                if wait > 0 {
                    return Ok(OtpIssue::Cooldown { retry_after_secs: wait });
                }
                codes.remove(code_key(purpose, &prev.digest))?;
            }
            let (code, digest) = loop {
                let code = format!("{:06}", rand::thread_rng().gen_range(0..1_000_000u32));
                let digest = pepper.digest(purpose, &code);
                match codes.get(code_key(purpose, &digest))? {
                    None => break (code, digest),
                    // Taken by a live code of someone else: draw again. Expired holders are swept by `redeem`.
                    Some(_) => continue,
                }
            };
            let expires_at = now + Duration::minutes(OTP_TTL_MINUTES);
            let record = OtpRecord { user_id: user, digest: digest.clone(), expires_at, sent_at: now, attempts: 0 };
            records.insert(key.as_slice(), encode(&record).map_err(abort)?)?;
            codes.insert(code_key(purpose, &digest), &id_key(user))?;
            Ok(OtpIssue::Issued { code, expires_at })
        })?;
        Ok(outcome)
    }

    /// Uses a code. `expected` is the account the player named (by email), if they named one: a wrong code then
    /// counts against that account's code, and a code of another account is wrong.
    pub fn redeem(
        &self,
        purpose: OtpPurpose,
        code: &str,
        expected: Option<UserId>,
        action: &OtpAction,
        pepper: &OtpPepper,
        now: DateTime<Utc>,
    ) -> StoreResult<OtpVerdict> {
        let digest = pepper.digest(purpose, code);
        let _gate = super::backup::writing();
        let verdict = (&self.records, &self.codes, &self.users.users).transaction(|(records, codes, users)| {
            let owner = match codes.get(code_key(purpose, &digest))? {
                Some(id) => Some(id_from("otp_codes", &id).map_err(abort)?),
                None => None,
            };
            let target = match (owner, expected) {
                (Some(owner), None) => owner,
                (Some(owner), Some(exp)) if owner == exp => owner,
                (_, Some(exp)) => {
                    // A wrong code for a named account: count it, and burn the code at the fifth.
                    let key = record_key(purpose, exp);
                    let Some(bytes) = records.get(&key)? else {
                        return Ok(OtpVerdict::Invalid);
                    };
                    let mut record: OtpRecord = decode(&bytes).map_err(abort)?;
                    record.attempts += 1;
                    if record.attempts >= OTP_MAX_ATTEMPTS {
                        records.remove(key.as_slice())?;
                        codes.remove(code_key(purpose, &record.digest))?;
                        return Ok(OtpVerdict::Burned);
                    }
                    records.insert(key.as_slice(), encode(&record).map_err(abort)?)?;
                    return Ok(OtpVerdict::Invalid);
                }
                (None, None) => return Ok(OtpVerdict::Invalid),
            };
            let key = record_key(purpose, target);
            let Some(bytes) = records.get(&key)? else {
                codes.remove(code_key(purpose, &digest))?;
                return Ok(OtpVerdict::Invalid);
            };
            let record: OtpRecord = decode(&bytes).map_err(abort)?;
            if record.expires_at <= now {
                records.remove(key.as_slice())?;
                codes.remove(code_key(purpose, &digest))?;
                return Ok(OtpVerdict::Expired);
            }
            let Some(mut user) = read_user(users, target)? else {
                return Ok(OtpVerdict::Invalid);
            };
            match action {
                OtpAction::Check => return Ok(OtpVerdict::Accepted(Box::new(user))),
                OtpAction::VerifyEmail => {
                    user.email_verified_at.get_or_insert(now);
                }
                OtpAction::ResetPassword(hash) => {
                    user.password_hash = hash.clone();
                    user.token_version += 1;
                }
            }
            put_user(users, &user)?;
            records.remove(key.as_slice())?;
            codes.remove(code_key(purpose, &digest))?;
            Ok(OtpVerdict::Accepted(Box::new(user)))
        })?;
        Ok(verdict)
    }
}
