//! The WalletActor's money moves on PostgreSQL (`seam::Money`): `PgMoney`'s, each committed before it answers. Purchases are queued with this node's buyers at once and answered asynchronously; the other
//! moves block the calling wallet's thread on this node's PostgreSQL runtime, as the embedded store's transactions
//! block it on the disk.

use chrono::{DateTime, Utc};

use super::blocking::PgSync;
use super::error::PgError;
use super::money::PgMoney;
use crate::error::{StoreError, StoreResult};
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::seam::{Answer, Bought, Money, Outcome, Payout, Purchase, Refund};
use crate::ticket::Ticket;

pub struct PgBlockingMoney {
    sync: PgSync,
    money: PgMoney,
}

impl PgBlockingMoney {
    /// Starts the money engine's buyers on `sync`'s runtime.
    pub fn start(sync: PgSync, url: &str) -> StoreResult<Self> {
        let url = url.to_owned();
        let money = sync.run(|_| async move { PgMoney::connect(&url).await })?;
        Ok(Self { sync, money })
    }

    /// The money engine itself, for what moves money asynchronously.
    pub fn engine(&self) -> &PgMoney {
        &self.money
    }
}

impl From<PgError> for StoreError {
    fn from(e: PgError) -> Self {
        StoreError::Database(e.to_string())
    }
}

impl Money for PgBlockingMoney {
    fn buy(&self, purchase: Purchase) -> Answer<Bought> {
        Box::pin(self.money.queue(purchase))
    }

    fn settle(&self, payout: Payout<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Outcome>>> {
        let Payout { user, draw, outcomes, entry_ids } = payout;
        let (money, outcomes, entry_ids) = (self.money.clone(), outcomes.to_vec(), entry_ids.to_vec());
        self.sync.block_on(async move { money.settle(user, draw, outcomes, entry_ids, now).await })
    }

    fn refund(&self, refund: Refund<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Ticket>>> {
        let Refund { user, tickets, entry_ids } = refund;
        let (money, tickets, entry_ids) = (self.money.clone(), tickets.to_vec(), entry_ids.to_vec());
        self.sync.block_on(async move { money.refund(user, tickets, entry_ids, now).await })
    }

    fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        let (money, key) = (self.money.clone(), key.map(str::to_owned));
        self.sync.block_on(async move { money.apply_once(entry, key).await })
    }

    fn unbalanced(&self) -> StoreResult<Vec<String>> {
        let money = self.money.clone();
        self.sync.block_on(async move { money.unbalanced().await })
    }
}
