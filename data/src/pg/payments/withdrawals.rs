//! Withdrawals on PostgreSQL: the hold, every later move of the state machine (see `crate::withdrawal`), each one
//! transaction over the withdrawal's row, the wallet's row and the withdrawal's ledger entry, and the listings.

use crate::pg::blocking::Conns;
use chrono::{DateTime, Utc};
use serde_json::Value;

use super::super::error::PgError;
use super::super::money::lock_wallet;
use super::super::pages::Pages;
use super::super::tables::LEDGER;
use super::super::writes::set_balances;
use super::{corrupt, decode, encode, PgPayments};
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::seam::hold_entry;
use crate::seam::WithdrawalRefused;
use crate::seam::{Page, Slice};
use crate::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove};

type Answer = Result<Result<Moved<Withdrawal>, WithdrawalRefused>, PgError>;

/// Withdrawals read a page at a time by `newest_first`.
const PAGE: i64 = 500;

/// Writes a withdrawal's row whole, new or not. `$1`: the record.
const PUT: &str = "INSERT INTO withdrawals (id, user_id, status, idempotency_key, transfer_reference, doc)
    SELECT (d->>'id')::bigint, (d->>'user_id')::bigint, d->>'status', d->>'idempotency_key',
           nullif(d->>'transfer_reference', ''), d
    FROM (SELECT $1::jsonb AS d) AS r
    ON CONFLICT (id) DO UPDATE SET status = excluded.status, doc = excluded.doc";

/// Holds a new withdrawal's amount once (`seam::Payments::hold_withdrawal`): the wallet's row is locked first, so
/// two holds of one player, on any nodes, run one after the other and the second sees the first.
pub(super) async fn hold(pool: &Conns, w: &Withdrawal) -> Answer {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let user = w.user_id as i64;
    let balance = lock_wallet(&tx, user).await?;
    let first = tx
        .query_opt(
            "SELECT doc FROM withdrawals WHERE user_id = $1 AND idempotency_key = $2",
            &[&user, &w.idempotency_key],
        )
        .await?;
    if let Some(row) = first {
        return Ok(Ok(Moved { value: decode(row.get(0))?, entries: vec![], balance: Kobo(balance), replayed: true }));
    }
    let Some(after) = balance.checked_sub(w.amount.as_i64()).filter(|b| *b >= 0) else {
        return Ok(Err(WithdrawalRefused::InsufficientFunds { balance: Kobo(balance), needed: w.amount }));
    };
    let entry = hold_entry(w, Kobo(after));
    tx.execute(PUT, &[&encode(w)?]).await?;
    set_balances(&tx, &[user], &[after]).await?;
    tx.execute(LEDGER.insert, &[&Value::Array(vec![encode(&entry)?])]).await?;
    tx.commit().await?;
    Ok(Ok(Moved { value: w.clone(), entries: vec![entry], balance: Kobo(after), replayed: false }))
}

/// Moves a withdrawal one step once (`seam::Payments::move_withdrawal`): its row, then the wallet's, are locked; its
/// pending entry takes the new status, and the amount comes back when the move returns money.
pub(super) async fn step(pool: &Conns, id: WithdrawalId, step: &WithdrawalMove, now: DateTime<Utc>) -> Answer {
    let mut client = pool.get().await?;
    let tx = client.transaction().await?;
    let row = tx.query_opt("SELECT doc FROM withdrawals WHERE id = $1 FOR UPDATE", &[&(id as i64)]).await?;
    let Some(mut w) = row.map(|row| decode::<Withdrawal>(row.get(0))).transpose()? else {
        return Ok(Err(WithdrawalRefused::NotFound));
    };
    let user = w.user_id as i64;
    let balance = lock_wallet(&tx, user).await?;
    if w.status == step.target() {
        return Ok(Ok(Moved { value: w, entries: vec![], balance: Kobo(balance), replayed: true }));
    }
    if !step.allowed_from(w.status) {
        return Ok(Err(WithdrawalRefused::WrongState(w.status)));
    }
    step.apply(&mut w, now);
    let after = if step.returns_money() {
        balance.checked_add(w.amount.as_i64()).ok_or_else(|| corrupt("wallets", "balance overflow".into()))?
    } else {
        balance
    };
    let held = tx.query_opt("SELECT doc FROM ledger_entries WHERE id = $1", &[&(w.entry_id as i64)]).await?;
    let mut entry: LedgerEntry = match held {
        Some(row) => decode(row.get(0))?,
        None => return Err(corrupt("ledger", format!("entry of withdrawal {id} missing"))),
    };
    entry.status = w.status.entry_status();
    entry.description = w.describe();
    tx.execute(PUT, &[&encode(&w)?]).await?;
    tx.execute(
        "UPDATE ledger_entries SET status = $2::jsonb->>'status', doc = $2 WHERE id = $1",
        &[&(entry.id as i64), &encode(&entry)?],
    )
    .await?;
    set_balances(&tx, &[user], &[after]).await?;
    tx.commit().await?;
    Ok(Ok(Moved { value: w, entries: vec![entry], balance: Kobo(after), replayed: false }))
}

/// A page of every withdrawal in id order (or newest first), with how many there are.
pub(super) async fn page(pool: &Conns, slice: Slice) -> Result<Page<Withdrawal>, PgError> {
    let client = pool.get().await?;
    let order = if slice.oldest_first { "ASC" } else { "DESC" };
    let sql = format!("SELECT doc FROM withdrawals ORDER BY id {order} OFFSET $1 LIMIT $2");
    let rows = client.query(&sql, &[&(slice.offset as i64), &(slice.limit as i64)]).await?;
    let total: i64 = client.query_one("SELECT count(*) FROM withdrawals", &[]).await?.get(0);
    Ok(Page { rows: rows.iter().map(|row| decode(row.get(0))).collect::<Result<_, _>>()?, total: total as u64 })
}

/// Every withdrawal, newest first, read `PAGE` at a time.
pub(super) fn newest_first(payments: &PgPayments) -> Pages<'_, Withdrawal, i64> {
    Pages::new(
        PAGE as usize,
        |w: &Withdrawal| w.id as i64,
        move |below: Option<&i64>| {
            let below = below.copied().unwrap_or(i64::MAX);
            let docs: Vec<Value> = payments.pg.run(move |pool| async move {
                let sql = "SELECT doc FROM withdrawals WHERE id < $1 ORDER BY id DESC LIMIT $2";
                Ok(pool.get().await?.query(sql, &[&below, &PAGE]).await?.iter().map(|r| r.get(0)).collect())
            })?;
            docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
        },
    )
}
