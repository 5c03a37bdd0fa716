//! Scenario 1: N WebSocket clients, spread over load processes with their own source addresses, all subscribed
//! to `draws` and `marquee`. A real draw (a game drawn every minute) publishes its result; then an admin publishes
//! a marquee message. Printed: connect time, the server's RSS per connection, and per event the latency until each
//! client had it (p50, p99, max) and how many missed it.
//!
//! Latency of the draw result: the client's receive time minus the event's `data.server_time` (the server's clock
//! when it serialised the draw, after persisting it, just before fan-out; same machine, same clock, ms precision).
//! Latency of the marquee: receive time minus the moment the bench sent `POST /admin/marquees` (so it includes the
//! HTTP request, the write and its fsync).
//!
//! Then the same clients connect to the reference, a plain Node.js `ws` server (bench/node-ws), which broadcasts
//! one marquee-like message on `POST /broadcast`; its latency is measured the same way as Ayo's marquee, and the
//! ratios of Ayo's p99s to the reference's p99 are printed (the goal: at most 0.5).
//!
//! With `--nodes` (cluster mode, issue 14): for each node count N, N `ayo serve --bus nats://…` processes, each
//! with its own data directory, on one NATS server, the clients spread evenly over them (node A first). An admin
//! posts the marquee on node A only; every socket on every node must receive it (A's from A's Hub, the others'
//! through NATS). Printed: connect figures per node, each node's RSS per connection, the marquee's latency from the
//! moment the bench sent the POST (all sockets, then node by node) and how many missed it, and the CPU seconds
//! each node spent during the broadcast. No draw result (each node would draw its own games from its own store)
//! and no Node reference. `--nodes 1` is the same clients on one node with the bus on: the bus's own cost.

use std::time::{Duration, Instant};

use anyhow::Context;

use ayo_data::game::GameStatus;

use crate::reference::NodeReference;
use crate::seed;
use crate::server::{http, Server};
use crate::stats::{self, now_us, summary, Summary};
use crate::ws_worker::{Pool, Ready};

pub fn run(clients: &[usize], per_process: usize, signed_in: bool) -> anyhow::Result<()> {
    for &n in clients {
        one(n, per_process, signed_in)?;
    }
    Ok(())
}

fn one(n: usize, per_process: usize, signed_in: bool) -> anyhow::Result<()> {
    let who = if signed_in { ", each signed in as its own player" } else { "" };
    stats::heading(&format!("fanout: {n} WebSocket clients{who}, {} per load process", per_process.min(n)));
    let (draw, marquee) = ayo(n, per_process, signed_in)?;
    let node = node_reference(n, per_process)?;
    let ratio = |s: &Summary| if node.p99 > 0.0 { s.p99 / node.p99 } else { f64::NAN };
    println!(
        "p99 against the Node ws reference ({:.1} ms): draw.result {:.2}×, marquee {:.2}× (goal ≤ 0.5×)",
        node.p99,
        ratio(&draw),
        ratio(&marquee)
    );
    Ok(())
}

