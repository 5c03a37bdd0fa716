//! The one-time enrolment code of an admin's first authenticator (docs/decisions/012, docs/security.md "Admin
//! second factor"): `ayo create-admin` without `--totp-secret` prints one on the host, and the first-login
//! enrolment step (`POST /auth/mfa/verify`) requires it beside the authenticator's code. A phished or guessed
//! password alone therefore enrols nothing.
//!
//! The code is 20 characters from the recovery codes' alphabet (31 symbols, about 99 bits): far beyond an offline
//! search, so a plain SHA-256 bound to the account is digest enough and `create-admin` needs none of the server's
//! keys (a cluster's admin host holds no seed key). The code itself is printed once and never stored.

use chrono::{DateTime, Duration, Utc};
use rand::{rngs::OsRng, Rng};
use sha2::{Digest, Sha256};

use ayo_data::user::{EnrolmentCode, UserId};

/// How long a printed code stays good: enough for the operator to hand it over across a weekend.
pub const LIFETIME_HOURS: i64 = 72;
/// Characters of a code (before its dashes).
const LENGTH: usize = 20;
/// Lower case and digits without look-alikes (no i, l, o, 0, 1), as recovery codes.
const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";

/// A new code: what to print, and what to store.
pub struct Issued {
    /// `abcd-efgh-jkmn-pqrs-tuvw`.
    pub code: String,
    pub record: EnrolmentCode,
}

/// A fresh code for account `user`, good for `LIFETIME_HOURS` from `now`, no wrong tries yet.
pub fn issue(user: UserId, now: DateTime<Utc>) -> Issued {
    let mut rng = OsRng;
    let raw: String = (0..LENGTH).map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())])).collect();
    let code = raw.as_bytes().chunks(4).map(|group| String::from_utf8_lossy(group)).collect::<Vec<_>>().join("-");
    let record =
        EnrolmentCode { digest: digest(user, &code), expires_at: now + Duration::hours(LIFETIME_HOURS), misses: 0 };
    Issued { code, record }
}

/// The stored form of a code as typed for account `user` (case, spaces and dashes forgiven). Bound to the account,
/// so a code issued for one admin is nothing to another.
pub fn digest(user: UserId, typed: &str) -> String {
    let canonical: String = typed.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect();
    hex::encode(Sha256::digest(format!("ayo-enrolment-code|{user}|{canonical}").as_bytes()))
}

#[cfg(test)]
mod tests {
    use ayo_data::user::EnrolmentCheck;

    use super::*;

    #[test]
    fn a_code_is_accepted_however_typed_for_its_own_account_only() {
        let now = Utc::now();
        let Issued { code, mut record } = issue(7, now);
        assert_eq!(code.len(), LENGTH + 4, "{code}");
        assert!(!record.digest.contains(&code.replace('-', "")), "only a digest is kept");
        let typed = code.to_uppercase().replace('-', " ");
        assert_eq!(record.check(&digest(7, &typed), now), EnrolmentCheck::Accepted);
        assert_eq!(record.check(&digest(8, &code), now), EnrolmentCheck::Wrong { left: 4 }, "another admin's");
    }

    #[test]
    fn wrong_tries_spend_the_code_and_time_runs_it_out() {
        let now = Utc::now();
        let Issued { code, mut record } = issue(7, now);
        for left in (0..EnrolmentCode::MISSES_ALLOWED).rev() {
            assert_eq!(record.check(&digest(7, "wrong"), now), EnrolmentCheck::Wrong { left });
        }
        assert_eq!(record.check(&digest(7, &code), now), EnrolmentCheck::Locked, "spent: even the right code");
        assert_eq!(record.misses, EnrolmentCode::MISSES_ALLOWED, "a spent code counts no further");

        let Issued { code, mut record } = issue(7, now);
        let later = now + Duration::hours(LIFETIME_HOURS);
        assert_eq!(record.check(&digest(7, &code), later), EnrolmentCheck::Expired);
    }

    #[test]
    fn codes_differ_each_time() {
        let now = Utc::now();
        assert_ne!(issue(7, now).code, issue(7, now).code);
    }
}
