//! Attacks on the public port's sockets (docs/security.md: endless frames, socket floods, stalled connections), run
//! against the real binary so its memory, descriptors and CPU time can be read from /proc.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::{spawn_app, JWT_SECRET};
use crate::offline::{funded_player, kill, start_server, start_server_with};
use crate::ws::{next, send, Socket};

/// What the attacker streams into one frame.
const ATTACK_BYTES: u64 = 64 * 1024 * 1024;
/// How much the server may grow while it is streamed: a fraction of it (the server holds at most one 4 KiB frame
/// per socket; this leaves room for the allocator and whatever else the server does meanwhile).
const RSS_CEILING_KIB: u64 = 8 * 1024;
/// Long enough for any healthy machine; only reached when something that should happen never does.
const WAIT: Duration = Duration::from_secs(10);

/// The server's resident memory, from /proc/<pid>/status.
fn rss_kib(server: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.id())).unwrap();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmRSS in /proc/<pid>/status")
}

/// The CPU time the server has used (user + system), in clock ticks, from /proc/<pid>/stat.
fn cpu_ticks(server: &Child) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", server.id())).unwrap();
    // Fields after the command name (which is in parentheses and may hold spaces): utime and stime are the 12th
    // and 13th of them (fields 14 and 15 of proc(5)).
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

fn host(url: &str) -> String {
    url.trim_start_matches("http://").to_owned()
}

fn upgrade_request(host: &str) -> String {
    format!(
        "GET /api/v1/ws HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    )
}

/// Reads an HTTP answer's head, byte by byte (nothing after it is consumed), and its `content-length` body.
fn read_answer(stream: &mut TcpStream) -> String {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        stream.read_exact(&mut byte).expect("an answer");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).to_string();
    let length = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    stream.read_exact(&mut body).unwrap();
    head + &String::from_utf8_lossy(&body)
}

