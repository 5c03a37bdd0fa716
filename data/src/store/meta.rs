//! Facts about the installation itself (`meta` tree): which payment gateway its money went through, the key of
//! players' pseudonyms in ticket receipts, the states the operator is licensed in and the withholding-tax rules.

use rand::RngCore;

use super::codec::{decode, encode};
use crate::error::{StoreError, StoreResult};
use crate::residence::Licence;
use crate::tax::TaxTable;

const PAYMENTS_MODE: &[u8] = b"payments_mode";
const PSEUDONYM_KEY: &[u8] = b"pseudonym_key";
const LICENCE: &[u8] = b"licensed_states";
const TAX_TABLE: &[u8] = b"tax_table";

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

    /// The states the operator is licensed in (every state until set).
    pub fn licence(&self) -> StoreResult<Licence> {
        self.tree.get(LICENCE)?.map(|v| decode(&v)).transpose().map(Option::unwrap_or_default)
    }

    pub fn set_licence(&self, licence: &Licence) -> StoreResult<()> {
        self.tree.insert(LICENCE, encode(licence)?)?;
        Ok(())
    }

    /// The withholding-tax rules (Lagos's 5 % until an admin adds rules).
    pub fn tax_table(&self) -> StoreResult<TaxTable> {
        self.tree.get(TAX_TABLE)?.map(|v| decode(&v)).transpose().map(Option::unwrap_or_default)
    }

    pub fn set_tax_table(&self, table: &TaxTable) -> StoreResult<()> {
        self.tree.insert(TAX_TABLE, encode(table)?)?;
        Ok(())
    }
}
