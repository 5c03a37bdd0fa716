//! The sandbox gateway's books (`seam::SandboxBooks`) on PostgreSQL: `sandbox_charges` and `sandbox_transfers`
//! (migration 0008).

use serde_json::Value;

use super::blocking::PgSync;
use crate::error::StoreResult;
use crate::seam::SandboxBooks;
use crate::seam::{ChargeEnd, SandboxCharge, SandboxTransfer};

#[derive(Clone)]
pub struct PgSandbox {
    pg: PgSync,
}

impl PgSandbox {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// The `doc` of the row `reference` of `table` (a constant of this module).
    fn doc<T: serde::de::DeserializeOwned>(&self, table: &'static str, reference: &str) -> StoreResult<Option<T>> {
        let (sql, reference) = (format!("SELECT doc FROM {table} WHERE reference = $1"), reference.to_string());
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            Ok(pool.get().await?.query_opt(&sql, &[&reference]).await?.map(|row| row.get(0)))
        })?;
        doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }
}

impl SandboxBooks for PgSandbox {
    fn put_charge(&self, charge: &SandboxCharge) -> StoreResult<()> {
        let (reference, status, doc) = (charge.reference.clone(), charge.status.clone(), serde_json::to_value(charge)?);
        self.pg.run(move |pool| async move {
            pool.get()
                .await?
                .execute(
                    "INSERT INTO sandbox_charges (reference, status, doc) VALUES ($1, $2, $3)
                     ON CONFLICT (reference) DO UPDATE SET status = excluded.status, doc = excluded.doc",
                    &[&reference, &status, &doc],
                )
                .await?;
            Ok(())
        })
    }

    fn charge(&self, reference: &str) -> StoreResult<Option<SandboxCharge>> {
        self.doc("sandbox_charges", reference)
    }

    fn complete_charge(&self, reference: &str, end: ChargeEnd<'_>) -> StoreResult<Option<SandboxCharge>> {
        let mut change = serde_json::json!({ "status": end.status, "gateway_response": end.gateway_response });
        if end.paid() {
            change["paid_at"] = serde_json::to_value(end.at)?;
        }
        let (reference, status) = (reference.to_string(), end.status.to_string());
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            // One statement: of Pay, Cancel and Fail arriving at once on any nodes, the first wins.
            let changed = client
                .query_opt(
                    "UPDATE sandbox_charges SET status = $2, doc = doc || $3
                     WHERE reference = $1 AND status = 'abandoned' RETURNING doc",
                    &[&reference, &status, &change],
                )
                .await?;
            match changed {
                Some(row) => Ok(Some(row.get(0))),
                None => Ok(client
                    .query_opt("SELECT doc FROM sandbox_charges WHERE reference = $1", &[&reference])
                    .await?
                    .map(|row| row.get(0))),
            }
        })?;
        doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }

    fn put_transfer(&self, transfer: &SandboxTransfer) -> StoreResult<SandboxTransfer> {
        let (reference, doc) = (transfer.reference.clone(), serde_json::to_value(transfer)?);
        let on_record: Value = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let inserted = client
                .query_opt(
                    "INSERT INTO sandbox_transfers (reference, doc) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING doc",
                    &[&reference, &doc],
                )
                .await?;
            match inserted {
                Some(row) => Ok(row.get(0)),
                None => Ok(client
                    .query_one("SELECT doc FROM sandbox_transfers WHERE reference = $1", &[&reference])
                    .await?
                    .get(0)),
            }
        })?;
        Ok(serde_json::from_value(on_record)?)
    }

    fn transfer(&self, reference: &str) -> StoreResult<Option<SandboxTransfer>> {
        self.doc("sandbox_transfers", reference)
    }
}
