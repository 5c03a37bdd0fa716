//! Group commit: one thread makes writes durable for everyone waiting.
//!
//! sled 0.34's `flush_async` deadlocks when several callers await it at once (spacejam/sled#1308, #1241), and a
//! money move must not be acknowledged before it is on disk. So callers queue a wake-up here; the flusher thread
//! takes every waiter queued so far, runs one blocking `flush`, and wakes them all. A waiter queued while a flush
//! runs waits for the next one, since its write may have missed the running flush. Under load one fsync serves
//! many purchases.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc};

use tokio::sync::oneshot;

use crate::error::{StoreError, StoreResult};

type Waiter = oneshot::Sender<Result<(), String>>;

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
    /// `dir`: the database's directory. sled's `flush` makes its log stable with `sync_file_range`, which survives
    /// a killed process but neither reaches the disk's volatile write cache nor is a barrier on every filesystem;
    /// so each flush is followed by one `fdatasync` of the database file (`dir/db`), which does both. None for a
    /// temporary database.
    pub fn start(db: sled::Db, dir: Option<&Path>) -> StoreResult<Self> {
        let file = dir
            .map(|d| std::fs::File::open(d.join("db")))
            .transpose()
            .map_err(|e| StoreError::Flush(format!("opening the database file to sync it: {e}")))?;
        let (queue, waiting) = mpsc::channel::<Waiter>();
        let stats = Arc::new(FlushStats::default());
        let counters = stats.clone();
        let thread = std::thread::Builder::new()
            .name("sled-group-commit".into())
            .spawn(move || {
                // Ends when every Store (and so every sender) is gone.
                while let Ok(first) = waiting.recv() {
                    let mut batch = vec![first];
                    batch.extend(waiting.try_iter());
                    let started = std::time::Instant::now();
                    let result = db.flush().map(|_| ()).map_err(|e| e.to_string()).and_then(|()| match &file {
                        Some(file) => file.sync_data().map_err(|e| format!("fdatasync: {e}")),
                        None => Ok(()),
                    });
                    metrics::histogram!("ayo_store_flush_duration_seconds").record(started.elapsed().as_secs_f64());
                    counters.flushes.fetch_add(1, Ordering::Relaxed);
                    counters.waiters.fetch_add(batch.len() as u64, Ordering::Relaxed);
                    for waiter in batch {
                        let _ = waiter.send(result.clone());
                    }
                }
            })
            .map_err(|e| StoreError::Flush(format!("starting the flusher thread: {e}")))?;
        Ok(Self { queue: Some(queue), thread: Some(thread), stats })
    }

    /// Resolves once every write made before the call is durable.
    pub async fn flush(&self) -> StoreResult<()> {
        let (tx, rx) = oneshot::channel();
        let gone = || StoreError::Flush("the flusher thread stopped".into());
        self.queue.as_ref().ok_or_else(gone)?.send(tx).map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?.map_err(StoreError::Flush)
    }
}
