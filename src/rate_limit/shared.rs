//! The counters in PostgreSQL (`ayo_data::pg::rate`), shared by every node on one database: a budget of 30 failed
//! logins per address is 30 in all, whichever nodes the attempts reach. Each call is one statement on the
//! database's clock, so the nodes' clocks do not matter.
//!
//! When the database does not answer, a limit that guards an action refuses it (an error, never a free pass: an
//! outage must not open the door to guessing), and a count that only slows or records logs the failure and goes on
//! (in cluster mode the action itself then fails on the same database).

use std::sync::{Arc, Mutex, PoisonError};

use futures_util::future::{BoxFuture, FutureExt};

use ayo_data::pg::rate::{self, Hit, Reserve};
use ayo_data::pg::Client;

use super::{refused, Limit, RateCounter, Reservation};
use crate::error::ApiError;

/// Fixed windows in `rate_buckets`, through one client (each call one statement, pipelined on its connection).
/// A counter that knows its database's URL opens a new connection when that one has ended (the database restarted,
/// or a cut link gave up): without it, one restart of PostgreSQL left every sign-in of the node failing until the
/// node itself restarted (issue 33; docs/scaling.md, "Failure modes").
pub struct SharedCounter {
    client: Mutex<Arc<Client>>,
    url: Option<String>,
    /// One reconnection at a time; the others wait for it and use its connection.
    reconnecting: tokio::sync::Mutex<()>,
}

impl SharedCounter {
    /// Counts through `client` for as long as it lives.
    pub fn new(client: Arc<Client>) -> Self {
        Self { client: Mutex::new(client), url: None, reconnecting: tokio::sync::Mutex::new(()) }
    }

    /// Counts through `client`, and through a new connection to `url` whenever it has ended.
    pub fn reconnecting(url: String, client: Arc<Client>) -> Self {
        Self { url: Some(url), ..Self::new(client) }
    }

    fn current(&self) -> Arc<Client> {
        self.client.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// The client to count with: the current one while it lives, else a new one (an ended one if none can be made:
    /// its call then fails as the database would).
    async fn client(&self) -> Arc<Client> {
        let current = self.current();
        let Some(url) = self.url.as_deref().filter(|_| current.is_closed()) else { return current };
        let _alone = self.reconnecting.lock().await;
        let current = self.current();
        if !current.is_closed() {
            return current;
        }
        match ayo_data::pg::connect(url).await {
            Ok(fresh) => {
                let fresh = Arc::new(fresh);
                *self.client.lock().unwrap_or_else(PoisonError::into_inner) = fresh.clone();
                tracing::info!("the shared rate counters reconnected to the database");
                fresh
            }
            Err(e) => {
                tracing::warn!(error = %e, "the shared rate counters could not reconnect to the database");
                current
            }
        }
    }
}

impl RateCounter for SharedCounter {
    fn count<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, u32> {
        async move {
            match rate::peek(&*self.client().await, key, limit.window).await {
                Ok(window) => window.map_or(0, |w| w.count),
                Err(e) => {
                    tracing::error!(key, error = %e, "could not read a shared rate counter");
                    0
                }
            }
        }
        .boxed()
    }

    fn hit<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>> {
        async move {
            match rate::hit(&*self.client().await, key, limit.window, limit.max).await.map_err(ApiError::internal)? {
                Hit::Counted(_) => Ok(()),
                Hit::Full { left } => Err(refused(left)),
            }
        }
        .boxed()
    }

    fn check<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>> {
        async move {
            match rate::peek(&*self.client().await, key, limit.window).await.map_err(ApiError::internal)? {
                Some(window) if window.count >= limit.max => Err(refused(window.left)),
                _ => Ok(()),
            }
        }
        .boxed()
    }

    fn record<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, ()> {
        async move {
            if let Err(e) = rate::record(&*self.client().await, key, limit.window).await {
                tracing::error!(key, error = %e, "could not count a failure in a shared rate counter");
            }
        }
        .boxed()
    }

    fn clear<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()> {
        async move {
            if let Err(e) = rate::clear(&*self.client().await, key).await {
                tracing::error!(key, error = %e, "could not clear a shared rate counter");
            }
        }
        .boxed()
    }

    fn reserve<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<Reservation, ApiError>> {
        async move {
            match rate::reserve(&*self.client().await, key, limit.window, limit.max)
                .await
                .map_err(ApiError::internal)?
            {
                Reserve::Counted { count, window } => Ok(Reservation { key: key.to_string(), window, count }),
                Reserve::Full { left } => Err(refused(left)),
            }
        }
        .boxed()
    }

    fn release<'a>(&'a self, reservation: &'a Reservation) -> BoxFuture<'a, ()> {
        async move {
            // Not given back, the event stays counted as a failure: the safe side of an outage.
            if let Err(e) = rate::release(&*self.client().await, &reservation.key, reservation.window).await {
                tracing::error!(key = reservation.key, error = %e, "could not give back a shared rate count");
            }
        }
        .boxed()
    }
}