/// Ayo: the draw result and the marquee, with the server's RSS per connection.
fn ayo(n: usize, per_process: usize, signed_in: bool) -> anyhow::Result<(Summary, Summary)> {
    println!("-- Ayo --");
    let dir = tempfile::tempdir()?;
    let token_file = dir.path().join("tokens.txt");
    let admin = {
        let store = seed::open(dir.path())?;
        // Active, drawn every minute, sales closing 20 s before: the scheduler keeps a draw going, and its result
        // is the only event of that moment (the `closed` update went out 20 s earlier).
        seed::game(&store, "minute", GameStatus::Active, 1, 20)?;
        let admin = seed::admin(&store)?;
        if signed_in {
            let tokens = seed::tokens();
            let players = seed::players(&store, 0, n, 100_000)?;
            let lines: Vec<String> = players.iter().map(|p| tokens.issue(p)).collect::<anyhow::Result<_>>()?;
            std::fs::write(&token_file, lines.join("\n"))?;
        }
        store.flush_blocking()?;
        admin
    };
    let server = Server::start(dir.path(), &[])?;
    std::thread::sleep(Duration::from_millis(500));
    let (rss0, fds0) = (server.rss_kib(), server.fds());
    let started = std::time::Instant::now();
    let (mut pool, ready) = Pool::spawn(&server.ws_url(), n, per_process, signed_in.then_some(token_file.as_path()))?;
    let connect_wall = started.elapsed().as_secs_f64();
    print_connect("connect", n, &ready, connect_wall);
    std::thread::sleep(Duration::from_secs(2));
    let (rss1, fds1) = (server.rss_kib(), server.fds());
    let per_conn = (rss1.saturating_sub(rss0)) as f64 / ready.connected.max(1) as f64;
    println!(
        "server RSS: {:.1} MiB idle → {:.1} MiB with {} sockets: {per_conn:.2} KiB per connection ({} fds)",
        rss0 as f64 / 1024.0,
        rss1 as f64 / 1024.0,
        ready.connected,
        fds1.saturating_sub(fds0)
    );

    pool.reset()?;
    let cpu0 = server.cpu_secs();
    println!("waiting for the next minute's draw (load {}) …", stats::load());
    let rows = pool.collect("draw.result", 15_000, 500, 75_000)?;
    let draw = report("draw.result", n, &rows, |row| row[1] as f64 / 1000.0 - row[3] as f64);
    let (cpu1, clients1) = (server.cpu_secs(), pool.cpu_secs());

    let body = r#"{"text":"Benchmark marquee: results are in","active":true,"priority":1}"#;
    let ask = Ask { addr: server.addr(), path: "/api/v1/admin/marquees", token: Some(&admin), body };
    let marquee = broadcast(&mut pool, n, "marquee.updated", &ask)?;
    println!(
        "marquee fan-out CPU: server {:.2} s ({:.1} µs per socket), load processes {:.2} s",
        server.cpu_secs() - cpu1,
        (server.cpu_secs() - cpu1) / n as f64 * 1e6,
        pool.cpu_secs() - clients1
    );
    println!(
        "server CPU during both events: {:.2} s; peak RSS {:.1} MiB; load {}",
        server.cpu_secs() - cpu0,
        server.peak_rss_kib() as f64 / 1024.0,
        stats::load()
    );
    pool.quit();
    server.kill();
    Ok((draw, marquee))
}

/// The Node `ws` reference: one broadcast, timed from the moment the bench asked for it.
fn node_reference(n: usize, per_process: usize) -> anyhow::Result<Summary> {
    println!("-- Node ws reference (bench/node-ws) --");
    let node = NodeReference::start()?;
    std::thread::sleep(Duration::from_millis(500));
    let rss0 = node.rss_kib();
    let (mut pool, ready) = Pool::spawn(&node.ws_url(), n, per_process, None)?;
    println!("connect: {} of {n} open, {} failed", ready.connected, ready.failed);
    std::thread::sleep(Duration::from_secs(2));
    let rss1 = node.rss_kib();
    println!(
        "node RSS: {:.1} MiB idle → {:.1} MiB: {:.2} KiB per connection",
        rss0 as f64 / 1024.0,
        rss1 as f64 / 1024.0,
        rss1.saturating_sub(rss0) as f64 / ready.connected.max(1) as f64
    );
    let cpu0 = node.cpu_secs();
    let ask = Ask { addr: &node.addr, path: "/broadcast", token: None, body: "{}" };
    let broadcast = broadcast(&mut pool, n, "broadcast", &ask)?;
    println!(
        "broadcast CPU: node {:.2} s ({:.1} µs per socket)",
        node.cpu_secs() - cpu0,
        (node.cpu_secs() - cpu0) / n as f64 * 1e6
    );
    pool.quit();
    Ok(broadcast)
}