/// A connection upgraded to a socket on the lean path (the upgrade is its first request).
fn lean_socket(url: &str) -> TcpStream {
    let mut stream = TcpStream::connect(host(url)).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.write_all(upgrade_request(&host(url)).as_bytes()).unwrap();
    let answer = read_answer(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    stream
}

/// A connection that serves an HTTP request first, then upgrades (actix-ws's path).
fn kept_alive_socket(url: &str) -> TcpStream {
    let mut stream = TcpStream::connect(host(url)).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.write_all(format!("GET /api/v1/health HTTP/1.1\r\nHost: {}\r\n\r\n", host(url)).as_bytes()).unwrap();
    let health = read_answer(&mut stream);
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    stream.write_all(upgrade_request(&host(url)).as_bytes()).unwrap();
    let answer = read_answer(&mut stream);
    assert!(answer.starts_with("HTTP/1.1 101"), "{answer}");
    stream
}

/// How a socket under attack ended, as its client saw it.
#[derive(Debug, PartialEq)]
enum Outcome {
    /// A close frame with this code.
    Closed(u16),
    /// The connection ended without one reaching us (a reset can overtake it).
    Ended,
    /// Still open when we stopped waiting.
    Open,
}

/// Reads the server's frames (unmasked) until a close frame, the end of the connection, or `WAIT` of silence.
fn watch(mut stream: TcpStream) -> Outcome {
    let mut read = |n: usize| -> Result<Vec<u8>, Outcome> {
        let mut buf = vec![0u8; n];
        stream.read_exact(&mut buf).map(|()| buf).map_err(|e| match e.kind() {
            ErrorKind::WouldBlock | ErrorKind::TimedOut => Outcome::Open,
            _ => Outcome::Ended,
        })
    };
    let frame = |read: &mut dyn FnMut(usize) -> Result<Vec<u8>, Outcome>| -> Result<Option<u16>, Outcome> {
        let head = read(2)?;
        let length = match head[1] & 0x7F {
            126 => u64::from(u16::from_be_bytes(read(2)?.try_into().unwrap())),
            127 => u64::from_be_bytes(read(8)?.try_into().unwrap()),
            short => u64::from(short),
        };
        let payload = read(length as usize)?;
        Ok((head[0] & 0x0F == 8).then(|| payload.get(..2).map_or(1005, |c| u16::from_be_bytes([c[0], c[1]]))))
    };
    loop {
        match frame(&mut read) {
            Ok(Some(code)) => return Outcome::Closed(code),
            Ok(None) => continue,
            Err(outcome) => return outcome,
        }
    }
}

/// Sends a text frame's header declaring 2^40 bytes, then streams `ATTACK_BYTES` of payload after it: how the
/// socket ended and how many bytes the server took before it did.
fn stream_an_endless_frame(stream: TcpStream) -> (Outcome, u64) {
    let watcher = {
        let reader = stream.try_clone().unwrap();
        std::thread::spawn(move || watch(reader))
    };
    let mut writer = stream;
    writer.set_write_timeout(Some(WAIT)).unwrap();
    let mut header = vec![0x81, 0x80 | 127];
    header.extend_from_slice(&(1u64 << 40).to_be_bytes());
    header.extend_from_slice(&[0x11, 0x22, 0x33, 0x44]);
    let chunk = vec![0x5a_u8; 64 * 1024];
    let mut sent = 0;
    if writer.write_all(&header).is_ok() {
        while sent < ATTACK_BYTES && writer.write_all(&chunk).is_ok() {
            sent += chunk.len() as u64;
        }
    }
    (watcher.join().unwrap(), sent)
}

/// The attack on one path: the socket is closed with 1009 (or the connection ends), and the server's growth while
/// the frame is streamed stays far below what was sent. (How much is sent depends on the path: the lean stack drops
/// the connection at once, actix-http reads and discards for its 1 s linger after the close.)
fn endless_frame_attack(open: fn(&str) -> TcpStream) {
    let dir = tempfile::tempdir().unwrap();
    let (server, url) = start_server(dir.path());
    // Warm up: the first socket on this path allocates what every later one reuses.
    drop(open(&url));
    let before = rss_kib(&server);
    let (outcome, sent) = stream_an_endless_frame(open(&url));
    let grown = rss_kib(&server).saturating_sub(before);
    kill(server);
    eprintln!("endless frame: {outcome:?} after {sent} bytes sent; the server grew by {grown} KiB from {before} KiB");
    assert!(
        outcome == Outcome::Closed(1009) || outcome == Outcome::Ended,
        "the socket should be closed with 1009 (message too big), got {outcome:?} after {sent} bytes"
    );
    assert!(grown < RSS_CEILING_KIB, "the server grew by {grown} KiB while {sent} bytes were streamed at it");
}

#[test]
fn an_endless_frame_on_a_fresh_connection_is_refused_at_its_header_without_buffering() {
    endless_frame_attack(lean_socket);
}

#[test]
fn an_endless_frame_on_a_kept_alive_connection_is_refused_at_its_header_without_buffering() {
    endless_frame_attack(kept_alive_socket);
}

/// A socket on the server at `url` from `forwarded_for` (through the trusted proxy 127.0.0.1) or from 127.0.0.1
/// itself: the socket, or the HTTP status it was refused with.
async fn try_open(url: &str, forwarded_for: Option<&str>) -> Result<Socket, u16> {
    let mut request = format!("{}/api/v1/ws", url.replacen("http://", "ws://", 1)).into_client_request().unwrap();
    if let Some(client) = forwarded_for {
        request.headers_mut().insert("x-forwarded-for", client.parse().unwrap());
    }
    let connect = tokio_tungstenite::connect_async(request);
    match tokio::time::timeout(WAIT, connect).await.expect("an answer to the upgrade in time") {
        Ok((socket, _)) => Ok(socket),
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => Err(response.status().as_u16()),
        Err(e) => panic!("the upgrade failed without an answer: {e}"),
    }
}

/// A socket past its public snapshot.
async fn guest_at(url: &str, forwarded_for: Option<&str>) -> Socket {
    let mut socket = try_open(url, forwarded_for).await.expect("a socket");
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    socket
}

/// Signs `socket` in with `token`: the second snapshot, with the wallet.
async fn sign_in(socket: &mut Socket, token: &str) {
    send(socket, json!({"type": "auth", "token": token})).await;
    let snapshot = next(socket).await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    assert!(snapshot["data"]["wallet"].is_object(), "{snapshot}");
}

/// The close code the server ends `socket` with, waiting at most `within`.
async fn close_code(socket: &mut Socket, within: Duration) -> Option<CloseCode> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, socket.next()).await.expect("a close in time") {
            Some(Ok(Message::Close(close))) => return close.map(|c| c.code),
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    }
}

/// Answers a ping: the socket is open and served.
async fn alive(socket: &mut Socket) -> bool {
    use futures_util::SinkExt;
    socket.send(Message::Ping(b"still there?".to_vec().into())).await.unwrap();
    loop {
        match tokio::time::timeout(WAIT, socket.next()).await {
            Ok(Some(Ok(Message::Pong(_)))) => return true,
            Ok(Some(Ok(Message::Text(_) | Message::Ping(_)))) => continue,
            _ => return false,
        }
    }
}

