//! A withdrawal: money a player takes out to their saved bank account.
//!
//! The amount is held at once: one `withdrawal` ledger entry with status `pending` and a negative amount, written
//! with the lower balance. From there the withdrawal moves through a small state machine, each move one sled
//! transaction that also updates that ledger entry (and the balance when money comes back):
//!
//! ```text
//! pending ──claim──▶ processing ──paid──▶ success ──reverse──▶ reversed (money returned)
//!    │                   └──failed──▶ failed (money returned)
//!    └──reject──▶ rejected (money returned)
//! ```
//!
//! `failed`, `rejected` and `reversed` are final and each is reached by exactly one move out of a non-final state,
//! so a hold is returned exactly once however often approve, reject or a webhook are replayed.
//!
//! Ledger invariant (docs/decisions/005): a wallet's balance equals the sum of its entries whose status is
//! `success` or `pending`. Only withdrawal holds are ever `pending`; an entry that becomes `failed` or `reversed`
//! had its amount given back in the same transaction that set the status.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::ledger::{EntryId, EntryStatus};
use crate::money::Kobo;
use crate::user::UserId;

pub type WithdrawalId = u64;

/// The smallest withdrawal, ₦1,000 (docs/product.md §7).
pub const WITHDRAWAL_MIN: Kobo = Kobo::naira(1_000);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum WithdrawalStatus {
    /// Held, waiting for an admin.
    Pending,
    /// Approved: the transfer was sent (or is being sent) to the gateway.
    Processing,
    /// The bank transfer completed.
    Success,
    /// The transfer failed; the money is back in the wallet.
    Failed,
    /// An admin refused it; the money is back in the wallet.
    Rejected,
    /// The gateway reversed a completed transfer; the money is back in the wallet.
    Reversed,
}

