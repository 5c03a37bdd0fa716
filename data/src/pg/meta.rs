//! The installation's facts (`seam::Meta`) on PostgreSQL: rows of `records` under the tree `meta`, the values as
//! the embedded store keeps them (so `ayo migrate` carries them over unchanged).

use rand::RngCore;
use serde::{de::DeserializeOwned, Serialize};

use super::blocking::PgSync;
use crate::error::{StoreError, StoreResult};
use crate::operator::Operator;
use crate::residence::Licence;
use crate::seam::{Meta, LICENCE, OPERATOR, PAYMENTS_MODE, PSEUDONYM_KEY, TAX_TABLE};
use crate::tax::TaxTable;

#[derive(Clone)]
pub struct PgMeta {
    pg: PgSync,
}

impl PgMeta {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    fn get(&self, key: &'static [u8]) -> StoreResult<Option<Vec<u8>>> {
        self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let row = client.query_opt("SELECT value FROM records WHERE tree = 'meta' AND key = $1", &[&key]).await?;
            Ok(row.map(|row| row.get(0)))
        })
    }

    /// Writes `value` under `key`; with `only_if_new`, keeps a value already there.
    fn put(&self, key: &'static [u8], value: Vec<u8>, only_if_new: bool) -> StoreResult<()> {
        let sql = if only_if_new {
            "INSERT INTO records (tree, key, value) VALUES ('meta', $1, $2) ON CONFLICT DO NOTHING"
        } else {
            "INSERT INTO records (tree, key, value) VALUES ('meta', $1, $2)
             ON CONFLICT (tree, key) DO UPDATE SET value = excluded.value"
        };
        self.pg.run(move |pool| async move {
            pool.get().await?.execute(sql, &[&key, &value]).await?;
            Ok(())
        })
    }

    fn get_json<T: DeserializeOwned + Default>(&self, key: &'static [u8]) -> StoreResult<T> {
        self.get(key)?
            .map(|v| serde_json::from_slice(&v))
            .transpose()
            .map(Option::unwrap_or_default)
            .map_err(Into::into)
    }

    fn put_json(&self, key: &'static [u8], value: &impl Serialize) -> StoreResult<()> {
        self.put(key, serde_json::to_vec(value)?, false)
    }
}

impl Meta for PgMeta {
    fn payments_mode(&self) -> StoreResult<Option<String>> {
        Ok(self.get(PAYMENTS_MODE)?.map(|v| String::from_utf8_lossy(&v).into_owned()))
    }

    fn set_payments_mode(&self, mode: &str) -> StoreResult<()> {
        self.put(PAYMENTS_MODE, mode.as_bytes().to_vec(), false)
    }

    fn pseudonym_key(&self) -> StoreResult<[u8; 32]> {
        if self.get(PSEUDONYM_KEY)?.is_none() {
            let mut fresh = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut fresh);
            // Two nodes' first uses at once: one insert wins, both read the winner's key below.
            self.put(PSEUDONYM_KEY, fresh.to_vec(), true)?;
        }
        let stored = self.get(PSEUDONYM_KEY)?.unwrap_or_default();
        stored.as_slice().try_into().map_err(|_| StoreError::Corrupt { tree: "meta", detail: "pseudonym_key".into() })
    }

    fn licence(&self) -> StoreResult<Licence> {
        self.get_json(LICENCE)
    }

    fn set_licence(&self, licence: &Licence) -> StoreResult<()> {
        self.put_json(LICENCE, licence)
    }

    fn tax_table(&self) -> StoreResult<TaxTable> {
        self.get_json(TAX_TABLE)
    }

    fn set_tax_table(&self, table: &TaxTable) -> StoreResult<()> {
        self.put_json(TAX_TABLE, table)
    }

    fn operator(&self) -> StoreResult<Operator> {
        self.get_json(OPERATOR)
    }

    fn set_operator(&self, operator: &Operator) -> StoreResult<()> {
        self.put_json(OPERATOR, operator)
    }
}
