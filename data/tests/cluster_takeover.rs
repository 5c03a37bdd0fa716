//! The drill of issue 14: the node paying a draw is killed (SIGKILL) halfway; another node takes the draw's lease
//! once it runs out, pays the rest, and every ticket is paid exactly once. Against a real PostgreSQL, with node A a
//! real process (this test binary run again in the node's role) and node B this one.
//!
//! Like the other `cluster_*` tests it runs only when asked for ignored tests (scripts/test.sh runs them beside a
//! throwaway PostgreSQL); it has its own `main` (`harness = false`) so that it can start itself as node A.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;

use ayo_data::draw::DrawStatus;
use ayo_data::money::Kobo;
use ayo_data::pg::lease::LeaseKeeper;
use ayo_data::pg::money::PgMoney;
use ayo_data::pg::payout::pay_draw;
use ayo_data::seam::Outcome;
use ayo_data::user::UserId;
use ayo_data::Store;

mod common;
use common::{buy, game_and_draw, player, FUNDING};

const NAME: &str = "cluster_a_node_killed_while_paying_a_draw_is_replaced_and_every_ticket_is_paid_once";
/// Set for the child process: `<database URL> <draw id>`.
const NODE_A: &str = "AYO_TAKEOVER_NODE_A";
const PLAYERS: u32 = 2_000;
const WIN: i64 = 10_000;
const TTL: Duration = Duration::from_secs(3);

