//! Fixed-window counters in memory, keyed by what is being limited ("login-ip:1.2.3.4", "otp-resend:a@b.c").
//!
//! One process serves everything, so memory is the right place; a restart forgets the counters, which only ever
//! favours a legitimate player. Memory is bounded: at most `CAPACITY` keys, the least recently used forgotten
//! first. An attacker who churns through keys to push out a counter needs `CAPACITY` fresh sources (IPv6 counts
//! per /64) within the window, and the per-source budgets make that far slower than the window itself.

use std::num::NonZeroUsize;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use lru::LruCache;

use crate::error::ApiError;

/// How many events a key may have per window.
#[derive(Debug, Clone, Copy)]
pub struct Limit {
    pub max: u32,
    pub window: Duration,
}

impl Limit {
    pub const fn per_minute(max: u32) -> Self {
        Self { max, window: Duration::from_secs(60) }
    }
    pub const fn per(max: u32, secs: u64) -> Self {
        Self { max, window: Duration::from_secs(secs) }
    }
}

/// The limits the server applies. Adjustable for tests that need to reach one quickly.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Failed logins per client address (any identity): past it, that address is refused (429).
    pub login_per_ip: Limit,
    /// Failed logins per identity. From one address, past it that address is refused for that identity; from all
    /// addresses together, past it every attempt on that identity is slowed (never refused, so nobody can lock a
    /// player out of their own account).
    pub login_failures_per_identity: Limit,
    /// How much longer each attempt on a slowed identity waits per failure past the limit, up to `login_delay_max`.
    pub login_delay_step: Duration,
    pub login_delay_max: Duration,
    /// Code checks without an email, all addresses together: misses on that form cannot be aimed at anyone, so one
    /// shared budget bounds how many of the million codes the whole internet may try.
    pub otp_verify_anonymous: Limit,
    /// Code checks per client address (codes are 6 digits: this is what keeps guessing hopeless).
    pub otp_verify_per_ip: Limit,
    /// Codes sent per email (one a minute).
    pub otp_send_per_email: Limit,
    /// Codes sent and accounts created per client address.
    pub otp_send_per_ip: Limit,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            login_per_ip: Limit::per_minute(30),
            login_failures_per_identity: Limit::per(5, 15 * 60),
            login_delay_step: Duration::from_secs(1),
            login_delay_max: Duration::from_secs(10),
            otp_verify_anonymous: Limit::per_minute(60),
            otp_verify_per_ip: Limit::per_minute(10),
            otp_send_per_email: Limit::per_minute(1),
            otp_send_per_ip: Limit::per_minute(20),
        }
    }
}

/// At most this many keys are remembered (about 100 bytes each: ≈ 20 MiB at worst).
const CAPACITY: usize = 200_000;

pub struct RateLimiter {
    windows: Mutex<LruCache<String, (Instant, u32)>>,
}

impl Default for RateLimiter {
    fn default() -> Self {
        Self::with_capacity(CAPACITY)
    }
}

impl RateLimiter {
    pub fn with_capacity(capacity: usize) -> Self {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Self { windows: Mutex::new(LruCache::new(capacity)) }
    }

    /// How many keys are remembered now.
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many events `key` has in its current window.
    pub fn count(&self, key: &str, limit: Limit) -> u32 {
        let now = Instant::now();
        match self.lock().peek(key) {
            Some((start, n)) if now.duration_since(*start) < limit.window => *n,
            _ => 0,
        }
    }

    /// Counts one event for `key`; refuses it once the window is full.
    pub fn hit(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.update(key, limit, true)
    }

    /// Refuses when `key` is already full, without counting.
    pub fn check(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.update(key, limit, false)
    }

    /// Counts one event for `key` even past the limit (a failure that already happened).
    pub fn record(&self, key: &str, limit: Limit) {
        let now = Instant::now();
        let mut windows = self.lock();
        let entry = windows.get_or_insert_mut(key.to_string(), || (now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }

    pub fn clear(&self, key: &str) {
        self.lock().pop(key);
    }

    fn update(&self, key: &str, limit: Limit, count: bool) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut windows = self.lock();
        let entry = windows.get_or_insert_mut(key.to_string(), || (now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        if entry.1 >= limit.max {
            let left = limit.window.saturating_sub(now.duration_since(entry.0));
            return Err(ApiError::RateLimited { retry_after_secs: left.as_secs().max(1) });
        }
        if count {
            entry.1 += 1;
        }
        Ok(())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<String, (Instant, u32)>> {
        // A panic while holding this lock cannot leave the map inconsistent; keep serving.
        self.windows.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_refused_after_its_limit_and_others_are_not() {
        let limiter = RateLimiter::default();
        let limit = Limit::per_minute(2);
        assert!(limiter.hit("a", limit).is_ok());
        assert!(limiter.hit("a", limit).is_ok());
        assert!(matches!(limiter.hit("a", limit), Err(ApiError::RateLimited { .. })));
        assert!(limiter.hit("b", limit).is_ok());
    }

    #[test]
    fn recorded_failures_lock_until_cleared() {
        let limiter = RateLimiter::default();
        let limit = Limit::per_minute(2);
        limiter.record("x", limit);
        assert!(limiter.check("x", limit).is_ok());
        limiter.record("x", limit);
        assert!(limiter.check("x", limit).is_err());
        limiter.clear("x");
        assert!(limiter.check("x", limit).is_ok());
    }

    #[test]
    fn memory_is_bounded_and_the_oldest_keys_go_first() {
        let limiter = RateLimiter::with_capacity(100);
        let limit = Limit::per_minute(1);
        for i in 0..1000 {
            let _ = limiter.hit(&format!("source-{i}"), limit);
        }
        assert_eq!(limiter.len(), 100);
        assert_eq!(limiter.count("source-999", limit), 1);
        assert_eq!(limiter.count("source-0", limit), 0);
    }
}
