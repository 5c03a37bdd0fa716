//! Fixed-window counters, keyed by what is being limited ("login-ip:1.2.3.4", "otp-resend:a@b.c"), behind one
//! `RateCounter` with two engines: in memory (`memory`, the default: one process serves everything) and in
//! PostgreSQL (`shared`, cluster mode: every node counts against the same budget, issue 14 and docs/decisions/031).
//! Handlers only ever see `RateLimiter`.

mod memory;
mod shared;

use std::sync::Arc;
use std::time::Duration;

use futures_util::future::BoxFuture;

use crate::error::ApiError;

pub use memory::MemoryCounter;
pub use shared::SharedCounter;

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
    /// Wrong current passwords per account where a signed-in session is asked for it again (change-password, the
    /// payout account), counted before the hash. Windows are fixed, so any hour holds at most twice this.
    pub password_rechecks_per_account: Limit,
    /// Wrong codes per email and purpose, kept whether or not an account uses the email, so the answers say the
    /// same for every email (issue 28); a code sent to the email starts it again, as a new code has new tries.
    pub otp_misses_per_email: Limit,
    /// Argon2 work one client address may have running or waiting at once; more is refused (429) at once rather
    /// than queued ahead of everyone else.
    pub hashes_per_source: u32,
    /// Argon2 work waiting for a core, all addresses together; more is refused (429) rather than left to wait.
    pub hashes_waiting: u32,
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
            password_rechecks_per_account: Limit::per(5, 60 * 60),
            otp_misses_per_email: Limit::per(5, 10 * 60),
            hashes_per_source: 4,
            hashes_waiting: 256,
        }
    }
}

/// Counts events per key against a `Limit`. Every answer is a future: the memory engine's are ready at once, the
/// shared engine's are one statement each.
pub trait RateCounter: Send + Sync {
    /// How many events `key` has in its current window.
    fn count<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, u32>;
    /// Counts one event for `key`; refuses it (uncounted) once the window is full.
    fn hit<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>>;
    /// Refuses when `key` is already full, without counting.
    fn check<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>>;
    /// Counts one event for `key` even past the limit (a failure that already happened).
    fn record<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, ()>;
    /// Forgets `key`'s window.
    fn clear<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()>;
    /// Counts one event for `key` ahead of the work it guards, refusing it (uncounted) once the window is full, in
    /// one atomic step: however many arrive at once, at most `limit.max` are let through (issue 28).
    fn reserve<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<Reservation, ApiError>>;
    /// Gives back an event `reserve` counted, if its window is still the current one.
    fn release<'a>(&'a self, reservation: &'a Reservation) -> BoxFuture<'a, ()>;
}

/// One event counted before the work it guards was done; given back (`RateLimiter::release`) when the work showed
/// it was no failure, kept as the failure otherwise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reservation {
    key: String,
    /// Which window of the key it was counted in (engine-specific), so a release never takes from a later one.
    window: i64,
    /// Events in that window, this one included.
    count: u32,
}

impl Reservation {
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Events in the window it was counted in, itself included.
    pub fn count(&self) -> u32 {
        self.count
    }
}

/// The server's rate limiter: a `RateCounter` for the budgets that must hold however many nodes serve (logins,
/// codes, sign-ups), and one in this node's memory for what guards this node alone (the audit log's flood guard).
/// In memory by default, where both are the same counter, exactly as before cluster mode.
pub struct RateLimiter {
    counter: Arc<dyn RateCounter>,
    here: Arc<MemoryCounter>,
}

impl Default for RateLimiter {
    fn default() -> Self {
        let memory = Arc::new(MemoryCounter::default());
        Self { counter: memory.clone(), here: memory }
    }
}

/// Keys a node counts for itself alone when the rest is shared (the audit flood guard's few keys per action and
/// source).
const HERE_CAPACITY: usize = 20_000;

impl RateLimiter {
    /// Counts in memory, at most `capacity` keys (the least recently used forgotten first).
    pub fn with_capacity(capacity: usize) -> Self {
        let memory = Arc::new(MemoryCounter::with_capacity(capacity));
        Self { counter: memory.clone(), here: memory }
    }

    /// Counts in PostgreSQL's `rate_buckets`, shared by every node on that database (cluster mode); the client's
    /// connection runs on the server's runtime. Node-local budgets stay in memory.
    pub fn shared(client: Arc<ayo_data::pg::Client>) -> Self {
        Self::with_counter(Arc::new(SharedCounter::new(client)))
    }

    /// `shared`, reconnecting to `url` whenever the connection has ended (a node's limiter: see `SharedCounter`).
    pub fn shared_at(url: String, client: Arc<ayo_data::pg::Client>) -> Self {
        Self::with_counter(Arc::new(SharedCounter::reconnecting(url, client)))
    }

    /// Counts with `counter`; node-local budgets stay in memory.
    pub fn with_counter(counter: Arc<dyn RateCounter>) -> Self {
        Self { counter, here: Arc::new(MemoryCounter::with_capacity(HERE_CAPACITY)) }
    }

    /// How many events `key` has in its current window.
    pub async fn count(&self, key: &str, limit: Limit) -> u32 {
        self.counter.count(key, limit).await
    }

    /// Counts one event for `key`; refuses it once the window is full.
    pub async fn hit(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.counter.hit(key, limit).await
    }

    /// Refuses when `key` is already full, without counting.
    pub async fn check(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.counter.check(key, limit).await
    }

    /// Counts one event for `key` even past the limit (a failure that already happened).
    pub async fn record(&self, key: &str, limit: Limit) {
        self.counter.record(key, limit).await
    }

    pub async fn clear(&self, key: &str) {
        self.counter.clear(key).await
    }

    /// Counts one event for `key` before the work it guards, refusing it (429, uncounted) once the window is full:
    /// the atomic form of `check` + `record` for budgets a burst must not outrun.
    pub async fn reserve(&self, key: &str, limit: Limit) -> Result<Reservation, ApiError> {
        self.counter.reserve(key, limit).await
    }

    /// Gives back what `reserve` counted (the work showed it was no failure).
    pub async fn release(&self, reservation: &Reservation) {
        self.counter.release(reservation).await
    }

    /// `hit` on this node's own budget, in memory, at once: for guards of this node's own work, which may be
    /// counted per node.
    pub fn hit_here(&self, key: &str, limit: Limit) -> Result<(), ApiError> {
        self.here.hit_now(key, limit)
    }
}

/// The 429 for a window that ends in `left`.
fn refused(left: Duration) -> ApiError {
    ApiError::RateLimited { retry_after_secs: left.as_secs().max(1) }
}
