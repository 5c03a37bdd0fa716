//! The audit log: entries only ever appended, in the order of their ids, and removed only by `prune_before` (the
//! operator's retention setting), oldest first.

use chrono::{DateTime, Utc};

use super::books::ENTRY_ORDER_SLACK_SECS;
use super::listing::{Page, Slice};
use crate::activity::{Activity, ActivityFilter};
use crate::error::StoreResult;

pub trait Activities: Send + Sync {
    /// Appends an entry, giving it the next id; `activity.id` is ignored.
    fn record(&self, activity: Activity) -> StoreResult<Activity>;

    /// A page of the log, in id (time) order, and the log's length.
    fn page(&self, slice: Slice) -> StoreResult<Page<Activity>>;

    /// The log, newest first, read a little at a time (for searches over it).
    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Activity>> + '_>;

    /// The entries `filter` keeps, newest first, read a little at a time. The read stops a little before
    /// `filter.since` (entries are timed a moment before the log gives them their id, so near the boundary id order
    /// and time order may differ); an engine that can ask its index for the window and the rest does so.
    fn matching<'a>(&'a self, filter: &'a ActivityFilter) -> Box<dyn Iterator<Item = StoreResult<Activity>> + 'a> {
        let stop = filter.since.map(|since| since - chrono::Duration::seconds(ENTRY_ORDER_SLACK_SECS));
        Box::new(
            self.newest_first()
                .take_while(move |a| a.as_ref().map_or(true, |a| stop.is_none_or(|stop| a.at >= stop)))
                .filter(move |a| a.as_ref().map_or(true, |a| filter.keeps(a))),
        )
    }

    /// Removes the entries older than `cutoff`; answers how many went.
    fn prune_before(&self, cutoff: DateTime<Utc>) -> StoreResult<u64>;
}
