//! Contact messages and marquees (`seam::Notices`) on PostgreSQL: the `contacts` and `marquees` tables
//! (migration 0006).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::blocking::PgSync;
use crate::error::StoreResult;
use crate::notice::{Contact, Marquee};
use crate::seam::Notices;
use crate::user::UserId;

#[derive(Clone)]
pub struct PgNotices {
    pg: PgSync,
}

impl PgNotices {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// Writes `doc` as the row `id` of `table` (a constant of this module).
    fn put(&self, table: &'static str, id: u64, doc: Value) -> StoreResult<()> {
        let sql =
            format!("INSERT INTO {table} (id, doc) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc");
        self.pg.run(move |pool| async move {
            pool.get().await?.execute(&sql, &[&(id as i64), &doc]).await?;
            Ok(())
        })
    }

    /// Every row of `table`, newest first (by time: ids interleave between nodes).
    fn all<T: serde::de::DeserializeOwned>(&self, table: &'static str) -> StoreResult<Vec<T>> {
        let sql = format!("SELECT doc FROM {table} ORDER BY (doc->>'created_at')::timestamptz DESC, id DESC");
        let docs: Vec<Value> = self.pg.run(move |pool| async move {
            Ok(pool.get().await?.query(&sql, &[]).await?.iter().map(|row| row.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }
}

impl Notices for PgNotices {
    fn next_id(&self) -> StoreResult<u64> {
        self.pg.next_id()
    }

    fn put_contact(&self, contact: &Contact) -> StoreResult<()> {
        self.put("contacts", contact.id, serde_json::to_value(contact)?)
    }

    fn contacts(&self) -> StoreResult<Vec<Contact>> {
        self.all("contacts")
    }

    fn resolve_contact(&self, id: u64, by: UserId, at: DateTime<Utc>) -> StoreResult<Option<Contact>> {
        let resolution = serde_json::json!({ "resolved_at": at, "resolved_by": by });
        // One statement: the first resolution stands even when two admins on two nodes resolve at once.
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let row = client
                .query_opt(
                    "UPDATE contacts SET doc = CASE WHEN doc->'resolved_at' IS NULL OR doc->'resolved_at' = 'null'
                                                    THEN doc || $2 ELSE doc END
                     WHERE id = $1 RETURNING doc",
                    &[&(id as i64), &resolution],
                )
                .await?;
            Ok(row.map(|row| row.get(0)))
        })?;
        doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }

    fn put_marquee(&self, marquee: &Marquee) -> StoreResult<()> {
        self.put("marquees", marquee.id, serde_json::to_value(marquee)?)
    }

    fn marquee(&self, id: u64) -> StoreResult<Option<Marquee>> {
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            let row = pool.get().await?.query_opt("SELECT doc FROM marquees WHERE id = $1", &[&(id as i64)]).await?;
            Ok(row.map(|row| row.get(0)))
        })?;
        doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }

    fn delete_marquee(&self, id: u64) -> StoreResult<bool> {
        self.pg.run(move |pool| async move {
            Ok(pool.get().await?.execute("DELETE FROM marquees WHERE id = $1", &[&(id as i64)]).await? > 0)
        })
    }

    fn marquees(&self) -> StoreResult<Vec<Marquee>> {
        self.all("marquees")
    }
}
