//! Ledger entries (the player's "transactions"): every change of a balance is exactly one entry, written in the
//! same sled transaction as the new balance, so a wallet's successful entries always sum to its balance — together
//! with its `pending` ones, which are withdrawal holds (see `crate::withdrawal` and docs/decisions/005).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::money::Kobo;
use crate::user::UserId;

pub type EntryId = u64;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryKind {
    Deposit,
    Withdrawal,
    Stake,
    Win,
    Refund,
    Adjustment,
    /// Withholding tax on a winning ticket's net win (`crate::tax`): its own line, right after the win.
    Tax,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EntryStatus {
    Pending,
    Success,
    Failed,
    Reversed,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub id: EntryId,
    pub user_id: UserId,
    #[serde(rename = "type")]
    pub kind: EntryKind,
    pub status: EntryStatus,
    /// The signed change to the balance: negative for stakes and withdrawals.
    pub amount: Kobo,
    pub balance_after: Kobo,
    /// What the entry is about: `ticket:42`, a gateway reference, …
    pub reference: String,
    pub description: String,
    pub created_at: DateTime<Utc>,
}

impl LedgerEntry {
    /// Whether its amount is in the balance: a pending or successful entry is; a failed or reversed withdrawal's
    /// entry stays in the ledger with its money back in the balance.
    pub fn stands(&self) -> bool {
        matches!(self.status, EntryStatus::Pending | EntryStatus::Success)
    }
}

/// The result of a money move: the entries written and the balance after them.
#[derive(Debug, Clone, PartialEq)]
pub struct Moved<T> {
    pub value: T,
    pub entries: Vec<LedgerEntry>,
    pub balance: Kobo,
    /// True when this was a replay of an earlier request: nothing changed.
    pub replayed: bool,
}
