//! Responsible-gaming settings (`seam::Responsible`) in the embedded store: the `responsible_gaming` tree.

use super::codec::{decode, encode, id_key};
use super::users::abort;
use crate::error::StoreResult;
use crate::responsible::ResponsibleGaming;
use crate::seam::Responsible;
use crate::user::UserId;
use chrono::{DateTime, Utc};

#[derive(Clone)]
pub struct ResponsibleStore {
    tree: sled::Tree,
}

impl ResponsibleStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("responsible_gaming")? })
    }
}

impl Responsible for ResponsibleStore {
    fn get(&self, user: UserId) -> StoreResult<ResponsibleGaming> {
        Ok(self.tree.get(id_key(user))?.map(|b| decode(&b)).transpose()?.unwrap_or_default())
    }

    fn put(&self, user: UserId, settings: &ResponsibleGaming) -> StoreResult<()> {
        self.tree.insert(id_key(user), encode(settings)?)?;
        Ok(())
    }

    fn change_with(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        f: &dyn Fn(&mut ResponsibleGaming) -> bool,
    ) -> StoreResult<Option<ResponsibleGaming>> {
        let _gate = super::backup::writing();
        Ok(self.tree.transaction(|tree| {
            let stored: ResponsibleGaming =
                tree.get(id_key(user))?.map(|b| decode(&b).map_err(abort)).transpose()?.unwrap_or_default();
            let mut settings = stored.at(now);
            if !f(&mut settings) {
                return Ok(None);
            }
            tree.insert(&id_key(user), encode(&settings).map_err(abort)?)?;
            Ok(Some(settings))
        })?)
    }
}
