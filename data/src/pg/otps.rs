//! One-time codes (`seam::Otps`) on PostgreSQL: rows of `otps` (migration 0004), one per account and purpose,
//! found by the code's digest. A code's row is locked while it is tried, so two nodes given one code at once use it
//! once; a right code's action is written to its account in the same transaction that deletes the row.

use chrono::{DateTime, Duration, SubsecRound, Utc};
use tokio_postgres::Transaction;

use super::blocking::PgSync;
use super::error::PgError;
use super::users::{locked_by_id, put, until_won};
use crate::error::StoreResult;
use crate::seam::{
    OtpAction, OtpClaim, OtpIssue, OtpPepper, OtpPurpose, OtpVerdict, Otps, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS,
    OTP_TTL_MINUTES,
};
use crate::user::UserId;

#[derive(Clone)]
pub struct PgOtps {
    pg: PgSync,
}

impl PgOtps {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }
}

/// One try at `Otps::issue`: a first code racing another for the account's row, or a digest taken meanwhile, fails
/// on a unique index and is tried again.
async fn issue_in(
    tx: &Transaction<'_>,
    user: i64,
    purpose: &str,
    pepper: &OtpPepper,
    kind: OtpPurpose,
    now: DateTime<Utc>,
) -> Result<OtpIssue, PgError> {
    let sql = "SELECT sent_at FROM otps WHERE purpose = $1 AND user_id = $2 FOR UPDATE";
    // PostgreSQL keeps microseconds: times are compared as stored, so the minute's wait comes out as sled's does.
    let (asked, now) = (now, now.trunc_subsecs(6));
    if let Some(previous) = tx.query_opt(sql, &[&purpose, &user]).await? {
        let sent_at: DateTime<Utc> = previous.get(0);
        let wait = (sent_at + Duration::seconds(OTP_RESEND_SECONDS) - now).num_seconds();
        if wait > 0 {
            return Ok(OtpIssue::Cooldown { retry_after_secs: wait });
        }
        use_up(tx, purpose, user).await?;
    }
    let expires_at = now + Duration::minutes(OTP_TTL_MINUTES);
    loop {
        let (code, digest) = pepper.draw(kind);
        let inserted = tx
            .execute(
                "INSERT INTO otps (purpose, user_id, digest, expires_at, sent_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (purpose, digest) DO NOTHING",
                &[&purpose, &user, &digest, &expires_at, &now],
            )
            .await?;
        // Nothing inserted: a live code of someone else has this digest; draw again.
        if inserted == 1 {
            return Ok(OtpIssue::Issued { code, expires_at: asked + Duration::minutes(OTP_TTL_MINUTES) });
        }
    }
}

/// `Otps::redeem` in one transaction.
async fn redeem_in(
    tx: &Transaction<'_>,
    purpose: &str,
    digest: &str,
    expected: Option<i64>,
    action: &OtpAction,
    now: DateTime<Utc>,
) -> Result<OtpVerdict, PgError> {
    let found = tx
        .query_opt(
            "SELECT user_id, expires_at FROM otps WHERE purpose = $1 AND digest = $2 FOR UPDATE",
            &[&purpose, &digest],
        )
        .await?;
    let found = found.map(|row| (row.get::<_, i64>(0), row.get::<_, DateTime<Utc>>(1)));
    let (owner, expires_at) = match (found, expected) {
        (Some((owner, expires_at)), None) => (owner, expires_at),
        (Some((owner, expires_at)), Some(named)) if owner == named => (owner, expires_at),
        (_, Some(named)) => {
            // A wrong code for a named account: count it, and burn the code at the fifth.
            let tried = tx
                .query_opt(
                    "UPDATE otps SET attempts = attempts + 1 WHERE purpose = $1 AND user_id = $2 RETURNING attempts",
                    &[&purpose, &named],
                )
                .await?;
            let Some(attempts) = tried.map(|row| row.get::<_, i16>(0)) else { return Ok(OtpVerdict::Invalid) };
            if attempts < i16::from(OTP_MAX_ATTEMPTS) {
                return Ok(OtpVerdict::Invalid);
            }
            use_up(tx, purpose, named).await?;
            return Ok(OtpVerdict::Burned);
        }
        (None, None) => return Ok(OtpVerdict::Invalid),
    };
    if expires_at <= now.trunc_subsecs(6) {
        use_up(tx, purpose, owner).await?;
        return Ok(OtpVerdict::Expired);
    }
    let Some(mut user) = locked_by_id(tx, owner as UserId).await? else { return Ok(OtpVerdict::Invalid) };
    if !action.apply(&mut user, now) {
        // A check keeps the code.
        return Ok(OtpVerdict::Accepted(Box::new(user)));
    }
    put(tx, &user).await?;
    use_up(tx, purpose, owner).await?;
    Ok(OtpVerdict::Accepted(Box::new(user)))
}

/// Deletes the account's code of `purpose`.
async fn use_up(tx: &Transaction<'_>, purpose: &str, user: i64) -> Result<(), PgError> {
    tx.execute("DELETE FROM otps WHERE purpose = $1 AND user_id = $2", &[&purpose, &user]).await?;
    Ok(())
}

impl Otps for PgOtps {
    fn issue(
        &self,
        user: UserId,
        purpose: OtpPurpose,
        pepper: &OtpPepper,
        now: DateTime<Utc>,
    ) -> StoreResult<OtpIssue> {
        let pepper = pepper.clone();
        self.pg.run(move |pool| async move {
            let mut client = pool.get().await?;
            until_won(&mut client, |tx| {
                let pepper = pepper.clone();
                Box::pin(async move { issue_in(tx, user as i64, purpose.as_str(), &pepper, purpose, now).await })
            })
            .await
        })
    }

    fn redeem(&self, claim: OtpClaim<'_>, pepper: &OtpPepper, now: DateTime<Utc>) -> StoreResult<OtpVerdict> {
        let OtpClaim { purpose, code, expected, action } = claim;
        let digest = pepper.digest(purpose, code);
        let action = action.clone();
        self.pg.run(move |pool| async move {
            let mut client = pool.get().await?;
            let tx = client.transaction().await?;
            let verdict = redeem_in(&tx, purpose.as_str(), &digest, expected.map(|id| id as i64), &action, now).await?;
            tx.commit().await?;
            Ok(verdict)
        })
    }
}
