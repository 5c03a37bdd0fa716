//! The opening handshake (RFC 6455 §4.2): read the upgrade request, check it, answer 101, or 400 (not an upgrade),
//! 429 or 503 (no place for another socket: `crate::http::realtime::admission`).

use std::fmt;
use std::time::Duration;

use actix_web::http::header::{HeaderMap, HeaderName, HeaderValue};
use actix_web::web::BytesMut;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// The largest upgrade request accepted (a browser's is about 600 bytes, cookies included).
const MAX_REQUEST: usize = 8 * 1024;
/// How long a client may take to send its whole request (actix-http's client request timeout, too).
const REQUEST_TIMEOUT: Duration = Duration::from_secs(5);
/// Header slots: a browser sends about 15.
const MAX_HEADERS: usize = 48;

/// Why an upgrade was refused.
#[derive(Debug)]
pub enum Refused {
    /// The client went away, was too slow, or sent more than `MAX_REQUEST`.
    Gone(&'static str),
    /// A complete request that is not a version-13 WebSocket upgrade (answered with 400).
    NotAnUpgrade(&'static str),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Gone(why) | Self::NotAnUpgrade(why) => f.write_str(why),
        }
    }
}

/// A version-13 upgrade request, read but not answered yet.
pub struct Upgrade {
    key: String,
    /// Its headers: who the client is behind a trusted proxy (`crate::client_ip`).
    pub headers: HeaderMap,
    /// What the client sent after the request (its first frames).
    leftover: BytesMut,
}

/// Reads the request; one that is complete but not an upgrade is answered 400 here. `first`: the bytes the front
/// already read to see where the connection goes.
pub async fn read(stream: &mut TcpStream, first: &[u8]) -> Result<Upgrade, Refused> {
    let mut buf = tokio::time::timeout(REQUEST_TIMEOUT, read_request(stream, first))
        .await
        .map_err(|_| Refused::Gone("request not sent in time"))??;
    match parse(&buf) {
        Ok((length, key, headers)) => {
            let _ = buf.split_to(length);
            Ok(Upgrade { key, headers, leftover: buf })
        }
        Err(why) => {
            answer(stream, "400 Bad Request", &format!("Not a WebSocket upgrade: {why}"), None).await;
            Err(Refused::NotAnUpgrade(why))
        }
    }
}

/// Answers 101 and hands back what the client sent after its request.
pub async fn switch(stream: &mut TcpStream, upgrade: Upgrade) -> Result<BytesMut, Refused> {
    let accept = actix_http::ws::hash_key(upgrade.key.as_bytes());
    let accept = std::str::from_utf8(&accept).map_err(|_| Refused::Gone("accept key"))?;
    let reply = format!(
        "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: {accept}\r\n\r\n"
    );
    stream.write_all(reply.as_bytes()).await.map_err(|_| Refused::Gone("closed during the handshake"))?;
    Ok(upgrade.leftover)
}

/// Answers the request with `status` and `{"message": …}`, and closes the connection.
pub async fn answer(stream: &mut TcpStream, status: &str, message: &str, retry_after: Option<u32>) {
    let body = serde_json::json!({ "message": message }).to_string();
    let retry = retry_after.map(|secs| format!("retry-after: {secs}\r\n")).unwrap_or_default();
    let reply = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{retry}connection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(reply.as_bytes()).await;
}

/// Reads until the end of the headers.
async fn read_request(stream: &mut TcpStream, first: &[u8]) -> Result<BytesMut, Refused> {
    let mut buf = BytesMut::with_capacity(1024);
    buf.extend_from_slice(first);
    loop {
        match stream.read_buf(&mut buf).await {
            Ok(0) => return Err(Refused::Gone("closed during the handshake")),
            Ok(_) if buf.windows(4).any(|w| w == b"\r\n\r\n") => return Ok(buf),
            Ok(_) if buf.len() >= MAX_REQUEST => return Err(Refused::Gone("request too large")),
            Ok(_) => buf.reserve(1024),
            Err(_) => return Err(Refused::Gone("read error")),
        }
    }
}

/// The request's length, its `Sec-WebSocket-Key` and its headers, if it is a version-13 upgrade.
fn parse(buf: &[u8]) -> Result<(usize, String, HeaderMap), &'static str> {
    let mut headers = [httparse::EMPTY_HEADER; MAX_HEADERS];
    let mut request = httparse::Request::new(&mut headers);
    let length = match request.parse(buf) {
        Ok(httparse::Status::Complete(length)) => length,
        _ => return Err("malformed request"),
    };
    if request.method != Some("GET") {
        return Err("method must be GET");
    }
    let header = |name: &str| {
        request
            .headers
            .iter()
            .find(|h| h.name.eq_ignore_ascii_case(name))
            .and_then(|h| std::str::from_utf8(h.value).ok())
    };
    let has_token = |name: &str, token: &str| {
        header(name).is_some_and(|v| v.split(',').any(|t| t.trim().eq_ignore_ascii_case(token)))
    };
    if !has_token("upgrade", "websocket") {
        return Err("no Upgrade: websocket header");
    }
    if !has_token("connection", "upgrade") {
        return Err("no Connection: upgrade header");
    }
    if header("sec-websocket-version") != Some("13") {
        return Err("Sec-WebSocket-Version must be 13");
    }
    let key = header("sec-websocket-key").map(str::trim).filter(|k| !k.is_empty()).ok_or("no Sec-WebSocket-Key")?;
    let mut headers = HeaderMap::new();
    for h in request.headers.iter() {
        // A header actix-http would refuse is left out here too.
        if let (Ok(name), Ok(value)) = (HeaderName::from_bytes(h.name.as_bytes()), HeaderValue::from_bytes(h.value)) {
            headers.append(name, value);
        }
    }
    Ok((length, key.to_owned(), headers))
}

#[cfg(test)]
mod tests {
    use super::parse;

    const UPGRADE: &str = "GET /api/v1/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: keep-alive, Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n";

    #[test]
    fn a_browser_upgrade_is_accepted_with_its_key_and_length() {
        let (length, key, headers) = parse(UPGRADE.as_bytes()).unwrap();
        assert_eq!((length, key.as_str()), (UPGRADE.len(), "dGhlIHNhbXBsZSBub25jZQ=="));
        assert_eq!(headers.get("host").map(|h| h.as_bytes()), Some(&b"x"[..]));
        // RFC 6455 §1.3's example answer for that key.
        assert_eq!(&actix_http::ws::hash_key(key.as_bytes()), b"s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
    }

    #[test]
    fn a_plain_get_or_another_version_is_refused_with_the_reason() {
        assert_eq!(parse(b"GET /api/v1/ws HTTP/1.1\r\nHost: x\r\n\r\n").unwrap_err(), "no Upgrade: websocket header");
        let old = UPGRADE.replace("Version: 13", "Version: 8");
        assert_eq!(parse(old.as_bytes()).unwrap_err(), "Sec-WebSocket-Version must be 13");
        let keyless = UPGRADE.replace("Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n", "");
        assert_eq!(parse(keyless.as_bytes()).unwrap_err(), "no Sec-WebSocket-Key");
    }
}
