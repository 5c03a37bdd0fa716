//! One-time codes (`seam::Otps`) in the embedded store: `otps` holds each account's live code of a purpose,
//! `otp_codes` maps a live code's digest to its owner.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use sled::Transactional;

use super::codec::{abort, decode, encode, id_from, id_key};
use super::users::{counted, put_user, read_user, UserStore};
use crate::error::StoreResult;
use crate::seam::{OtpClaim, OtpIssue, OtpPepper, OtpPurpose, OtpVerdict};
use crate::seam::{Otps, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_MINUTES};
use crate::user::UserId;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct OtpRecord {
    user_id: UserId,
    digest: String,
    expires_at: DateTime<Utc>,
    sent_at: DateTime<Utc>,
    attempts: u8,
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
}

impl Otps for OtpStore {
    fn issue(
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
                let (code, digest) = pepper.draw(purpose);
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

    fn redeem(&self, claim: OtpClaim<'_>, pepper: &OtpPepper, now: DateTime<Utc>) -> StoreResult<OtpVerdict> {
        let OtpClaim { purpose, code, expected, action } = claim;
        let digest = pepper.digest(purpose, code);
        let _gate = super::backup::writing();
        let trees = (&self.records, &self.codes, &self.users.users, self.users.meta());
        let verdict = trees.transaction(|(records, codes, users, meta)| {
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
            let was = counted(Some(&user));
            if !action.apply(&mut user, now) {
                return Ok(OtpVerdict::Accepted(Box::new(user)));
            }
            put_user(users, meta, was, &user)?;
            records.remove(key.as_slice())?;
            codes.remove(code_key(purpose, &digest))?;
            Ok(OtpVerdict::Accepted(Box::new(user)))
        })?;
        Ok(verdict)
    }
}
