//! Scenario `lists`: every list endpoint's latency on a store grown to `draws` draws and `entries` ledger entries,
//! beside the same endpoint on a store holding one of each, so the ratio shows what growth costs (goal: ≤ 2×).
//! Requests go one at a time over one keep-alive connection; each endpoint is asked `requests` times for its first
//! page and as many times for a deep page (page 50).

use std::net::SocketAddr;
use std::time::Instant;

use chrono::{Duration, Utc};

use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus};
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;
use ayo_data::user::User;
use ayo_data::Store;

use crate::rawhttp::Conn;
use crate::seed;
use crate::server::Server;
use crate::stats::{self, summary, Summary};

/// What one store was seeded with, and the tokens to read it.
struct Seeded {
    game: Game,
    player: User,
    player_token: String,
    admin_token: String,
}

pub fn run(draws: usize, entries: usize, requests: usize) -> anyhow::Result<()> {
    stats::heading(&format!("lists: {draws} draws and {entries} ledger entries against an empty store"));
    let small = tempfile::tempdir()?;
    let big = tempfile::tempdir()?;
    let started = Instant::now();
    let small_seed = seed_store(&seed::open(small.path())?, 1, 1)?;
    let big_seed = seed_store(&seed::open(big.path())?, draws, entries)?;
    println!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    let small_figures = measure(small.path(), &small_seed, requests)?;
    let big_figures = measure(big.path(), &big_seed, requests)?;
    println!("{:<46} {:>17} {:>17} {:>10}", "endpoint", "empty p50/p99 ms", "grown p50/p99 ms", "p99 ratio");
    for ((path, empty), (_, grown)) in small_figures.iter().zip(&big_figures) {
        println!(
            "{path:<46} {:>8.2} {:>8.2} {:>8.2} {:>8.2} {:>9.1}×",
            empty.p50,
            empty.p99,
            grown.p50,
            grown.p99,
            grown.p99 / empty.p99.max(0.001)
        );
    }
    Ok(())
}

/// One game with `draws` settled draws, one player with 200 tickets (of which the ledger holds the stakes), and
/// enough other players' deposits to bring the ledger to `entries`.
fn seed_store(store: &Store, draws: usize, entries: usize) -> anyhow::Result<Seeded> {
    let game = seed::game(store, "lists", GameStatus::Active, 3, 30)?;
    let first = Utc::now() - Duration::minutes(3 * i64::try_from(draws)?);
    for i in 0..draws.saturating_sub(1) {
        let at = first + Duration::minutes(3 * i64::try_from(i)?);
        let mut draw = Draw::schedule(store.games.next_id()?, &game, at - Duration::minutes(3), at);
        // Settled as the server settles: with its balls and times (a draw without `settled_at` counts as
        // unfinished, and the server would resume every one of them at start).
        draw.status = DrawStatus::Settled;
        let ball = |k: usize| u8::try_from((i * 7 + k * 17) % 90 + 1).unwrap_or(1);
        draw.numbers = Some([ball(0), ball(1), ball(2), ball(3), ball(4)]);
        (draw.drawn_at, draw.settled_at) = (Some(at), Some(at));
        store.games.put_draw(&draw)?;
    }
    let now = Utc::now();
    let open =
        seed::open_draw(store, &game, now - Duration::minutes(1), now + Duration::hours(1), now + Duration::hours(2))?;
    let players = seed::players(store, 0, 1, 10_000_000)?;
    let player = players.first().cloned().ok_or_else(|| anyhow::anyhow!("no player"))?;
    let tickets = if entries > 1 { 200 } else { 1 };
    seed::tickets(store, &game, &open, &player, tickets, now)?;
    let others = 1_000.min(entries);
    let crowd = seed::players(store, 1, others.saturating_sub(1), 100_000)?;
    let mut written = 1 + tickets + crowd.len();
    let mut i = 0usize;
    while written < entries {
        let who = &crowd[i % crowd.len()];
        let entry = LedgerEntry {
            id: store.ids.next_id()?,
            user_id: who.id,
            kind: EntryKind::Deposit,
            status: EntryStatus::Success,
            amount: Kobo(100_000),
            balance_after: Kobo::ZERO,
            reference: format!("bench-{i}"),
            description: "benchmark deposit".into(),
            created_at: now - Duration::seconds(i64::try_from(entries - written)?),
        };
        store.wallets()?.apply(entry)?;
        written += 1;
        i += 1;
        if written % 100_000 == 0 {
            eprintln!("  {written} entries …");
        }
    }
    let admin_token = seed::admin(store)?;
    store.flush_blocking()?;
    Ok(Seeded { player_token: seed::tokens().issue(&player)?, admin_token, game, player })
}

fn measure(dir: &std::path::Path, seeded: &Seeded, requests: usize) -> anyhow::Result<Vec<(String, Summary)>> {
    let server = Server::start(dir, &[])?;
    let addr: SocketAddr = server.addr().parse()?;
    let (g, p) = (seeded.game.id, seeded.player.id);
    let endpoints: Vec<(String, &str)> = vec![
        ("/api/v1/draws".into(), ""),
        (format!("/api/v1/draws?game_id={g}"), ""),
        ("/api/v1/results".into(), ""),
        ("/api/v1/tickets".into(), &seeded.player_token),
        ("/api/v1/transactions".into(), &seeded.player_token),
        ("/api/v1/admin/transactions".into(), &seeded.admin_token),
        ("/api/v1/admin/activities".into(), &seeded.admin_token),
        (format!("/api/v1/admin/games/{g}/players"), &seeded.admin_token),
        (format!("/api/v1/admin/games/{g}/draws"), &seeded.admin_token),
        (format!("/api/v1/admin/users/{p}/tickets"), &seeded.admin_token),
        (format!("/api/v1/admin/users/{p}/transactions"), &seeded.admin_token),
        ("/api/v1/admin/dashboard".into(), &seeded.admin_token),
    ];
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build()?;
    let figures = runtime.block_on(async {
        let mut conn = Conn::connect(addr).await?;
        let mut out = Vec::new();
        for (path, token) in &endpoints {
            for page in [1, 50] {
                let sep = if path.contains('?') { '&' } else { '?' };
                let target = if page == 1 { path.clone() } else { format!("{path}{sep}page={page}") };
                if page > 1 && (path.ends_with("dashboard") || path.ends_with("results")) {
                    continue;
                }
                let request = get(server.addr(), &target, token);
                let mut latencies = Vec::with_capacity(requests);
                for _ in 0..requests {
                    let t = Instant::now();
                    let response = conn.call(&request).await?;
                    if response.status != 200 {
                        anyhow::bail!("{target} answered {}", response.status);
                    }
                    latencies.push(t.elapsed().as_secs_f64() * 1e3);
                }
                out.push((target, summary(latencies)));
            }
        }
        Ok::<_, anyhow::Error>(out)
    })?;
    server.kill();
    Ok(figures)
}

fn get(host: &str, path: &str, token: &str) -> Vec<u8> {
    let auth = if token.is_empty() { String::new() } else { format!("Authorization: Bearer {token}\r\n") };
    format!("GET {path} HTTP/1.1\r\nHost: {host}\r\n{auth}\r\n").into_bytes()
}
