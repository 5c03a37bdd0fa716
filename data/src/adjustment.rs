//! A manual wallet adjustment above the approval threshold, waiting for a second admin (four eyes).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::money::Kobo;
use crate::user::UserId;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ApprovalStatus {
    Pending,
    Approved,
    Rejected,
}

impl ApprovalStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalStatus::Pending => "pending",
            ApprovalStatus::Approved => "approved",
            ApprovalStatus::Rejected => "rejected",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PendingAdjustment {
    pub id: u64,
    pub user_id: UserId,
    /// Signed: a credit or a debit.
    pub amount: Kobo,
    pub reason: String,
    pub requested_by: UserId,
    /// The requester's key: asking again with it answers this approval.
    pub idempotency_key: String,
    pub status: ApprovalStatus,
    pub decided_by: Option<UserId>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}
