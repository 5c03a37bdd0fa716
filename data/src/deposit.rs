//! A deposit: money a player pays in through the payment gateway, keyed by its gateway reference.
//!
//! A deposit is `pending` from the moment the player asks to pay until the gateway confirms it. It becomes `success`
//! in the same sled transaction that writes its ledger entry and the new balance, so a replayed webhook finds it
//! already `success` and changes nothing. `failed` records a checkout the gateway reported as failed; it moved no
//! money. A failed deposit that the gateway later confirms as paid is still credited (once): the money is real.

use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};

use crate::ledger::EntryId;
use crate::money::Kobo;
use crate::user::UserId;

/// The smallest deposit, ₦100 (PRODUCT.md §5).
pub const DEPOSIT_MIN: Kobo = Kobo::naira(100);
/// The largest deposit, ₦1,000,000 (PRODUCT.md §5).
pub const DEPOSIT_MAX: Kobo = Kobo::naira(1_000_000);
/// How long a checkout stays open. A deposit still pending after this counts as abandoned for deposit limits
/// (it is still credited if the gateway later confirms it).
pub const CHECKOUT_TTL_MINUTES: i64 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum DepositStatus {
    Pending,
    Success,
    Failed,
}

impl DepositStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Success => "success",
            Self::Failed => "failed",
        }
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
        }
    }

    /// Whether this deposit uses up deposit-limit room at `now`: credited ones always, pending ones while their
    /// checkout is open (so a player cannot open many checkouts at once to pass a limit), failed ones never.
    pub fn counts_towards_limits(&self, now: DateTime<Utc>) -> bool {
        match self.status {
            DepositStatus::Success => true,
            DepositStatus::Pending => now - self.created_at < Duration::minutes(CHECKOUT_TTL_MINUTES),
            DepositStatus::Failed => false,
        }
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
    fn an_abandoned_checkout_stops_counting_towards_limits_after_an_hour() {
        let now = Utc::now();
        let mut d = Deposit::pending(1, "r".into(), 1, Kobo(10_000), "sandbox", now - Duration::minutes(59));
        assert!(d.counts_towards_limits(now));
        d.created_at = now - Duration::minutes(61);
        assert!(!d.counts_towards_limits(now));
        d.status = DepositStatus::Success;
        assert!(d.counts_towards_limits(now));
        d.status = DepositStatus::Failed;
        assert!(!d.counts_towards_limits(now));
    }
}
