//! The queue for Argon2 work (docs/security.md, "Argon2 exhaustion"; issue 28). At most one hash per core runs at
//! once (each takes ~19 MiB and a core for tens of milliseconds). Before that, each client address may have only a
//! few hashes running or waiting, and the whole queue is bounded: a burst from one address is refused (429) at
//! once instead of queueing ahead of every other player's login, and nobody waits behind an endless line.
//!
//! The wait for a core is asynchronous (a fair semaphore), so waiting logins hold no blocking-pool thread: the
//! store's own blocking calls never starve behind them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use actix_web::web;
use tokio::sync::Semaphore;

use super::password;
use crate::error::ApiError;

/// The server's Argon2 queue; cheap to clone (one queue, shared).
#[derive(Clone)]
pub struct HashQueue {
    inner: Arc<Inner>,
}

struct Inner {
    /// One permit per core: the hashes running.
    cores: Arc<Semaphore>,
    admitted: Mutex<Admitted>,
    per_source: u32,
    /// Running and waiting together, all sources.
    most: u32,
}

/// Hashes admitted (running or waiting for a core): in all, and per source while it has any.
#[derive(Default)]
struct Admitted {
    total: u32,
    by_source: HashMap<String, u32>,
}

/// A place in the queue, given back on drop.
pub struct Ticket {
    inner: Arc<Inner>,
    source: String,
}

impl HashQueue {
    /// `per_source` hashes running or waiting per client address; `waiting` waiting for a core in all.
    pub fn new(per_source: u32, waiting: u32) -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self::with_cores(cores, per_source, waiting)
    }

    fn with_cores(cores: usize, per_source: u32, waiting: u32) -> Self {
        let running = u32::try_from(cores).unwrap_or(u32::MAX);
        let inner = Inner {
            cores: Arc::new(Semaphore::new(cores.max(1))),
            admitted: Mutex::new(Admitted::default()),
            per_source: per_source.max(1),
            most: waiting.saturating_add(running),
        };
        Self { inner: Arc::new(inner) }
    }

    /// A place for one hash from `source`, or 429 at once when that source (or the whole queue) is full.
    pub fn admit(&self, source: &str) -> Result<Ticket, ApiError> {
        let mut admitted = self.inner.lock();
        let mine = admitted.by_source.get(source).copied().unwrap_or(0);
        if mine >= self.inner.per_source || admitted.total >= self.inner.most {
            // Seen in /metrics: a steady rate means some address (or many) is trying far more than a person would.
            metrics::counter!("ayo_hashes_refused_total").increment(1);
            return Err(ApiError::RateLimited { retry_after_secs: 1 });
        }
        admitted.total += 1;
        admitted.by_source.insert(source.to_string(), mine + 1);
        Ok(Ticket { inner: self.inner.clone(), source: source.to_string() })
    }

    /// Whether `typed` matches the `stored` hash, once `ticket`'s turn for a core has come.
    pub async fn verify(&self, ticket: Ticket, typed: &str, stored: &str) -> Result<bool, ApiError> {
        let (typed, stored) = (typed.to_string(), stored.to_string());
        self.run(ticket, move || Ok(password::verify(&typed, &stored))).await
    }

    /// A new hash of `password` for `source`: admitted like a check, so sign-ups and resets queue fairly too.
    pub async fn hash(&self, source: &str, password: &str) -> Result<String, ApiError> {
        let ticket = self.admit(source)?;
        let password = password.to_string();
        self.run(ticket, move || password::hash(&password).map_err(ApiError::internal)).await
    }

    async fn run<T: Send + 'static>(
        &self,
        ticket: Ticket,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let core = self.inner.cores.clone().acquire_owned().await.map_err(ApiError::internal)?;
        let done = web::block(work).await;
        drop((core, ticket));
        done?
    }

    /// Hashes admitted now (running or waiting), from `source` and in all.
    pub fn admitted(&self, source: &str) -> (u32, u32) {
        let admitted = self.inner.lock();
        (admitted.by_source.get(source).copied().unwrap_or(0), admitted.total)
    }
}

impl Inner {
    fn lock(&self) -> MutexGuard<'_, Admitted> {
        // Counts only: a panic elsewhere cannot leave them half-updated.
        self.admitted.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut admitted = self.inner.lock();
        admitted.total = admitted.total.saturating_sub(1);
        if let Some(mine) = admitted.by_source.get_mut(&self.source) {
            *mine = mine.saturating_sub(1);
            if *mine == 0 {
                admitted.by_source.remove(&self.source);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_holds_only_its_share_and_others_still_get_in() {
        let queue = HashQueue::with_cores(2, 4, 100);
        let burst: Vec<_> = (0..250).filter_map(|_| queue.admit("6.6.6.6").ok()).collect();
        assert_eq!(burst.len(), 4, "the burst's excess is refused before any hash");
        assert!(queue.admit("41.58.7.7").is_ok(), "another address is not queued behind the burst");
        assert_eq!(queue.admitted("6.6.6.6"), (4, 4));
        drop(burst);
        assert_eq!(queue.admitted("6.6.6.6"), (0, 0), "places are given back and forgotten");
        assert!(queue.admit("6.6.6.6").is_ok());
    }

    #[test]
    fn the_whole_queue_is_bounded() {
        let queue = HashQueue::with_cores(2, 3, 10);
        let held: Vec<_> = (0..50).filter_map(|i| queue.admit(&format!("10.0.0.{i}")).ok()).collect();
        assert_eq!(held.len(), 12, "two running and ten waiting");
        assert!(matches!(queue.admit("10.0.1.1"), Err(ApiError::RateLimited { retry_after_secs: 1 })));
    }

    #[actix_web::test]
    async fn a_hash_through_the_queue_verifies_and_gives_its_place_back() {
        let queue = HashQueue::with_cores(1, 1, 0);
        let stored = queue.hash("1.2.3.4", "correct horse").await.unwrap();
        let ticket = queue.admit("1.2.3.4").unwrap();
        assert!(queue.admit("1.2.3.4").is_err(), "one place per address here");
        assert!(queue.verify(ticket, "correct horse", &stored).await.unwrap());
        let ticket = queue.admit("1.2.3.4").unwrap();
        assert!(!queue.verify(ticket, "wrong horse", &stored).await.unwrap());
        assert_eq!(queue.admitted("1.2.3.4"), (0, 0));
    }
}
