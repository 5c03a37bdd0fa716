//! Cluster mode whole (issue 14): three real servers on loopback, each with its own data directory, sharing one
//! PostgreSQL (`--store`) and one NATS (`--bus`). Ignored by a plain `cargo test`: scripts/test.sh runs them beside
//! a throwaway PostgreSQL and NATS through scripts/cluster-services.sh.

use std::time::Duration;

use futures_util::future::join_all;
use serde_json::{json, Value};

use ayo::rate_limit::Limits;
use ayo_actors::scheduler::{Leading, Refresh};

use crate::cluster_bus::ONE_CLUSTER_AT_A_TIME;
use crate::helpers::{spawn_app_with, TestApp};
use crate::lotto::nap1;
use crate::ws::next;

pub(crate) const NEEDS_SERVICES: &str =
    "AYO_TEST_POSTGRES_URL and AYO_TEST_NATS_URL: run through scripts/cluster-services.sh";
/// The seal key every node shares (`AYO_SEED_KEY`), in every cluster test.
pub(crate) const SEED_KEY: &str = "74458b9e5814fdd1fce99d21448f8a0b26f85e892cb0ef812d66dacc8469d461";

/// A node of the cluster on the database `store`: the real server on port 0 with its own data directory, on the
/// test NATS with the cluster's keys. Every cluster test that needs plain nodes starts them here.
pub(crate) async fn node(store: &str) -> TestApp {
    let (store, bus) = (store.to_string(), std::env::var("AYO_TEST_NATS_URL").expect(NEEDS_SERVICES));
    spawn_app_with(Limits::default(), |settings| {
        settings.store_url = Some(store);
        settings.bus_url = Some(bus);
        settings.seed_key = Some(SEED_KEY.into());
        settings.bus_key = Some(crate::cluster_bus::BUS_KEY.into());
    })
    .await
}

/// A fresh database for one cluster.
pub(crate) async fn database() -> String {
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_SERVICES);
    ayo_data::pg::new_database(&server, "ayo_nodes").await.unwrap()
}

async fn leads(node: &TestApp) -> bool {
    node.engine.scheduler.send(Leading).await.unwrap()
}

