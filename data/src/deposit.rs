//! A deposit: money a player pays in through the payment gateway, keyed by its gateway reference.
//!
//! A deposit is `pending` from the moment the player asks to pay until the gateway confirms it. It becomes `success`
//! in the same transaction that writes its ledger entry and the new balance, so a replayed webhook finds it already
//! `success` and changes nothing. `failed` records a checkout the gateway reported as failed; it moved no money.
//!
//! A checkout is open for [`CHECKOUT_TTL_MINUTES`] on our side (`expires_at`): while open it holds its amount of the
//! player's deposit-limit room. A payment confirmed later than that (or after the checkout failed) holds no room, so
//! it is credited only if the limits still allow it at that moment; otherwise the deposit becomes `held`: the money
//! reached the gateway but not the wallet, and waits for an operator to refund it (docs/decisions/007; the player is
//! told why in `held_reason`). A `held` deposit, like a `success` one, is final: a replayed confirmation changes
//! nothing.
//!
//! An abandoned checkout reads `expired` in the API once `expires_at` has passed ([`Deposit::status_at`]). That is
//! decided when the deposit is read, not stored: the stored status stays `pending`, so a payment the gateway confirms
//! late still goes through the one crediting transaction above, exactly once, on either engine, and no job has to
//! rewrite rows (docs/decisions/060).

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::ledger::EntryId;
use crate::money::Kobo;
use crate::user::UserId;

/// The smallest deposit, ₦100 (docs/product.md §7).
pub const DEPOSIT_MIN: Kobo = Kobo::naira(100);
/// The largest deposit, ₦1,000,000 (docs/product.md §7).
pub const DEPOSIT_MAX: Kobo = Kobo::naira(1_000_000);
/// How long a checkout stays open on our side. A deposit still pending after this no longer holds deposit-limit room,
/// and a payment confirmed after it is credited only if the limits still allow it then.
pub const CHECKOUT_TTL_MINUTES: i64 = 60;
/// The word the API shows for a checkout still pending after it closed (see [`Deposit::status_at`]).
pub const EXPIRED: &str = "expired";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DepositStatus {
    Pending,
    Success,
    Failed,
    /// Paid at the gateway but not credited: the player's deposit limits did not allow it when the payment was
    /// confirmed. Waits for an operator to refund it; never credited by a replay.
    Held,
}

impl DepositStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Success => "success",
            Self::Failed => "failed",
            Self::Held => "held",
        }
    }

    /// Whether a confirmation has already been decided for good (credited or held): another changes nothing.
    pub fn is_final(self) -> bool {
        matches!(self, Self::Success | Self::Held)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Deposit {
    pub id: u64,
    /// Our reference, also the gateway's transaction reference: unique, unguessable.
    pub reference: String,
    pub user_id: UserId,
    pub amount: Kobo,
    /// `sandbox` or `paystack`: the gateway that took the payment.
    pub gateway: String,
    pub status: DepositStatus,
    /// Where the player pays (the gateway's checkout page); set once the gateway answered.
    #[serde(default)]
    pub authorization_url: Option<String>,
    /// The ledger entry that credited it, once `success`.
    #[serde(default)]
    pub entry_id: Option<EntryId>,
    /// Why the gateway said it failed.
    #[serde(default)]
    pub failure_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// When the checkout stops holding limit room. Deposits recorded before checkouts expired on the server have
    /// none: theirs is `created_at` + [`CHECKOUT_TTL_MINUTES`] (see [`Deposit::expires_at`]).
    #[serde(default)]
    pub expires_at: Option<DateTime<Utc>>,
    /// When it was credited: deposit limits count a credited deposit from this moment. Deposits credited before
    /// this was recorded read `updated_at` (see [`Deposit::credited_at`]).
    #[serde(default)]
    pub credited_at: Option<DateTime<Utc>>,
    /// Why a `held` deposit was not credited, in words for the player.
    #[serde(default)]
    pub held_reason: Option<String>,
}

impl Deposit {
    /// A new pending deposit.
    pub fn pending(
        id: u64,
        reference: String,
        user_id: UserId,
        amount: Kobo,
        gateway: &str,
        now: DateTime<Utc>,
    ) -> Self {
        Self {
            id,
            reference,
            user_id,
            amount,
            gateway: gateway.to_string(),
            status: DepositStatus::Pending,
            authorization_url: None,
            entry_id: None,
            failure_reason: None,
            created_at: now,
            updated_at: now,
            expires_at: Some(now + Duration::minutes(CHECKOUT_TTL_MINUTES)),
            credited_at: None,
            held_reason: None,
        }
    }

    /// The same deposit with a checkout open for `ttl` from when it was opened instead of the default hour
    /// (`AYO_CHECKOUT_TTL_SECS`).
    pub fn open_for(self, ttl: Duration) -> Self {
        Self { expires_at: Some(self.created_at + ttl), ..self }
    }

    /// Its status as the player sees it at `now`: `expired` for a checkout still pending after it closed, else the
    /// stored status. A payment confirmed after that still credits it (the stored status is `pending`).
    pub fn status_at(&self, now: DateTime<Utc>) -> &'static str {
        if self.status == DepositStatus::Pending && !self.is_open(now) {
            EXPIRED
        } else {
            self.status.as_str()
        }
    }

    /// When its checkout stops holding deposit-limit room.
    pub fn expires_at(&self) -> DateTime<Utc> {
        self.expires_at.unwrap_or(self.created_at + Duration::minutes(CHECKOUT_TTL_MINUTES))
    }

    /// Whether its checkout is open at `now`: pending and not expired. An open checkout holds its amount of the
    /// player's deposit-limit room, so several opened at once cannot pass a limit together.
    pub fn is_open(&self, now: DateTime<Utc>) -> bool {
        self.status == DepositStatus::Pending && now < self.expires_at()
    }

    /// When it was credited, if it was.
    pub fn credited_at(&self) -> Option<DateTime<Utc>> {
        (self.status == DepositStatus::Success).then(|| self.credited_at.unwrap_or(self.updated_at))
    }
}

