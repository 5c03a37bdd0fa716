//! The installation's facts (`seam::Meta`) in the embedded store: the `meta` tree.

use rand::RngCore;

use super::codec::{decode, encode};
use crate::error::{StoreError, StoreResult};
use crate::operator::Operator;
use crate::residence::Licence;
use crate::seam::{Meta, LICENCE, OPERATOR, PAYMENTS_MODE, PSEUDONYM_KEY, TAX_TABLE};
use crate::tax::TaxTable;

#[derive(Clone)]
pub struct MetaStore {
    tree: sled::Tree,
}

impl MetaStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { tree: db.open_tree("meta")? })
    }
}

impl Meta for MetaStore {
    fn payments_mode(&self) -> StoreResult<Option<String>> {
        Ok(self.tree.get(PAYMENTS_MODE)?.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    fn set_payments_mode(&self, mode: &str) -> StoreResult<()> {
        self.tree.insert(PAYMENTS_MODE, mode.as_bytes())?;
        Ok(())
    }

    fn pseudonym_key(&self) -> StoreResult<[u8; 32]> {
        if self.tree.get(PSEUDONYM_KEY)?.is_none() {
            let mut fresh = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut fresh);
            // Two first uses at once: one wins, both read the winner's key below.
            let _ = self.tree.compare_and_swap(PSEUDONYM_KEY, None::<&[u8]>, Some(&fresh[..]))?;
        }
        let stored = self.tree.get(PSEUDONYM_KEY)?.unwrap_or_default();
        stored.as_ref().try_into().map_err(|_| StoreError::Corrupt { tree: "meta", detail: "pseudonym_key".into() })
    }

    fn licence(&self) -> StoreResult<Licence> {
        self.tree.get(LICENCE)?.map(|v| decode(&v)).transpose().map(Option::unwrap_or_default)
    }

    fn set_licence(&self, licence: &Licence) -> StoreResult<()> {
        self.tree.insert(LICENCE, encode(licence)?)?;
        Ok(())
    }

    fn tax_table(&self) -> StoreResult<TaxTable> {
        self.tree.get(TAX_TABLE)?.map(|v| decode(&v)).transpose().map(Option::unwrap_or_default)
    }

    fn set_tax_table(&self, table: &TaxTable) -> StoreResult<()> {
        self.tree.insert(TAX_TABLE, encode(table)?)?;
        Ok(())
    }

    fn operator(&self) -> StoreResult<Operator> {
        self.tree.get(OPERATOR)?.map(|v| decode(&v)).transpose().map(Option::unwrap_or_default)
    }

    fn set_operator(&self, operator: &Operator) -> StoreResult<()> {
        self.tree.insert(OPERATOR, encode(operator)?)?;
        Ok(())
    }
}
