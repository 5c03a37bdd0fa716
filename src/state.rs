//! What every handler can reach: storage, token keys, the mail sender and the rate limiter.

use chrono::Utc;

use ayo_data::store::OtpPepper;
use ayo_data::Store;

use crate::auth::Tokens;
use crate::mail::{Mail, Postman};
use crate::rate_limit::{Limits, RateLimiter};

pub struct AppState {
    pub store: Store,
    pub tokens: Tokens,
    pub pepper: OtpPepper,
    pub postman: Postman,
    pub limiter: RateLimiter,
    pub limits: Limits,
    /// The WebSocket fan-out: topics → connections.
    pub hub: actix::Addr<ayo_actors::hub::Hub>,
    pub engine: ayo_actors::engine::Engine,
    /// The payment gateway (sandbox or Paystack) and payout bookkeeping.
    pub payments: crate::payments::Payments,
}

impl AppState {
    /// Sends a mail without failing the request: a player can always ask for the code again.
    pub async fn send_mail(&self, mail: Mail) {
        let (to, kind) = (mail.to.clone(), mail.kind);
        if let Err(e) = self.postman.send(mail).await {
            tracing::error!(%to, kind, error = format!("{e:#}"), "mail not sent");
        }
    }

    pub fn today(&self) -> chrono::NaiveDate {
        Utc::now().date_naive()
    }
}
