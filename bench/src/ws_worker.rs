//! One load process of WebSocket clients (`ayo-bench ws-worker`, spawned by `fanout` and `settle`).
//!
//! It opens `--clients` sockets from its own source address (so several processes never run out of ports or of
//! the 20,000 open files one process may hold), each reading its snapshot (and, with `--tokens`, signing in).
//! Then every socket keeps reading and notes, per event kind, how many it got and when (µs since the epoch).
//! Signed-in sockets take their settled tickets batched (`auth`'s `batch: ["tickets.settled"]`): a
//! `tickets.settled` counts as many as the tickets it carries, so its count reads as tickets pushed.
//!
//! Protocol with the parent, one JSON line per answer on stdout:
//! - on start, once every socket is open or failed: `{"ready":n,"failed":f,"connect_us":[…],"errors":[…]}`;
//! - stdin `reset`: forget what was received → `{"reset":true}`;
//! - stdin `collect KIND GRACE_MS QUIET_MS TIMEOUT_MS`: wait until every live socket has a KIND event and none came
//!   for QUIET_MS, or GRACE_MS after the first one, or TIMEOUT_MS in all → `{"clients":[[count, first_us, last_us,
//!   server_ms, alive], …]}` where `server_ms` is the `data.server_time` of the first such event (0 if none);
//! - stdin `quit`.

use std::cell::RefCell;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use tokio::io::AsyncBufReadExt;
use tokio::net::TcpSocket;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

use crate::stats::now_us;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long)]
    url: String,
    #[arg(long)]
    source: Ipv4Addr,
    #[arg(long)]
    clients: usize,
    /// A file of tokens, one a line: socket i signs in with line `tokens_from + i`.
    #[arg(long)]
    tokens: Option<PathBuf>,
    #[arg(long, default_value_t = 0)]
    tokens_from: usize,
    /// Handshakes in flight at once.
    #[arg(long, default_value_t = 64)]
    concurrency: usize,
}

pub const KINDS: [&str; 6] =
    ["draw.result", "marquee.updated", "ticket.settled", "wallet.updated", "draw.updated", BATCHED_SETTLEMENT];

/// One push per player and draw with all their settled tickets, which every signed-in socket here asks for.
pub const BATCHED_SETTLEMENT: &str = "tickets.settled";

#[derive(Default, Clone, Copy)]
struct Seen {
    count: u64,
    first_us: u64,
    last_us: u64,
    server_ms: i64,
}

#[derive(Default)]
struct Client {
    alive: bool,
    seen: [Seen; KINDS.len()],
}

type Clients = Rc<RefCell<Vec<Client>>>;

pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let local = tokio::task::LocalSet::new();
    local.block_on(&runtime, main(args))
}

async fn main(args: Args) -> anyhow::Result<()> {
    let tokens: Vec<Option<String>> = match &args.tokens {
        Some(path) => std::fs::read_to_string(path)?
            .lines()
            .skip(args.tokens_from)
            .take(args.clients)
            .map(|l| Some(l.to_string()))
            .collect(),
        None => vec![None; args.clients],
    };
    let host = args.url.trim_start_matches("ws://").split('/').next().unwrap_or_default().to_string();
    let server: SocketAddr = host.parse()?;
    let clients: Clients = Rc::new(RefCell::new((0..tokens.len()).map(|_| Client::default()).collect()));
    let gate = Rc::new(tokio::sync::Semaphore::new(args.concurrency));
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<Result<u64, String>>();
    for (i, token) in tokens.into_iter().enumerate() {
        let (url, gate, clients, done) = (args.url.clone(), gate.clone(), clients.clone(), done_tx.clone());
        tokio::task::spawn_local(async move {
            let permit = gate.acquire().await;
            let started = Instant::now();
            let opened = open(&url, server, args.source, token.as_deref()).await;
            drop(permit);
            let mut socket = match opened {
                Ok(socket) => {
                    clients.borrow_mut()[i].alive = true;
                    let _ = done.send(Ok(started.elapsed().as_micros() as u64));
                    socket
                }
                Err(e) => {
                    let _ = done.send(Err(e.to_string()));
                    return;
                }
            };
            while let Some(frame) = socket.next().await {
                match frame {
                    Ok(Message::Text(text)) => note(&clients, i, &text),
                    Ok(Message::Close(_)) | Err(_) => break,
                    Ok(_) => {}
                }
            }
            clients.borrow_mut()[i].alive = false;
        });
    }
    drop(done_tx);
    let (mut connect_us, mut errors) = (Vec::new(), Vec::new());
    let mut failed = 0usize;
    // Each socket reports once (its task lives on, reading): take exactly one answer per socket.
    let sockets = clients.borrow().len();
    for _ in 0..sockets {
        let Some(done) = done_rx.recv().await else { break };
        match done {
            Ok(us) => connect_us.push(us),
            Err(e) => {
                failed += 1;
                if errors.len() < 5 {
                    errors.push(e);
                }
            }
        }
    }
    say(&serde_json::json!({"ready": connect_us.len(), "failed": failed, "connect_us": connect_us, "errors": errors}));

    let mut stdin = tokio::io::BufReader::new(tokio::io::stdin()).lines();
    while let Ok(Some(line)) = stdin.next_line().await {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["reset"] => {
                for c in clients.borrow_mut().iter_mut() {
                    c.seen = Default::default();
                }
                say(&serde_json::json!({"reset": true}));
            }
            ["collect", kind, grace, quiet, timeout] => {
                let k = KINDS.iter().position(|x| x == kind).unwrap_or(0);
                let ms = |s: &str| s.parse::<u64>().unwrap_or(1000);
                let rows = collect(&clients, k, ms(grace), ms(quiet), ms(timeout)).await;
                say(&serde_json::json!({"clients": rows}));
            }
            ["quit"] => break,
            _ => {}
        }
    }
    Ok(())
}

