//! Scenario 3: a draw with many tickets across many players. The tickets are written straight into the store
//! with no server running (as a purchase would write them); the draw is closed and due a few seconds after the
//! server starts, so signed-in sockets of the players ("watchers") are open when it is drawn.
//!
//! Printed: the time from the draw to the settlement's start (tickets read and decided), to the last wallet
//! credited (every wallet's transaction durable: the server's own `settlement finished` log line), and to the last
//! settlement push a watcher received (watchers take them batched: one `tickets.settled` per player and draw); how
//! many settled tickets arrived in them of those due; peak RSS and CPU.

use std::time::{Duration, Instant};

use chrono::Utc;

use ayo_data::draw::DrawStatus;
use ayo_data::game::GameStatus;
use ayo_data::lotto::tickets_hash;

use crate::seed;
use crate::server::{log_field, log_time_us, Server};
use crate::stats::{self, summary};
use crate::ws_worker::{Pool, BATCHED_SETTLEMENT};

pub fn run(tickets: &[usize], players: usize, watchers: usize, per_process: usize) -> anyhow::Result<()> {
    for &t in tickets {
        one(t, players, watchers.min(players), per_process)?;
    }
    Ok(())
}

fn one(tickets: usize, players: usize, watchers: usize, per_process: usize) -> anyhow::Result<()> {
    stats::heading(&format!("settle: {tickets} tickets across {players} players, {watchers} watching sockets"));
    let dir = tempfile::tempdir()?;
    let seeding = Instant::now();
    let store = seed::open(dir.path())?;
    let game = seed::game(&store, "settle", GameStatus::Paused, 60, 0)?;
    let now = Utc::now();
    let mut draw = seed::open_draw(
        &store,
        &game,
        now - chrono::Duration::hours(1),
        now + chrono::Duration::days(1),
        now + chrono::Duration::days(1),
    )?;
    let users = seed::players(&store, 0, players, 1_000_000_000)?;
    let per_player = |p: usize| tickets / players + usize::from(p < tickets % players);
    let threads = stats::cores().max(1);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let (store, game, draw, users) = (&store, &game, &draw, &users);
                scope.spawn(move || -> anyhow::Result<()> {
                    for (p, user) in users.iter().enumerate().skip(k).step_by(threads) {
                        seed::tickets(store, game, draw, user, per_player(p), now)?;
                    }
                    Ok(())
                })
            })
            .collect();
        for h in handles {
            h.join().map_err(|_| anyhow::anyhow!("a seeding thread panicked"))??;
        }
        Ok(())
    })?;
    let ids = store.books.ticket_ids_of_draw(draw.id)?;
    // Time for the server to open the database (sled replays its log: ≈ 10 s for the 2.4 GB of a million tickets on
    // a busy machine) and for the watchers to connect, so that the draw falls due on a running server.
    let lead = Duration::from_secs(15) + Duration::from_millis(3 * watchers as u64 + tickets as u64 / 50);
    let due = Utc::now() + chrono::Duration::from_std(lead)?;
    draw.status = DrawStatus::Closed;
    draw.ticket_count = ids.len() as u64;
    draw.tickets_hash = Some(tickets_hash(&ids));
    draw.closes_at = Utc::now();
    draw.draws_at = due;
    store.games.put_draw(&draw)?;
    store.flush_blocking()?;
    let tokens = seed::tokens();
    let token_file = dir.path().join("tokens.txt");
    let watched: Vec<usize> = (0..watchers).map(|w| w * players / watchers.max(1)).collect();
    let lines: Vec<String> = watched.iter().map(|&p| tokens.issue(&users[p])).collect::<anyhow::Result<_>>()?;
    std::fs::write(&token_file, lines.join("\n"))?;
    drop(store);
    println!(
        "seeded {} tickets in {:.1} s; the draw is due in {:.0} s",
        ids.len(),
        seeding.elapsed().as_secs_f64(),
        lead.as_secs_f64()
    );

    let server = Server::start(dir.path(), &[])?;
    let pool = if watchers > 0 {
        let (mut pool, ready) = Pool::spawn(&server.ws_url(), watchers, per_process, Some(&token_file))?;
        println!(
            "watchers: {} signed in, {} failed; connect {}",
            ready.connected,
            ready.failed,
            summary(ready.connect_ms)
        );
        if Utc::now() >= due {
            println!("warning: the draw fell due before every watcher was connected; rerun with fewer watchers");
        }
        pool.reset()?;
        Some(pool)
    } else {
        None
    };
    let cpu0 = server.cpu_secs();
    println!("waiting for the draw (load {}) …", stats::load());
    let Some(start_line) = server.wait_log("settlement started", lead + Duration::from_secs(600)) else {
        anyhow::bail!("no `settlement started` in the server log");
    };
    let Some(end_line) = server.wait_log("settlement finished", Duration::from_secs(1800)) else {
        anyhow::bail!("no `settlement finished` in the server log");
    };
    let drawn_us = log_time_us(&start_line)
        .zip(log_field(&start_line, "since_drawn_ms"))
        .map(|(t, since)| t.saturating_sub(since.max(0) as u64 * 1000))
        .unwrap_or(0);
    println!(
        "draw → settlement start (tickets read and decided): {} ms  [reading and deciding {} ms]",
        log_field(&start_line, "since_drawn_ms").unwrap_or(-1),
        log_field(&start_line, "read_ms").unwrap_or(-1)
    );
    println!(
        "draw → last wallet credited (all durable): {} ms  [{} tickets, {} players; settlement itself {} ms, {} \
         flushes]",
        log_field(&end_line, "since_drawn_ms").unwrap_or(-1),
        log_field(&end_line, "tickets").unwrap_or(-1),
        log_field(&end_line, "players").unwrap_or(-1),
        log_field(&end_line, "elapsed_ms").unwrap_or(-1),
        log_field(&end_line, "flushes").unwrap_or(-1),
    );
    match server.log_lines().into_iter().find(|l| l.contains("ahead of the draw")) {
        Some(ahead) => println!(
            "tickets read ahead of the draw in {} ms, done {:.1} s before it",
            log_field(&ahead, "elapsed_ms").unwrap_or(-1),
            (drawn_us as f64 - log_time_us(&ahead).unwrap_or(0) as f64) / 1e6
        ),
        None => println!("warning: the draw fell due as the server started: its tickets were not read ahead"),
    }
    if let Some(mut pool) = pool {
        let rows = pool.collect(BATCHED_SETTLEMENT, 1_800_000, 3_000, 1_800_000)?;
        let got: u64 = rows.iter().map(|r| r[0]).sum();
        let due: usize = watched.iter().map(|&p| per_player(p)).sum();
        let last = rows.iter().map(|r| r[2]).max().unwrap_or(0);
        let lags: Vec<f64> =
            rows.iter().filter(|r| r[0] > 0).map(|r| (r[2] as f64 - drawn_us as f64) / 1000.0).collect();
        let dropped = rows.iter().filter(|r| r[4] == 0).count();
        println!(
            "draw → last settlement push received: {:.0} ms; {got} of {due} settled tickets pushed to {} watchers \
             received, {dropped} watcher sockets closed; per watcher, draw → its last push: {}",
            (last as f64 - drawn_us as f64) / 1000.0,
            watched.len(),
            summary(lags)
        );
        pool.quit();
    }
    println!(
        "server: CPU {:.1} s, peak RSS {:.0} MiB, {} log lines; load {}",
        server.cpu_secs() - cpu0,
        server.peak_rss_kib() as f64 / 1024.0,
        server.log_line_count(),
        stats::load()
    );
    server.kill();
    Ok(())
}
