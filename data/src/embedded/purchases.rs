//! Purchases bought together: one thread takes every purchase queued while it was busy (up to `MOST`) and buys
//! them in one transaction (`WalletStore::purchase_many`).
//!
//! sled 0.34 rolls its log buffer twice for every transaction (`pin_log`: a `pwrite` and a `sync_file_range` each)
//! and runs transactions one at a time under a global lock, so one transaction per purchase capped purchases near
//! 5,000/s on two cores whatever the concurrency. Bought together, many players' purchases share one transaction,
//! and then one group-commit flush (`flusher`). Each purchase is still decided alone, in the order it was queued,
//! and a player's WalletActor still queues that player's moves in order; an answer is sent once the transaction
//! committed, before it is durable: the caller flushes before acknowledging.

use std::sync::mpsc;

use tokio::sync::oneshot;

use super::wallets::WalletStore;
use crate::error::{StoreError, StoreResult};
use crate::seam::{Bought, Purchase};

/// At most this many purchases in one transaction (its write set stays small enough to commit in a few ms).
const MOST: usize = 256;

type Waiter = (Purchase, oneshot::Sender<Result<Bought, String>>);

pub struct PurchaseQueue {
    /// `None` only while dropping.
    queue: Option<mpsc::Sender<Waiter>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for PurchaseQueue {
    fn drop(&mut self) {
        self.queue.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl PurchaseQueue {
    pub fn start(wallets: WalletStore) -> StoreResult<Self> {
        let (queue, waiting) = mpsc::channel::<Waiter>();
        let thread = std::thread::Builder::new()
            .name("purchases".into())
            .spawn(move || {
                // Ends when every Store (and so every sender) is gone.
                while let Ok(first) = waiting.recv() {
                    let mut batch = vec![first];
                    batch.extend(waiting.try_iter().take(MOST - 1));
                    let (purchases, answers): (Vec<Purchase>, Vec<_>) = batch.into_iter().unzip();
                    metrics::histogram!("ayo_purchases_per_transaction").record(purchases.len() as f64);
                    match wallets.purchase_many(&purchases) {
                        Ok(bought) => {
                            for (answer, bought) in answers.into_iter().zip(bought) {
                                let _ = answer.send(Ok(bought));
                            }
                        }
                        Err(e) => {
                            let e = e.to_string();
                            for answer in answers {
                                let _ = answer.send(Err(e.clone()));
                            }
                        }
                    }
                }
            })
            .map_err(|e| StoreError::Flush(format!("starting the purchases thread: {e}")))?;
        Ok(Self { queue: Some(queue), thread: Some(thread) })
    }

    /// Queues one ticket at once (so a caller's purchases are bought in the order it queued them), to be bought
    /// together with whatever else is queued; the answer comes once its transaction committed (not yet durable:
    /// flush before acknowledging).
    pub fn buy(&self, purchase: Purchase) -> impl std::future::Future<Output = StoreResult<Bought>> + 'static {
        let (tx, rx) = oneshot::channel();
        let queued = self.queue.as_ref().map(|q| q.send((purchase, tx)).is_ok()).unwrap_or(false);
        async move {
            let gone = || StoreError::Transaction("the purchases thread stopped".into());
            if !queued {
                return Err(gone());
            }
            rx.await.map_err(|_| gone())?.map_err(StoreError::Transaction)
        }
    }
}
