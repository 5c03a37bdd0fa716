//! The lean WebSocket stack: `/api/v1/ws` served straight on the TCP stream, without actix-http's dispatcher.
//!
//! actix-http keeps an 8 KiB read and an 8 KiB write buffer for an upgraded connection's whole life, and every frame
//! crosses three queues (session → actix-ws → dispatcher) before its `write`. Here a connection holds no buffer while
//! idle (reads borrow a short-lived one, writes go straight from the Hub's shared text with a 2–10 byte header in one
//! vectored `write`), and a frame crosses one queue: the Hub's. Decision 028 has the figures.
//!
//! `crate::server::front` sends every connection whose first request is `GET /api/v1/ws` here; the session logic is the same
//! as on actix-ws (`crate::http::realtime::session::run`).

mod frame;
mod handshake;
mod link;

use std::future::Future;

use actix_web::web::{self, BytesMut};
use futures_util::future::{Either, FutureExt};
use tokio::net::TcpStream;

use crate::http::realtime::admission::{self, Seat};
use crate::http::realtime::session;
use crate::http::state::AppState;

/// Completes the opening handshake on a fresh connection, then serves the socket until it ends. `first`: the bytes
/// `crate::server::front` read to tell this connection from an HTTP one.
///
/// Two futures one after the other rather than one `async fn`: that would keep its arguments (the stream, the first
/// bytes) and the handshake's state beside the session's for the socket's whole life. The handshake is boxed, so
/// while the session runs nothing of it is left.
pub fn serve(stream: TcpStream, state: web::Data<AppState>, first: impl AsRef<[u8]>) -> impl Future<Output = ()> {
    Box::pin(open(stream, state, first)).then(|opened| match opened {
        Some((state, stream, seat, leftover)) => {
            let (read, write) = stream.into_split();
            Either::Left(session::run(state, link::Writer::new(write), link::Reader::new(read, leftover), seat))
        }
        None => Either::Right(std::future::ready(())),
    })
}

/// Reads the upgrade request, finds the socket a place (`admission`), and answers 101: the place and what the client
/// sent after its request. `None` once the connection has been answered otherwise (400, 429, 503) or has gone.
async fn open(
    mut stream: TcpStream,
    state: web::Data<AppState>,
    first: impl AsRef<[u8]>,
) -> Option<(web::Data<AppState>, TcpStream, Seat, BytesMut)> {
    let upgrade = match handshake::read(&mut stream, first.as_ref()).await {
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
            handshake::answer(&mut stream, &status, refused.message(), Some(admission::RETRY_AFTER_SECS)).await;
            return None;
        }
    };
    match handshake::switch(&mut stream, upgrade).await {
        Ok(leftover) => {
            tracing::debug!(peer = ?peer, "socket opened");
            Some((state, stream, seat, leftover))
        }
        Err(refused) => {
            tracing::debug!(reason = %refused, "socket handshake refused");
            None
        }
    }
}
