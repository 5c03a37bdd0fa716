//! The counters in PostgreSQL (`ayo_data::pg::rate`), shared by every node on one database: a budget of 30 failed
//! logins per address is 30 in all, whichever nodes the attempts reach. Each call is one statement on the
//! database's clock, so the nodes' clocks do not matter.
//!
//! When the database does not answer, a limit that guards an action refuses it (an error, never a free pass: an
//! outage must not open the door to guessing), and a count that only slows or records logs the failure and goes on
//! (in cluster mode the action itself then fails on the same database).

use std::sync::Arc;

use futures_util::future::{BoxFuture, FutureExt};

use ayo_data::pg::rate::{self, Hit, Reserve};
use ayo_data::pg::Client;

use super::{refused, Limit, RateCounter, Reservation};
use crate::error::ApiError;

/// Fixed windows in `rate_buckets`, through one client (each call one statement, pipelined on its connection).
pub struct SharedCounter {
    client: Arc<Client>,
}

impl SharedCounter {
    pub fn new(client: Arc<Client>) -> Self {
        Self { client }
    }
}

impl RateCounter for SharedCounter {
    fn count<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, u32> {
        async move {
            match rate::peek(&self.client, key, limit.window).await {
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
            match rate::hit(&self.client, key, limit.window, limit.max).await.map_err(ApiError::internal)? {
                Hit::Counted(_) => Ok(()),
                Hit::Full { left } => Err(refused(left)),
            }
        }
        .boxed()
    }

    fn check<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<(), ApiError>> {
        async move {
            match rate::peek(&self.client, key, limit.window).await.map_err(ApiError::internal)? {
                Some(window) if window.count >= limit.max => Err(refused(window.left)),
                _ => Ok(()),
            }
        }
        .boxed()
    }

    fn record<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, ()> {
        async move {
            if let Err(e) = rate::record(&self.client, key, limit.window).await {
                tracing::error!(key, error = %e, "could not count a failure in a shared rate counter");
            }
        }
        .boxed()
    }

    fn clear<'a>(&'a self, key: &'a str) -> BoxFuture<'a, ()> {
        async move {
            if let Err(e) = rate::clear(&self.client, key).await {
                tracing::error!(key, error = %e, "could not clear a shared rate counter");
            }
        }
        .boxed()
    }

    fn reserve<'a>(&'a self, key: &'a str, limit: Limit) -> BoxFuture<'a, Result<Reservation, ApiError>> {
        async move {
            match rate::reserve(&self.client, key, limit.window, limit.max).await.map_err(ApiError::internal)? {
                Reserve::Counted { count, window } => Ok(Reservation { key: key.to_string(), window, count }),
                Reserve::Full { left } => Err(refused(left)),
            }
        }
        .boxed()
    }

    fn release<'a>(&'a self, reservation: &'a Reservation) -> BoxFuture<'a, ()> {
        async move {
            // Not given back, the event stays counted as a failure: the safe side of an outage.
            if let Err(e) = rate::release(&self.client, &reservation.key, reservation.window).await {
                tracing::error!(key = reservation.key, error = %e, "could not give back a shared rate count");
            }
        }
        .boxed()
    }
}
