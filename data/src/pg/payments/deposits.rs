//! Deposits on PostgreSQL: opening one within the player's deposit limits, failing one, and the transaction that
//! credits one once (or holds it, when the limits no longer allow it). Opening and crediting lock the player's
//! `responsible_gaming` row first (`lock_settings`), then count the deposits and write theirs in the same
//! transaction: whatever node runs them, one player's limit decisions happen one at a time (docs/decisions/007).

use crate::pg::blocking::Conns;
use chrono::{DateTime, Utc};
use serde_json::Value;

use super::super::error::PgError;
use super::super::money::lock_wallet;
use super::super::responsible::lock_settings;
use super::super::tables::LEDGER;
use super::super::writes::set_balances;
use super::{corrupt, decode, encode};
use crate::deposit::{Deposit, DepositStatus};
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::responsible::{held_reason, longest_window, DepositRefused};
use crate::seam::deposit_entry;
use crate::seam::CreditRefused;
use crate::user::UserId;

/// Writes a deposit's row whole, new or not. `$1`: the record.
const PUT: &str = "INSERT INTO deposits (reference, id, user_id, status, doc)
    SELECT d->>'reference', (d->>'id')::bigint, (d->>'user_id')::bigint, d->>'status', d
    FROM (SELECT $1::jsonb AS d) AS r
    ON CONFLICT (reference) DO UPDATE SET status = excluded.status, doc = excluded.doc";

/// Records a new pending deposit; a reference already taken is refused as corrupt.
pub(super) async fn insert(pool: &Conns, deposit: &Deposit) -> Result<(), PgError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    insert_in(&tx, deposit).await?;
    tx.commit().await?;
    Ok(())
}

async fn insert_in(tx: &tokio_postgres::Transaction<'_>, deposit: &Deposit) -> Result<(), PgError> {
    let sql = "INSERT INTO deposits (reference, id, user_id, status, doc) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (reference) DO NOTHING";
    let params = (&deposit.reference, deposit.id as i64, deposit.user_id as i64, deposit.status.as_str());
    let written = tx.execute(sql, &[params.0, &params.1, &params.2, &params.3, &encode(deposit)?]).await?;
    if written == 0 {
        return Err(corrupt("deposits", "reference reused".into()));
    }
    Ok(())
}

/// The player's deposits that a limit may count at `now`: open checkouts and deposits credited within the longest
/// window. The query takes a day's margin and the rules (`ResponsibleGaming`) decide exactly; a pending deposit
/// was last updated no earlier than it opened, and a checkout is open for an hour.
async fn counted(
    tx: &tokio_postgres::Transaction<'_>,
    user: UserId,
    now: DateTime<Utc>,
) -> Result<Vec<Deposit>, PgError> {
    let since = now - longest_window() - chrono::Duration::days(1);
    let rows = tx
        .query(
            "SELECT doc FROM deposits WHERE user_id = $1 AND status IN ('pending', 'success')
               AND coalesce(doc->>'credited_at', doc->>'updated_at')::timestamptz > $2",
            &[&(user as i64), &since],
        )
        .await?;
    rows.into_iter().map(|row| decode(row.get(0))).collect()
}

/// Opens a deposit if the player's settings at `now` allow it (`seam::Payments::open_deposit`).
pub(super) async fn open(
    pool: &Conns,
    deposit: &Deposit,
    now: DateTime<Utc>,
) -> Result<Result<(), DepositRefused>, PgError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let settings = lock_settings(&tx, deposit.user_id).await?.at(now);
    let standing = counted(&tx, deposit.user_id, now).await?;
    if let Err(refused) = settings.check_deposit(&standing, deposit.amount, now) {
        return Ok(Err(refused));
    }
    insert_in(&tx, deposit).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Moves a checkout's expiry (`seam::Payments::set_checkout_expiry`).
