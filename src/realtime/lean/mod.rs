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

use actix_web::web::{self, BytesMut};
use tokio::net::TcpStream;

use crate::front::FirstBytes;
use crate::realtime::admission::{self, Seat};
use crate::realtime::session;
use crate::state::AppState;

/// Completes the opening handshake on a fresh connection, then serves the socket until it ends. `first`: the bytes
/// `crate::front` read to tell this connection from an HTTP one.
pub async fn serve(mut stream: TcpStream, state: web::Data<AppState>, first: FirstBytes) {
    // Boxed, and in a function of its own: what the handshake needs (the request's headers, its address) is gone
    // before the socket's long life starts, and a future keeps every local that lives across two awaits.
    let Some((seat, leftover)) = Box::pin(open(&mut stream, &state, first)).await else { return };
    let (read, write) = stream.into_split();
    session::run(state, link::Writer::new(write), link::Reader::new(read, leftover), seat).await;
}

/// Reads the upgrade request, finds the socket a place (`admission`), and answers 101: the place and what the client
/// sent after its request. `None` once the connection has been answered otherwise (400, 429, 503) or has gone.
async fn open(stream: &mut TcpStream, state: &AppState, first: FirstBytes) -> Option<(Seat, BytesMut)> {
    let upgrade = match handshake::read(stream, first.as_slice()).await {
        Ok(upgrade) => upgrade,
        Err(refused) => {
            tracing::debug!(reason = %refused, "socket handshake refused");
            return None;
        }
    };
    // The client's address by the same trusted-proxy rule as every HTTP request, from the upgrade's own headers.
    let peer = stream.peer_addr().ok().map(|a| a.ip());
    let address = admission::address(&state.trusted_proxies, peer, &upgrade.headers);
    let seat = match state.sockets.admit(address) {
        Ok(seat) => seat,
        Err(refused) => {
            tracing::debug!(%address, ?refused, "socket refused");
            let status = refused.status();
            let status = format!("{} {}", status.as_u16(), status.canonical_reason().unwrap_or(""));
            handshake::answer(stream, &status, refused.message(), Some(admission::RETRY_AFTER_SECS)).await;
            return None;
        }
    };
    match handshake::switch(stream, upgrade).await {
        Ok(leftover) => {
            tracing::debug!(peer = ?peer, "socket opened");
            Some((seat, leftover))
        }
        Err(refused) => {
            tracing::debug!(reason = %refused, "socket handshake refused");
            None
        }
    }
}
