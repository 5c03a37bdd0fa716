//! A client's frames off the wire, with a bounded buffer. Both stacks read through it: the lean one
//! (`lean::link::Reader`) and an upgrade on a kept-alive HTTP connection (`socket::UpgradedPayload`).
//!
//! actix-http's `ws::Parser` checks its size limit only once a frame has fully arrived, so a reader that keeps
//! appending until `parse` answers would hold whatever a header declares: 2^40 bytes, streamed (docs/security.md,
//! "Endless frames"). Here the declared length is checked as soon as the header is in, and a frame that says it is
//! larger than `MAX_FRAME_SIZE` is a fault at once (`Fault::Overflow`: the session closes with 1009, "message too
//! big"). Bytes are moved into the frame buffer only as far as one largest frame (`MAX_PENDING`), so what a reader
//! holds does not depend on what a client sends. Fragments are never put together (push only: a client never needs
//! them).

use actix_http::ws::{OpCode, Parser, ProtocolError};
use actix_web::web::{BufMut, Bytes, BytesMut};
use actix_ws::CloseReason;

/// The largest frame a client may send: it only ever sends `{type:"auth", token, batch?}`.
pub const MAX_FRAME_SIZE: usize = 4 * 1024;
/// The longest frame header (RFC 6455 §5.2): 2 bytes, an 8-byte length, a 4-byte mask.
const MAX_HEADER: usize = 14;
/// The most a frame buffer holds: one frame of the largest size allowed, with its header.
pub const MAX_PENDING: usize = MAX_FRAME_SIZE + MAX_HEADER;

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

/// Turns bytes into whole frames.
#[derive(Default)]
pub struct Frames {
    /// An incomplete frame (at most `MAX_PENDING` bytes), or nothing (no allocation) between frames.
    pending: BytesMut,
}

impl Frames {
    /// `leftover`: what a client sent after its upgrade request, before it was answered. A client waits for the
    /// answer (RFC 6455 §4.1), so this is nearly always empty, and never more than the handshake's request limit.
    pub fn new(leftover: BytesMut) -> Self {
        Self { pending: if leftover.is_empty() { BytesMut::new() } else { leftover } }
    }

    /// The next whole frame among the bytes already taken in, or `None` until more are.
    pub fn next(&mut self) -> Option<Result<Said, Fault>> {
        let said = next_said(&mut self.pending)?;
        if self.pending.is_empty() {
            self.pending = BytesMut::new();
        }
        Some(said)
    }

    /// The next whole frame, taking bytes from `unread` (a chunk received from actix-http) one frame's worth at a
    /// time; `None` once all of it is used and more are needed.
    pub fn next_from(&mut self, unread: &mut Bytes) -> Option<Result<Said, Fault>> {
        loop {
            if let Some(said) = self.next() {
                return Some(said);
            }
            if unread.is_empty() {
                // An empty view still holds the buffer it was cut from: let go of it.
                *unread = Bytes::new();
                return None;
            }
            let take = self.room().min(unread.len());
            if take == 0 {
                // Unreachable while `next_said` refuses every header above the limit (a buffer this full holds a
                // whole frame or a refused header); kept so a change there can never become an endless loop.
                return Some(Err(Fault::Overflow));
            }
            self.pending.extend_from_slice(&unread.split_to(take));
        }
    }

    /// Where a reader puts bytes it reads straight from a socket: at most `at_most`, and never more than the frame
    /// buffer takes (`MAX_PENDING` in all).
    pub fn space(&mut self, at_most: usize) -> impl BufMut + '_ {
        let room = self.room().min(at_most);
        self.pending.reserve(room);
        (&mut self.pending).limit(room)
    }

    /// How many more bytes the frame buffer takes.
    fn room(&self) -> usize {
        MAX_PENDING.saturating_sub(self.pending.len())
    }
}

/// The next whole frame a client sent, taken off the front of `buf`; `None` until one has fully arrived. A frame
/// whose header declares more than `MAX_FRAME_SIZE` is refused as soon as the header is in.
fn next_said(buf: &mut BytesMut) -> Option<Result<Said, Fault>> {
    let (finished, opcode, payload) = match Parser::parse(buf, true, MAX_FRAME_SIZE) {
        Ok(Some(frame)) => frame,
        // The parser has checked what it could of the header (mask, opcode, reserved bits); the length it leaves
        // to the whole frame, which is too late.
        Ok(None) if declared_length(buf).is_some_and(|length| length > MAX_FRAME_SIZE as u64) => {
            return Some(Err(Fault::Overflow))
        }
        Ok(None) => return None,
        Err(ProtocolError::Overflow) => return Some(Err(Fault::Overflow)),
        Err(e) => return Some(Err(Fault::Protocol(e.to_string()))),
    };
    let payload = payload.map(BytesMut::freeze).unwrap_or_default();
    Some(Ok(match opcode {
        // A fragment of a longer message: a client of this socket never needs one.
        _ if !finished => Said::Other,
        OpCode::Text => Said::Text(payload),
        OpCode::Ping => Said::Ping(payload),
        OpCode::Close => match Parser::try_parse_close_payload(&payload) {
            Ok(reason) => Said::Close(reason),
            Err(e) => return Some(Err(Fault::Protocol(e.to_string()))),
        },
        _ => Said::Other,
    }))
}

