//! Facts about the installation itself (`meta` tree): which payment gateway its money went through.

use crate::error::StoreResult;

const PAYMENTS_MODE: &[u8] = b"payments_mode";

#[derive(Clone)]
pub struct MetaStore {
    tree: sled::Tree,
}

impl MetaStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("meta")? })
    }

    /// The gateway this store's money has gone through (`sandbox` or `paystack`), once a server has started on it.
    pub fn payments_mode(&self) -> StoreResult<Option<String>> {
        Ok(self.tree.get(PAYMENTS_MODE)?.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    pub fn set_payments_mode(&self, mode: &str) -> StoreResult<()> {
        self.tree.insert(PAYMENTS_MODE, mode.as_bytes())?;
        Ok(())
    }
}