fn main() {
    if let Ok(role) = std::env::var(NODE_A) {
        let (url, draw) = role.split_once(' ').expect("<url> <draw>");
        runtime().block_on(node_a(url, draw.parse().unwrap()));
        return;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let filter = args.iter().find(|a| !a.starts_with('-'));
    let wanted = args.iter().any(|a| a == "--ignored") && filter.is_none_or(|f| NAME.contains(f.as_str()));
    if !wanted {
        println!("test {NAME} ... ignored (needs PostgreSQL: scripts/test.sh runs it beside a throwaway one)");
        return;
    }
    print!("test {NAME} ... ");
    let said = runtime().block_on(drill());
    println!("ok\n  {said}");
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap()
}

/// Every third ticket (by id) wins `WIN`: the test's stand-in for the balls, decided the same on both nodes.
async fn decided(client: &ayo_data::pg::Client, draw: u64) -> BTreeMap<UserId, Vec<Outcome>> {
    let mut decided: BTreeMap<UserId, Vec<Outcome>> = BTreeMap::new();
    for row in client.query("SELECT user_id, id FROM tickets WHERE draw_id = $1", &[&(draw as i64)]).await.unwrap() {
        let (user, ticket): (i64, i64) = (row.get(0), row.get(1));
        let won = ticket % 3 == 0;
        let outcome = Outcome::untaxed(ticket as u64, u64::from(won), Kobo(if won { WIN } else { 0 }));
        decided.entry(user as UserId).or_default().push(outcome);
    }
    decided
}

/// Node A: takes the draw's lease and pays, until it is killed.
async fn node_a(url: &str, draw: u64) {
    let money = PgMoney::connect(url).await.unwrap();
    let client = Arc::new(ayo_data::pg::connect(url).await.unwrap());
    let decided = decided(&client, draw).await;
    let keeper = LeaseKeeper::acquire(client, draw as i64, "node-a", TTL).await.unwrap().expect("the draw is free");
    pay_draw(&money, &keeper, draw, &decided, Utc::now()).await.unwrap();
}

async fn count(client: &ayo_data::pg::Client, sql: &str) -> i64 {
    client.query_one(sql, &[]).await.unwrap().get(0)
}

/// Runs the drill; answers what happened, for the log.
async fn drill() -> String {
    // A closed draw with one ticket for each of PLAYERS players, moved into a fresh database as `ayo migrate` does.
    let store = Store::temporary().unwrap();
    let (game, mut draw) = game_and_draw(&store);
    let players: Vec<_> = (1..=PLAYERS).map(|n| player(&store, n)).collect();
    let nap1 = ayo_data::lotto::Bet::parse("NAP1", &[7], &[], &[]).unwrap();
    let stakes: Vec<i64> =
        players.iter().map(|p| buy(&store, &game, &draw, p, nap1.clone(), "k").total_stake.as_i64()).collect();
    draw.status = DrawStatus::Closed;
    store.games.put_draw(&draw).unwrap();
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect("AYO_TEST_POSTGRES_URL (scripts/cluster-services.sh)");
    let url = ayo_data::pg::new_database(&server, "ayo_takeover").await.unwrap();
    let mut client = ayo_data::pg::connect(&url).await.unwrap();
    ayo_data::migrate::import(&store, &mut client).await.unwrap();

    // Node A pays; it is killed once some players are paid, however far it got inside its transaction.
    let mut node_a = Command::new(std::env::current_exe().unwrap())
        .env(NODE_A, format!("{url} {}", draw.id))
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let settled = "SELECT count(*) FROM settlements";
    let bound = Instant::now() + Duration::from_secs(60);
    while count(&client, settled).await < 100 {
        assert!(Instant::now() < bound, "node A paid nobody within a minute");
        assert!(node_a.try_wait().unwrap().is_none(), "node A ended before it was killed");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    node_a.kill().unwrap();
    node_a.wait().unwrap();
    let paid_by_a = count(&client, settled).await;
    assert!(paid_by_a < i64::from(PLAYERS), "node A finished before the kill: the drill needs more players");
    let fence_a = count(&client, "SELECT fence FROM draw_leases").await;

    // Node B takes the draw once A's lease runs out (A no longer renews it), with a higher fence, and pays the rest.
    let money = PgMoney::connect(&url).await.unwrap();
    let lease_client = Arc::new(ayo_data::pg::connect(&url).await.unwrap());
    let bound = Instant::now() + Duration::from_secs(30);
    let keeper = loop {
        if let Some(keeper) = LeaseKeeper::acquire(lease_client.clone(), draw.id as i64, "node-b", TTL).await.unwrap() {
            break keeper;
        }
        assert!(Instant::now() < bound, "node A's lease never ran out");
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert!(keeper.lease().fence.0 > fence_a, "the new holder's fence is higher");
    let decided = decided(&client, draw.id).await;
    let paid = pay_draw(&money, &keeper, draw.id, &decided, Utc::now()).await.unwrap();
    // A's last transaction may still have committed after the count above (the server finishes a COMMIT it had
    // received): B finds every player A paid settled, and pays exactly the others.
    assert_eq!(paid.settled + paid.already, PLAYERS as usize, "B went through every player");
    assert!(paid.already as i64 >= paid_by_a && paid.settled > 0, "B paid only whom A had not: {paid:?}");

    // Every ticket paid exactly once, and the books balance.
    let winners = count(&client, "SELECT count(*) FROM tickets WHERE status = 'won'").await;
    assert_eq!(winners, count(&client, "SELECT count(*) FROM tickets WHERE id % 3 = 0").await);
    assert_eq!(count(&client, "SELECT count(*) FROM ledger_entries WHERE kind = 'win'").await, winners);
    let twice = "SELECT count(*) FROM (SELECT reference FROM ledger_entries WHERE kind = 'win'
                 GROUP BY reference HAVING count(*) > 1) AS paid_twice";
    assert_eq!(count(&client, twice).await, 0, "no ticket paid twice");
    assert_eq!(count(&client, "SELECT count(*) FROM tickets WHERE status = 'pending'").await, 0);
    assert_eq!(count(&client, settled).await, i64::from(PLAYERS));
    let total = count(&client, "SELECT sum(balance)::bigint FROM wallets").await;
    assert_eq!(total, i64::from(PLAYERS) * FUNDING - stakes.iter().sum::<i64>() + winners * WIN);
    assert!(money.unbalanced().await.unwrap().is_empty(), "every balance is the sum of its ledger");
    format!(
        "node A paid {} of {PLAYERS} players before SIGKILL; node B took the lease (fence {fence_a} → {}) \
         and paid the other {}; {winners} winning tickets, each paid once",
        paid.already,
        keeper.lease().fence.0,
        paid.settled
    )
}