#[actix_web::test]
async fn a_guest_socket_flood_from_one_address_is_capped_and_everyone_else_still_connects() {
    const CAP: usize = 8;
    const WAITING: usize = ayo::http::realtime::admission::WAITING_PER_ADDRESS as usize;
    let dir = tempfile::tempdir().unwrap();
    let token = {
        let store = ayo_data::Store::open(&dir.path().join("db")).unwrap();
        let player = funded_player(&store, 1, 1_000);
        store.flush_blocking().unwrap();
        ayo::auth::Tokens::new(JWT_SECRET.as_bytes(), 3600).issue(&player).unwrap()
    };
    let (server, url) = start_server_with(
        dir.path(),
        &[],
        &[("AYO_WS_GUESTS_PER_ADDRESS", &CAP.to_string()), ("AYO_TRUSTED_PROXIES", "127.0.0.1")],
    );

    // The attacker's address fills its guest places.
    let mut guests = Vec::new();
    for _ in 0..CAP {
        guests.push(guest_at(&url, None).await);
    }
    // A player behind the same address still gets a socket, past the guest cap, and signs in on it in time.
    let mut late_player = guest_at(&url, None).await;
    sign_in(&mut late_player, &token).await;
    // Another signs in on one of the guests: that guest place is free again.
    let mut player = guests.remove(0);
    sign_in(&mut player, &token).await;

    // The flood: one more guest (the place the player freed), then sockets that must sign in (every waiting place:
    // the late player's was given back when it signed in), then refusals.
    let mut admitted = Vec::new();
    let refused = loop {
        match try_open(&url, None).await {
            Ok(socket) => admitted.push(socket),
            Err(status) => break status,
        }
        assert!(admitted.len() <= 1 + WAITING, "more sockets admitted than the caps allow");
    };
    assert_eq!(refused, 429);
    assert_eq!(admitted.len(), 1 + WAITING, "the freed guest place, then the sockets waiting to sign in");
    for _ in 0..3 {
        assert_eq!(try_open(&url, None).await.err(), Some(429));
    }

    // Everyone else: another address, and the server's health.
    let mut neighbour = guest_at(&url, Some("41.58.0.7")).await;
    let health = reqwest::get(format!("{url}/api/v1/health")).await.unwrap();
    assert_eq!(health.status(), 200);

    // The sockets past the cap that never sign in are closed; the guests within it and the player stay.
    let mut last = admitted.pop().unwrap();
    let wait = ayo::http::realtime::admission::SIGN_IN_WITHIN + WAIT;
    assert_eq!(close_code(&mut last, wait).await, Some(CloseCode::Again));
    assert!(alive(&mut player).await, "the signed-in player's socket stays open");
    assert!(alive(&mut late_player).await, "so does the one that signed in past the guest cap");
    assert!(alive(&mut guests[0]).await, "a guest within the cap stays open");
    assert!(alive(&mut neighbour).await, "the other address's guest stays open");
    kill(server);
}

/// `ayo serve` like `offline::start_server`, with its open-files limit lowered to `files` first.
fn start_server_with_files(dir: &Path, files: u32) -> (Child, String) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -n {files} && exec \"$0\" serve --bind 127.0.0.1:0 --data-dir \"$1\""))
        .arg(env!("CARGO_BIN_EXE_ayo"))
        .arg(dir)
        .env("AYO_PAYMENTS", "sandbox")
        .env("AYO_JWT_SECRET", JWT_SECRET)
        .env("AYO_TRUSTED_PROXIES", "127.0.0.1")
        .env_remove("AYO_BIND")
        .env_remove("AYO_DATA_DIR")
        .env_remove("AYO_STORE_URL")
        .env_remove("AYO_BUS_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut line).unwrap();
    let url = line.trim().strip_prefix("Ayo Lotto listening on ").expect("the server prints its URL").to_string();
    (child, url)
}