fn say(value: &serde_json::Value) {
    println!("{value}");
}

type Socket = tokio_tungstenite::WebSocketStream<tokio::net::TcpStream>;

/// Connects from `source`, upgrades, reads the snapshot; with a token signs in and reads the second snapshot.
async fn open(url: &str, server: SocketAddr, source: Ipv4Addr, token: Option<&str>) -> anyhow::Result<Socket> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(source.into(), 0))?;
    let stream = tokio::time::timeout(Duration::from_secs(30), socket.connect(server)).await??;
    let mut config = WebSocketConfig::default();
    config.read_buffer_size = 4096;
    config.write_buffer_size = 0;
    let (mut ws, _) = tokio::time::timeout(
        Duration::from_secs(30),
        tokio_tungstenite::client_async_with_config(url, stream, Some(config)),
    )
    .await??;
    expect_snapshot(&mut ws).await?;
    if let Some(token) = token {
        let auth = serde_json::json!({"type": "auth", "token": token, "batch": [BATCHED_SETTLEMENT]}).to_string();
        ws.send(Message::Text(auth.into())).await?;
        expect_snapshot(&mut ws).await?;
    }
    Ok(ws)
}

async fn expect_snapshot(ws: &mut Socket) -> anyhow::Result<()> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(30), ws.next()).await?;
        match frame {
            Some(Ok(Message::Text(text))) if text.contains(r#""type":"snapshot""#) => return Ok(()),
            Some(Ok(Message::Text(text))) if text.contains(r#""type":"error""#) => anyhow::bail!("{text}"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
            None => anyhow::bail!("closed before the snapshot"),
        }
    }
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(rename = "type")]
    kind: String,
    data: Option<Data>,
}

#[derive(Deserialize)]
struct Data {
    server_time: Option<String>,
}

/// The event kind of a server message, read from its start (the server writes `{"type":"…",` first) so that the
/// load generator, which shares the machine with the server, does not parse every push in full.
/// Any other layout is parsed in full.
fn kind_of(text: &str) -> Option<usize> {
    let position = |kind: &str| KINDS.iter().position(|x| *x == kind);
    match text.strip_prefix("{\"type\":\"") {
        Some(rest) => position(&rest[..rest.find('"')?]),
        None => position(&serde_json::from_str::<Envelope>(text).ok()?.kind),
    }
}

/// How many tickets a `tickets.settled` carries: each Ticket has exactly one `bet_type` key, and the text
/// `"bet_type":` (a quote right after the name) cannot occur inside a JSON string, where quotes are escaped. A
/// substring count, so the load generator need not parse the whole batch.
fn tickets_in(text: &str) -> u64 {
    text.matches("\"bet_type\":").count() as u64
}