/// Starts the first node and waits until it runs the draws (it takes the free lease at once).
pub(crate) async fn leader(store: &str) -> TestApp {
    let first = node(store).await;
    for _ in 0..100 {
        if leads(&first).await {
            return first;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the first node never took the lottery's lease");
}

/// The player's tickets of one draw, as `node` lists them.
async fn tickets_of(node: &TestApp, player: &str, draw: u64) -> Vec<Value> {
    let listed = node.get("/tickets?per_page=100", Some(player)).await.body["data"].clone();
    listed.as_array().cloned().unwrap_or_default().into_iter().filter(|t| t["draw_id"] == draw).collect()
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_three_nodes_run_one_lottery_and_never_overdraw_a_player() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let (b, c) = (node(&store).await, node(&store).await);
    assert!(!leads(&b).await && !leads(&c).await, "one node runs the draws");

    // One set of accounts: signed up on B, an admin made on A, each token good on every node.
    let admin = a.admin("boss@ayolotto.ng").await;
    let player = b.verified_player("ada@example.com", "+2348012345678").await;
    let profile = c.get("/auth/profiles", Some(&player)).await;
    assert_eq!(profile.status, 200, "a token of B signs in on C: {:?}", profile.body);
    let mut on_c = signed_in_at(&c.url, &player).await;

    let draw = a.quick_draw(6_000, 7_000).await;
    assert_eq!(c.fund(&admin, &player, 10 * 5_000).await, 50_000, "funded on C, as every node reads it");
    // Thirty purchases of one player at once, ten on each node: the money buys exactly ten.
    let nodes = [&a, &b, &c];
    let bought = join_all((1..=30u8).map(|n| {
        let node = nodes[usize::from(n) % 3];
        let player = player.clone();
        async move { node.buy(&player, nap1(draw.id, n, 5_000, &format!("k{n}"))).await }
    }))
    .await;
    let statuses: Vec<u16> = bought.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 10, "{statuses:?}");
    for refused in bought.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.status, 422, "{:?}", refused.body);
        assert_eq!(refused.body["errorCode"], "INSUFFICIENT_FUNDS", "{:?}", refused.body);
    }
    assert_eq!(a.balance(&player).await, 0);
    // A replay on another node answers the first ticket and moves nothing.
    let first = bought.iter().position(|r| r.status == 201).unwrap();
    let key = format!("k{}", first + 1);
    let replayed = b.buy(&player, nap1(draw.id, u8::try_from(first + 1).unwrap(), 5_000, &key)).await;
    assert_eq!(replayed.status, 200, "{:?}", replayed.body);
    assert_eq!(replayed.body["data"]["id"], bought[first].body["data"]["id"]);

    // The draw runs on A; its result and the player's settlement reach the player's socket on C.
    let result = until(&mut on_c, "draw.result", Duration::from_secs(20)).await;
    assert_eq!(result["data"]["id"], draw.id, "{result}");
    let settled = c.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let tickets = tickets_of(&b, &player, draw.id).await;
    assert_eq!(tickets.len(), 10, "{tickets:?}");
    assert!(tickets.iter().all(|t| t["status"] != "pending"), "every ticket settled once: {tickets:?}");
    assert_eq!(settled["ticket_count"], 10, "{settled}");
    let winnings: i64 = tickets.iter().map(|t| t["winnings"].as_i64().unwrap_or(0)).sum();
    assert_eq!(a.balance(&player).await, winnings, "the balance is exactly what the tickets won");
    // A cancellation asked of a node standing by is carried out by the node running the draws, over the bus.
    let spare = a.quick_draw(60_000, 61_000).await;
    let path = format!("/admin/draws/{}/cancel", spare.id);
    let cancelled = c.post(&path, json!({"reason": "cancelled through node C"}), Some(&admin)).await;
    assert_eq!(cancelled.status, 200, "{:?}", cancelled.body);
    let spare = b.wait_for_draw(spare.id, |d| d["status"] == "cancelled").await;
    assert_eq!(spare["cancelled_reason"], "cancelled through node C", "{spare}");
    let audit = c.store.audit().unwrap();
    assert!(audit.is_sound(), "{:?}", audit.problems);
    assert!(audit.ledger_entries >= 11, "{audit:?}");
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_a_node_standing_by_takes_over_the_draws_when_the_leader_stops() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let b = node(&store).await;
    let admin = a.admin("boss@ayolotto.ng").await;
    let player = b.verified_player("ada@example.com", "+2348012345678").await;
    let draw = a.quick_draw(3_000, 4_000).await;
    b.fund(&admin, &player, 90 * 5_000).await;
    for n in 1..=90u8 {
        assert_eq!(b.buy(&player, nap1(draw.id, n, 5_000, &format!("n{n}"))).await.status, 201);
    }
    // A leaves the cluster (as on SIGTERM): it stops running the draws and gives the lease up; B, trying every few
    // seconds, takes it under a higher fence and draws. (A lease that runs out unrenewed is taken over the same
    // way: data/tests/cluster_lease.rs, and the SIGKILL drill of data/tests/cluster_takeover.rs.)
    a.leadership.as_ref().unwrap().resign().await;
    let mut took_over = false;
    for _ in 0..100 {
        if leads(&b).await {
            took_over = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(took_over, "B took the lottery's lease within its life and a retry");
    assert!(!leads(&a).await, "A stood down when its lease was lost");
    let client = ayo_data::pg::connect(&store).await.unwrap();
    let fence: i64 = client.query_one("SELECT fence FROM draw_leases WHERE draw_id = 0", &[]).await.unwrap().get(0);
    assert_eq!(fence, 2, "B holds the lease under a new fence");
    b.engine.scheduler.send(Refresh).await.unwrap();
    b.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let tickets = tickets_of(&b, &player, draw.id).await;
    assert_eq!(tickets.len(), 90);
    assert_eq!(tickets.iter().filter(|t| t["status"] == "won").count(), 1, "one number wins NAP1, paid once");
    assert!(b.store.audit().unwrap().is_sound());
}

/// A node as its own process (`ayo serve --store … --bus …`), so a drill can SIGKILL it: (the process, its URL).
fn node_process(store: &str, data_dir: &std::path::Path) -> (std::process::Child, String) {
    let bus = std::env::var("AYO_TEST_NATS_URL").expect(NEEDS_SERVICES);
    let env = [("AYO_SEED_KEY", SEED_KEY), ("AYO_BUS_KEY", crate::cluster_bus::BUS_KEY)];
    crate::offline::start_server_with(data_dir, &["--store", store, "--bus", &bus], &env)
}

/// A socket on the server at `url`, signed in with `token`, and its signed-in snapshot.
async fn sign_in_at(url: &str, token: &str) -> (crate::ws::Socket, Value) {
    let mut socket = crate::ws::open_at(url).await;
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    crate::ws::send(&mut socket, json!({"type": "auth", "token": token})).await;
    // Events published meanwhile may come before the signed-in snapshot.
    let snapshot = until(&mut socket, "snapshot", Duration::from_secs(10)).await;
    (socket, snapshot)
}

/// A socket on the server at `url`, signed in with `token`, past its two snapshots.
async fn signed_in_at(url: &str, token: &str) -> crate::ws::Socket {
    sign_in_at(url, token).await.0
}

/// Players in the SIGKILL drill: enough that settling them takes the node a while, so the kill lands mid-way.
const CROWD: u64 = 1_500;

/// With the draw on sale in `store` (open, drawn in `secs`): `CROWD` funded players, each with one NAP1 ticket in it,
/// and a token for each.
async fn crowd_in_draw(store: &ayo_data::Store, secs: i64) -> (ayo_data::draw::Draw, Vec<String>) {
    let seeding = store.clone();
    let (draw, purchases, tokens) = actix_web::rt::task::spawn_blocking(move || {
        let store = seeding;
        let game = crate::offline::paused_game(&store, "sigkill", 0);
        let now = chrono::Utc::now();
        let draws_at = now + chrono::Duration::seconds(secs);
        let mut draw = ayo_data::draw::Draw::schedule(store.games.next_id().unwrap(), &game, now, draws_at);
        draw.closes_at = draws_at - chrono::Duration::seconds(1);
        draw.status = ayo_data::draw::DrawStatus::Open;
        store.games.put_draw(&draw).unwrap();
        let tokens = ayo::auth::Tokens::new(crate::helpers::JWT_SECRET.as_bytes(), 3600);
        let (mut purchases, mut issued) = (Vec::new(), Vec::new());
        for p in 0..CROWD {
            let user = crate::offline::funded_player(&store, p, 100_000);
            let bet = ayo_data::lotto::Bet::parse("NAP1", &[u8::try_from(p % 90 + 1).unwrap()], &[], &[]).unwrap();
            let priced =
                ayo_data::lotto::price(&bet, ayo_data::money::Kobo(5_000), &game.stake_rules, &game.multipliers);
            let priced = priced.unwrap();
            let ticket = ayo_data::ticket::Ticket::sold(
                store.ids.next_id().unwrap(),
                ayo_data::ticket::Order {
                    user_id: user.id,
                    draw_id: draw.id,
                    game_id: game.id,
                    bet,
                    stake_per_line: ayo_data::money::Kobo(5_000),
                    idempotency_key: format!("crowd-{p}"),
                },
                &priced,
                now,
                None,
            );
            purchases.push(ayo_data::seam::Purchase { ticket, entry_id: store.ids.next_id().unwrap(), now });
            issued.push(tokens.issue(&user).unwrap());
        }
        (draw, purchases, issued)
    })
    .await
    .unwrap();
    for bought in join_all(purchases.into_iter().map(|p| store.buy(p))).await {
        bought.unwrap().unwrap();
    }
    (draw, tokens)
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_sigkill_of_the_node_settling_a_draw_another_node_finishes_it_paying_each_ticket_once() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let db = ayo_data::pg::connect(&store).await.unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (mut a, a_url) = node_process(&store, dir.path());
    let held = "SELECT count(*) FROM draw_leases WHERE draw_id = 0 AND expires_at > now()";
    for _ in 0..100 {
        if db.query_one(held, &[]).await.unwrap().get::<_, i64>(0) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let b = node(&store).await;
    assert!(!leads(&b).await, "the process A took the lottery's lease first");

    // A finds the draw at its next look (every 15 s), closes it, draws it and starts paying.
    let (draw, tokens) = crowd_in_draw(&b.store, 30).await;
    let mut on_a = signed_in_at(&a_url, &tokens[0]).await;
    let progress = "SELECT count(*) FILTER (WHERE status <> 'pending'), count(*) FROM tickets WHERE draw_id = $1";
    let draw_id = i64::try_from(draw.id).unwrap();
    let settled_when_killed = tokio::time::timeout(Duration::from_secs(60), async {
        loop {
            let row = db.query_one(progress, &[&draw_id]).await.unwrap();
            let (settled, all): (i64, i64) = (row.get(0), row.get(1));
            assert!(settled < all, "A settled every ticket before the kill: raise CROWD");
            if settled > 0 {
                // SIGKILL: no shutdown code runs, the lease is not given up.
                a.kill().unwrap();
                a.wait().unwrap();
                return settled;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    })
    .await
    .expect("A began paying within a minute");
    eprintln!("SIGKILL drill: A killed with {settled_when_killed} of {CROWD} tickets settled");

    // The socket on the killed node ends; the browser reconnects (through the load balancer) to a live node.
    let dropped = tokio::time::timeout(Duration::from_secs(10), async {
        loop {
            match futures_util::StreamExt::next(&mut on_a).await {
                Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) | Some(Err(_)) | None => return,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await;
    assert!(dropped.is_ok(), "the socket on the killed node ended");
    let mut on_b = signed_in_at(&b.url, &tokens[0]).await;

    // B takes the lease once A's runs out unrenewed, under a higher fence, and pays the rest.
    loop {
        let update = until(&mut on_b, "draw.updated", Duration::from_secs(60)).await;
        if update["data"]["id"] == draw.id && update["data"]["status"] == "settled" {
            break;
        }
    }
    let fence: i64 = db.query_one("SELECT fence FROM draw_leases WHERE draw_id = 0", &[]).await.unwrap().get(0);
    assert_eq!(fence, 2, "B holds the lease under a new fence");
    let row = db.query_one(progress, &[&draw_id]).await.unwrap();
    assert_eq!((row.get::<_, i64>(0), row.get::<_, i64>(1)), (CROWD as i64, CROWD as i64), "every ticket settled");
    let paid_twice: i64 = db
        .query_one(
            "SELECT count(*) FROM (SELECT reference FROM ledger_entries WHERE kind = 'win'
             GROUP BY reference HAVING count(*) > 1) twice",
            &[],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(paid_twice, 0, "no ticket paid twice");
    let row = db
        .query_one(
            "SELECT (SELECT count(*) FROM tickets WHERE draw_id = $1 AND status = 'won'),
                    (SELECT count(*) FROM ledger_entries l JOIN tickets t ON l.reference = 'ticket:' || t.id
                     WHERE t.draw_id = $1 AND l.kind = 'win')",
            &[&draw_id],
        )
        .await
        .unwrap();
    let (won, wins_paid): (i64, i64) = (row.get(0), row.get(1));
    assert!(won > 0, "the crowd covers every number: some tickets won");
    assert_eq!(won, wins_paid, "every winning ticket paid once");
    let audit = b.store.audit().unwrap();
    assert!(audit.is_sound(), "{:?}", audit.problems);
    let mut summed = ayo_data::draw_takings::DrawTakings::default();
    for t in b.store.books.tickets_of_draw(draw.id).unwrap() {
        summed.add(t.total_stake, t.winnings, t.tax);
    }
    let stored = b.store.games.draw(draw.id).unwrap().unwrap();
    assert_eq!(stored.takings, Some(summed), "B's figures for the draw count the tickets A paid before the kill");
}

/// Reads a socket until a message of `kind` (skipping the others and quiet spells; `""` takes any event); panics
/// after `patience`.
async fn until(socket: &mut crate::ws::Socket, kind: &str, patience: Duration) -> Value {
    use tokio_tungstenite::tungstenite::Message;
    let reading = async {
        loop {
            match futures_util::StreamExt::next(socket).await {
                Some(Ok(Message::Text(text))) => {
                    let message: Value = serde_json::from_str(&text).unwrap();
                    if message["type"] == kind || kind.is_empty() {
                        return message;
                    }
                }
                Some(Ok(Message::Close(frame))) => panic!("closed while waiting for {kind}: {frame:?}"),
                Some(Ok(_)) => continue,
                other => panic!("the socket ended while waiting for {kind}: {other:?}"),
            }
        }
    };
    tokio::time::timeout(patience, reading).await.unwrap_or_else(|_| panic!("no {kind} in {patience:?}"))
}

/// A socket's snapshot after `auth` with `token`, without the server's clock (the one part that differs by the
/// moment: on the snapshot and on each draw).
async fn snapshot_at(url: &str, token: &str) -> Value {
    let mut snapshot = sign_in_at(url, token).await.1;
    snapshot["data"].as_object_mut().unwrap().remove("server_time");
    for draw in snapshot["data"]["draws"].as_array_mut().unwrap() {
        draw.as_object_mut().unwrap().remove("server_time");
    }
    snapshot
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_every_node_gives_the_same_snapshot_and_numbers_other_nodes_events_without_a_gap() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let (b, c) = (node(&store).await, node(&store).await);
    let admin = a.admin("boss@ayolotto.ng").await;
    let player = b.verified_player("ada@example.com", "+2348012345678").await;
    a.fund(&admin, &player, 12_345).await;
    a.quick_draw(60_000, 61_000).await;
    let made = b.post("/admin/marquees", json!({"text": "Same on every node"}), Some(&admin)).await;
    assert_eq!(made.status, 201, "{:?}", made.body);

    // A client that reconnects anywhere starts from the same state.
    let on_a = snapshot_at(&a.url, &player).await;
    assert_eq!(on_a["data"]["wallet"]["balance"], 12_345, "{on_a}");
    assert_eq!(snapshot_at(&b.url, &player).await, on_a);
    assert_eq!(snapshot_at(&c.url, &player).await, on_a);

    // Events made on A and on B, interleaved, reach a socket on C numbered one after another on each topic: the
    // client sees no gap, so it has no reason to resynchronise.
    let mut on_c = signed_in_at(&c.url, &player).await;
    for (n, maker) in [&a, &b, &a, &b].into_iter().enumerate() {
        let text = format!("marquee {n}");
        assert_eq!(maker.post("/admin/marquees", json!({"text": text}), Some(&admin)).await.status, 201);
        maker.fund(&admin, &player, 100).await;
    }
    let mut last: std::collections::HashMap<String, u64> = Default::default();
    let (mut marquees, mut wallets) = (0, 0);
    while marquees < 4 || wallets < 4 {
        let message = until(&mut on_c, "", Duration::from_secs(20)).await;
        let (topic, seq) = (message["topic"].as_str().unwrap().to_string(), message["seq"].as_u64().unwrap());
        if let Some(before) = last.insert(topic.clone(), seq) {
            assert_eq!(seq, before + 1, "no gap on {topic}: {message}");
        }
        match message["type"].as_str() {
            Some("marquee.updated") => marquees += 1,
            Some("wallet.updated") => wallets += 1,
            _ => {}
        }
    }
    assert_eq!(a.balance(&player).await, 12_345 + 400);
}

/// `ayo` with these arguments: (whether it succeeded, stdout and stderr).
fn ayo(args: &[&str]) -> (bool, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(args)
        .env_remove("AYO_STORE_URL")
        .env("AYO_SEED_KEY", SEED_KEY)
        .output()
        .unwrap();
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_backup_dumps_the_database_and_restore_checks_the_money_of_the_copy() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let admin = a.admin("boss@ayolotto.ng").await;
    let player = a.verified_player("ada@example.com", "+2348012345678").await;
    let draw = a.quick_draw(6_000, 6_500).await;
    a.buy_every_number(&admin, &player, draw.id).await;
    a.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cluster.dump");
    let file = file.to_str().unwrap();

    // The operator's tools work on the cluster's database as on a data directory.
    let (verified, said) = ayo(&["verify-draw", &draw.id.to_string(), "--store", &store]);
    assert!(verified, "{said}");
    let (made, said) = ayo(&[
        "create-admin",
        "--email",
        "second@ayolotto.ng",
        "--password",
        "a-long-admin-password",
        "--store",
        &store,
    ]);
    assert!(made && said.contains("Created admin second@ayolotto.ng"), "{said}");
    let email = ayo_data::account::Email::parse("second@ayolotto.ng").unwrap();
    let second = a.store.users.find_by_email(&email).unwrap().expect("the admin is in the shared store");
    assert_eq!(second.role, ayo_data::user::Role::Admin);

    let (dumped, said) = ayo(&["backup", "--store", &store, file]);
    assert!(dumped, "{said}");
    let copy = database().await;
    let (restored, said) = ayo(&["restore", file, "--store", &copy]);
    assert!(restored, "{said}");
    assert!(said.contains("1 settled draws with all 90 tickets settled"), "{said}");
    let (again, said) = ayo(&["restore", file, "--store", &copy]);
    assert!(!again && said.contains("not empty"), "a restore never lands on a database in use: {said}");

    // A copy whose books do not balance is reported, never passed as sound.
    let db = ayo_data::pg::connect(&store).await.unwrap();
    db.execute("UPDATE wallets SET balance = balance + 1", &[]).await.unwrap();
    let (_, said) = ayo(&["backup", "--store", &store, file]);
    let broken = database().await;
    let (restored, said_after) = ayo(&["restore", file, "--store", &broken]);
    assert!(!restored, "{said}{said_after}");
    assert!(said_after.contains("fails the money audit"), "{said_after}");
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_a_reveal_sent_to_a_node_standing_by_is_taken_by_the_lease_holder() {
    use crate::witness_helpers::{commitment_of, named_witness, secret_of};
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let b = node(&store).await;
    assert!(!leads(&b).await, "one node runs the draws");
    let witness = named_witness(&b, "ada@regulator.ng", "a-long-witness-pass", "Ada (regulator)").await;
    let pooled = json!({ "commitments": [{ "label": "lead-0", "commitment": commitment_of("lead-0") }] });
    assert_eq!(b.post("/witness/commitments", pooled, Some(&witness)).await.status, 201);
    let draw = a.quick_draw(1_500, 30_000).await;
    assert_eq!(b.get(&format!("/draws/{}", draw.id), None).await.body["data"]["witness"]["name"], "Ada (regulator)");
    b.wait_for_draw(draw.id, |d| d["tickets_root"].is_string()).await;

    // B's own scheduler no longer writes a reveal around the draw's actor: it says another node runs the draws.
    let reveal = ayo_actors::draw_actor::RevealWitness {
        witness_id: b.store.games.draw(draw.id).unwrap().unwrap().witness.unwrap().witness_id,
        secret: secret_of("lead-0"),
        signature: None,
    };
    let here = b.engine.scheduler.send(ayo_actors::scheduler::Reveal { draw_id: draw.id, reveal }).await.unwrap();
    assert_eq!(here.err(), Some(ayo_actors::draw_actor::RevealRefused::Elsewhere));

    // Through B's API it is passed to A over the bus: refusals come back as A's actor gives them...
    let path = format!("/witness/draws/{}/reveal", draw.id);
    let unsigned = b.post(&path, json!({ "secret": secret_of("lead-0") }), Some(&witness)).await;
    assert_eq!(unsigned.status, 422, "{:?}", unsigned.body);
    assert!(unsigned.body["errors"]["signature"].is_array(), "{:?}", unsigned.body);
    // ...and the signed reveal is taken there, and the draw drawn with it.
    let body = b.reveal_body(draw.id, "ada@regulator.ng", &secret_of("lead-0")).await;
    let taken = b.post(&path, body, Some(&witness)).await;
    assert_eq!(taken.status, 200, "{:?}", taken.body);
    assert_eq!(taken.body["data"]["witness"]["secret"], secret_of("lead-0"));
    let revealed = a.wait_for_draw(draw.id, |d| d["witness"]["secret"].is_string()).await;
    assert!(revealed["witness"]["reveal_signature"].is_string(), "{revealed}");
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_a_commitment_signed_on_a_node_standing_by_is_taken_by_the_lease_holder_and_opens_the_draw() {
    use ayo_data::lotto::witness_signature::{commit_message, sign};
    use chrono::Utc;

    use crate::witness_helpers::{commitment_of, key_of, named_witness};
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
    let a = leader(&store).await;
    let b = node(&store).await;
    let email = "ada@regulator.ng";
    let witness = named_witness(&b, email, "a-long-witness-pass", "Ada (regulator)").await;
    let pooled = json!({ "commitments": [{ "label": "sign-0", "commitment": commitment_of("sign-0") }] });
    assert_eq!(b.post("/witness/commitments", pooled, Some(&witness)).await.status, 201);
    // A draw of a paused game, holding Ada's commitment, not yet signed: held, not on sale.
    let game = crate::offline::paused_game(&a.store, "signed-on-b", 0);
    let now = Utc::now();
    let mut draw = ayo_data::draw::Draw::schedule(
        a.store.games.next_id().unwrap(),
        &game,
        now,
        now + chrono::Duration::seconds(60),
    );
    draw.witness = ayo_actors::witness_turn::take_next(&a.store, None).unwrap();
    a.store.games.put_draw(&draw).unwrap();
    a.engine.scheduler.send(Refresh).await.unwrap();
    a.wait_for_draw(draw.id, |d| d["held_reason"].is_string()).await;

    let path = format!("/witness/draws/{}/sign", draw.id);
    let message = commit_message(draw.id, &draw.commitment, &commitment_of("sign-0"));
    let signed = b.post(&path, json!({ "signature": sign(&key_of(email), &message) }), Some(&witness)).await;
    assert_eq!(signed.status, 200, "{:?}", signed.body);
    let open = a.wait_for_draw(draw.id, |d| d["status"] == "open").await;
    assert!(open["witness"]["commitment_signature"].is_string(), "{open}");
}