#[actix_web::test]
async fn a_flood_from_many_addresses_stops_at_the_descriptor_budget_and_health_still_answers() {
    // 256 descriptors: the server keeps 64 of them (a quarter, at most 512) out of its socket budget.
    const FILES: u32 = 256;
    const BUDGET: usize = 256 - 64;
    let dir = tempfile::tempdir().unwrap();
    let (server, url) = start_server_with_files(dir.path(), FILES);
    let mut sockets = Vec::new();
    let refused = loop {
        let address = format!("41.58.{}.{}", sockets.len() / 250, sockets.len() % 250 + 1);
        match try_open(&url, Some(&address)).await {
            Ok(socket) => sockets.push(socket),
            Err(status) => break status,
        }
        assert!(sockets.len() <= BUDGET, "more sockets admitted than the descriptors allow");
    };
    assert_eq!((refused, sockets.len()), (503, BUDGET));
    // Every one of them holds a descriptor, and HTTP still gets one.
    let client = reqwest::Client::builder().timeout(WAIT).build().unwrap();
    for _ in 0..3 {
        let health = client.get(format!("{url}/api/v1/health")).send().await.expect("/health answers");
        assert_eq!(health.status(), 200);
    }
    // A socket closing frees its place.
    drop(sockets.pop());
    let mut again = None;
    for _ in 0..50 {
        match try_open(&url, Some("102.89.0.1")).await {
            Ok(socket) => {
                again = Some(socket);
                break;
            }
            Err(503) => tokio::time::sleep(Duration::from_millis(50)).await,
            Err(status) => panic!("refused with {status}"),
        }
    }
    assert!(again.is_some(), "a place freed by a closed socket is given again");
    kill(server);
}

#[actix_web::test]
async fn one_account_cannot_carry_the_flood_the_guest_cap_stops() {
    let app = spawn_app().await;
    let token = app.verified_player("many@example.com", "08030000001").await;
    let per_account = ayo::http::realtime::admission::PER_ACCOUNT as usize;
    let mut signed_in = Vec::new();
    for _ in 0..per_account {
        let mut socket = crate::ws::guest(&app).await;
        send(&mut socket, json!({"type": "auth", "token": token})).await;
        assert_eq!(next(&mut socket).await["type"], "snapshot");
        signed_in.push(socket);
    }
    let mut one_more = crate::ws::guest(&app).await;
    send(&mut one_more, json!({"type": "auth", "token": token})).await;
    let refused = next(&mut one_more).await;
    assert_eq!(refused["type"], "error", "{refused}");
    assert_eq!(refused["data"]["errorCode"], "TOO_MANY_SOCKETS", "{refused}");
    // Closing one of them makes room for the account again.
    drop(signed_in.pop());
    let mut accepted = None;
    for _ in 0..50 {
        send(&mut one_more, json!({"type": "auth", "token": token})).await;
        let answer = next(&mut one_more).await;
        if answer["type"] == "snapshot" {
            accepted = Some(answer);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(accepted.is_some_and(|snapshot| snapshot["data"]["wallet"].is_object()));
}

#[test]
fn stalled_request_lines_cost_no_cpu_while_they_wait() {
    // 2,000 connections that sent the start of a request line and stopped. Looking at each again on a timer
    // (every 5 ms, as the front once did) costs ≈ 0.3 s of CPU a second for that many; waiting for bytes costs
    // nothing until they come.
    const STALLED: usize = 2_000;
    const WINDOW: Duration = Duration::from_secs(3);
    // Clock ticks are 1/100 s on Linux (USER_HZ): 0.15 s of CPU in the whole window at most.
    const MAX_TICKS: u64 = 15;
    let dir = tempfile::tempdir().unwrap();
    let (server, url) = start_server(dir.path());
    let stalled: Vec<TcpStream> = (0..STALLED)
        .map(|_| {
            let mut stream = TcpStream::connect(host(&url)).unwrap();
            stream.write_all(b"GE").unwrap();
            stream
        })
        .collect();
    // Let the server accept them all before counting.
    std::thread::sleep(Duration::from_millis(500));
    let before = cpu_ticks(&server);
    std::thread::sleep(WINDOW);
    let spent = cpu_ticks(&server) - before;

    // A request line that arrives in pieces is still served, on either path.
    let mut http = TcpStream::connect(host(&url)).unwrap();
    http.set_read_timeout(Some(WAIT)).unwrap();
    http.write_all(b"GE").unwrap();
    std::thread::sleep(Duration::from_millis(100));
    http.write_all(format!("T /api/v1/health HTTP/1.1\r\nHost: {}\r\n\r\n", host(&url)).as_bytes()).unwrap();
    let health = read_answer(&mut http);
    let mut socket = TcpStream::connect(host(&url)).unwrap();
    socket.set_read_timeout(Some(WAIT)).unwrap();
    let upgrade = upgrade_request(&host(&url));
    socket.write_all(&upgrade.as_bytes()[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(100));
    socket.write_all(&upgrade.as_bytes()[10..]).unwrap();
    let switched = read_answer(&mut socket);
    drop(stalled);
    kill(server);
    eprintln!("stalled request lines: {spent} ticks of server CPU for {STALLED} connections in {WINDOW:?}");
    assert!(spent <= MAX_TICKS, "the server spent {spent} ticks of CPU on {STALLED} stalled connections in {WINDOW:?}");
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    assert!(switched.starts_with("HTTP/1.1 101"), "{switched}");
}
