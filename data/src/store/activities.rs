//! The append-only audit log (`activities` tree, keyed by increasing id).

use super::codec::{decode, encode, id_key};
use crate::activity::Activity;
use crate::error::StoreResult;

#[derive(Clone)]
pub struct ActivityStore {
    db: sled::Db,
    log: sled::Tree,
}

impl ActivityStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), log: db.open_tree("activities")? })
    }

    /// Appends an entry, giving it the next id; `activity.id` is ignored.
    pub fn record(&self, mut activity: Activity) -> StoreResult<Activity> {
        activity.id = self.db.generate_id()? + 1;
        self.log.insert(id_key(activity.id), encode(&activity)?)?;
        Ok(activity)
    }

    /// Newest first.
    pub fn all(&self) -> StoreResult<Vec<Activity>> {
        self.log.iter().values().rev().map(|v| decode(&v?)).collect()
    }
}
