//! The counters in this process's memory: the default, for one process serving everything.
//!
//! A restart forgets the counters, which only ever favours a legitimate player. Memory is bounded: at most
//! `CAPACITY` keys, the least recently used forgotten first. An attacker who churns through keys to push out a
//! counter needs `CAPACITY` fresh sources (IPv6 counts per /64) within the window, and the per-source budgets make
//! that far slower than the window itself.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::Instant;

use futures_util::future::{self, BoxFuture, FutureExt};
use lru::LruCache;

use super::{refused, Limit, RateCounter, Reservation};
use crate::error::ApiError;

/// At most this many keys are remembered (about 100 bytes each: ≈ 20 MiB at worst).
const CAPACITY: usize = 200_000;

/// Windows in an LRU map behind one lock: (start, count) per key.
pub struct MemoryCounter {
    windows: Mutex<LruCache<String, (Instant, u32)>>,
    /// Before every window this counter holds: a window is named by how long after this it started.
    born: Instant,
}

impl Default for MemoryCounter {
    fn default() -> Self {
        Self::with_capacity(CAPACITY)
    }
}

impl MemoryCounter {
    pub fn with_capacity(capacity: usize) -> Self {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Self { windows: Mutex::new(LruCache::new(capacity)), born: Instant::now() }
    }

    /// How many keys are remembered now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many events `key` has in its current window.
    pub fn count_now(&self, key: &str, limit: Limit) -> u32 {
        let now = Instant::now();
        match self.lock().peek(key) {
            Some((start, n)) if now.duration_since(*start) < limit.window => *n,
            _ => 0,
        }
    }

    /// Counts one event for `key`; refuses it once the window is full.
    pub fn hit_now(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.update(key, limit, true)
    }

    /// Refuses when `key` is already full, without counting.
    pub fn check_now(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.update(key, limit, false)
    }

