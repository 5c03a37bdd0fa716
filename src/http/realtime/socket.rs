//! What a session needs from a WebSocket, whichever stack carries it: the lean one (`lean`, every connection whose
//! first request is the upgrade) or actix-ws (an upgrade that arrives later on a kept-alive HTTP connection, whose
//! frames are read here, from the request's payload).

use actix_web::web::Bytes;
use actix_ws::CloseReason;

use crate::http::realtime::frames::{Fault, Frames, Said};

/// The socket cannot take a frame any more.
pub struct Closed;

/// What the server says to its client.
pub trait Outgoing {
    async fn text(&mut self, text: &str) -> Result<(), Closed>;
    async fn ping(&mut self) -> Result<(), Closed>;
    async fn pong(&mut self, payload: &[u8]) -> Result<(), Closed>;
    /// Sends a close frame (a courtesy: the connection ends either way when `self` is dropped).
    async fn close(self, reason: Option<CloseReason>);
}

/// What the client says, frame by frame; `None` once it has gone.
pub trait Incoming {
    /// Must be cancel-safe: a session `select!`s it against its queue.
    async fn recv(&mut self) -> Option<Result<Said, Fault>>;
}

/// actix-ws, for an upgrade that arrives on a connection that served HTTP first.
impl Outgoing for actix_ws::Session {
    async fn text(&mut self, text: &str) -> Result<(), Closed> {
        actix_ws::Session::text(self, text.to_owned()).await.map_err(|_| Closed)
    }

    async fn ping(&mut self) -> Result<(), Closed> {
        actix_ws::Session::ping(self, b"").await.map_err(|_| Closed)
    }

    async fn pong(&mut self, payload: &[u8]) -> Result<(), Closed> {
        actix_ws::Session::pong(self, payload).await.map_err(|_| Closed)
    }

    async fn close(self, reason: Option<CloseReason>) {
        let _ = actix_ws::Session::close(self, reason).await;
    }
}

/// What the client sends on a connection upgraded by actix-ws, read from the request's payload through the same
/// bounded frame reader as the lean stack. actix-ws's own `MessageStream` is not used: it appends every chunk the
/// connection has before it parses, and its codec checks the size limit only once a frame is whole, so a header
/// declaring 2^40 bytes made it buffer all that followed (docs/security.md, "Endless frames").
pub struct UpgradedPayload {
    payload: actix_web::web::Payload,
    frames: Frames,
    /// The rest of the last chunk actix-http handed over, taken into `frames` one frame's worth at a time.
    unread: Bytes,
}

impl UpgradedPayload {
    pub fn new(payload: actix_web::web::Payload) -> Self {
        Self { payload, frames: Frames::default(), unread: Bytes::new() }
    }
}

impl Incoming for UpgradedPayload {
    async fn recv(&mut self) -> Option<Result<Said, Fault>> {
        use futures_util::StreamExt;
        loop {
            if let Some(said) = self.frames.next_from(&mut self.unread) {
                return Some(said);
            }
            // The only await, and `next` on a stream loses nothing when dropped. A chunk is actix-http's read
            // buffer at most (it stops reading while one is not taken), and `frames` takes from it one frame at a
            // time, so nothing here grows with what the client sends.
            match self.payload.next().await? {
                Ok(chunk) => self.unread = chunk,
                Err(e) => return Some(Err(Fault::Protocol(e.to_string()))),
            }
        }
    }
}