pub(super) async fn set_expiry(
    pool: &Conns,
    reference: &str,
    expires_at: DateTime<Utc>,
) -> Result<Option<Deposit>, PgError> {
    let sql = "UPDATE deposits SET doc = doc || $2 WHERE reference = $1 RETURNING doc";
    let change = serde_json::json!({ "expires_at": expires_at });
    let row = pool.get().await?.query_opt(sql, &[&reference, &change]).await?;
    row.map(|row| decode(row.get(0))).transpose()
}

/// The deposit `reference`, locked until `tx` ends.
async fn locked(tx: &tokio_postgres::Transaction<'_>, reference: &str) -> Result<Option<Deposit>, PgError> {
    let row = tx.query_opt("SELECT doc FROM deposits WHERE reference = $1 FOR UPDATE", &[&reference]).await?;
    row.map(|row| decode(row.get(0))).transpose()
}

/// Marks a pending deposit failed; any other status is left alone. The record as it stands.
pub(super) async fn fail(
    pool: &Conns,
    reference: &str,
    reason: &str,
    now: DateTime<Utc>,
) -> Result<Option<Deposit>, PgError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let Some(mut deposit) = locked(&tx, reference).await? else { return Ok(None) };
    if deposit.status == DepositStatus::Pending {
        deposit.status = DepositStatus::Failed;
        deposit.failure_reason = Some(reason.to_string());
        deposit.updated_at = now;
        tx.execute(PUT, &[&encode(&deposit)?]).await?;
    }
    tx.commit().await?;
    Ok(Some(deposit))
}

/// Credits a confirmed deposit once (`seam::Payments::credit_deposit`): the deposit's row, the player's settings
/// row, then the wallet's, are locked; a deposit already `success` or `held` is a replay. One the limits no longer
/// allow is held.
pub(super) async fn credit(
    pool: &Conns,
    reference: &str,
    paid: Kobo,
    entry_id: u64,
    now: DateTime<Utc>,
) -> Result<Result<Moved<Deposit>, CreditRefused>, PgError> {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let Some(mut deposit) = locked(&tx, reference).await? else { return Ok(Err(CreditRefused::UnknownReference)) };
    let user = deposit.user_id as i64;
    if deposit.status.is_final() {
        let balance = lock_wallet(&tx, user).await?;
        return Ok(Ok(Moved { value: deposit, entries: vec![], balance: Kobo(balance), replayed: true }));
    }
    if paid != deposit.amount {
        return Ok(Err(CreditRefused::AmountMismatch { expected: deposit.amount, paid }));
    }
    let settings = lock_settings(&tx, deposit.user_id).await?.at(now);
    let standing = counted(&tx, deposit.user_id, now).await?;
    let balance = lock_wallet(&tx, user).await?;
    if let Err(refused) = settings.check_credit(&standing, &deposit, now) {
        deposit.held_reason = Some(held_reason(&deposit, &refused, now));
        deposit.status = DepositStatus::Held;
        deposit.updated_at = now;
        tx.execute(PUT, &[&encode(&deposit)?]).await?;
        tx.commit().await?;
        return Ok(Ok(Moved { value: deposit, entries: vec![], balance: Kobo(balance), replayed: false }));
    }
    let after =
        balance.checked_add(deposit.amount.as_i64()).ok_or_else(|| corrupt("wallets", "balance overflow".into()))?;
    let entry = deposit_entry(&deposit, entry_id, Kobo(after), now);
    deposit.status = DepositStatus::Success;
    deposit.entry_id = Some(entry_id);
    deposit.failure_reason = None;
    deposit.credited_at = Some(now);
    deposit.updated_at = now;
    tx.execute(PUT, &[&encode(&deposit)?]).await?;
    set_balances(&tx, &[user], &[after]).await?;
    tx.execute(LEDGER.insert, &[&Value::Array(vec![encode(&entry)?])]).await?;
    tx.commit().await?;
    Ok(Ok(Moved { value: deposit, entries: vec![entry], balance: Kobo(after), replayed: false }))
}