fn note(clients: &Clients, i: usize, text: &str) {
    let at = now_us();
    let Some(k) = kind_of(text) else { return };
    let count = if KINDS[k] == BATCHED_SETTLEMENT { tickets_in(text) } else { 1 };
    let mut clients = clients.borrow_mut();
    let seen = &mut clients[i].seen[k];
    if seen.count == 0 {
        seen.first_us = at;
        // The first event of a kind is parsed in full for its `server_time`.
        seen.server_ms = serde_json::from_str::<Envelope>(text)
            .ok()
            .and_then(|e| e.data)
            .and_then(|d| d.server_time)
            .and_then(|t| chrono::DateTime::parse_from_rfc3339(&t).ok())
            .map_or(0, |t| t.timestamp_millis());
    }
    seen.count += count;
    seen.last_us = at;
}

async fn collect(clients: &Clients, k: usize, grace_ms: u64, quiet_ms: u64, timeout_ms: u64) -> Vec<[u64; 5]> {
    let started = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let (all, first, last) = {
            let clients = clients.borrow();
            let all = clients.iter().all(|c| !c.alive || c.seen[k].count > 0);
            let got = clients.iter().map(|c| c.seen[k]).filter(|s| s.count > 0);
            let first = got.clone().map(|s| s.first_us).min();
            let last = got.map(|s| s.last_us).max();
            (all, first, last)
        };
        let now = now_us();
        let quiet = last.is_some_and(|l| now.saturating_sub(l) >= quiet_ms * 1000);
        let graced = first.is_some_and(|f| now.saturating_sub(f) >= grace_ms * 1000);
        if (all && quiet) || graced || started.elapsed() >= Duration::from_millis(timeout_ms) {
            break;
        }
    }
    clients
        .borrow()
        .iter()
        .map(|c| {
            let s = c.seen[k];
            [s.count, s.first_us, s.last_us, u64::try_from(s.server_ms).unwrap_or(0), u64::from(c.alive)]
        })
        .collect()
}

/// The parent's side: load processes spawned and driven over their stdin/stdout.
pub struct Pool {
    procs: Vec<(std::process::Child, std::process::ChildStdin, std::io::BufReader<std::process::ChildStdout>)>,
}

/// What the pool reported once every socket was open or failed.
pub struct Ready {
    pub connected: usize,
    pub failed: usize,
    pub connect_ms: Vec<f64>,
    pub errors: Vec<String>,
}

impl Pool {
    /// `total` sockets over processes of at most `per_process`, process p binding 127.10.x.y; with `tokens`, socket
    /// i signs in with line i of that file. Returns once every socket is open or failed.
    pub fn spawn(
        url: &str,
        total: usize,
        per_process: usize,
        tokens: Option<&std::path::Path>,
    ) -> anyhow::Result<(Self, Ready)> {
        Self::spawn_from(url, total, per_process, tokens, 0)
    }

