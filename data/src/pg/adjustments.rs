//! Adjustments and four eyes on them (`seam::Adjustments`) on PostgreSQL: the `adjustments` table (migration
//! 0007), whose unique (requester, key) answers a repeat and whose `status` lets one decision win; and each admin's
//! sums of a Lagos day (migration 0012), per player and alone in total.
//!
//! An adjustment is decided in one transaction that locks, in this order, the admin's day, the admin's day for the
//! player, and the player's wallet (`money::lock_wallet`). Every adjustment takes them in that order and nothing
//! else takes the first two, so adjustments by one admin, on any nodes, run one after the other and each sees the
//! sums the one before wrote; nothing waits in a circle.

use chrono::NaiveDate;
use serde_json::Value;

use super::blocking::{Conns, PgSync};
use super::error::PgError;
use super::money::lock_wallet;
use super::tables::LEDGER;
use super::writes::set_balances;
use crate::adjustment::{Adjusted, Decision, FourEyes, PendingAdjustment};
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::seam::Adjustments;

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

/// Files a request unless its requester's key filed one already.
const FILE: &str =
    "INSERT INTO adjustments (id, requested_by, idempotency_key, status, doc) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (requested_by, idempotency_key) DO NOTHING RETURNING doc";

/// Decides `asked` (see `seam::Adjustments::adjust`) in one transaction.
async fn adjust(pool: Conns, asked: PendingAdjustment, entry_id: u64, limits: FourEyes) -> Result<Adjusted, PgError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let (admin, player, day): (i64, i64, NaiveDate) = (asked.requested_by as i64, asked.user_id as i64, asked.day());
    tx.execute(
        "INSERT INTO adjustment_admin_days (admin_id, day) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        &[&admin, &day],
    )
    .await?;
    let alone: i64 = tx
        .query_one(
            "SELECT alone FROM adjustment_admin_days WHERE admin_id = $1 AND day = $2 FOR UPDATE",
            &[&admin, &day],
        )
        .await?
        .get(0);
    tx.execute(
        "INSERT INTO adjustment_player_days (admin_id, day, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        &[&admin, &day, &player],
    )
    .await?;
    let for_player: i64 = tx
        .query_one(
            "SELECT asked FROM adjustment_player_days WHERE admin_id = $1 AND day = $2 AND user_id = $3 FOR UPDATE",
            &[&admin, &day, &player],
        )
        .await?
        .get(0);
    let balance = lock_wallet(&tx, player).await?;

    let once = asked.once_key();
    let applied = tx
        .query_opt(
            "SELECT l.doc FROM money_keys k JOIN ledger_entries l ON l.id = k.entry_id WHERE k.user_id = $1 AND k.key = $2",
            &[&player, &once],
        )
        .await?;
    if let Some(row) = applied {
        let value: LedgerEntry = serde_json::from_value(row.get(0)).map_err(crate::error::StoreError::from)?;
        return Ok(Adjusted::Applied(Moved { value, entries: vec![], balance: Kobo(balance), replayed: true }));
    }
    let filed = tx
        .query_opt(
            "SELECT doc FROM adjustments WHERE requested_by = $1 AND idempotency_key = $2",
            &[&admin, &asked.idempotency_key],
        )
        .await?;
    if let Some(row) = filed {
        let first: PendingAdjustment = serde_json::from_value(row.get(0)).map_err(crate::error::StoreError::from)?;
        return Ok(Adjusted::Filed(first, false));
    }

    let size = asked.size();
    if let Some(why) = limits.held(size, for_player, alone) {
        let request = PendingAdjustment { held_because: why, ..asked };
        let doc = serde_json::to_value(&request).map_err(crate::error::StoreError::from)?;
        let (id, status) = (request.id as i64, request.status.as_str());
        if tx.query_opt(FILE, &[&id, &admin, &request.idempotency_key, &status, &doc]).await?.is_none() {
            // Only when the same key, for another player, was filed at once under another day's lock.
            let first = tx
                .query_one(
                    "SELECT doc FROM adjustments WHERE requested_by = $1 AND idempotency_key = $2",
                    &[&admin, &request.idempotency_key],
                )
                .await?;
            let first = serde_json::from_value(first.get(0)).map_err(crate::error::StoreError::from)?;
            return Ok(Adjusted::Filed(first, false));
        }
        add_for_player(&tx, admin, day, player, size).await?;
        tx.commit().await?;
        return Ok(Adjusted::Filed(request, true));
    }
    let Some(after) = balance.checked_add(asked.amount.as_i64()).filter(|after| *after >= 0) else {
        return Ok(Adjusted::Overdrawn);
    };
    let entry = LedgerEntry { balance_after: Kobo(after), ..asked.alone_entry(entry_id) };
    set_balances(&tx, &[player], &[after]).await?;
    tx.execute(LEDGER.insert, &[&Value::Array(vec![super::tables::document(&entry)?])]).await?;
    tx.execute(
        "INSERT INTO money_keys (user_id, key, entry_id) VALUES ($1, $2, $3)",
        &[&player, &once, &(entry.id as i64)],
    )
    .await?;
    add_for_player(&tx, admin, day, player, size).await?;
    tx.execute(
        "UPDATE adjustment_admin_days SET alone = alone + $3 WHERE admin_id = $1 AND day = $2",
        &[&admin, &day, &size],
    )
    .await?;
    tx.commit().await?;
    Ok(Adjusted::Applied(Moved { value: entry.clone(), entries: vec![entry], balance: Kobo(after), replayed: false }))
}

async fn add_for_player(
    tx: &tokio_postgres::Transaction<'_>,
    admin: i64,
    day: NaiveDate,
    player: i64,
    size: i64,
) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "UPDATE adjustment_player_days SET asked = asked + $4 WHERE admin_id = $1 AND day = $2 AND user_id = $3",
        &[&admin, &day, &player, &size],
    )
    .await?;
    Ok(())
}

impl Adjustments for PgAdjustments {
    fn next_id(&self) -> StoreResult<u64> {
        self.pg.next_id()
    }

    fn adjust(&self, asked: &PendingAdjustment, entry_id: u64, limits: FourEyes) -> StoreResult<Adjusted> {
        let asked = asked.clone();
        self.pg.run(move |pool| adjust(pool, asked, entry_id, limits))
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
            let inserted = client.query_opt(FILE, &[&id, &by, &key, &status, &doc]).await?;
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

    fn decide(&self, id: u64, decision: Decision) -> StoreResult<Option<PendingAdjustment>> {
        let Decision { status, by, at } = decision;
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
