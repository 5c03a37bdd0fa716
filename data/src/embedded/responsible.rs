//! Responsible-gaming settings (`seam::Responsible`) in the embedded store: the `responsible_gaming` tree.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};

use super::codec::abort;
use super::codec::{decode, encode, id_key};
use crate::error::{StoreError, StoreResult};
use crate::responsible::ResponsibleGaming;
use crate::seam::Responsible;
use crate::user::UserId;

#[derive(Clone)]
pub struct ResponsibleStore {
    tree: sled::Tree,
}

impl ResponsibleStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("responsible_gaming")? })
    }
}

/// The player's stored settings, read inside a transaction over the `responsible_gaming` tree: a deposit's limit
/// check reads them in the same transaction as the deposits it counts and the deposit it decides.
pub(super) fn settings_in(tree: &TransactionalTree, user: UserId) -> Result<ResponsibleGaming, Conflict<StoreError>> {
    Ok(tree.get(id_key(user))?.map(|b| decode(&b).map_err(abort)).transpose()?.unwrap_or_default())
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
            let mut settings = settings_in(tree, user)?.at(now);
            if !f(&mut settings) {
                return Ok(None);
            }
            tree.insert(&id_key(user), encode(&settings).map_err(abort)?)?;
            Ok(Some(settings))
        })?)
    }
}
