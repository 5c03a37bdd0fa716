//! Manual adjustments and four eyes on them: each request waiting for a second admin by id, and by requester and
//! key so a repeated request answers the first one; and what each admin asked for each Lagos day, per player and in
//! total, so that the threshold holds for the day's sum and not only for one request (docs/security.md).

use crate::adjustment::{Adjusted, Decision, FourEyes, PendingAdjustment};
use crate::error::StoreResult;

pub trait Adjustments: Send + Sync {
    fn next_id(&self) -> StoreResult<u64>;

    /// Decides an adjustment `asked` by one admin, in one transaction with what it writes, whatever node asks: a
    /// key already used answers what it did (applied: the entry, `replayed`; filed: the request) and counts nothing
    /// again. Otherwise, if `limits` hold it (its size, or with what this admin asked for this player today, or
    /// moved alone today), it is filed with its reason and nothing moves; else it is applied with its ledger entry
    /// (`alone_entry(entry_id)`), unless that would overdraw. What is filed counts in the admin's day for the player
    /// (so an approved request counts as moved); what is applied at once counts there and in the admin's day
    /// alone. Two adjustments decided at once see each other: they cannot both pass below the threshold.
    fn adjust(&self, asked: &PendingAdjustment, entry_id: u64, limits: FourEyes) -> StoreResult<Adjusted>;

    /// Files a request as it is, or answers the one this requester filed with the same key, whatever node filed
    /// it: (the request, whether new). Counts nothing in the day's sums: the server asks through `adjust`.
    fn request(&self, adjustment: &PendingAdjustment) -> StoreResult<(PendingAdjustment, bool)>;

    fn get(&self, id: u64) -> StoreResult<Option<PendingAdjustment>>;

    /// Every request, newest first.
    fn all(&self) -> StoreResult<Vec<PendingAdjustment>>;

    /// Decides a pending request once: the stored request after, or None if there is none. A request already
    /// decided (two admins on two nodes at once: one wins) is answered as it stands.
    fn decide(&self, id: u64, decision: Decision) -> StoreResult<Option<PendingAdjustment>>;
}
