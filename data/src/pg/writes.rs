//! Statements the money moves share (purchases, settlement, refunds, adjustments): a batch of wallet balances set,
//! and a record as the JSON document its table stores.

use serde_json::Value;
use tokio_postgres::Transaction;

use super::tables::document;

/// Sets each of `users`' wallet balance to the matching one of `balances`, in one statement.
pub(super) async fn set_balances(
    tx: &Transaction<'_>,
    users: &[i64],
    balances: &[i64],
) -> Result<(), tokio_postgres::Error> {
    tx.execute(
        "UPDATE wallets w SET balance = v.balance FROM unnest($1::bigint[], $2::bigint[]) AS v (user_id, balance)
         WHERE w.user_id = v.user_id",
        &[&users, &balances],
    )
    .await?;
    Ok(())
}

/// A ticket, a ledger entry or a settlement as its table's JSON document.
pub(super) fn json(record: &impl serde::Serialize) -> Value {
    // Tickets and ledger entries hold no secret: `document` only drops fields they do not have.
    document(record).unwrap_or(Value::Null)
}
