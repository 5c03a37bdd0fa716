//! Identity checks (`seam::Identities`) on PostgreSQL: the `identities` table (migration 0007); the review queue is
//! its rows in `review`. A decision is computed on the caller's thread and written only over the record it read.

use serde_json::Value;

use super::blocking::PgSync;
use crate::error::{StoreError, StoreResult};
use crate::identity::{Identity, IdentityStatus};
use crate::seal::SecretSealer;
use crate::seam::Identities;
use crate::seam::{Page, Slice};
use crate::user::UserId;

/// How often a decision is computed again after the record changed under it before its caller gets an error.
const ATTEMPTS: usize = 20;

#[derive(Clone)]
pub struct PgIdentities {
    pg: PgSync,
    sealer: SecretSealer,
}

impl PgIdentities {
    /// `sealer`: NINs' sealer under the seed key every node shares.
    pub fn new(pg: PgSync, sealer: SecretSealer) -> Self {
        Self { pg, sealer }
    }

    fn read(&self, user: UserId) -> StoreResult<Option<Value>> {
        self.pg.run(move |pool| async move {
            let row =
                pool.get().await?.query_opt("SELECT doc FROM identities WHERE user_id = $1", &[&(user as i64)]).await?;
            Ok(row.map(|row| row.get(0)))
        })
    }
}

fn status_code(status: IdentityStatus) -> StoreResult<String> {
    match serde_json::to_value(status)? {
        Value::String(code) => Ok(code),
        other => Err(StoreError::Corrupt { tree: "identities", detail: format!("status {other}") }),
    }
}

impl Identities for PgIdentities {
    fn get(&self, user: UserId) -> StoreResult<Option<Identity>> {
        self.read(user)?.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }

    fn put(&self, identity: &Identity) -> StoreResult<()> {
        let (user, status, doc) =
            (identity.user_id as i64, status_code(identity.status)?, serde_json::to_value(identity)?);
        self.pg.run(move |pool| async move {
            pool.get()
                .await?
                .execute(
                    "INSERT INTO identities (user_id, status, doc) VALUES ($1, $2, $3)
                     ON CONFLICT (user_id) DO UPDATE SET status = excluded.status, doc = excluded.doc",
                    &[&user, &status, &doc],
                )
                .await?;
            Ok(())
        })
    }

    fn decide_with(
        &self,
        user: UserId,
        expected: IdentityStatus,
        f: &dyn Fn(&mut Identity),
    ) -> StoreResult<Option<Identity>> {
        for _ in 0..ATTEMPTS {
            let Some(before) = self.read(user)? else { return Ok(None) };
            let mut identity: Identity = serde_json::from_value(before.clone())?;
            if identity.status != expected {
                return Ok(None);
            }
            f(&mut identity);
            let (status, after) = (status_code(identity.status)?, serde_json::to_value(&identity)?);
            let written = self.pg.run(move |pool| async move {
                let n = pool
                    .get()
                    .await?
                    .execute(
                        "UPDATE identities SET status = $2, doc = $3 WHERE user_id = $1 AND doc = $4",
                        &[&(user as i64), &status, &after, &before],
                    )
                    .await?;
                Ok(n == 1)
            })?;
            if written {
                return Ok(Some(identity));
            }
        }
        Err(StoreError::Transaction(format!("player {user}'s identity kept changing under {ATTEMPTS} attempts")))
    }

    fn reviews(&self, slice: Slice) -> StoreResult<Page<Identity>> {
        let order = if slice.oldest_first { "ASC" } else { "DESC" };
        let sql =
            format!("SELECT doc FROM identities WHERE status = 'review' ORDER BY user_id {order} OFFSET $1 LIMIT $2");
        let (offset, limit) = (slice.offset as i64, slice.limit as i64);
        let (docs, total): (Vec<Value>, i64) = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let rows = client.query(&sql, &[&offset, &limit]).await?;
            let total = client.query_one("SELECT count(*) FROM identities WHERE status = 'review'", &[]).await?.get(0);
            Ok((rows.iter().map(|row| row.get(0)).collect(), total))
        })?;
        let rows = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
        Ok(Page { rows, total: total.unsigned_abs() })
    }

    fn sealer(&self) -> &SecretSealer {
        &self.sealer
    }
}
