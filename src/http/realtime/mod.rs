//! The WebSocket at `/api/v1/ws` (docs/api-lotto.md): the server pushes, the client only ever sends one `auth`.
//!
//! Each socket is a `session` task that registers with the Hub (`ayo_actors::hub`), sends a `snapshot` of what is
//! live now, then forwards the Hub's events from its bounded queue. Commands stay on HTTP.

pub mod admission;
pub(crate) mod frames;
pub(crate) mod lean;
pub mod session;
pub mod snapshot;
pub(crate) mod socket;

use actix_web::web;

use ayo_actors::events::Event;
use ayo_actors::hub::Publish;

use crate::http::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/api/v1/ws", web::get().to(session::connect));
}

/// The socket's entry in the API description: it is served outside `/api/v1`'s scope (no logging, no compression).
pub fn described() -> utoipa::openapi::path::Paths {
    #[derive(utoipa::OpenApi)]
    #[openapi(paths(session::connect))]
    struct Socket;
    <Socket as utoipa::OpenApi>::openapi().paths
}

impl AppState {
    /// Hands an event to the Hub for every socket subscribed to its topic; persist first, then publish.
    ///
    /// `do_send` queues in the Hub's unbounded mailbox, and that is safe here: the Hub never waits while handling
    /// `Publish` (it `try_send`s into each socket's bounded queue and drops laggards), so it drains its mailbox far
    /// faster than persisted changes can fill it, while a caller never waits on fan-out.
    pub fn publish(&self, event: Event) {
        self.hub.do_send(Publish(event));
    }
}