/// The payload length a frame's header declares (RFC 6455 §5.2), once enough of the header is in.
fn declared_length(header: &[u8]) -> Option<u64> {
    match header.get(1)? & 0x7F {
        126 => header.get(2..4).and_then(|b| <[u8; 2]>::try_from(b).ok()).map(|b| u64::from(u16::from_be_bytes(b))),
        127 => header.get(2..10).and_then(|b| <[u8; 8]>::try_from(b).ok()).map(u64::from_be_bytes),
        short => Some(u64::from(short)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A client's frame: masked, as RFC 6455 requires.
    fn masked(opcode: u8, payload: &[u8]) -> BytesMut {
        let mut buf = BytesMut::new();
        Parser::write_message(&mut buf, payload, OpCode::from(opcode), true, true);
        buf
    }

    /// A masked text frame's header declaring `length` bytes, with nothing after it.
    fn header_declaring(length: u64) -> Bytes {
        let mut header = vec![0x81, 0x80 | 127];
        header.extend_from_slice(&length.to_be_bytes());
        header.extend_from_slice(&[1, 2, 3, 4]);
        Bytes::from(header)
    }

    #[test]
    fn a_text_frame_arriving_in_pieces_is_read_once_whole() {
        let whole = masked(1, br#"{"type":"auth"}"#).freeze();
        let mut frames = Frames::default();
        assert!(frames.next_from(&mut whole.slice(..5)).is_none());
        let Some(Ok(Said::Text(text))) = frames.next_from(&mut whole.slice(5..)) else { panic!("a text frame") };
        assert_eq!(&text[..], br#"{"type":"auth"}"#);
        assert!(frames.next().is_none());
    }

    #[test]
    fn several_frames_received_together_come_out_one_by_one() {
        let mut both = masked(1, b"one");
        both.extend_from_slice(&masked(9, b"two"));
        let mut frames = Frames::new(both);
        assert!(matches!(frames.next(), Some(Ok(Said::Text(t))) if &t[..] == b"one"));
        assert!(matches!(frames.next(), Some(Ok(Said::Ping(p))) if &p[..] == b"two"));
        assert!(frames.next().is_none());
    }

    #[test]
    fn a_header_declaring_too_much_is_refused_before_its_payload() {
        for length in [MAX_FRAME_SIZE as u64 + 1, 1 << 16, 1 << 40] {
            let mut frames = Frames::default();
            assert!(matches!(frames.next_from(&mut header_declaring(length)), Some(Err(Fault::Overflow))), "{length}");
        }
        // The 16-bit form too, with only the first four bytes of its header in.
        let mut frames = Frames::new(BytesMut::from(&[0x81, 0x80 | 126, 0x10, 0x01][..]));
        assert!(matches!(frames.next(), Some(Err(Fault::Overflow))));
    }

    #[test]
    fn a_frame_of_exactly_the_limit_is_read() {
        let mut frames = Frames::new(masked(1, &vec![b'x'; MAX_FRAME_SIZE]));
        assert!(matches!(frames.next(), Some(Ok(Said::Text(t))) if t.len() == MAX_FRAME_SIZE));
    }

    #[test]
    fn the_buffer_never_holds_more_than_one_largest_frame() {
        // Many frames at the limit arrive in one chunk: the buffer takes them one at a time.
        let mut wire = BytesMut::new();
        for _ in 0..8 {
            wire.extend_from_slice(&masked(1, &vec![b'x'; MAX_FRAME_SIZE]));
        }
        let (mut wire, mut frames) = (wire.freeze(), Frames::default());
        for _ in 0..8 {
            assert!(matches!(frames.next_from(&mut wire), Some(Ok(Said::Text(_)))));
            assert!(frames.pending.len() <= MAX_PENDING);
        }
        assert!(frames.next_from(&mut wire).is_none());
    }

    #[test]
    fn a_reader_is_given_no_more_room_than_one_largest_frame() {
        let mut frames = Frames::default();
        assert_eq!(frames.space(usize::MAX).remaining_mut(), MAX_PENDING);
        frames.pending.extend_from_slice(&header_declaring(MAX_FRAME_SIZE as u64));
        assert!(frames.next().is_none(), "a frame of the largest size allowed, still arriving");
        assert_eq!(frames.space(usize::MAX).remaining_mut(), MAX_FRAME_SIZE);
    }

    #[test]
    fn unmasked_or_oversized_client_frames_are_faults() {
        let mut unmasked = BytesMut::new();
        Parser::write_message(&mut unmasked, b"hi", OpCode::Text, true, false);
        assert!(matches!(Frames::new(unmasked).next(), Some(Err(Fault::Protocol(_)))));
        let big = masked(1, &vec![b'x'; MAX_FRAME_SIZE + 1]);
        assert!(matches!(Frames::new(big).next(), Some(Err(Fault::Overflow))));
    }
}
