//! What a session needs from a WebSocket, whichever stack carries it: the lean one (`lean`, every connection whose
//! first request is the upgrade) or actix-ws (an upgrade that arrives later on a kept-alive HTTP connection).

use actix_web::web::Bytes;
use actix_ws::CloseReason;

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

/// What a client said, as far as a session cares.
pub enum Said {
    Text(Bytes),
    Ping(Bytes),
    Close(Option<CloseReason>),
    /// Binary, pong, a fragment: push only, so ignored (it still counts as a sign of life).
    Other,
}

/// Why reading from a client failed.
#[derive(Debug)]
pub enum Fault {
    /// A frame above the size limit.
    Overflow,
    /// Anything else that breaks the protocol (unmasked frame, bad opcode, a read error).
    Protocol(String),
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

impl Incoming for actix_ws::MessageStream {
    async fn recv(&mut self) -> Option<Result<Said, Fault>> {
        use actix_ws::{Message, ProtocolError};
        let said = match actix_ws::MessageStream::recv(self).await? {
            Ok(Message::Text(text)) => Said::Text(text.into_bytes()),
            Ok(Message::Ping(bytes)) => Said::Ping(bytes),
            Ok(Message::Close(reason)) => Said::Close(reason),
            Ok(Message::Binary(_) | Message::Continuation(_) | Message::Pong(_) | Message::Nop) => Said::Other,
            Err(ProtocolError::Overflow) => return Some(Err(Fault::Overflow)),
            Err(e) => return Some(Err(Fault::Protocol(e.to_string()))),
        };
        Some(Ok(said))
    }
}
