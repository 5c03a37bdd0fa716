//! The money moves (`seam::Money`) in the embedded store: its wallets' sled transactions, purchases bought together
//! by its purchase queue (`purchases`). Each answers once its transaction committed, before it is durable: the
//! caller flushes (`Store::flush`) before acknowledging it, so many players' moves share one flush.

use std::sync::Arc;

use chrono::{DateTime, Utc};

use super::purchases::PurchaseQueue;
use super::wallets::WalletStore;
use crate::draw::DrawId;
use crate::error::StoreResult;
use crate::ledger::LedgerEntry;
use crate::ledger::Moved;
use crate::seam::{unbalanced, Answer, Bought, Ids, Money, Outcome, Purchase};
use crate::ticket::{Ticket, TicketId};
use crate::user::UserId;

pub struct EmbeddedMoney {
    pub(super) wallets: WalletStore,
    pub(super) purchases: Arc<PurchaseQueue>,
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