/// Checks a requested deposit amount against the per-deposit bounds; the message is what the player sees.
pub fn check_amount(amount: Kobo) -> Result<Kobo, String> {
    if amount < DEPOSIT_MIN || amount > DEPOSIT_MAX {
        return Err(format!("Deposit between {DEPOSIT_MIN} and {DEPOSIT_MAX}"));
    }
    Ok(amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deposits_run_from_one_hundred_to_one_million_naira() {
        assert!(check_amount(Kobo(9_999)).is_err());
        assert_eq!(check_amount(Kobo(10_000)), Ok(Kobo(10_000)));
        assert_eq!(check_amount(Kobo(100_000_000)), Ok(Kobo(100_000_000)));
        assert_eq!(check_amount(Kobo(100_000_001)), Err("Deposit between ₦100.00 and ₦1,000,000.00".into()));
    }

    #[test]
    fn a_checkout_is_open_for_an_hour_and_only_while_pending() {
        let now = Utc::now();
        let d = Deposit::pending(1, "r".into(), 1, Kobo(10_000), "sandbox", now - Duration::minutes(59));
        assert!(d.is_open(now));
        assert!(!d.is_open(now + Duration::minutes(1)), "expired on the minute");
        for status in [DepositStatus::Success, DepositStatus::Failed, DepositStatus::Held] {
            assert!(!Deposit { status, ..d.clone() }.is_open(now), "{status:?}");
        }
        // A deposit recorded before `expires_at` existed expires an hour after it was opened.
        let old = Deposit { expires_at: None, created_at: now - Duration::minutes(61), ..d.clone() };
        assert_eq!(old.expires_at(), now - Duration::minutes(1));
        assert!(!old.is_open(now));
    }

    #[test]
    fn an_abandoned_checkout_reads_expired_once_it_closes_and_a_decided_one_keeps_its_status() {
        let now = Utc::now();
        let d = Deposit::pending(1, "r".into(), 1, Kobo(10_000), "sandbox", now).open_for(Duration::seconds(5));
        assert_eq!(d.expires_at(), now + Duration::seconds(5));
        assert_eq!(d.status_at(now), "pending");
        assert_eq!(d.status_at(now + Duration::seconds(5)), "expired");
        for status in [DepositStatus::Success, DepositStatus::Failed, DepositStatus::Held] {
            assert_eq!(Deposit { status, ..d.clone() }.status_at(now + Duration::days(1)), status.as_str());
        }
    }

    #[test]
    fn a_credited_deposit_counts_from_when_it_was_credited() {
        let opened = Utc::now() - Duration::hours(30);
        let mut d = Deposit::pending(1, "r".into(), 1, Kobo(10_000), "sandbox", opened);
        assert_eq!(d.credited_at(), None);
        d.status = DepositStatus::Success;
        d.updated_at = opened + Duration::hours(2);
        assert_eq!(d.credited_at(), Some(opened + Duration::hours(2)), "older records: when it last changed");
        d.credited_at = Some(opened + Duration::hours(1));
        assert_eq!(d.credited_at(), Some(opened + Duration::hours(1)));
    }
}
