//! Responsible-gaming settings per player (`responsible_gaming` tree): deposit limits, pending raises, exclusion.

use super::codec::{decode, encode, id_key};
use super::users::abort;
use crate::error::StoreResult;
use crate::responsible::ResponsibleGaming;
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

    /// The settings as stored (pending changes not yet applied; use `ResponsibleGaming::at`).
    pub fn get(&self, user: UserId) -> StoreResult<ResponsibleGaming> {
        Ok(self.tree.get(id_key(user))?.map(|b| decode(&b)).transpose()?.unwrap_or_default())
    }

    /// The settings in force at `now`.
    pub fn at(&self, user: UserId, now: DateTime<Utc>) -> StoreResult<ResponsibleGaming> {
        Ok(self.get(user)?.at(now))
    }

    /// Writes settings as given. The API goes through `change`; tests use this to move a pending raise's time.
    pub fn put(&self, user: UserId, settings: &ResponsibleGaming) -> StoreResult<()> {
        self.tree.insert(id_key(user), encode(settings)?)?;
        Ok(())
    }

    /// Reads the settings in force at `now`, lets `f` change them, and writes the result atomically (a concurrent
    /// change retries `f` on the newer value). Nothing is written when `f` refuses.
    pub fn change<T, E>(
        &self,
        user: UserId,
        now: DateTime<Utc>,
        f: impl Fn(&mut ResponsibleGaming) -> Result<T, E>,
    ) -> StoreResult<Result<(ResponsibleGaming, T), E>> {
        let _gate = super::backup::writing();
        Ok(self.tree.transaction(|tree| {
            let stored: ResponsibleGaming =
                tree.get(id_key(user))?.map(|b| decode(&b).map_err(abort)).transpose()?.unwrap_or_default();
            let mut settings = stored.at(now);
            match f(&mut settings) {
                Ok(value) => {
                    tree.insert(&id_key(user), encode(&settings).map_err(abort)?)?;
                    Ok(Ok((settings, value)))
                }
                Err(e) => Ok(Err(e)),
            }
        })?)
    }
}
