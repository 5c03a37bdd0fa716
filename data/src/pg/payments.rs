//! Deposits, withdrawals and bank accounts (`seam::Payments`) on PostgreSQL: the `deposits`, `withdrawals` and
//! `bank_accounts` tables (migration 0010), beside the money engine's `wallets` and `ledger_entries`.
//!
//! Each money move (`deposits::credit`, `withdrawals::hold`, `withdrawals::step`) is one transaction that locks the
//! payment's row, then the player's wallet row (`FOR UPDATE`), checks the status as the embedded store does and
//! writes the record, the ledger and the balance together: a move replayed on any node finds the status already
//! moved and changes nothing, and no balance goes below zero. Opening and crediting a deposit also lock the
//! player's responsible-gaming row, so deposit limits are checked and recorded in that transaction (`deposits`).

mod deposits;
mod withdrawals;

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::blocking::PgSync;
use super::error::PgError;
use crate::bank_account::BankAccount;
use crate::deposit::Deposit;
use crate::error::{StoreError, StoreResult};
use crate::money::Kobo;
use crate::responsible::DepositRefused;
use crate::seam::Payments;
use crate::seam::{count_withdrawal, DepositCredited, WithdrawalMoved};
use crate::seam::{Page, Slice};
use crate::user::UserId;
use crate::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove};

#[derive(Clone)]
pub struct PgPayments {
    pg: PgSync,
}

impl PgPayments {
    pub fn new(pg: PgSync) -> Self {
        Self { pg }
    }