    /// Counts one event for `key` even past the limit (a failure that already happened).
    pub fn record_now(&self, key: &str, limit: Limit) {
        let now = Instant::now();
        let mut windows = self.lock();
        let entry = windows.get_or_insert_mut(key.to_string(), || (now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }

    pub fn clear_now(&self, key: &str) {
        self.lock().pop(key);
    }

    /// Counts one event for `key` before the work it guards; refuses it (uncounted) once the window is full. One
    /// step under the lock, so concurrent callers never both take the last place.
    pub fn reserve_now(&self, key: &str, limit: Limit) -> Result<Reservation, ApiError> {
        self.with_room(key, limit, |entry| {
            entry.1 += 1;
            Reservation { key: key.to_string(), window: self.window_name(entry.0), count: entry.1 }
        })
    }

    /// Gives back a reserved event, unless its window has ended (or the key was cleared or forgotten) since.
    pub fn release_now(&self, reservation: &Reservation) {
        let mut windows = self.lock();
        if let Some(entry) = windows.peek_mut(reservation.key.as_str()) {
            if self.window_name(entry.0) == reservation.window {
                entry.1 = entry.1.saturating_sub(1);
            }
        }
    }

    fn window_name(&self, start: Instant) -> i64 {
        i64::try_from(start.duration_since(self.born).as_nanos()).unwrap_or(i64::MAX)
    }

    fn update(&self, key: &str, limit: Limit, count: bool) -> Result<(), ApiError> {
        self.with_room(key, limit, |entry| {
            if count {
                entry.1 += 1;
            }
        })
    }

    /// `then` on `key`'s window (a new one once the last has ended), under the lock; refused while it is full.
    fn with_room<T>(
        &self,
        key: &str,
        limit: Limit,
        then: impl FnOnce(&mut (Instant, u32)) -> T,
    ) -> Result<T, ApiError> {
        let now = Instant::now();
        let mut windows = self.lock();
        let entry = windows.get_or_insert_mut(key.to_string(), || (now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        if entry.1 >= limit.max {
            return Err(refused(limit.window.saturating_sub(now.duration_since(entry.0))));
        }
        Ok(then(entry))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<String, (Instant, u32)>> {
        // A panic while holding this lock cannot leave the map inconsistent; keep serving.
        self.windows.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl RateCounter for MemoryCounter {
    fn count<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, u32> {
        future::ready(self.count_now(key, limit)).boxed()
    }

    fn hit<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>> {
        future::ready(self.hit_now(key, limit)).boxed()
    }

    fn check<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>> {
        future::ready(self.check_now(key, limit)).boxed()
    }

    fn record<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, ()> {
        self.record_now(key, limit);
        future::ready(()).boxed()
    }

    fn clear<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()> {
        self.clear_now(key);
        future::ready(()).boxed()
    }

    fn reserve<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<Reservation, ApiError>> {
        future::ready(self.reserve_now(key, limit)).boxed()
    }

    fn release<'a>(&'a self, reservation: &'a Reservation) -> BoxFuture<'a, ()> {
        self.release_now(reservation);
        future::ready(()).boxed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_refused_after_its_limit_and_others_are_not() {
        let limiter = MemoryCounter::default();
        let limit = Limit::per_minute(2);
        assert!(limiter.hit_now("a", limit).is_ok());
        assert!(limiter.hit_now("a", limit).is_ok());
        assert!(matches!(limiter.hit_now("a", limit), Err(ApiError::RateLimited { .. })));
        assert!(limiter.hit_now("b", limit).is_ok());
    }

    #[test]
    fn recorded_failures_lock_until_cleared() {
        let limiter = MemoryCounter::default();
        let limit = Limit::per_minute(2);
        limiter.record_now("x", limit);
        assert!(limiter.check_now("x", limit).is_ok());
        limiter.record_now("x", limit);
        assert!(limiter.check_now("x", limit).is_err());
        limiter.clear_now("x");
        assert!(limiter.check_now("x", limit).is_ok());
    }

    #[test]
    fn a_burst_of_reservations_from_many_threads_takes_exactly_the_budget() {
        let limiter = std::sync::Arc::new(MemoryCounter::default());
        let limit = Limit::per_minute(10);
        let threads: Vec<_> = (0..250)
            .map(|_| {
                let limiter = limiter.clone();
                std::thread::spawn(move || limiter.reserve_now("login-fail:user:1@6.6.6.6", limit).is_ok())
            })
            .collect();
        let granted = threads.into_iter().filter_map(|t| t.join().ok()).filter(|granted| *granted).count();
        assert_eq!(granted, 10);
        assert_eq!(limiter.count_now("login-fail:user:1@6.6.6.6", limit), 10);
    }

    #[test]
    fn a_released_reservation_frees_its_place_but_only_in_its_own_window() {
        let limiter = MemoryCounter::default();
        let limit = Limit::per_minute(2);
        let first = limiter.reserve_now("k", limit).unwrap();
        assert_eq!(first.count(), 1);
        let second = limiter.reserve_now("k", limit).unwrap();
        assert!(limiter.reserve_now("k", limit).is_err());
        limiter.release_now(&second);
        assert_eq!(limiter.count_now("k", limit), 1);
        assert!(limiter.reserve_now("k", limit).is_ok());
        // After a clear (a new window), an old reservation takes nothing from the new count.
        limiter.clear_now("k");
        std::thread::sleep(std::time::Duration::from_millis(2));
        let fresh = limiter.reserve_now("k", limit).unwrap();
        limiter.release_now(&first);
        assert_eq!(limiter.count_now("k", limit), 1, "{fresh:?}");
    }

    #[test]
    fn memory_is_bounded_and_the_oldest_keys_go_first() {
        let limiter = MemoryCounter::with_capacity(100);
        let limit = Limit::per_minute(1);
        for i in 0..1000 {
            let _ = limiter.hit_now(&format!("source-{i}"), limit);
        }
        assert_eq!(limiter.len(), 100);
        assert_eq!(limiter.count_now("source-999", limit), 1);
        assert_eq!(limiter.count_now("source-0", limit), 0);
    }
}
