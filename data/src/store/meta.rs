//! Facts about the installation itself (`meta` tree): which payment gateway its money went through, and the key of
//! players' pseudonyms in ticket receipts.

use rand::RngCore;

use crate::error::{StoreError, StoreResult};

const PAYMENTS_MODE: &[u8] = b"payments_mode";
const PSEUDONYM_KEY: &[u8] = b"pseudonym_key";

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

    /// The key players' pseudonyms are made with (`lotto::merkle::pseudonym`), created at first use. Not a secret
    /// that guards money or results: it only keeps a receipt's owner from being read off it.
    pub fn pseudonym_key(&self) -> StoreResult<[u8; 32]> {
        if self.tree.get(PSEUDONYM_KEY)?.is_none() {
            let mut fresh = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut fresh);
            // Two first uses at once: one wins, both read the winner's key below.
            let _ = self.tree.compare_and_swap(PSEUDONYM_KEY, None::<&[u8]>, Some(&fresh[..]))?;
        }
        let stored = self.tree.get(PSEUDONYM_KEY)?.unwrap_or_default();
        stored.as_ref().try_into().map_err(|_| StoreError::Corrupt { tree: "meta", detail: "pseudonym_key".into() })
    }
}