impl WithdrawalStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Processing => "processing",
            Self::Success => "success",
            Self::Failed => "failed",
            Self::Rejected => "rejected",
            Self::Reversed => "reversed",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Pending, Self::Processing, Self::Success, Self::Failed, Self::Rejected, Self::Reversed]
            .into_iter()
            .find(|s| s.as_str() == raw)
    }

    /// The status of the withdrawal's ledger entry.
    pub fn entry_status(self) -> EntryStatus {
        match self {
            Self::Pending | Self::Processing => EntryStatus::Pending,
            Self::Success => EntryStatus::Success,
            Self::Failed => EntryStatus::Failed,
            Self::Rejected | Self::Reversed => EntryStatus::Reversed,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Withdrawal {
    pub id: WithdrawalId,
    pub user_id: UserId,
    /// What leaves the wallet (positive).
    pub amount: Kobo,
    pub status: WithdrawalStatus,
    /// The bank account as it was when the player asked: replacing the saved account later changes nothing here.
    pub bank_code: String,
    pub bank_name: String,
    pub account_number: String,
    pub account_name: String,
    pub idempotency_key: String,
    /// The `withdrawal` ledger entry of the hold.
    pub entry_id: EntryId,
    /// The gateway transfer's reference: stable, so a retried transfer is recognised as the same payout.
    pub transfer_reference: String,
    /// Why it was rejected, failed or reversed.
    #[serde(default)]
    pub reason: Option<String>,
    /// The admin who approved or rejected it.
    #[serde(default)]
    pub decided_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Withdrawal {
    /// The gateway reference of withdrawal `id`: lowercase, digits and dashes, 16–50 characters (Paystack's rule).
    pub fn transfer_reference_for(id: WithdrawalId) -> String {
        format!("ayo-withdrawal-{id:010}")
    }

    /// The account number as shown in ledger descriptions: only its last four digits.
    pub fn masked_account(&self) -> String {
        let tail: String = self.account_number.chars().rev().take(4).collect::<Vec<_>>().into_iter().rev().collect();
        format!("••••{tail}")
    }

    /// The ledger entry's description for the current status.
    pub fn describe(&self) -> String {
        let to = format!("Withdrawal to {} {}", self.bank_name, self.masked_account());
        let reason = self.reason.as_deref().unwrap_or("no reason given");
        match self.status {
            WithdrawalStatus::Pending => format!("{to} (awaiting approval)"),
            WithdrawalStatus::Processing => format!("{to} (transfer in progress)"),
            WithdrawalStatus::Success => format!("{to} (paid)"),
            WithdrawalStatus::Failed => format!("{to} (transfer failed: {reason}; money returned)"),
            WithdrawalStatus::Rejected => format!("{to} (rejected: {reason}; money returned)"),
            WithdrawalStatus::Reversed => format!("{to} (reversed by the bank: {reason}; money returned)"),
        }
    }
}

/// A move of the withdrawal state machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WithdrawalMove {
    /// An admin approved: the transfer is about to be sent.
    Claim { by: UserId },
    /// The gateway confirmed the transfer.
    Paid,
    /// The gateway says the transfer failed: the money comes back.
    Fail { reason: String },
    /// An admin refused: the money comes back.
    Reject { by: UserId, reason: String },
    /// The gateway reversed a completed transfer: the money comes back.
    Reverse { reason: String },
}

impl WithdrawalMove {
    pub fn target(&self) -> WithdrawalStatus {
        match self {
            Self::Claim { .. } => WithdrawalStatus::Processing,
            Self::Paid => WithdrawalStatus::Success,
            Self::Fail { .. } => WithdrawalStatus::Failed,
            Self::Reject { .. } => WithdrawalStatus::Rejected,
            Self::Reverse { .. } => WithdrawalStatus::Reversed,
        }
    }

    /// Whether the move may start from `from`.
    pub fn allowed_from(&self, from: WithdrawalStatus) -> bool {
        use WithdrawalStatus as S;
        matches!(
            (self, from),
            (Self::Claim { .. } | Self::Reject { .. }, S::Pending)
                | (Self::Paid | Self::Fail { .. }, S::Processing)
                | (Self::Reverse { .. }, S::Success)
        )
    }

    /// Whether the held amount goes back to the wallet.
    pub fn returns_money(&self) -> bool {
        matches!(self, Self::Fail { .. } | Self::Reject { .. } | Self::Reverse { .. })
    }

    /// Applies the move to the record (the caller checked `allowed_from`).
    pub fn apply(&self, w: &mut Withdrawal, now: DateTime<Utc>) {
        w.status = self.target();
        w.updated_at = now;
        match self {
            Self::Claim { by } => w.decided_by = Some(*by),
            Self::Reject { by, reason } => {
                w.decided_by = Some(*by);
                w.reason = Some(reason.clone());
            }
            Self::Fail { reason } | Self::Reverse { reason } => w.reason = Some(reason.clone()),
            Self::Paid => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use WithdrawalStatus as S;

    const ALL: [S; 6] = [S::Pending, S::Processing, S::Success, S::Failed, S::Rejected, S::Reversed];

    #[test]
    fn money_comes_back_only_from_a_non_final_state_into_a_final_one() {
        let moves = [
            WithdrawalMove::Claim { by: 1 },
            WithdrawalMove::Paid,
            WithdrawalMove::Fail { reason: "x".into() },
            WithdrawalMove::Reject { by: 1, reason: "x".into() },
            WithdrawalMove::Reverse { reason: "x".into() },
        ];
        for m in &moves {
            for from in ALL {
                if m.allowed_from(from) && m.returns_money() {
                    assert!(!matches!(from, S::Failed | S::Rejected | S::Reversed), "{m:?} from {from:?}");
                    assert!(matches!(m.target(), S::Failed | S::Rejected | S::Reversed));
                }
            }
        }
        // The final states accept no move at all: nothing can return a hold twice.
        for from in [S::Failed, S::Rejected, S::Reversed] {
            assert!(moves.iter().all(|m| !m.allowed_from(from)), "{from:?}");
        }
    }

    #[test]
    fn a_reject_cannot_overtake_an_approval_in_flight() {
        let reject = WithdrawalMove::Reject { by: 1, reason: "x".into() };
        assert!(reject.allowed_from(S::Pending));
        assert!(!reject.allowed_from(S::Processing));
    }

    #[test]
    fn transfer_references_follow_paystacks_rules() {
        let r = Withdrawal::transfer_reference_for(42);
        assert_eq!(r, "ayo-withdrawal-0000000042");
        assert!((16..=50).contains(&r.len()));
        assert!(r.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'));
    }

    #[test]
    fn statuses_read_back_from_their_names() {
        for s in ALL {
            assert_eq!(WithdrawalStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(WithdrawalStatus::parse("nope"), None);
    }
}
