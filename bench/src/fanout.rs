//! Scenario 1: N WebSocket clients, spread over load processes with their own source addresses, all subscribed
//! to `draws` and `marquee`. A real draw (a game drawn every minute) publishes its result; then an admin publishes
//! a marquee message. Printed: connect time, the server's RSS per connection, and per event the latency until each
//! client had it (p50, p99, max) and how many missed it.
//!
//! Latency of the draw result: the client's receive time minus the event's `data.server_time` (the server's clock
//! when it serialised the draw, after persisting it, just before fan-out; same machine, same clock, ms precision).
//! Latency of the marquee: receive time minus the moment the bench sent `POST /admin/marquees` (so it includes the
//! HTTP request, the write and its fsync).

use std::time::Duration;

use ayo_data::game::GameStatus;

use crate::seed;
use crate::server::{http, Server};
use crate::stats::{self, now_us, summary};
use crate::ws_worker::Pool;

pub fn run(clients: &[usize], per_process: usize) -> anyhow::Result<()> {
    for &n in clients {
        one(n, per_process)?;
    }
    Ok(())
}

fn one(n: usize, per_process: usize) -> anyhow::Result<()> {
    stats::heading(&format!("fanout: {n} WebSocket clients, {} per load process", per_process.min(n)));
    let dir = tempfile::tempdir()?;
    let admin = {
        let store = seed::open(dir.path())?;
        // Active, drawn every minute, sales closing 20 s before: the scheduler keeps a draw going, and its result
        // is the only event of that moment (the `closed` update went out 20 s earlier).
        seed::game(&store, "minute", GameStatus::Active, 1, 20)?;
        let admin = seed::admin(&store)?;
        store.flush_blocking()?;
        admin
    };
    let server = Server::start(dir.path(), &[])?;
    std::thread::sleep(Duration::from_millis(500));
    let (rss0, fds0) = (server.rss_kib(), server.fds());
    let started = std::time::Instant::now();
    let (mut pool, ready) = Pool::spawn(&server.ws_url(), n, per_process, None)?;
    let connect_wall = started.elapsed().as_secs_f64();
    println!(
        "connect: {} of {n} open (snapshot read) in {connect_wall:.1} s ({:.0}/s), {} failed; per socket {}",
        ready.connected,
        ready.connected as f64 / connect_wall,
        ready.failed,
        summary(ready.connect_ms)
    );
    for e in ready.errors.iter().take(3) {
        println!("  connect error: {e}");
    }
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
    report("draw.result", n, &rows, |row| row[1] as f64 / 1000.0 - row[3] as f64);
    let (cpu1, clients1) = (server.cpu_secs(), pool.cpu_secs());

    pool.reset()?;
    std::thread::sleep(Duration::from_millis(500));
    let sent_us = now_us();
    let body = r#"{"text":"Benchmark marquee: results are in","active":true,"priority":1}"#;
    let (status, answer) = http(server.addr(), "POST", "/api/v1/admin/marquees", Some(&admin), Some(body))?;
    if status != 201 {
        println!("POST /admin/marquees answered {status}: {answer}");
    }
    let rows = pool.collect("marquee.updated", 15_000, 500, 30_000)?;
    report("marquee.updated", n, &rows, |row| (row[1] as f64 - sent_us as f64) / 1000.0);
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
    Ok(())
}

fn report(kind: &str, n: usize, rows: &[[u64; 5]], latency_ms: impl Fn(&[u64; 5]) -> f64) {
    let got: Vec<f64> = rows.iter().filter(|r| r[0] > 0).map(latency_ms).collect();
    let missed = n - got.len();
    println!("{kind}: {} received, {missed} missed; latency {}", got.len(), summary(got));
}
