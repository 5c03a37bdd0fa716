//! The audit log: entries only ever appended, in the order of their ids, and removed only by `prune_before` (the
//! operator's retention setting), oldest first.

use chrono::{DateTime, Utc};

use super::listing::{Page, Slice};
use crate::activity::Activity;
use crate::error::StoreResult;

pub trait Activities: Send + Sync {
    /// Appends an entry, giving it the next id; `activity.id` is ignored.
    fn record(&self, activity: Activity) -> StoreResult<Activity>;

    /// A page of the log, in id (time) order, and the log's length.
    fn page(&self, slice: Slice) -> StoreResult<Page<Activity>>;

    /// The log, newest first, read a little at a time (for searches over it).
    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Activity>> + '_>;

    /// Removes the entries older than `cutoff`; answers how many went.
    fn prune_before(&self, cutoff: DateTime<Utc>) -> StoreResult<u64>;
}
