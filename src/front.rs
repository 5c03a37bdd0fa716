//! The public port: each new connection goes to the lean WebSocket stack when its first request is
//! `GET /api/v1/ws`, and to actix-web (the API, the app, and any later upgrade) otherwise.
//!
//! Deciding costs one `peek` at the first bytes, which are left in the socket for whoever serves it. Browsers open
//! a WebSocket on a connection of its own, so nearly every socket takes the lean path (decision 028).

use std::rc::Rc;
use std::time::Duration;

use actix_service::{fn_factory, fn_service, Service, ServiceFactory};
use actix_web::web;
use tokio::net::TcpStream;

use crate::state::AppState;

/// The request line that opens a socket, up to the character after the path.
const SOCKET_REQUEST: &[u8] = b"GET /api/v1/ws";
/// How long the first bytes may take before the connection is left to actix-web (which times it out).
const FIRST_BYTES_TIMEOUT: Duration = Duration::from_secs(5);
/// Between two looks at a request line that arrived in pieces.
const PEEK_AGAIN_AFTER: Duration = Duration::from_millis(5);

/// Wraps actix-web's HTTP service: connections that open a socket are served by `crate::realtime::lean`.
pub fn with_sockets<H>(
    http: H,
    state: web::Data<AppState>,
) -> impl ServiceFactory<TcpStream, Config = (), Response = (), Error = (), InitError = ()>
where
    H: ServiceFactory<TcpStream, Config = (), Response = (), InitError = ()> + 'static,
{
    fn_factory(move || {
        let http = http.new_service(());
        let state = state.clone();
        async move {
            let http = Rc::new(http.await?);
            Ok(fn_service(move |stream: TcpStream| {
                let (http, state) = (Rc::clone(&http), state.clone());
                async move {
                    if opens_socket(&stream).await {
                        crate::realtime::lean::serve(stream, state).await;
                        Ok(())
                    } else {
                        // Boxed: actix-http's connection future is large, and this future is as large as its
                        // largest branch, which every socket would pay for.
                        Box::pin(http.call(stream)).await.map(drop).map_err(drop)
                    }
                }
            }))
        }
    })
}

/// Whether the connection's first request line is `GET /api/v1/ws` (then a space or a query).
async fn opens_socket(stream: &TcpStream) -> bool {
    let look = async {
        let mut first = [0u8; SOCKET_REQUEST.len() + 1];
        loop {
            let seen = match stream.peek(&mut first).await {
                Ok(0) | Err(_) => return false,
                Ok(n) => &first[..n],
            };
            match classify(seen) {
                Some(verdict) => return verdict,
                // Part of the line so far: `peek` would answer at once with the same bytes, so wait a moment.
                None => tokio::time::sleep(PEEK_AGAIN_AFTER).await,
            }
        }
    };
    tokio::time::timeout(FIRST_BYTES_TIMEOUT, look).await.unwrap_or(false)
}

/// `Some(answer)` once the bytes seen decide it, `None` while they could still go either way.
fn classify(seen: &[u8]) -> Option<bool> {
    let compared = seen.len().min(SOCKET_REQUEST.len());
    if seen[..compared] != SOCKET_REQUEST[..compared] {
        return Some(false);
    }
    seen.get(SOCKET_REQUEST.len()).map(|next| matches!(next, b' ' | b'?'))
}

#[cfg(test)]
mod tests {
    use super::classify;

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
}
