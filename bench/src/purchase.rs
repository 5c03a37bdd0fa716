//! Scenario 2: C concurrent players buying tickets as fast as the server acknowledges them, in the last minutes
//! before a draw closes. Every purchase is durable before its 201 (group commit). Afterwards the server is killed
//! (SIGKILL) and the ledger audited from the store: every acknowledged ticket present, every ledger summing to its
//! balance, every balance = funding − stakes.
//!
//! With `--rate R` the players do not buy back to back: together they offer R purchases a second, each player on
//! its own fixed schedule (R / C a second, phases spread), and each latency runs from the purchase's scheduled
//! moment, so a purchase sent late because the previous one was slow counts its wait (no coordinated omission).
//! Back to back, C connections with latency L cannot exceed C / L purchases a second (Little's law): 500
//! connections at a p99 of 50 ms need well over 10,000/s; an offered rate is how "10,000/s with p99 ≤ 50 ms" is
//! measured.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use chrono::Utc;
use serde::Deserialize;

use ayo_data::game::GameStatus;
use ayo_data::money::Kobo;
use ayo_data::risk_limits::RiskLimits;

use ayo_data::Store;

use crate::rawhttp::{self, Conn};
use crate::seed;
use crate::server::{open_store, Server, SEED_KEY};
use crate::stats::{self, summary};

const STAKE: i64 = 5_000;
const FUNDING: i64 = 100_000_000_000;

/// Where the purchases go: one embedded server, or `nodes` cluster nodes on one PostgreSQL and one NATS.
pub enum Target {
    Embedded,
    /// A throwaway database is made on `postgres` (a superuser's URL) for each run.
    Cluster {
        postgres: String,
        bus: String,
        nodes: Vec<usize>,
    },
}

pub fn run(players: &[usize], secs: u64, rate: f64, target: &Target, limits: bool) -> anyhow::Result<()> {
    match target {
        Target::Embedded => {
            for &n in players {
                one(n, secs, rate, None, limits)?;
            }
        }
        Target::Cluster { postgres, bus, nodes } => {
            for &nodes in nodes {
                for &n in players {
                    one(n, secs, rate, Some((postgres, bus, nodes)), limits)?;
                }
            }
        }
    }
    Ok(())
}

/// The game, the open draw and the funded players of a run, in `store`: the draw's id and each player's token.
fn seed_run(store: &Store, players: usize, secs: u64, limits: bool) -> anyhow::Result<(u64, Vec<(u64, String)>)> {
    let mut game = seed::game(store, "peak", GameStatus::Paused, 60, 0)?;
    if limits {
        let far = Some(Kobo::naira(1_000_000_000_000));
        game.risk_limits =
            RiskLimits { reserve: far, max_number_payout: far, max_combination_payout: far, max_stake_per_number: far };
        store.games.put_game(&game)?;
    }
    let now = Utc::now();
    // Sales close a little after the run: the last minutes before close.
    let closes = now + chrono::Duration::seconds(secs as i64 + 120);
    let draw = seed::open_draw(store, &game, now - chrono::Duration::minutes(55), closes, closes)?;
    let users = seed::players(store, 0, players, FUNDING)?;
    let tokens = seed::tokens();
    let tokens: Vec<(u64, String)> =
        users.iter().map(|u| Ok((u.id, tokens.issue(u)?))).collect::<anyhow::Result<_>>()?;
    store.flush_blocking()?;
    Ok((draw.id, tokens))
}

#[derive(Deserialize)]
struct Created {
    data: CreatedTicket,
}

#[derive(Deserialize)]
struct CreatedTicket {
    id: u64,
}

struct PlayerRun {
    user: u64,
    acked: Vec<u64>,
    latencies: Vec<f64>,
    errors: u64,
    first_error: Option<String>,
}

