//! What every handler can reach: storage, token keys, the mail sender and the rate limiter.

use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use actix_web::{web, HttpRequest};
use chrono::Utc;

use ayo_data::seam::OtpPepper;
use ayo_data::Store;

use crate::auth::Tokens;
use crate::mail::{Mail, Postman};
use crate::rate_limit::{Limits, RateLimiter};

pub struct AppState {
    /// The public listener's address (where the sandbox gateway sends its webhooks).
    pub local_addr: std::net::SocketAddr,
    pub store: Store,
    pub tokens: Tokens,
    pub pepper: OtpPepper,
    pub postman: Postman,
    pub limiter: RateLimiter,
    pub limits: Limits,
    /// Whose `X-Forwarded-For` / `Forwarded` headers are believed.
    pub trusted_proxies: crate::client_ip::TrustedProxies,
    /// The WebSocket fan-out: topics → connections.
    pub hub: actix::Addr<ayo_actors::hub::Hub>,
    /// The Hubs of every node: this one's, and the others' in cluster mode. Session controls go through it.
    pub bus: crate::bus::Bus,
    pub engine: ayo_actors::engine::Engine,
    /// The payment gateway (sandbox or Paystack) and payout bookkeeping.
    pub payments: crate::payments::Payments,
    /// Who checks a player's NIN (sandbox or Dojah).
    pub identity: crate::identity::IdentityProvider,
    /// Manual adjustments larger than this (kobo) wait for a second admin.
    pub adjust_approval_above: i64,
    /// Codes and mails sent after the answer.
    pub background: Background,
    /// Set on SIGTERM: `/ready` answers 503 so a load balancer stops sending new work while this server drains.
    pub draining: std::sync::atomic::AtomicBool,
    /// Argon2 work: one hash per core, a few places per client address, a bounded wait (issue 28).
    pub hashing: crate::auth::hash_queue::HashQueue,
    /// Who may hold a socket: guests per address, sockets per account, all sockets (`crate::http::realtime::admission`).
    pub sockets: Arc<crate::http::realtime::admission::Admission>,
    /// Signs every sold ticket (docs/fairness.md, "Signed receipts").
    pub signer: Arc<ayo_data::signed_receipt::TicketSigner>,
}

/// Work that runs after the answer has gone (codes and mails), so an answer's timing never depends on whether an
/// account exists. Counted, so tests and a shutdown can wait until it is done.
#[derive(Clone, Default)]
pub struct Background(Arc<AtomicUsize>);

impl Background {
    pub fn spawn(&self, work: impl Future<Output = ()> + 'static) {
        self.0.fetch_add(1, Ordering::SeqCst);
        let counter = self.0.clone();
        actix_web::rt::spawn(async move {
            work.await;
            counter.fetch_sub(1, Ordering::SeqCst);
        });
    }

    pub fn pending(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }

    /// Blocks the calling thread (never a server worker) until no job is left, or `limit` has passed.
    pub fn wait_idle(&self, limit: Duration) {
        let until = std::time::Instant::now() + limit;
        while self.pending() > 0 && std::time::Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
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

/// The client a limit or an audit entry is about: the peer, or the forwarded client behind a trusted proxy
/// (`crate::client_ip`), with IPv6 bucketed by /64.
pub fn client_ip(req: &HttpRequest) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    let client = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.trusted_proxies.client(peer, req.headers()),
        None => peer,
    };
    client.map(crate::client_ip::bucket).unwrap_or_else(|| "unknown".into())
}
