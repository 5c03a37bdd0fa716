//! The money moves (`seam::Money`) in the embedded store: its wallets' sled transactions, purchases bought together
//! by its purchase queue (`purchases`). Each answers once its transaction committed, before it is durable: the
//! caller flushes (`Store::flush`) before acknowledging it, so many players' moves share one flush.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::purchases::PurchaseQueue;
use super::wallets::WalletStore;
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::seam::{unbalanced, Answer, Bought, Ids, Money, Outcome, Payout, Purchase, Refund};
use crate::ticket::Ticket;

pub struct EmbeddedMoney {
    pub(super) wallets: WalletStore,
    pub(super) purchases: Arc<PurchaseQueue>,
}

impl Money for EmbeddedMoney {
    fn buy(&self, purchase: Purchase) -> Answer<Bought> {
        Box::pin(self.purchases.buy(purchase))
    }

    fn settle(&self, payout: Payout<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Outcome>>> {
        self.wallets.settle(payout.user, payout.draw, payout.outcomes, payout.entry_ids, now)
    }

    fn refund(&self, refund: Refund<'_>, now: DateTime<Utc>) -> StoreResult<Moved<Vec<Ticket>>> {
        self.wallets.refund(refund.user, refund.tickets, refund.entry_ids, now)
    }

    fn apply_once(&self, entry: LedgerEntry, key: Option<&str>) -> StoreResult<Option<Moved<LedgerEntry>>> {
        self.wallets.apply_once(entry, key)
    }

    fn unbalanced(&self) -> StoreResult<Vec<String>> {
        let mut problems = Vec::new();
        for sum in self.wallets.ledger_sums() {
            let sum = sum?;
            if sum.ledger_sum != sum.balance {
                problems.push(unbalanced(sum.user, sum.balance, sum.ledger_sum));
            }
        }
        Ok(problems)
    }
}

/// Ids for tickets and ledger entries: the wallets' one increasing sequence.
impl Ids for WalletStore {
    fn next_id(&self) -> StoreResult<u64> {
        WalletStore::next_id(self)
    }
}
