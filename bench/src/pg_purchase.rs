//! Cluster mode's money engine: C concurrent players buying tickets back to back through 1, 2 or 3 nodes on one
//! PostgreSQL (`PgMoney`, each node its own connections and buyers), each purchase committed before it answers.
//! Afterwards the database is audited: every acknowledged ticket present once, every balance the sum of its ledger
//! and equal to funding − stakes.
//!
//! The nodes run in this process and PostgreSQL on the same two cores: the figures are indicative of the engine's
//! per-purchase cost, not of a cluster on separate machines. Run beside a throwaway PostgreSQL:
//! `bash scripts/cluster-services.sh target/release/ayo-bench pg-purchase` (or `--url postgres://…`).
//!
//! With `--limits`, each node count runs twice, back to back: as above, then with the game carrying risk limits (all
//! far above what the run sells, so none refuses), so every batch locks the draw's `draw_risk` row, folds in the
//! other nodes' sales and numbers its own (docs/decisions/056-draw-risk-row-in-cluster-mode.md).

use std::time::{Duration, Instant};

use chrono::{Duration as Span, Utc};
use tokio::task::JoinSet;

use ayo_data::game::GameStatus;
use ayo_data::lotto::{price, Bet};
use ayo_data::money::Kobo;
use ayo_data::pg::money::PgMoney;
use ayo_data::risk_limits::RiskLimits;
use ayo_data::seam::Purchase;
use ayo_data::ticket::{Order, Ticket};

use crate::seed;
use crate::stats::{self, summary};

const FUNDING: i64 = 100_000_000_000;

pub fn run(url: Option<String>, nodes: &[usize], players: usize, secs: u64, limits: bool) -> anyhow::Result<()> {
    let url = url
        .or_else(|| std::env::var("AYO_TEST_POSTGRES_URL").ok())
        .ok_or_else(|| anyhow::anyhow!("give --url postgres://… or run under scripts/cluster-services.sh"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    for &n in nodes {
        runtime.block_on(one(&url, n, players, secs, false))?;
        if limits {
            runtime.block_on(one(&url, n, players, secs, true))?;
        }
    }
    Ok(())
}

/// What one player did.
#[derive(Default)]
struct PlayerRun {
    acked: Vec<u64>,
    latencies: Vec<f64>,
    errors: u64,
}

async fn one(admin_url: &str, nodes: usize, players: usize, secs: u64, limits: bool) -> anyhow::Result<()> {
    stats::heading(&format!(
        "pg-purchase: {nodes} node(s) on one PostgreSQL, {players} concurrent players, {secs} s, NAP1 ₦50 tickets, \
         each committed{}",
        if limits { ", game with risk limits" } else { "" }
    ));
    let dir = tempfile::tempdir()?;
    let store = seed::open(dir.path())?;
    let mut game = seed::game(&store, "pg-bench", GameStatus::Active, 60, 0)?;
    if limits {
        let far = Some(Kobo::naira(1_000_000_000_000));
        game.risk_limits =
            RiskLimits { reserve: far, max_number_payout: far, max_combination_payout: far, max_stake_per_number: far };
        store.games.put_game(&game)?;
    }
    let now = Utc::now();
    let draw = seed::open_draw(&store, &game, now - Span::minutes(1), now + Span::hours(1), now + Span::hours(1))?;
    let users = seed::players(&store, 0, players, FUNDING)?;
    let url = ayo_data::pg::new_database(admin_url, "ayo_bench").await?;
    let mut client = ayo_data::pg::connect(&url).await?;
    ayo_data::migrate::import(&store, &mut client).await?;
    let mut engines = Vec::new();
    for _ in 0..nodes {
        engines.push(PgMoney::connect(&url).await?);
    }

    let priced = price(&nap1(), Kobo(5_000), &game.stake_rules, &game.multipliers)?;
    let until = Instant::now() + Duration::from_secs(secs);
    let mut buying = JoinSet::new();
    for (i, user) in users.iter().enumerate() {
        let engine = engines[i % nodes].clone();
        let (user, game_id, draw_id) = (user.id, game.id, draw.id);
        buying.spawn(async move {
            let mut run = PlayerRun::default();
            let mut n = 0u64;
            while Instant::now() < until {
                let (Ok(id), Ok(entry_id)) = (engine.next_id().await, engine.next_id().await) else {
                    run.errors += 1;
                    continue;
                };
                n += 1;
                let ticket = Ticket::sold(
                    id,
                    Order {
                        user_id: user,
                        draw_id,
                        game_id,
                        bet: nap1(),
                        stake_per_line: Kobo(5_000),
                        idempotency_key: format!("k{n}"),
                    },
                    &priced,
                    Utc::now(),
                    None,
                );
                let started = Instant::now();
                match engine.buy(Purchase { ticket, entry_id, now: Utc::now() }).await {
                    Ok(Ok(bought)) => {
                        run.latencies.push(started.elapsed().as_secs_f64() * 1000.0);
                        run.acked.push(bought.value.id);
                    }
                    _ => run.errors += 1,
                }
            }
            run
        });
    }
    let started = Instant::now();
    let runs = buying.join_all().await;
    let elapsed = started.elapsed().as_secs_f64();
    let acked: usize = runs.iter().map(|r| r.acked.len()).sum();
    let errors: u64 = runs.iter().map(|r| r.errors).sum();
    let latencies = summary(runs.into_iter().flat_map(|r| r.latencies).collect());
    println!("  {:.0} purchases/s committed ({acked} in {elapsed:.1} s), {errors} errors", acked as f64 / elapsed);
    println!("  latency {latencies}");
    println!("  per node: {:.0} purchases/s", acked as f64 / elapsed / nodes as f64);
    audit(&client, acked, &engines[0]).await
}

/// Checks the database after the run: as many tickets as acknowledged, every balance its ledger and its stakes.
async fn audit(client: &ayo_data::pg::Client, acked: usize, engine: &PgMoney) -> anyhow::Result<()> {
    let tickets: i64 = client.query_one("SELECT count(*) FROM tickets", &[]).await?.get(0);
    let unbalanced = engine.unbalanced().await?;
    let wrong: i64 = client
        .query_one(
            "SELECT count(*) FROM wallets w WHERE w.balance <> $1 - (SELECT coalesce(sum(total_stake), 0)::bigint
             FROM tickets t WHERE t.user_id = w.user_id)",
            &[&FUNDING],
        )
        .await?
        .get(0);
    println!(
        "  audit: {tickets} tickets stored for {acked} acknowledged, {} unbalanced wallets, {wrong} balances ≠ \
         funding − stakes",
        unbalanced.len()
    );
    Ok(())
}

fn nap1() -> Bet {
    Bet::parse("NAP1", &[7], &[], &[]).unwrap_or_else(|_| unreachable!("NAP1 of one number is a valid bet"))
}
