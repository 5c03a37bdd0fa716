//! The audit log (`seam::Activities`) in the embedded store: the `activities` tree, keyed by increasing id, with
//! its length kept in the `meta` tree beside it.

use chrono::{DateTime, Utc};
use sled::Transactional;

use super::codec::{decode, encode, id_key};
use super::listing;
use super::tally;
use crate::activity::Activity;
use crate::error::StoreResult;
use crate::seam::Activities;
use crate::seam::{Page, Slice};

const COUNT: u8 = b'a';

#[derive(Clone)]
pub struct ActivityStore {
    db: sled::Db,
    log: sled::Tree,
    meta: sled::Tree,
}

impl ActivityStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), log: db.open_tree("activities")?, meta: db.open_tree("meta")? })
    }

    /// Counts the log afresh (a store from before the count was kept).
    pub(super) fn rebuild_tallies(&self) -> StoreResult<()> {
        let n = listing::count(self.log.iter().keys())?;
        tally::put(&self.meta, &tally::key(COUNT, &[]), [i64::try_from(n).unwrap_or(i64::MAX)])
    }
}

impl Activities for ActivityStore {
    fn record(&self, mut activity: Activity) -> StoreResult<Activity> {
        activity.id = self.db.generate_id()? + 1;
        let bytes = encode(&activity)?;
        let _gate = super::backup::writing();
        (&self.log, &self.meta).transaction(|(log, meta)| {
            log.insert(&id_key(activity.id), bytes.as_slice())?;
            tally::add(meta, &tally::key(COUNT, &[]), [1])
        })?;
        Ok(activity)
    }

    fn page(&self, slice: Slice) -> StoreResult<Page<Activity>> {
        let ids = listing::ids(self.log.iter().keys(), slice)?;
        let rows = listing::records(ids, |id| self.log.get(id_key(id))?.map(|b| decode(&b)).transpose())?;
        let [total] = tally::read(&self.meta, &tally::key(COUNT, &[]))?;
        Ok(Page { rows, total: tally::count(total) })
    }

    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Activity>> + '_> {
        Box::new(self.log.iter().values().rev().map(|v| decode(&v?)))
    }

    fn prune_before(&self, cutoff: DateTime<Utc>) -> StoreResult<u64> {
        let mut removed = 0;
        loop {
            let mut old = Vec::new();
            for item in self.log.iter().take(500) {
                let (key, value) = item?;
                let activity: Activity = decode(&value)?;
                if activity.at >= cutoff {
                    break;
                }
                old.push(key);
            }
            if old.is_empty() {
                return Ok(removed);
            }
            let n = i64::try_from(old.len()).unwrap_or(i64::MAX);
            let _gate = super::backup::writing();
            (&self.log, &self.meta).transaction(|(log, meta)| {
                for key in &old {
                    log.remove(key)?;
                }
                tally::add(meta, &tally::key(COUNT, &[]), [-n])
            })?;
            removed += n.unsigned_abs();
        }
    }
}
