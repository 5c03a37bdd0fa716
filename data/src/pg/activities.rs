//! The audit log (`seam::Activities`) on PostgreSQL: the `activities` table (migration 0006), in the order of
//! each entry's time (ids, from the shared sequence in blocks per node, break ties).

use chrono::{DateTime, Utc};
use serde_json::Value;

use super::blocking::PgSync;
use super::pages::Pages;
use crate::activity::{Activity, ActivityFilter, WITNESS_ROUTINE};
use crate::error::StoreResult;
use crate::seam::Activities;
use crate::seam::{Page, Slice};

/// Entries read at a time by `newest_first`.
const READ_AHEAD: i64 = 500;

#[derive(Clone)]
pub struct PgActivities {
    pg: PgSync,
}

impl PgActivities {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// Up to `READ_AHEAD` entries older than `before` (time, id), newest first.
    fn older_than(&self, before: (DateTime<Utc>, i64)) -> StoreResult<Vec<Activity>> {
        let docs: Vec<Value> = self.pg.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT doc FROM activities WHERE (at, id) < ($1, $2) ORDER BY at DESC, id DESC LIMIT $3",
                    &[&before.0, &before.1, &READ_AHEAD],
                )
                .await?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }

    /// Up to `READ_AHEAD` entries `filter` keeps older than `before` (time, id), newest first: the window is read
    /// from the time index, the rest is tested in the query.
    fn older_matching(&self, before: (DateTime<Utc>, i64), filter: &ActivityFilter) -> StoreResult<Vec<Activity>> {
        let (since, action, actor) = (filter.since, filter.action.clone(), filter.actor.clone());
        let hidden: Vec<String> =
            if filter.hide_routine { WITNESS_ROUTINE.iter().map(|a| a.to_string()).collect() } else { Vec::new() };
        let docs: Vec<Value> = self.pg.run(move |pool| async move {
            let rows = pool
                .get()
                .await?
                .query(
                    "SELECT doc FROM activities
                     WHERE (at, id) < ($1, $2) AND ($3::timestamptz IS NULL OR at >= $3)
                       AND ($4::text IS NULL OR doc->>'action' = $4 OR starts_with(doc->>'action', $4 || '.'))
                       AND ($5::text IS NULL OR strpos(lower(doc->>'actor_email'), $5) > 0)
                       AND NOT (doc->>'action' = ANY($6::text[]))
                     ORDER BY at DESC, id DESC LIMIT $7",
                    &[&before.0, &before.1, &since, &action, &actor, &hidden, &READ_AHEAD],
                )
                .await?;
            Ok(rows.iter().map(|row| row.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }
}

impl Activities for PgActivities {
    fn record(&self, mut activity: Activity) -> StoreResult<Activity> {
        activity.id = self.pg.next_id()?;
        let (id, at, doc) = (activity.id as i64, activity.at, serde_json::to_value(&activity)?);
        self.pg.run(move |pool| async move {
            pool.get()
                .await?
                .execute("INSERT INTO activities (id, at, doc) VALUES ($1, $2, $3)", &[&id, &at, &doc])
                .await?;
            Ok(())
        })?;
        Ok(activity)
    }

    fn page(&self, slice: Slice) -> StoreResult<Page<Activity>> {
        let order = if slice.oldest_first { "ASC" } else { "DESC" };
        let sql =
            format!("SELECT doc, count(*) OVER () FROM activities ORDER BY at {order}, id {order} OFFSET $1 LIMIT $2");
        let (offset, limit) = (slice.offset as i64, slice.limit as i64);
        let (docs, total): (Vec<Value>, i64) = self.pg.run(move |pool| async move {
            let client = pool.get().await?;
            let rows = client.query(&sql, &[&offset, &limit]).await?;
            let total = match rows.first() {
                Some(row) => row.get(1),
                // A page past the end still tells the log's length.
                None => client.query_one("SELECT count(*) FROM activities", &[]).await?.get(0),
            };
            Ok((rows.iter().map(|row| row.get(0)).collect(), total))
        })?;
        let rows = docs.into_iter().map(serde_json::from_value).collect::<Result<_, _>>()?;
        Ok(Page { rows, total: total.unsigned_abs() })
    }

    fn newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Activity>> + '_> {
        let key = |a: &Activity| (a.at, a.id as i64);
        Box::new(Pages::new(READ_AHEAD as usize, key, |before| {
            self.older_than(before.copied().unwrap_or((DateTime::<Utc>::MAX_UTC, i64::MAX)))
        }))
    }

    fn matching<'a>(&'a self, filter: &'a ActivityFilter) -> Box<dyn Iterator<Item = StoreResult<Activity>> + 'a> {
        let key = |a: &Activity| (a.at, a.id as i64);
        // (at, id) < (until, smallest id) is at < until: the read starts at the window's end.
        let start = (filter.until.unwrap_or(DateTime::<Utc>::MAX_UTC), i64::MIN);
        Box::new(Pages::new(READ_AHEAD as usize, key, move |before| {
            self.older_matching(before.copied().unwrap_or(start), filter)
        }))
    }

    fn prune_before(&self, cutoff: DateTime<Utc>) -> StoreResult<u64> {
        self.pg.run(move |pool| async move {
            Ok(pool.get().await?.execute("DELETE FROM activities WHERE at < $1", &[&cutoff]).await?)
        })
    }
}
