//! The two halves of a lean socket: `Reader` turns bytes into `Said`, `Writer` puts frames on the wire.
//!
//! Neither keeps a buffer while the socket is idle: the reader holds bytes only while a frame is incomplete (at most
//! one frame of the largest size allowed), and the writer sends a frame's header and the Hub's text in one vectored
//! `write` without copying the text.

use std::io::{ErrorKind, IoSlice};

use actix_http::ws::{CloseReason, OpCode, Parser};
use actix_web::web::{BufMut, BytesMut};
use tokio::io::AsyncWriteExt;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};

use super::frame::text_header;
use crate::http::realtime::frames::Frames;
use crate::http::realtime::frames::{Fault, Said};
use crate::http::realtime::socket::{Closed, Incoming, Outgoing};

/// Bytes read per `read` at most: more than any frame a client of this socket sends (auth, pong, close).
const READ_CHUNK: usize = 1024;

pub struct Reader {
    half: OwnedReadHalf,
    /// An incomplete frame, or nothing (no allocation) between frames; never more than one frame of the largest
    /// size allowed (`crate::http::realtime::frames`).
    frames: Frames,
}

impl Reader {
    /// `leftover`: what the client sent after its upgrade request, already read.
    pub fn new(half: OwnedReadHalf, leftover: BytesMut) -> Self {
        Self { half, frames: Frames::new(leftover) }
    }
}

impl Incoming for Reader {
    async fn recv(&mut self) -> Option<Result<Said, Fault>> {
        loop {
            if let Some(said) = self.frames.next() {
                return Some(said);
            }
            // The only await: bytes are moved into `frames` before the next one, so dropping this future loses
            // nothing.
            if let Err(e) = self.half.readable().await {
                return Some(Err(Fault::Protocol(e.to_string())));
            }
            // Read no more than the frame buffer takes, so a frame that never ends cannot grow it (the kernel's
            // socket buffer holds the rest, and the client's sends stall).
            let mut space = self.frames.space(READ_CHUNK);
            if !space.has_remaining_mut() {
                // Unreachable while the frame buffer refuses every header above the limit (`frames::next`); a read
                // into no room would look like the end of the connection.
                return Some(Err(Fault::Overflow));
            }
            match self.half.try_read_buf(&mut space) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(e) => return Some(Err(Fault::Protocol(e.to_string()))),
            }
        }
    }
}

pub struct Writer {
    half: OwnedWriteHalf,
}

impl Writer {
    pub fn new(half: OwnedWriteHalf) -> Self {
        Self { half }
    }

    /// Writes `head` then `body`, as few `write`s as the socket allows.
    async fn write(&mut self, mut head: &[u8], mut body: &[u8]) -> Result<(), Closed> {
        while !head.is_empty() || !body.is_empty() {
            self.half.writable().await.map_err(|_| Closed)?;
            match self.half.try_write_vectored(&[IoSlice::new(head), IoSlice::new(body)]) {
                Ok(0) => return Err(Closed),
                Ok(written) => {
                    let from_head = written.min(head.len());
                    head = &head[from_head..];
                    body = &body[written - from_head..];
                }
                Err(e) if e.kind() == ErrorKind::WouldBlock => {}
                Err(_) => return Err(Closed),
            }
        }
        Ok(())
    }

    async fn control(&mut self, opcode: OpCode, payload: &[u8]) -> Result<(), Closed> {
        let mut frame = BytesMut::new();
        Parser::write_message(&mut frame, payload, opcode, true, false);
        self.write(&frame, &[]).await
    }
}

impl Outgoing for Writer {
    async fn text(&mut self, text: &str) -> Result<(), Closed> {
        let (header, used) = text_header(text.len());
        self.write(&header[..used], text.as_bytes()).await
    }

    async fn ping(&mut self) -> Result<(), Closed> {
        self.control(OpCode::Ping, &[]).await
    }

    async fn pong(&mut self, payload: &[u8]) -> Result<(), Closed> {
        self.control(OpCode::Pong, payload).await
    }

    async fn close(mut self, reason: Option<CloseReason>) {
        let mut frame = BytesMut::new();
        Parser::write_close(&mut frame, reason, false);
        if self.write(&frame, &[]).await.is_ok() {
            let _ = self.half.shutdown().await;
        }
    }
}