    /// `spawn`, numbering the processes (and so their source addresses) from `first`: pools open at once on
    /// several servers then never share a source address's ports.
    pub fn spawn_from(
        url: &str,
        total: usize,
        per_process: usize,
        tokens: Option<&std::path::Path>,
        first: usize,
    ) -> anyhow::Result<(Self, Ready)> {
        use std::process::Stdio;
        let exe = std::env::current_exe()?;
        let per_process = per_process.clamp(1, 19_000);
        let mut procs = Vec::new();
        let mut from = 0;
        while from < total {
            let n = per_process.min(total - from);
            let p = first + procs.len();
            let source = Ipv4Addr::new(127, 10, (p / 250) as u8, (p % 250 + 1) as u8);
            let mut command = crate::server::with_fd_limit(&exe);
            command
                .args(["ws-worker", "--url", url, "--source", &source.to_string(), "--clients", &n.to_string()])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped());
            if let Some(tokens) = tokens {
                command.arg("--tokens").arg(tokens).args(["--tokens-from", &from.to_string()]);
            }
            let mut child = command.spawn()?;
            crate::server::register_child(child.id());
            let stdin = child.stdin.take().ok_or_else(|| anyhow::anyhow!("worker stdin"))?;
            let stdout = std::io::BufReader::new(child.stdout.take().ok_or_else(|| anyhow::anyhow!("worker stdout"))?);
            procs.push((child, stdin, stdout));
            from += n;
        }
        let mut pool = Self { procs };
        let mut ready = Ready { connected: 0, failed: 0, connect_ms: Vec::new(), errors: Vec::new() };
        for answer in pool.answers()? {
            ready.connected += answer["ready"].as_u64().unwrap_or(0) as usize;
            ready.failed += answer["failed"].as_u64().unwrap_or(0) as usize;
            let us = answer["connect_us"].as_array().into_iter().flatten().filter_map(|v| v.as_u64());
            ready.connect_ms.extend(us.map(|us| us as f64 / 1e3));
            let errors = answer["errors"].as_array().into_iter().flatten().filter_map(|v| v.as_str());
            ready.errors.extend(errors.map(String::from));
        }
        Ok((pool, ready))
    }

    /// How many load processes this pool runs.
    pub fn processes(&self) -> usize {
        self.procs.len()
    }

    /// Takes `other`'s load processes into this pool, after its own: one `collect` then asks every server's sockets,
    /// and its rows come pool by pool in the order the pools were joined.
    pub fn join(&mut self, mut other: Pool) {
        self.procs.append(&mut other.procs);
    }

    fn answers(&mut self) -> anyhow::Result<Vec<serde_json::Value>> {
        use std::io::BufRead;
        let mut out = Vec::new();
        for (_, _, stdout) in &mut self.procs {
            let mut line = String::new();
            stdout.read_line(&mut line)?;
            out.push(serde_json::from_str(&line).map_err(|e| anyhow::anyhow!("worker said {line:?}: {e}"))?);
        }
        Ok(out)
    }

    fn tell(&mut self, command: &str) -> anyhow::Result<Vec<serde_json::Value>> {
        use std::io::Write;
        for (_, stdin, _) in &mut self.procs {
            writeln!(stdin, "{command}")?;
            stdin.flush()?;
        }
        self.answers()
    }

    /// CPU seconds the load processes have used so far.
    pub fn cpu_secs(&self) -> f64 {
        self.procs.iter().map(|(child, _, _)| crate::stats::cpu_secs(child.id())).sum()
    }

    pub fn reset(&mut self) -> anyhow::Result<()> {
        self.tell("reset").map(|_| ())
    }

    /// Per socket: [count, first_us, last_us, server_ms, alive] for events of `kind` (see the module doc).
    pub fn collect(
        &mut self,
        kind: &str,
        grace_ms: u64,
        quiet_ms: u64,
        timeout_ms: u64,
    ) -> anyhow::Result<Vec<[u64; 5]>> {
        let answers = self.tell(&format!("collect {kind} {grace_ms} {quiet_ms} {timeout_ms}"))?;
        let mut rows = Vec::new();
        for answer in answers {
            for row in answer["clients"].as_array().into_iter().flatten() {
                let v: Vec<u64> = row.as_array().into_iter().flatten().map(|x| x.as_u64().unwrap_or(0)).collect();
                if v.len() == 5 {
                    rows.push([v[0], v[1], v[2], v[3], v[4]]);
                }
            }
        }
        Ok(rows)
    }

    pub fn quit(mut self) {
        let _ = self.tell_quietly("quit");
        for (child, _, _) in &mut self.procs {
            let _ = child.wait();
        }
    }

    fn tell_quietly(&mut self, command: &str) -> std::io::Result<()> {
        use std::io::Write;
        for (_, stdin, _) in &mut self.procs {
            writeln!(stdin, "{command}")?;
        }
        Ok(())
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        for (child, _, _) in &mut self.procs {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{kind_of, tickets_in, BATCHED_SETTLEMENT, KINDS};

    #[test]
    fn a_batched_settlement_counts_its_tickets_even_with_the_key_inside_a_string() {
        let tickets = serde_json::json!([
            {"id": 1, "bet_type": "NAP1", "game_name": "odd \"bet_type\": name"},
            {"id": 2, "bet_type": "PERM2", "draw": {"status": "settled"}},
        ]);
        let data = serde_json::json!({"draw_id": 9, "tickets": tickets});
        let text = serde_json::json!({"type": "tickets.settled", "topic": "user:1", "seq": 3, "data": data});
        let text = text.to_string();
        assert_eq!(tickets_in(&text), 2);
        assert_eq!(kind_of(&text).map(|k| KINDS[k]), Some(BATCHED_SETTLEMENT));
    }
}
