//! Group commit: one thread makes writes durable for everyone waiting.
//!
//! sled 0.34's `flush_async` deadlocks when several callers await it at once (spacejam/sled#1308, #1241), and a
//! money move must not be acknowledged before it is on disk. So callers queue a wake-up here; the flusher thread
//! takes every waiter queued so far, runs one blocking `flush`, and wakes them all. A waiter queued while a flush
//! runs waits for the next one, since its write may have missed the running flush. Under load one fsync serves
//! many purchases.
//!
//! A waiter may also accept to wait a little (`flush_within`): the thread then holds the flush until the earliest
//! deadline of everyone queued, gathering more waiters, unless an impatient waiter arrives. Settlement uses this so
//! that thousands of wallets share a few dozen flushes (each sled flush wakes its IO threads) while purchases keep
//! flushing at once.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use tokio::sync::oneshot;

use crate::error::{StoreError, StoreResult};

/// Who to wake, and when the flush covering them is due at the latest.
struct Waiter {
    wake: oneshot::Sender<Result<(), String>>,
    due: Instant,
}

/// Counters for benchmarks: how many flushes ran and how many waiters they served.
#[derive(Default)]
pub struct FlushStats {
    pub flushes: AtomicU64,
    pub waiters: AtomicU64,
}

pub struct Flusher {
    /// `None` only while dropping.
    queue: Option<mpsc::Sender<Waiter>>,
    thread: Option<std::thread::JoinHandle<()>>,
    pub stats: Arc<FlushStats>,
}

/// The last Store is gone: stop the thread and wait for it, so the database is closed (and its file lock
/// released) when the Store is dropped, not some moment later.
impl Drop for Flusher {
    fn drop(&mut self) {
        self.queue.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl Flusher {
    pub fn start(db: sled::Db) -> StoreResult<Self> {
        let (queue, waiting) = mpsc::channel::<Waiter>();
        let stats = Arc::new(FlushStats::default());
        let counters = stats.clone();
        let thread = std::thread::Builder::new()
            .name("sled-group-commit".into())
            .spawn(move || {
                // Ends when every Store (and so every sender) is gone.
                while let Ok(first) = waiting.recv() {
                    let mut due = first.due;
                    let mut batch = vec![first];
                    loop {
                        for waiter in waiting.try_iter() {
                            due = due.min(waiter.due);
                            batch.push(waiter);
                        }
                        let Some(wait) = due.checked_duration_since(Instant::now()).filter(|w| !w.is_zero()) else {
                            break;
                        };
                        match waiting.recv_timeout(wait) {
                            Ok(waiter) => {
                                due = due.min(waiter.due);
                                batch.push(waiter);
                            }
                            Err(_) => break,
                        }
                    }
                    let result = db.flush().map(|_| ()).map_err(|e| e.to_string());
                    counters.flushes.fetch_add(1, Ordering::Relaxed);
                    counters.waiters.fetch_add(batch.len() as u64, Ordering::Relaxed);
                    for waiter in batch {
                        let _ = waiter.wake.send(result.clone());
                    }
                }
            })
            .map_err(|e| StoreError::Flush(format!("starting the flusher thread: {e}")))?;
        Ok(Self { queue: Some(queue), thread: Some(thread), stats })
    }

    /// Resolves once every write made before the call is durable.
    pub async fn flush(&self) -> StoreResult<()> {
        self.flush_within(Duration::ZERO).await
    }

    /// Resolves once every write made before the call is durable, by a flush that may wait up to `linger` for more
    /// writers to share it.
    pub async fn flush_within(&self, linger: Duration) -> StoreResult<()> {
        let (wake, rx) = oneshot::channel();
        let gone = || StoreError::Flush("the flusher thread stopped".into());
        let waiter = Waiter { wake, due: Instant::now() + linger };
        self.queue.as_ref().ok_or_else(gone)?.send(waiter).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?.map_err(StoreError::Flush)
    }
}
