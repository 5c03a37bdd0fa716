//! A minimal HTTP/1.1 keep-alive client for load: requests are written as bytes and responses parsed just enough
//! (status, Content-Length, body). It costs the load generator a few µs per request, so on a 2-core machine most
//! CPU is left to the server.

use std::io;
use std::net::SocketAddr;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

pub struct Conn {
    stream: TcpStream,
    buf: Vec<u8>,
}

pub struct Response<'a> {
    pub status: u16,
    pub body: &'a [u8],
}

impl Conn {
    pub async fn connect(addr: SocketAddr) -> io::Result<Self> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Self { stream, buf: Vec::with_capacity(4096) })
    }

    /// Sends one request and reads its response.
    pub async fn call(&mut self, request: &[u8]) -> io::Result<Response<'_>> {
        self.stream.write_all(request).await?;
        self.buf.clear();
        let (head_end, status, length) = loop {
            if let Some(end) = find(&self.buf, b"\r\n\r\n") {
                let head = std::str::from_utf8(&self.buf[..end]).map_err(|_| bad("non-UTF-8 head"))?;
                let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| bad("no status"))?;
                let mut length = None;
                for line in head.split("\r\n").skip(1) {
                    let Some((name, value)) = line.split_once(':') else { continue };
                    if name.eq_ignore_ascii_case("content-length") {
                        length = value.trim().parse::<usize>().ok();
                    } else if name.eq_ignore_ascii_case("transfer-encoding") {
                        return Err(bad("chunked responses are not supported"));
                    }
                }
                break (end + 4, status, length.unwrap_or(0));
            }
            self.fill().await?;
        };
        while self.buf.len() < head_end + length {
            self.fill().await?;
        }
        Ok(Response { status, body: &self.buf[head_end..head_end + length] })
    }

    async fn fill(&mut self) -> io::Result<()> {
        let mut chunk = [0u8; 8192];
        let n = self.stream.read(&mut chunk).await?;
        if n == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "connection closed"));
        }
        self.buf.extend_from_slice(&chunk[..n]);
        Ok(())
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn bad(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_string())
}

pub fn get(host: &str, path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n\r\n").into_bytes()
}

pub fn post_json(host: &str, path: &str, token: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nAuthorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}
