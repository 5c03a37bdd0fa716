//! The public port: each new connection goes to the lean WebSocket stack when its first request is
//! `GET /api/v1/ws`, and to actix-web (the API, the app, and any later upgrade) otherwise.
//!
//! Deciding reads the connection's first bytes (at most `SOCKET_REQUEST` and one more) and hands them on with the
//! connection: to the lean stack as the start of its request, to actix-http through `Replayed`, which gives them
//! back before anything else is read. Browsers open a WebSocket on a connection of its own, so nearly every socket
//! takes the lean path (decision 028).
//!
//! The bytes are read, not peeked: a `peek` leaves them in the socket, so the socket stays readable and a request
//! line that stops half way could only be looked at again on a timer. 6,000 connections that sent `GE` and stopped
//! kept 94 % of a core busy that way (docs/security.md, "Stalled connections"). A read waits for the next byte
//! like any other.

use std::io;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_http::Protocol;
use actix_service::{fn_factory, fn_service, Service, ServiceFactory};
use actix_web::web;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use crate::http::state::AppState;

/// The request line that opens a socket, up to the character after the path.
const SOCKET_REQUEST: &[u8] = b"GET /api/v1/ws";
/// How many bytes decide where a connection goes: the path and the character after it.
const DECIDING: usize = SOCKET_REQUEST.len() + 1;
/// How long the first bytes may take before the connection is left to actix-web (which times it out).
const FIRST_BYTES_TIMEOUT: Duration = Duration::from_secs(5);

/// What actix-http serves: a connection, its protocol and its peer (as `HttpService::tcp` would hand them over).
pub type Connection = (Replayed, Protocol, Option<std::net::SocketAddr>);

/// Wraps actix-web's HTTP service: connections that open a socket are served by `crate::http::realtime::lean`.
pub fn with_sockets<H>(
    http: H,
    state: web::Data<AppState>,
) -> impl ServiceFactory<TcpStream, Config = (), Response = (), Error = (), InitError = ()>
where
    H: ServiceFactory<Connection, Config = (), Response = (), InitError = ()> + 'static,
{
    fn_factory(move || {
        let http = http.new_service(());
        let state = state.clone();
        async move {
            let http = Rc::new(http.await?);
            Ok(fn_service(move |mut stream: TcpStream| {
                let (http, state) = (Rc::clone(&http), state.clone());
                async move {
                    let first = first_bytes(&mut stream).await;
                    if classify(first.as_slice()) == Some(true) {
                        crate::http::realtime::lean::serve(stream, state, first).await;
                        Ok(())
                    } else {
                        let peer = stream.peer_addr().ok();
                        let connection = (Replayed { stream, first, at: 0 }, Protocol::Http1, peer);
                        // Boxed: actix-http's connection future is large, and this future is as large as its
                        // largest branch, which every socket would pay for.
                        Box::pin(http.call(connection)).await.map(drop).map_err(drop)
                    }
                }
            }))
        }
    })
}

/// The bytes read from a new connection to decide where it goes.
#[derive(Clone, Copy)]
pub struct FirstBytes {
    buf: [u8; DECIDING],
    len: u8,
}

impl FirstBytes {
    pub fn as_slice(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }
}

impl AsRef<[u8]> for FirstBytes {
    fn as_ref(&self) -> &[u8] {
        self.as_slice()
    }
}

/// Reads until the bytes decide where the connection goes, it ends, or `FIRST_BYTES_TIMEOUT` passes.
async fn first_bytes(stream: &mut TcpStream) -> FirstBytes {
    let mut first = FirstBytes { buf: [0u8; DECIDING], len: 0 };
    let look = async {
        while classify(first.as_slice()).is_none() {
            match stream.read(&mut first.buf[usize::from(first.len)..]).await {
                Ok(0) | Err(_) => break,
                // At most `DECIDING` (15) in all: the slice read into is what is left of the buffer.
                Ok(n) => first.len += n as u8,
            }
        }
    };
    // Whatever arrived in time goes on with the connection (actix-web answers a late or broken request itself).
    let _ = tokio::time::timeout(FIRST_BYTES_TIMEOUT, look).await;
    first
}

/// `Some(answer)` once the bytes seen decide it, `None` while they could still go either way.
fn classify(seen: &[u8]) -> Option<bool> {
    let compared = seen.len().min(SOCKET_REQUEST.len());
    if seen[..compared] != SOCKET_REQUEST[..compared] {
        return Some(false);
    }
    seen.get(SOCKET_REQUEST.len()).map(|next| matches!(next, b' ' | b'?'))
}

/// A connection whose first bytes were already read: they are read again first, then the socket.
pub struct Replayed {
    stream: TcpStream,
    first: FirstBytes,
    /// How many of `first` have been read again.
    at: u8,
}

impl AsyncRead for Replayed {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let left = &this.first.as_slice()[usize::from(this.at)..];
        if !left.is_empty() {
            let n = left.len().min(buf.remaining());
            buf.put_slice(&left[..n]);
            this.at += n as u8;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Replayed {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_socket_path_itself_is_a_socket() {
        assert_eq!(classify(b"GET /api/v1/ws HTTP/1.1"), Some(true));
        assert_eq!(classify(b"GET /api/v1/ws?x=1 HTTP/1.1"), Some(true));
        assert_eq!(classify(b"GET /api/v1/wsx"), Some(false));
        assert_eq!(classify(b"GET /api/v1/draws HTTP/1.1"), Some(false));
        assert_eq!(classify(b"POST /api/v1/ws HTTP/1.1"), Some(false));
        assert_eq!(classify(b"\x16\x03\x01"), Some(false));
    }

    #[test]
    fn a_line_still_arriving_waits_for_more() {
        assert_eq!(classify(b"GE"), None);
        assert_eq!(classify(b"GET /api/v1/ws"), None);
    }

    #[tokio::test]
    async fn the_bytes_read_to_decide_are_read_again_first() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let client = tokio::spawn(async move {
            let mut stream = TcpStream::connect(address).await.unwrap();
            tokio::io::AsyncWriteExt::write_all(&mut stream, b"GET /api/v1/health HTTP/1.1\r\n\r\n").await.unwrap();
        });
        let (mut stream, _) = listener.accept().await.unwrap();
        let first = first_bytes(&mut stream).await;
        assert_eq!(classify(first.as_slice()), Some(false));
        client.await.unwrap();
        let mut whole = Vec::new();
        Replayed { stream, first, at: 0 }.read_to_end(&mut whole).await.unwrap();
        assert_eq!(whole, b"GET /api/v1/health HTTP/1.1\r\n\r\n");
    }
}
