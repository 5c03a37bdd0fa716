//! The money moves as one contract over two engines (decision 029): the embedded store (sled, one process) and
//! PostgreSQL (`pg::money`, any number of nodes). What callers rely on, whichever engine answers:
//!
//! - every answer comes once the move is durable (flushed to disk, or committed);
//! - a purchase is decided alone and in the order it was queued: a replay of its idempotency key answers the first
//!   ticket and moves nothing, a draw that is not selling or a balance short of the stake refuses it and writes
//!   nothing; no interleaving of purchases, wherever they arrive, takes a balance below zero;
//! - a keyed ledger move happens once per key; one that would take a balance below zero is refused;
//! - a player's tickets of a draw are settled once, and refunded once: a rerun, or another node taking over, pays
//!   nothing twice;
//! - every balance equals the sum of its standing ledger entries (`LedgerEntry::stands`: a failed withdrawal's
//!   entry stays with its money back); `unbalanced` lists the wallets where it does not.
//!
//! The contract tests (`data/tests/money_contract.rs`) run the same cases against both engines.

use std::future::Future;

use chrono::{DateTime, Utc};

use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::money::Kobo;
use crate::store::{Bought, Moved, Outcome, Purchase};
use crate::ticket::{Ticket, TicketId};
use crate::user::UserId;
use crate::Store;

pub trait MoneyEngine: Send + Sync {
    /// A fresh id for a ticket or a ledger entry (one increasing sequence for both).
    fn next_id(&self) -> impl Future<Output = StoreResult<u64>> + Send;

    /// A player's balance (zero for a player who never had money).
    fn balance(&self, user: UserId) -> impl Future<Output = StoreResult<Kobo>> + Send;

    /// Adds `entry`'s signed amount to its player's balance with the entry, at most once per `key`; `None` when it
    /// would take the balance below zero (nothing written).
    fn apply_once(
        &self,
        entry: LedgerEntry,
        key: Option<String>,
    ) -> impl Future<Output = StoreResult<Option<Moved<LedgerEntry>>>> + Send;

    /// Buys one ticket, together with whatever else is queued meanwhile.
    fn buy(&self, purchase: Purchase) -> impl Future<Output = StoreResult<Bought>> + Send;

    /// Settles one player's pending tickets of a draw (see `WalletStore::settle`): winnings and tax with their
    /// entries (`entry_ids`, as many as the outcomes' `entry_count`), once.
    fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: Vec<Outcome>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<Moved<Vec<Outcome>>>> + Send;

    /// Refunds those of `tickets` still pending and this player's (a cancelled draw's), each with its entry
    /// (`entry_ids`, one per ticket, in order); a ticket already settled or refunded is left alone, so a rerun
    /// refunds nothing twice.
    fn refund(
        &self,
        user: UserId,
        tickets: Vec<TicketId>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> impl Future<Output = StoreResult<Moved<Vec<Ticket>>>> + Send;

    /// The wallets whose balance differs from the sum of their ledger, described (none in a sound store).
    fn unbalanced(&self) -> impl Future<Output = StoreResult<Vec<String>>> + Send;
}

/// The embedded engine: the store's own moves, each flushed before it answers.
impl MoneyEngine for Store {
    async fn next_id(&self) -> StoreResult<u64> {
        self.ids.next_id()
    }

    async fn balance(&self, user: UserId) -> StoreResult<Kobo> {
        self.books.balance(user).map(Kobo)
    }

    async fn apply_once(&self, entry: LedgerEntry, key: Option<String>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        let moved = self.money.apply_once(entry, key.as_deref())?;
        self.flush().await?;
        Ok(moved)
    }

    async fn buy(&self, purchase: Purchase) -> StoreResult<Bought> {
        let bought = Store::buy(self, purchase).await?;
        self.flush().await?;
        Ok(bought)
    }

    async fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: Vec<Outcome>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Outcome>>> {
        let moved = self.money.settle(user, draw, &outcomes, &entry_ids, now)?;
        self.flush().await?;
        Ok(moved)
    }

    async fn refund(
        &self,
        user: UserId,
        tickets: Vec<TicketId>,
        entry_ids: Vec<u64>,
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        let moved = self.money.refund(user, &tickets, &entry_ids, now)?;
        self.flush().await?;
        Ok(moved)
    }

    async fn unbalanced(&self) -> StoreResult<Vec<String>> {
        let mut problems = Vec::new();
        for item in self.wallet_balances()? {
            let (user, balance) = item?;
            let entries = self.wallets()?.entries_of_user(user)?;
            let sum: i64 = entries.iter().filter(|e| e.stands()).map(|e| e.amount.as_i64()).sum();
            if sum != balance {
                problems.push(unbalanced(user, balance, sum));
            }
        }
        Ok(problems)
    }
}

/// How `unbalanced` describes a wallet, whichever engine found it.
pub fn unbalanced(user: UserId, balance: i64, ledger_sum: i64) -> String {
    format!("user {user}: balance {balance} kobo, ledger sums to {ledger_sum}")
}
