//! Frames on the wire (RFC 6455 §5.2): the header of a server's text frame. (A client's frames are read by
//! `crate::http::realtime::frames`, which both stacks share.)

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

#[cfg(test)]
mod tests {
    use actix_http::ws::{OpCode, Parser};
    use actix_web::web::BytesMut;

    use super::*;

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
}