/// One run: `cluster` is (PostgreSQL, NATS, how many nodes), or `None` for one embedded server.
fn one(
    players: usize,
    secs: u64,
    rate: f64,
    cluster: Option<(&String, &String, usize)>,
    limits: bool,
) -> anyhow::Result<()> {
    let offered = if rate > 0.0 { format!("{rate:.0}/s offered") } else { "back to back".into() };
    let on = match cluster {
        Some((_, _, nodes)) => format!("{nodes} cluster node(s) on one PostgreSQL"),
        None => "one embedded server".into(),
    };
    stats::heading(&format!(
        "purchase: {on}, {players} concurrent players, {secs} s, {offered}, NAP1 ₦50 tickets, each durable{}",
        if limits { ", game with risk limits" } else { "" }
    ));
    // Each player's interval between purchases when a rate is offered.
    let every = (rate > 0.0).then(|| Duration::from_secs_f64(players as f64 / rate));
    let dir = tempfile::tempdir()?;
    let (store, servers, draw_id, tokens) = match cluster {
        None => {
            let (draw_id, tokens) = seed_run(&seed::open(dir.path())?, players, secs, limits)?;
            (None, vec![Server::start(dir.path(), &[])?], draw_id, tokens)
        }
        Some((postgres, bus, nodes)) => {
            let url = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?
                .block_on(ayo_data::pg::new_database(postgres, "ayo_bench"))?;
            let store = Store::cluster(&url, &hex::decode(SEED_KEY)?)?;
            let (draw_id, tokens) = seed_run(&store, players, secs, limits)?;
            let servers = (0..nodes)
                .map(|i| {
                    let node_dir = dir.path().join(format!("node{i}"));
                    std::fs::create_dir_all(&node_dir)?;
                    Server::start_node(&node_dir, &url, bus)
                })
                .collect::<anyhow::Result<Vec<_>>>()?;
            (Some(store), servers, draw_id, tokens)
        }
    };
    let addrs: Vec<(SocketAddr, String)> =
        servers.iter().map(|s| Ok((s.addr().parse()?, s.addr().to_string()))).collect::<anyhow::Result<_>>()?;
    let servers_cpu = |servers: &[Server]| servers.iter().map(Server::cpu_secs).sum::<f64>();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let mut cpu = (0.0, 0.0);
    let mut elapsed = 0.0;
    let runs: Vec<PlayerRun> = runtime.block_on(async {
        let (go_tx, go_rx) = tokio::sync::watch::channel(None::<tokio::time::Instant>);
        let (warm_tx, mut warm_rx) = tokio::sync::mpsc::channel::<()>(players);
        let mut tasks = Vec::new();
        for (i, (user, token)) in tokens.into_iter().enumerate() {
            // Players spread over the nodes, as a load balancer would.
            let (addr, host) = addrs[i % addrs.len()].clone();
            let (mut go, warm) = (go_rx.clone(), warm_tx.clone());
            tasks.push(tokio::spawn(async move {
                let mut run = PlayerRun { user, acked: Vec::new(), latencies: Vec::new(), errors: 0, first_error: None };
                let mut seq = 0u64;
                let request = |seq: u64| {
                    let body = format!(
                        r#"{{"draw_id":{draw_id},"bet_type":"NAP1","numbers":[{}],"stake_per_line":{STAKE},"idempotency_key":"p{i}-{seq}"}}"#,
                        (seq + i as u64) % 90 + 1
                    );
                    rawhttp::post_json(&host, "/api/v1/tickets/create", &token, &body)
                };
                let mut conn = match Conn::connect(addr).await {
                    Ok(c) => c,
                    Err(e) => {
                        run.errors += 1;
                        run.first_error = Some(e.to_string());
                        let _ = warm.send(()).await;
                        return run;
                    }
                };
                // Warm-up: one purchase each (starts the wallet actor), not timed.
                let mut deadline = None;
                let mut next: Option<tokio::time::Instant> = None;
                loop {
                    let req = request(seq);
                    seq += 1;
                    let t = match (every, deadline) {
                        (Some(every), Some(_)) => {
                            let phase = every.mul_f64(i as f64 / players as f64);
                            let at = next.unwrap_or_else(|| tokio::time::Instant::now() + phase);
                            tokio::time::sleep_until(at).await;
                            next = Some(at + every);
                            at.into_std()
                        }
                        _ => Instant::now(),
                    };
                    let outcome = match conn.call(&req).await {
                        Ok(r) if r.status == 201 => match serde_json::from_slice::<Created>(r.body) {
                            Ok(c) => Ok(c.data.id),
                            Err(e) => Err(format!("201 without a ticket: {e}")),
                        },
                        Ok(r) => Err(format!("{} {}", r.status, String::from_utf8_lossy(r.body))),
                        Err(e) => Err(e.to_string()),
                    };
                    let latency = t.elapsed().as_secs_f64() * 1e3;
                    match outcome {
                        Ok(id) => {
                            run.acked.push(id);
                            if deadline.is_some() {
                                run.latencies.push(latency);
                            }
                        }
                        Err(e) => {
                            run.errors += 1;
                            run.first_error.get_or_insert(e);
                            if let Ok(c) = Conn::connect(addr).await {
                                conn = c;
                            }
                        }
                    }
                    match deadline {
                        None => {
                            let _ = warm.send(()).await;
                            let _ = go.wait_for(Option::is_some).await;
                            deadline = *go.borrow();
                        }
                        Some(d) if tokio::time::Instant::now() >= d => break,
                        Some(_) => {}
                    }
                }
                run
            }));
        }
        drop(warm_tx);
        for _ in 0..players {
            let _ = warm_rx.recv().await;
        }
        cpu = (servers_cpu(&servers), stats::cpu_secs(std::process::id()));
        let started = Instant::now();
        let _ = go_tx.send(Some(tokio::time::Instant::now() + Duration::from_secs(secs)));
        let mut runs = Vec::new();
        for task in tasks {
            if let Ok(run) = task.await {
                runs.push(run);
            }
        }
        elapsed = started.elapsed().as_secs_f64();
        runs
    });
    let server_cpu = servers_cpu(&servers) - cpu.0;
    let client_cpu = stats::cpu_secs(std::process::id()) - cpu.1;
    let load = stats::load();
    for server in servers {
        server.kill();
    }

    let latencies: Vec<f64> = runs.iter().flat_map(|r| r.latencies.iter().copied()).collect();
    let errors: u64 = runs.iter().map(|r| r.errors).sum();
    let n = latencies.len();
    println!("durable purchases/s: {:.0}  ({n} in {elapsed:.1} s, {errors} errors)", n as f64 / elapsed);
    if let Some(e) = runs.iter().find_map(|r| r.first_error.as_ref()) {
        println!("first error: {e}");
    }
    println!("latency: {}", summary(latencies));
    println!(
        "server CPU: {server_cpu:.1} s ({:.0} µs/purchase, {:.0}% of {} cores); load generator CPU: {client_cpu:.1} s",
        server_cpu / n.max(1) as f64 * 1e6,
        server_cpu / elapsed / stats::cores() as f64 * 100.0,
        stats::cores()
    );
    println!("load after: {load}");
    match store {
        Some(store) => audit(&store, draw_id, &runs),
        None => audit(&open_store(dir.path())?, draw_id, &runs),
    }
}

