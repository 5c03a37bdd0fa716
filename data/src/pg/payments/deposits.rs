//! Deposits on PostgreSQL: recording one, failing one, and the transaction that credits one once.

use crate::pg::blocking::Conns;
use chrono::{DateTime, Utc};
use serde_json::Value;

use super::super::import::LEDGER;
use super::super::money::{lock_wallet, set_balances};
use super::super::PgError;
use super::{corrupt, decode, encode};
use crate::deposit::{Deposit, DepositStatus};
use crate::money::Kobo;
use crate::seam::payments::CreditRefused;
use crate::store::payments::deposit_entry;
use crate::store::Moved;

/// Writes a deposit's row whole, new or not. `$1`: the record.
const PUT: &str = "INSERT INTO deposits (reference, id, user_id, status, doc)
    SELECT d->>'reference', (d->>'id')::bigint, (d->>'user_id')::bigint, d->>'status', d
    FROM (SELECT $1::jsonb AS d) AS r
    ON CONFLICT (reference) DO UPDATE SET status = excluded.status, doc = excluded.doc";

/// Records a new pending deposit; a reference already taken is refused as corrupt.
pub(super) async fn insert(pool: &Conns, deposit: &Deposit) -> Result<(), PgError> {
    let sql = "INSERT INTO deposits (reference, id, user_id, status, doc) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (reference) DO NOTHING";
    let params = (&deposit.reference, deposit.id as i64, deposit.user_id as i64, deposit.status.as_str());
    let written =
        pool.get().await?.execute(sql, &[params.0, &params.1, &params.2, &params.3, &encode(deposit)?]).await?;
    if written == 0 {
        return Err(corrupt("deposits", "reference reused".into()));
    }
    Ok(())
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

/// Credits a confirmed deposit once (`seam::Payments::credit_deposit`): the deposit's row, then the wallet's, are
/// locked; a deposit already `success` is a replay.
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
    let balance = lock_wallet(&tx, user).await?;
    if deposit.status == DepositStatus::Success {
        return Ok(Ok(Moved { value: deposit, entries: vec![], balance: Kobo(balance), replayed: true }));
    }
    if paid != deposit.amount {
        return Ok(Err(CreditRefused::AmountMismatch { expected: deposit.amount, paid }));
    }
    let after =
        balance.checked_add(deposit.amount.as_i64()).ok_or_else(|| corrupt("wallets", "balance overflow".into()))?;
    let entry = deposit_entry(&deposit, entry_id, Kobo(after), now);
    deposit.status = DepositStatus::Success;
    deposit.entry_id = Some(entry_id);
    deposit.failure_reason = None;
    deposit.updated_at = now;
    tx.execute(PUT, &[&encode(&deposit)?]).await?;
    set_balances(&tx, &[user], &[after]).await?;
    tx.execute(LEDGER.insert, &[&Value::Array(vec![encode(&entry)?])]).await?;
    tx.commit().await?;
    Ok(Ok(Moved { value: deposit, entries: vec![entry], balance: Kobo(after), replayed: false }))
}
