//! Adjustments waiting for a second admin (`seam::Adjustments`) on PostgreSQL: the `adjustments` table (migration
//! 0007), whose unique (requester, key) answers a repeat and whose `status` lets one decision win.

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::blocking::PgSync;
use crate::adjustment::{ApprovalStatus, PendingAdjustment};
use crate::error::StoreResult;
use crate::seam::Adjustments;
use crate::user::UserId;

#[derive(Clone)]
pub struct PgAdjustments {
    pg: PgSync,
}

impl PgAdjustments {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }
}

fn decoded(doc: Option<Value>) -> StoreResult<Option<PendingAdjustment>> {
    doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
}

impl Adjustments for PgAdjustments {
    fn next_id(&self) -> StoreResult<u64> {
        self.pg.next_id()
    }

    fn request(&self, adjustment: &PendingAdjustment) -> StoreResult<(PendingAdjustment, bool)> {
        let doc = serde_json::to_value(adjustment)?;
        let (id, by, key, status) = (
            adjustment.id as i64,
            adjustment.requested_by as i64,
            adjustment.idempotency_key.clone(),
            adjustment.status.as_str(),
        );
        let (stored, new): (Value, bool) = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let inserted = client
                .query_opt(
                    "INSERT INTO adjustments (id, requested_by, idempotency_key, status, doc) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (requested_by, idempotency_key) DO NOTHING RETURNING doc",
                    &[&id, &by, &key, &status, &doc],
                )
                .await?;
            if let Some(row) = inserted {
                return Ok((row.get(0), true));
            }
            let first = client
                .query_one("SELECT doc FROM adjustments WHERE requested_by = $1 AND idempotency_key = $2", &[&by, &key])
                .await?;
            Ok((first.get(0), false))
        })?;
        Ok((serde_json::from_value(stored)?, new))
    }

    fn get(&self, id: u64) -> StoreResult<Option<PendingAdjustment>> {
        decoded(self.pg.run(move |pool| async move {
            let row = pool.get().await?.query_opt("SELECT doc FROM adjustments WHERE id = $1", &[&(id as i64)]).await?;
            Ok(row.map(|row| row.get(0)))
        })?)
    }

    fn all(&self) -> StoreResult<Vec<PendingAdjustment>> {
        let docs: Vec<Value> = self.pg.run(|pool| async move {
            Ok(pool
                .get()
                .await?
                .query("SELECT doc FROM adjustments ORDER BY (doc->>'created_at')::timestamptz DESC, id DESC", &[])
                .await?
                .iter()
                .map(|r| r.get(0))
                .collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }

    fn decide(
        &self,
        id: u64,
        status: ApprovalStatus,
        by: UserId,
        at: DateTime<Utc>,
    ) -> StoreResult<Option<PendingAdjustment>> {
        let decision = serde_json::json!({ "status": status, "decided_by": by, "decided_at": at });
        let code = status.as_str();
        decoded(self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            // Only a pending request is decided: of two admins deciding at once, one statement finds it pending.
            let decided = client
                .query_opt(
                    "UPDATE adjustments SET status = $2, doc = doc || $3 WHERE id = $1 AND status = 'pending' RETURNING doc",
                    &[&(id as i64), &code, &decision],
                )
                .await?;
            match decided {
                Some(row) => Ok(Some(row.get(0))),
                None => Ok(client.query_opt("SELECT doc FROM adjustments WHERE id = $1", &[&(id as i64)]).await?.map(|r| r.get(0))),
            }
        })?)
    }
}