/// After SIGKILL: every acknowledged ticket is in the store, and the books balance.
fn audit(store: &Store, draw_id: u64, runs: &[PlayerRun]) -> anyhow::Result<()> {
    let acked: usize = runs.iter().map(|r| r.acked.len()).sum();
    let mut missing = 0usize;
    let mut unbalanced = 0usize;
    let mut per_user: HashMap<u64, usize> = HashMap::new();
    for run in runs {
        for id in &run.acked {
            match store.books.ticket(*id)? {
                Some(t) if t.user_id == run.user && t.draw_id == draw_id => {}
                _ => missing += 1,
            }
        }
        per_user.insert(run.user, run.acked.len());
        let balance = store.books.balance(run.user)?;
        let ledger: i64 = store.books.entries_of_user(run.user)?.iter().map(|e| e.amount.as_i64()).sum();
        let stored = store.books.tickets_of_user(run.user)?.len();
        if ledger != balance || balance != FUNDING - STAKE * stored as i64 || stored < run.acked.len() {
            unbalanced += 1;
        }
    }
    let in_draw = store.books.ticket_ids_of_draw(draw_id)?.len();
    println!(
        "ledger audit after SIGKILL: {acked} acknowledged, {in_draw} tickets in the draw, {missing} acknowledged \
         missing, {unbalanced} wallets whose ledger ≠ balance or balance ≠ funding − stakes → {}",
        if missing == 0 && unbalanced == 0 && in_draw >= acked { "OK" } else { "FAILED" }
    );
    Ok(())
}