    /// The records `sql` selects (one `doc` column) with `param`.
    fn docs<T, P>(&self, sql: &'static str, param: P) -> StoreResult<Vec<T>>
    where
        T: DeserializeOwned,
        P: tokio_postgres::types::ToSql + Sync + Send + 'static,
    {
        let docs: Vec<Value> = self.pg.run(move |pool| async move {
            Ok(pool.get().await?.query(sql, &[&param]).await?.iter().map(|r| r.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }

    /// The one record `sql` selects with `param`, if any.
    fn doc<T, P>(&self, sql: &'static str, param: P) -> StoreResult<Option<T>>
    where
        T: DeserializeOwned,
        P: tokio_postgres::types::ToSql + Sync + Send + 'static,
    {
        Ok(self.docs(sql, param)?.into_iter().next())
    }
}

/// A row's `doc` as its record.
fn decode<T: DeserializeOwned>(doc: Value) -> Result<T, PgError> {
    Ok(serde_json::from_value(doc).map_err(StoreError::from)?)
}

/// A record as a row's `doc`.
fn encode(record: &impl serde::Serialize) -> Result<Value, PgError> {
    super::tables::document(record)
}

fn corrupt(tree: &'static str, detail: String) -> PgError {
    PgError::Store(StoreError::Corrupt { tree, detail })
}

impl Payments for PgPayments {
    fn bank_account(&self, user: UserId) -> StoreResult<Option<BankAccount>> {
        self.doc("SELECT doc FROM bank_accounts WHERE user_id = $1", user as i64)
    }

    fn save_bank_account(&self, mut account: BankAccount, now: DateTime<Utc>) -> StoreResult<BankAccount> {
        account.updated_at = now;
        let (user, doc) = (account.user_id as i64, serde_json::to_value(&account)?);
        // A replacement keeps the first `created_at`, in the same statement, whichever node saves.
        let saved: Value = self.pg.run(move |pool| async move {
            let row = pool
                .get()
                .await?
                .query_one(
                    "INSERT INTO bank_accounts (user_id, doc) VALUES ($1, $2)
                     ON CONFLICT (user_id) DO UPDATE
                     SET doc = excluded.doc || jsonb_build_object('created_at', bank_accounts.doc->'created_at')
                     RETURNING doc",
                    &[&user, &doc],
                )
                .await?;
            Ok(row.get(0))
        })?;
        Ok(serde_json::from_value(saved)?)
    }

    fn all_bank_accounts(&self) -> StoreResult<Vec<BankAccount>> {
        let docs: Vec<Value> = self.pg.run(|pool| async move {
            let rows = pool.get().await?.query("SELECT doc FROM bank_accounts ORDER BY user_id", &[]).await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })?;
        docs.into_iter().map(|doc| Ok(serde_json::from_value(doc)?)).collect()
    }

    fn insert_deposit(&self, deposit: &Deposit) -> StoreResult<()> {
        let deposit = deposit.clone();
        self.pg.run(move |pool| async move { deposits::insert(&pool, &deposit).await })
    }

    fn open_deposit(&self, deposit: &Deposit, now: DateTime<Utc>) -> StoreResult<Result<(), DepositRefused>> {
        let deposit = deposit.clone();
        self.pg.run(move |pool| async move { deposits::open(&pool, &deposit, now).await })
    }

    fn set_checkout_expiry(&self, reference: &str, expires_at: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        let reference = reference.to_string();
        self.pg.run(move |pool| async move { deposits::set_expiry(&pool, &reference, expires_at).await })
    }

    fn deposit(&self, reference: &str) -> StoreResult<Option<Deposit>> {
        self.doc("SELECT doc FROM deposits WHERE reference = $1", reference.to_string())
    }

    fn deposits_of_user(&self, user: UserId) -> StoreResult<Vec<Deposit>> {
        self.docs("SELECT doc FROM deposits WHERE user_id = $1 ORDER BY id DESC", user as i64)
    }

    fn set_authorization_url(&self, reference: &str, url: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        let (reference, change) =
            (reference.to_string(), serde_json::json!({ "authorization_url": url, "updated_at": now }));
        let doc: Option<Value> = self.pg.run(move |pool| async move {
            let sql = "UPDATE deposits SET doc = doc || $2 WHERE reference = $1 RETURNING doc";
            Ok(pool.get().await?.query_opt(sql, &[&reference, &change]).await?.map(|r| r.get(0)))
        })?;
        doc.map(|doc| Ok(serde_json::from_value(doc)?)).transpose()
    }

    fn fail_deposit(&self, reference: &str, reason: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        let (reference, reason) = (reference.to_string(), reason.to_string());
        self.pg.run(move |pool| async move { deposits::fail(&pool, &reference, &reason, now).await })
    }

    fn credit_deposit(&self, reference: &str, paid: Kobo, entry_id: u64, now: DateTime<Utc>) -> DepositCredited {
        let reference = reference.to_string();
        self.pg.run(move |pool| async move { deposits::credit(&pool, &reference, paid, entry_id, now).await })
    }

    fn hold_withdrawal(&self, w: &Withdrawal) -> WithdrawalMoved {
        let w = w.clone();
        let result = self.pg.run(move |pool| async move { withdrawals::hold(&pool, &w).await });
        count_withdrawal(&result);
        result
    }

    fn move_withdrawal(&self, id: WithdrawalId, step: &WithdrawalMove, now: DateTime<Utc>) -> WithdrawalMoved {
        let step = step.clone();
        let result = self.pg.run(move |pool| async move { withdrawals::step(&pool, id, &step, now).await });
        count_withdrawal(&result);
        result
    }

    fn withdrawal(&self, id: WithdrawalId) -> StoreResult<Option<Withdrawal>> {
        self.doc("SELECT doc FROM withdrawals WHERE id = $1", id as i64)
    }

    fn withdrawal_by_transfer(&self, reference: &str) -> StoreResult<Option<Withdrawal>> {
        self.doc("SELECT doc FROM withdrawals WHERE transfer_reference = $1", reference.to_string())
    }

    fn withdrawals_of_user(&self, user: UserId) -> StoreResult<Vec<Withdrawal>> {
        self.docs("SELECT doc FROM withdrawals WHERE user_id = $1 ORDER BY id DESC", user as i64)
    }

    fn withdrawals_page(&self, slice: Slice) -> StoreResult<Page<Withdrawal>> {
        self.pg.run(move |pool| async move { withdrawals::page(&pool, slice).await })
    }

    fn withdrawals_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Withdrawal>> + Send + '_> {
        Box::new(withdrawals::newest_first(self))
    }
}
