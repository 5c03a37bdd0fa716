//! Manual adjustments waiting for a second admin: each by id, and by requester and key so a repeated request
//! answers the first one.

use chrono::{DateTime, Utc};

use crate::adjustment::{ApprovalStatus, PendingAdjustment};
use crate::error::StoreResult;
use crate::user::UserId;

pub trait Adjustments: Send + Sync {
    fn next_id(&self) -> StoreResult<u64>;

    /// Files a request, or answers the one this requester filed with the same key, whatever node filed it: (the
    /// request, whether new).
    fn request(&self, adjustment: &PendingAdjustment) -> StoreResult<(PendingAdjustment, bool)>;

    fn get(&self, id: u64) -> StoreResult<Option<PendingAdjustment>>;

    /// Every request, newest first.
    fn all(&self) -> StoreResult<Vec<PendingAdjustment>>;

    /// Decides a pending request once: the stored request after, or None if there is none. A request already
    /// decided (two admins on two nodes at once: one wins) is answered as it stands.
    fn decide(
        &self,
        id: u64,
        status: ApprovalStatus,
        by: UserId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<PendingAdjustment>>;
}
