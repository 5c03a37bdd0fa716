//! Frames on the wire (RFC 6455 §5.2): the header of a server's text frame, and a client's frames read into `Said`.

use actix_http::ws::{OpCode, Parser, ProtocolError};
use actix_web::web::BytesMut;

use crate::realtime::session::MAX_FRAME_SIZE;
use crate::realtime::socket::{Fault, Said};

/// A text frame's header: FIN + opcode 1, unmasked (servers never mask), then the length in 1, 3 or 9 bytes.
/// Returns the buffer and how many of its bytes are the header.
pub fn text_header(length: usize) -> ([u8; 10], usize) {
    let mut header = [0u8; 10];
    header[0] = 0x80 | 0x1;
    let used = match length {
        0..=125 => {
            header[1] = length as u8;
            2
        }
        126..=0xFFFF => {
            header[1] = 126;
            header[2..4].copy_from_slice(&(length as u16).to_be_bytes());
            4
        }
        _ => {
            header[1] = 127;
            header[2..10].copy_from_slice(&(length as u64).to_be_bytes());
            10
        }
    };
    (header, used)
}

/// The next whole frame a client sent, taken off the front of `buf`; `None` until one has fully arrived.
pub fn next_said(buf: &mut BytesMut) -> Option<Result<Said, Fault>> {
    let (finished, opcode, payload) = match Parser::parse(buf, true, MAX_FRAME_SIZE) {
        Ok(Some(frame)) => frame,
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A client's frame: masked, as RFC 6455 requires.
    fn masked(opcode: u8, payload: &[u8]) -> BytesMut {
        let mut buf = BytesMut::new();
        Parser::write_message(&mut buf, payload, OpCode::from(opcode), true, true);
        buf
    }

    #[test]
    fn headers_use_the_shortest_length_form() {
        assert_eq!(text_header(5).0[..2], [0x81, 5]);
        assert_eq!(text_header(300).0[..4], [0x81, 126, 0x01, 0x2C]);
        let (header, used) = text_header(70_000);
        assert_eq!((header[..2].to_vec(), used), (vec![0x81, 127], 10));
        assert_eq!(u64::from_be_bytes(header[2..10].try_into().unwrap()), 70_000);
    }

    #[test]
    fn a_header_and_its_payload_read_back_as_the_same_frame() {
        for length in [0, 125, 126, 65_535, 65_536] {
            let payload = vec![b'a'; length];
            let (header, used) = text_header(length);
            let mut wire = BytesMut::from(&header[..used]);
            wire.extend_from_slice(&payload);
            let (fin, opcode, read) = Parser::parse(&mut wire, false, usize::MAX).unwrap().unwrap();
            assert_eq!((fin, opcode, read.map_or(0, |r| r.len())), (true, OpCode::Text, length));
        }
    }

    #[test]
    fn a_text_frame_arriving_in_pieces_is_read_once_whole() {
        let whole = masked(1, br#"{"type":"auth"}"#);
        let mut buf = BytesMut::from(&whole[..5]);
        assert!(next_said(&mut buf).is_none());
        buf.extend_from_slice(&whole[5..]);
        let Some(Ok(Said::Text(text))) = next_said(&mut buf) else { panic!("a text frame") };
        assert_eq!(&text[..], br#"{"type":"auth"}"#);
        assert!(buf.is_empty());
    }

    #[test]
    fn unmasked_or_oversized_client_frames_are_faults() {
        let mut unmasked = BytesMut::new();
        Parser::write_message(&mut unmasked, b"hi", OpCode::Text, true, false);
        assert!(matches!(next_said(&mut unmasked), Some(Err(Fault::Protocol(_)))));
        let mut big = masked(1, &vec![b'x'; MAX_FRAME_SIZE + 1]);
        assert!(matches!(next_said(&mut big), Some(Err(Fault::Overflow))));
    }
}
