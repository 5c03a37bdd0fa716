//! The lean WebSocket stack: `/api/v1/ws` served straight on the TCP stream, without actix-http's dispatcher.
//!
//! actix-http keeps an 8 KiB read and an 8 KiB write buffer for an upgraded connection's whole life, and every frame
//! crosses three queues (session → actix-ws → dispatcher) before its `write`. Here a connection holds no buffer while
//! idle (reads borrow a short-lived one, writes go straight from the Hub's shared text with a 2–10 byte header in one
//! vectored `write`), and a frame crosses one queue: the Hub's. Decision 028 has the figures.
//!
//! `crate::front` sends every connection whose first request is `GET /api/v1/ws` here; the session logic is the same
//! as on actix-ws (`crate::realtime::session::run`).

mod frame;
mod handshake;
mod link;

use actix_web::web;
use tokio::net::TcpStream;

use crate::state::AppState;

/// Completes the opening handshake on a fresh connection, then serves the socket until it ends.
pub async fn serve(mut stream: TcpStream, state: web::Data<AppState>) {
    let leftover = match handshake::accept(&mut stream).await {
        Ok(leftover) => leftover,
        Err(refused) => {
            tracing::debug!(reason = %refused, "socket handshake refused");
            return;
        }
    };
    tracing::debug!(peer = ?stream.peer_addr().ok(), "socket opened");
    let (read, write) = stream.into_split();
    crate::realtime::session::run(state, link::Writer::new(write), link::Reader::new(read, leftover)).await;
}
