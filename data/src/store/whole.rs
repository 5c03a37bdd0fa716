//! The whole store at once, for the tools that read all of it: the audit, and the move into PostgreSQL.

use super::codec::id_from;
use super::Store;
use crate::error::StoreResult;
use crate::user::UserId;

impl Store {
    /// Every wallet's balance in kobo, by player id.
    pub(crate) fn wallet_balances(&self) -> StoreResult<impl Iterator<Item = StoreResult<(UserId, i64)>> + '_> {
        Ok(self.wallets()?.balances.iter().map(|item| {
            let (key, value) = item?;
            let balance = value.as_ref().try_into().map(i64::from_be_bytes).unwrap_or(i64::MIN);
            Ok((id_from("wallets", &key)?, balance))
        }))
    }

    /// Every tree by name (sorted), each record exactly as stored.
    pub(crate) fn trees(&self) -> StoreResult<Vec<(String, sled::Tree)>> {
        let db = &self.embedded()?.db;
        let mut names = db.tree_names();
        names.sort();
        names.into_iter().map(|name| Ok((String::from_utf8_lossy(&name).into_owned(), db.open_tree(&name)?))).collect()
    }
}
