//! The money moves the WalletActor makes (decision 032): a purchase, a player's settlement or refund of one draw, a
//! ledger entry (a deposit's credit goes through `Payments`). The embedded store writes them in sled transactions
//! that become durable at the next `Store::flush` (so many players' moves share one flush); PostgreSQL commits
//! each before it answers, and `Store::flush` is a no-op there. The rules are the money engine's
//! (`money_engine`), whose contract tests run the same cases against both.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use chrono::{DateTime, Utc};

use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::store::purchases::PurchaseQueue;
use crate::store::{Bought, Moved, Outcome, Purchase, WalletStore};
use crate::ticket::{Ticket, TicketId};
use crate::user::UserId;

/// An answer still on its way.
pub type Answer<T> = Pin<Box<dyn Future<Output = StoreResult<T>> + Send + 'static>>;

pub trait Money: Send + Sync {
    /// Queues one purchase now (so a player's purchases are bought in the order they were queued), to be bought
    /// together with whatever else is queued; the answer comes once its transaction committed.
    fn buy(&self, purchase: Purchase) -> Answer<Bought>;

    /// Settles one player's pending tickets of a draw (see `WalletStore::settle`), once.
    fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: &[Outcome],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Outcome>>>;

    /// Refunds those of `tickets` still pending and this player's (see `WalletStore::refund`), once.
    fn refund(
        &self,
        user: UserId,
        tickets: &[TicketId],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>>;

    /// Adds `entry` to its player's balance, at most once per `key`; `None` when it would overdraw.
    fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>>;
}

/// The embedded store's moves: its wallets' transactions, purchases bought together by its purchase queue.
pub struct EmbeddedMoney {
    pub(crate) wallets: WalletStore,
    pub(crate) purchases: Arc<PurchaseQueue>,
}

impl Money for EmbeddedMoney {
    fn buy(&self, purchase: Purchase) -> Answer<Bought> {
        Box::pin(self.purchases.buy(purchase))
    }

    fn settle(
        &self,
        user: UserId,
        draw: DrawId,
        outcomes: &[Outcome],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Outcome>>> {
        self.wallets.settle(user, draw, outcomes, entry_ids, now)
    }

    fn refund(
        &self,
        user: UserId,
        tickets: &[TicketId],
        entry_ids: &[u64],
        now: DateTime<Utc>,
    ) -> StoreResult<Moved<Vec<Ticket>>> {
        self.wallets.refund(user, tickets, entry_ids, now)
    }

    fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        self.wallets.apply_once(entry, key)
    }
}
