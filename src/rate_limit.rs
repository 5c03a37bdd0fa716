//! Fixed-window counters in memory, keyed by what is being limited ("login-ip:1.2.3.4", "otp-resend:a@b.c").
//!
//! One process serves everything, so memory is the right place; a restart forgets the counters, which only ever
//! favours a legitimate player.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

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
    /// Login attempts per client address.
    pub login_per_ip: Limit,
    /// Failed logins per identity before it is locked for the rest of the window.
    pub login_failures_per_identity: Limit,
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
            otp_verify_per_ip: Limit::per_minute(10),
            otp_send_per_email: Limit::per_minute(1),
            otp_send_per_ip: Limit::per_minute(20),
        }
    }
}

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

const PRUNE_ABOVE: usize = 50_000;

impl RateLimiter {
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
        let entry = windows.entry(key.to_string()).or_insert((now, 0));
        if now.duration_since(entry.0) >= limit.window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
    }

    pub fn clear(&self, key: &str) {
        self.lock().remove(key);
    }

    fn update(&self, key: &str, limit: Limit, count: bool) -> Result<(), ApiError> {
        let now = Instant::now();
        let mut windows = self.lock();
        if windows.len() > PRUNE_ABOVE {
            // Nothing here is longer than an hour; forget stale windows so the map cannot grow without bound.
            windows.retain(|_, (start, _)| now.duration_since(*start) < Duration::from_secs(3600));
        }
        let entry = windows.entry(key.to_string()).or_insert((now, 0));
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

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (Instant, u32)>> {
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
}