/// The request that makes a server send one `marquee.updated` to every socket.
struct Ask<'a> {
    addr: &'a str,
    path: &'a str,
    token: Option<&'a str>,
    body: &'a str,
}

/// Sends `ask` to a quiet pool and reports, as `label`, how long each socket took to get the message from then.
fn broadcast(pool: &mut Pool, n: usize, label: &str, ask: &Ask) -> anyhow::Result<Summary> {
    let (sent_us, rows) = send(pool, ask)?;
    Ok(report(label, n, &rows, |row| (row[1] as f64 - sent_us as f64) / 1000.0))
}

/// Sends `ask` to a quiet pool: the moment it was sent (µs since the epoch) and each socket's `marquee.updated` row.
fn send(pool: &mut Pool, ask: &Ask) -> anyhow::Result<(u64, Vec<[u64; 5]>)> {
    pool.reset()?;
    std::thread::sleep(Duration::from_millis(500));
    let sent_us = now_us();
    let (status, answer) = http(ask.addr, "POST", ask.path, ask.token, Some(ask.body))?;
    if status != 201 {
        println!("POST {} answered {status}: {answer}", ask.path);
    }
    let rows = pool.collect("marquee.updated", 15_000, 500, 30_000)?;
    Ok((sent_us, rows))
}

/// `fanout --nodes …`: see the module doc.
pub fn cluster(
    clients: &[usize],
    per_process: usize,
    signed_in: bool,
    nodes: &[usize],
    bus: Option<String>,
) -> anyhow::Result<()> {
    if signed_in {
        anyhow::bail!("--signed-in with --nodes: the nodes do not share a store yet, so a player exists on one only");
    }
    let bus = bus
        .or_else(|| std::env::var("AYO_TEST_NATS_URL").ok())
        .context("give --bus nats://… or run under scripts/cluster-services.sh")?;
    for &n in clients {
        for &count in nodes {
            on_nodes(n, per_process, count.max(1), &bus)?;
        }
    }
    Ok(())
}

/// Node A, B, C…
fn node_name(i: usize) -> char {
    char::from(b'A' + (i % 26) as u8)
}

