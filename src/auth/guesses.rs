//! The one path every password check takes (issue 28; docs/security.md, "Guessing"): logins, and a session asked
//! for its password again (change-password, the payout account). An attempt is counted in each of its budgets
//! BEFORE its hash is computed, each count one atomic step that also checks the budget (in memory under one lock, in
//! PostgreSQL in one statement: `ayo_data::pg::rate::reserve`). So however many attempts arrive at once, and on
//! however many nodes, at most a budget's worth is ever evaluated; the rest are refused (429) unhashed. A check that
//! turns out right gives its count back (or clears the run of failures); a wrong one stays counted as the failure.
//!
//! Counting first then checking (instead of checking, hashing, then recording) is the whole point: the old order let
//! 250 parallel guesses through a budget of 5, since none had been recorded when the others were checked.

use crate::auth::hash_queue::HashQueue;
use crate::error::ApiError;
use crate::rate_limit::{Limit, RateLimiter, Reservation};

/// A budget an attempt counts against.
pub struct Budget {
    key: String,
    limit: Limit,
    on_match: OnMatch,
}

/// What the right password does to a budget it was counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnMatch {
    /// It was no failure: give this attempt back; the window's failures stay.
    GiveBack,
    /// It ends the run of failures: forget the window.
    Forget,
}

impl Budget {
    pub fn new(key: impl Into<String>, limit: Limit, on_match: OnMatch) -> Self {
        Self { key: key.into(), limit, on_match }
    }

    /// A count that never refuses (failures that only slow an identity down): `Limit::max` is ignored.
    pub fn unbounded(key: impl Into<String>, limit: Limit, on_match: OnMatch) -> Self {
        Self::new(key, Limit { max: u32::MAX, ..limit }, on_match)
    }
}

/// An attempt refused unevaluated: the budget (by its place in the list) that was full, and the 429.
#[derive(Debug)]
pub struct Refused {
    pub budget: usize,
    pub error: ApiError,
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        refused.error
    }
}

/// An attempt counted in every one of its budgets, not yet evaluated.
#[must_use = "a counted attempt is checked, or its counts stay as failures"]
pub struct Guess {
    counted: Vec<(Budget, Reservation)>,
}

impl Guess {
    /// Counts the attempt in `budgets`, in order; refused when one is full, with the counts already taken given back
    /// (a refused attempt is no failure: it was never evaluated).
    pub async fn reserve(limiter: &RateLimiter, budgets: Vec<Budget>) -> Result<Guess, Refused> {
        let mut counted = Vec::with_capacity(budgets.len());
        for (place, budget) in budgets.into_iter().enumerate() {
            match limiter.reserve(&budget.key, budget.limit).await {
                Ok(reservation) => counted.push((budget, reservation)),
                Err(error) => {
                    Guess { counted }.give_back(limiter).await;
                    return Err(Refused { budget: place, error });
                }
            }
        }
        Ok(Guess { counted })
    }

    /// Attempts in budget `place`'s window, this one included.
    pub fn counted(&self, place: usize) -> u32 {
        self.counted.get(place).map_or(0, |(_, reservation)| reservation.count())
    }

    /// Whether `typed` matches `stored`, hashed with a place in the queue for `source`. Refused (429, the counts given
    /// back) when that source already has its share of the queue.
    pub async fn check(
        self,
        hashing: &HashQueue,
        limiter: &RateLimiter,
        source: &str,
        typed: &str,
        stored: &str,
    ) -> Result<bool, ApiError> {
        let ticket = match hashing.admit(source) {
            Ok(ticket) => ticket,
            Err(busy) => {
                self.give_back(limiter).await;
                return Err(busy);
            }
        };
        match hashing.verify(ticket, typed, stored).await {
            Ok(true) => {
                self.settle(limiter).await;
                Ok(true)
            }
            // Stays counted: this was the failure the budgets are for.
            Ok(false) => Ok(false),
            Err(e) => {
                self.give_back(limiter).await;
                Err(e)
            }
        }
    }

    /// After the right answer (a password here, or a code checked by the caller): each budget as it says.
    pub async fn settle(self, limiter: &RateLimiter) {
        for (budget, reservation) in &self.counted {
            match budget.on_match {
                OnMatch::GiveBack => limiter.release(reservation).await,
                OnMatch::Forget => limiter.clear(&budget.key).await,
            }
        }
    }

    /// Nothing was evaluated (refused, or the check itself failed): every count goes back.
    pub async fn give_back(self, limiter: &RateLimiter) {
        for (_, reservation) in &self.counted {
            limiter.release(reservation).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn a_full_budget_refuses_and_gives_back_what_the_attempt_took_from_the_others() {
        let limiter = RateLimiter::default();
        let (source, identity) = (Limit::per_minute(30), Limit::per_minute(2));
        let budgets = || {
            vec![
                Budget::new("login-ip:6.6.6.6", source, OnMatch::GiveBack),
                Budget::new("login-fail:user:1@6.6.6.6", identity, OnMatch::Forget),
            ]
        };
        for _ in 0..2 {
            let guess = Guess::reserve(&limiter, budgets()).await.unwrap();
            assert_eq!(guess.counted(1), limiter.count("login-fail:user:1@6.6.6.6", identity).await);
        }
        let refused = Guess::reserve(&limiter, budgets()).await.err().map(|r| r.budget);
        assert_eq!(refused, Some(1), "the identity's budget is the full one");
        assert_eq!(limiter.count("login-ip:6.6.6.6", source).await, 2, "the refused attempt is no failure");
    }

    #[actix_web::test]
    async fn an_unbounded_count_never_refuses() {
        let limiter = RateLimiter::default();
        for n in 1..=50 {
            let budgets = vec![Budget::unbounded("login-fail:user:1", Limit::per_minute(5), OnMatch::Forget)];
            let guess = Guess::reserve(&limiter, budgets).await.unwrap();
            assert_eq!(guess.counted(0), n);
        }
    }
}