/// `n` sockets over `count` nodes on the bus, one marquee posted on node A.
fn on_nodes(n: usize, per_process: usize, count: usize, bus: &str) -> anyhow::Result<()> {
    let per_node = n.div_ceil(count);
    stats::heading(&format!(
        "fanout: {n} WebSocket clients over {count} node(s) on the bus {bus}, {} per load process",
        per_process.min(per_node)
    ));
    println!(
        "(marquee only: no draw result, as each node would draw its own games from its own store; no Node reference)"
    );
    let dirs: Vec<tempfile::TempDir> = (0..count).map(|_| tempfile::tempdir()).collect::<Result<_, _>>()?;
    let admin = {
        let store = seed::open(dirs[0].path())?;
        let admin = seed::admin(&store)?;
        store.flush_blocking()?;
        admin
    };
    let servers: Vec<Server> =
        dirs.iter().map(|d| Server::start_on_bus(d.path(), bus)).collect::<anyhow::Result<_>>()?;
    // Time for each node to connect to NATS and subscribe (in the background).
    std::thread::sleep(Duration::from_secs(1));
    let idle: Vec<u64> = servers.iter().map(Server::rss_kib).collect();

    // One node's clients after the other's, each node's over load processes of their own source addresses.
    let mut pool: Option<Pool> = None;
    let mut shares = Vec::new();
    let started = Instant::now();
    for (i, server) in servers.iter().enumerate() {
        let share = n / count + usize::from(i < n % count);
        let first = pool.as_ref().map_or(0, Pool::processes);
        let opening = Instant::now();
        let (more, ready) = Pool::spawn_from(&server.ws_url(), share, per_process, None, first)?;
        let wall = opening.elapsed().as_secs_f64();
        print_connect(&format!("connect node {}", node_name(i)), share, &ready, wall);
        shares.push((share, ready.connected));
        match pool.as_mut() {
            Some(pool) => pool.join(more),
            None => pool = Some(more),
        }
    }
    let mut pool = pool.context("no clients")?;
    let connected: usize = shares.iter().map(|&(_, c)| c).sum();
    let wall = started.elapsed().as_secs_f64();
    println!("connect: {connected} of {n} open in {wall:.1} s ({:.0}/s), node after node", connected as f64 / wall);
    std::thread::sleep(Duration::from_secs(2));
    for (i, server) in servers.iter().enumerate() {
        let rss = server.rss_kib();
        println!(
            "node {} RSS: {:.1} MiB idle → {:.1} MiB with {} sockets: {:.2} KiB per connection",
            node_name(i),
            idle[i] as f64 / 1024.0,
            rss as f64 / 1024.0,
            shares[i].1,
            rss.saturating_sub(idle[i]) as f64 / shares[i].1.max(1) as f64
        );
    }

    let cpu0: Vec<f64> = servers.iter().map(Server::cpu_secs).collect();
    let clients0 = pool.cpu_secs();
    let body = r#"{"text":"Benchmark marquee: results are in","active":true,"priority":1}"#;
    let ask = Ask { addr: servers[0].addr(), path: "/api/v1/admin/marquees", token: Some(&admin), body };
    let (sent_us, rows) = send(&mut pool, &ask)?;
    let cpu: Vec<f64> = servers.iter().zip(&cpu0).map(|(s, c0)| s.cpu_secs() - c0).collect();
    let latency = |row: &[u64; 5]| (row[1] as f64 - sent_us as f64) / 1000.0;
    report(&format!("marquee.updated (posted on node A), all {count} node(s)"), n, &rows, latency);
    let mut from = 0;
    for (i, &(share, _)) in shares.iter().enumerate() {
        let on_node = rows.get(from..from + share).unwrap_or_default();
        report(&format!("  on node {}", node_name(i)), share, on_node, latency);
        from += share;
    }
    let per_node: Vec<String> = cpu
        .iter()
        .zip(&shares)
        .enumerate()
        .map(|(i, (c, &(_, k)))| {
            format!("node {} {c:.2} s ({:.1} µs per its socket)", node_name(i), c / k.max(1) as f64 * 1e6)
        })
        .collect();
    let total: f64 = cpu.iter().sum();
    println!(
        "marquee fan-out CPU: {}; all nodes {total:.2} s ({:.1} µs per socket); load processes {:.2} s",
        per_node.join(", "),
        total / n.max(1) as f64 * 1e6,
        pool.cpu_secs() - clients0
    );
    let peaks: Vec<String> = servers
        .iter()
        .enumerate()
        .map(|(i, s)| format!("node {} {:.1} MiB", node_name(i), s.peak_rss_kib() as f64 / 1024.0))
        .collect();
    println!("peak RSS: {}; load {}", peaks.join(", "), stats::load());
    pool.quit();
    for server in servers {
        server.kill();
    }
    Ok(())
}

fn report(kind: &str, n: usize, rows: &[[u64; 5]], latency_ms: impl Fn(&[u64; 5]) -> f64) -> Summary {
    let got: Vec<f64> = rows.iter().filter(|r| r[0] > 0).map(latency_ms).collect();
    let missed = n - got.len();
    let summary = summary(got);
    println!("{kind}: {} received, {missed} missed; latency {summary}", n - missed);
    summary
}

/// How the sockets of one `Pool::spawn` connected: `what: k of n open …`, and its first errors.
fn print_connect(what: &str, n: usize, ready: &Ready, wall: f64) {
    println!(
        "{what}: {} of {n} open (snapshot read) in {wall:.1} s ({:.0}/s), {} failed; per socket {}",
        ready.connected,
        ready.connected as f64 / wall,
        ready.failed,
        summary(ready.connect_ms.clone())
    );
    for e in ready.errors.iter().take(3) {
        println!("  connect error: {e}");
    }
}
