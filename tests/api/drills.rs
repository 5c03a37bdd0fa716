//! Drills: the real binary killed (SIGKILL) in the middle of a purchase peak and then of the settlement, restarted,
//! again and again: every acknowledged purchase is there, no ticket is paid twice, every ledger sums to its balance,
//! the due draw is settled. And a WebSocket client that never reads cannot hold up everyone else's draw result.
//!
//! Short by default; `AYO_DRILL_ROUNDS=20` (or more) runs the long form.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::time::Duration;

use chrono::Utc;
use rand::Rng;
use serde_json::{json, Value};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::hub::{Publish, Stats};
use ayo_data::draw::DrawStatus;
use ayo_data::draw_takings::DrawTakings;
use ayo_data::ledger::EntryKind;
use ayo_data::lotto::winnings;
use ayo_data::ticket::TicketStatus;
use ayo_data::Store;

use crate::helpers::{spawn_app, JWT_SECRET};
use crate::offline::{funded_player, kill, open_draw, paused_game, reopen, start_server, wait_settled};

const PLAYERS: u64 = 12;
const FUNDING: i64 = 1_000_000_000;
const STAKE: i64 = 5_000;

fn rounds() -> usize {
    std::env::var("AYO_DRILL_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(4)
}

/// With no server running: an open draw (closing in an hour), funded players and a token for each.
pub fn seed_open_draw(dir: &Path) -> (u64, Vec<(u64, String)>) {
    let store = Store::open(&dir.join("db")).unwrap();
    let game = paused_game(&store, "peak", 0);
    let now = Utc::now();
    let draw = open_draw(&store, &game, now - chrono::Duration::minutes(1), now + chrono::Duration::hours(1));
    let tokens = ayo::auth::Tokens::new(JWT_SECRET.as_bytes(), 3600);
    let players = (0..PLAYERS)
        .map(|p| {
            let user = funded_player(&store, p, FUNDING);
            (user.id, tokens.issue(&user).unwrap())
        })
        .collect();
    store.flush_blocking().unwrap();
    (draw.id, players)
}

/// One player buying NAP1 tickets back to back until the server dies: the ids of the acknowledged tickets.
pub async fn buy_until_killed(url: String, token: String, round: usize, player: usize, draw_id: u64) -> Vec<u64> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build().unwrap();
    let mut acked = Vec::new();
    for seq in 0.. {
        let body = json!({
            "draw_id": draw_id,
            "bet_type": "NAP1",
            "numbers": [(seq + player) % 90 + 1],
            "stake_per_line": STAKE,
            "idempotency_key": format!("r{round}-p{player}-{seq}"),
        });
        let Ok(resp) = client.post(format!("{url}/api/v1/tickets/create")).bearer_auth(&token).json(&body).send().await
        else {
            break;
        };
        let status = resp.status().as_u16();
        let Ok(reply) = resp.json::<Value>().await else { break };
        assert_eq!(status, 201, "a purchase was refused: {reply}");
        acked.push(reply["data"]["id"].as_u64().expect("the ticket's id"));
    }
    acked
}

#[actix_web::test]
async fn killing_the_server_during_a_purchase_peak_and_its_settlement_loses_no_acknowledged_ticket() {
    let dir = tempfile::tempdir().unwrap();
    let (draw_id, players) = seed_open_draw(dir.path());
    let mut acked: HashMap<u64, Vec<u64>> = HashMap::new();
    let mut rng = rand::thread_rng();

    // Purchase peak: every player buying as fast as acknowledged, then SIGKILL at a random moment.
    for round in 0..rounds() {
        let (server, url) = start_server(dir.path());
        let buyers: Vec<_> = players
            .iter()
            .enumerate()
            .map(|(p, (user, token))| {
                let task = tokio::spawn(buy_until_killed(url.clone(), token.clone(), round, p, draw_id));
                (*user, task)
            })
            .collect();
        tokio::time::sleep(Duration::from_millis(rng.gen_range(150..400))).await;
        kill(server);
        for (user, task) in buyers {
            acked.entry(user).or_default().extend(task.await.unwrap());
        }
    }
    let total: usize = acked.values().map(Vec::len).sum();
    assert!(total > 0, "no purchase was acknowledged before the kills");
    eprintln!("purchase-peak drill: {} rounds, {total} acknowledged purchases", rounds());

    // The draw falls due while the server is down; kill it again in the middle of settlement, then let it finish.
    {
        let store = reopen(dir.path());
        let mut draw = store.games.draw(draw_id).unwrap().unwrap();
        draw.closes_at = Utc::now() - chrono::Duration::seconds(2);
        draw.draws_at = Utc::now() - chrono::Duration::seconds(1);
        store.games.put_draw(&draw).unwrap();
        store.flush_blocking().unwrap();
    }
    for _ in 0..rounds().div_ceil(2) {
        let (server, _) = start_server(dir.path());
        tokio::time::sleep(Duration::from_millis(rng.gen_range(0..120))).await;
        kill(server);
    }
    let (server, url) = start_server(dir.path());
    wait_settled(&url, draw_id).await;
    kill(server);

    let store = reopen(dir.path());
    let draw = store.games.draw(draw_id).unwrap().unwrap();
    assert_eq!(draw.status, DrawStatus::Settled);
    let numbers = draw.numbers.unwrap();
    let game = store.games.game(draw.game_id).unwrap().unwrap();
    let tickets = store.books.tickets_of_draw(draw_id).unwrap();
    assert_eq!(draw.ticket_count, tickets.len() as u64, "the draw's list covers every stored ticket");
    let stored: HashSet<u64> = tickets.iter().map(|t| t.id).collect();
    for (user, ids) in &acked {
        for id in ids {
            assert!(stored.contains(id), "acknowledged ticket {id} of user {user} is in the store");
        }
    }
    let mut summed = DrawTakings::default();
    for t in &tickets {
        summed.add(t.total_stake, t.winnings, t.tax);
    }
    assert_eq!(draw.takings, Some(summed), "the draw's figures cover every ticket, paid before the kills or after");
    let mut net: HashMap<u64, i64> = HashMap::new();
    for t in &tickets {
        let owed = winnings(&t.bet, t.stake_per_line, &numbers, &game.multipliers, game.stake_rules.payout_cap);
        assert_eq!(t.winnings, owed, "ticket {} paid what its numbers say", t.id);
        assert_eq!(t.status, if owed.is_positive() { TicketStatus::Won } else { TicketStatus::Lost });
        *net.entry(t.user_id).or_default() += owed.as_i64() - t.total_stake.as_i64();
    }
    for (user, _) in &players {
        let entries = store.books.entries_of_user(*user).unwrap();
        let balance = store.books.balance(*user).unwrap();
        assert_eq!(entries.iter().map(|e| e.amount.as_i64()).sum::<i64>(), balance, "user {user}: ledger = balance");
        let expected = FUNDING + net.get(user).copied().unwrap_or(0);
        assert_eq!(balance, expected, "user {user}: funding − stakes + winnings, nothing paid twice");
        for kind in [EntryKind::Stake, EntryKind::Win] {
            let refs: Vec<&str> = entries.iter().filter(|e| e.kind == kind).map(|e| e.reference.as_str()).collect();
            let unique: HashSet<&&str> = refs.iter().collect();
            assert_eq!(unique.len(), refs.len(), "user {user}: one {kind:?} entry per ticket");
        }
    }
}

/// A socket that completes the handshake and then never reads, with a tiny receive buffer so the server's writes
/// back up quickly.
async fn never_reading_socket(url: &str) -> impl Sized {
    let addr: std::net::SocketAddr = url.trim_start_matches("http://").parse().unwrap();
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let stream = socket.connect(addr).await.unwrap();
    let ws_url = format!("{}/api/v1/ws", url.replacen("http://", "ws://", 1));
    let (ws, _) = tokio_tungstenite::client_async(ws_url, stream).await.unwrap();
    ws
}

/// Reads until the `draws` event numbered `seq`.
async fn read_through(socket: &mut crate::ws::Socket, seq: u64) {
    loop {
        let event = crate::ws::next(socket).await;
        if event["topic"] == "draws" && event["seq"].as_u64() >= Some(seq) {
            return;
        }
    }
}

#[actix_web::test]
async fn a_socket_that_never_reads_is_dropped_and_does_not_hold_up_the_others_draw_result() {
    let app = spawn_app().await;
    let laggard = never_reading_socket(&app.url).await;
    let mut readers = Vec::new();
    for _ in 0..3 {
        readers.push(crate::ws::guest(&app).await);
    }
    // Wait until the Hub knows all four.
    for _ in 0..100 {
        if app.hub.send(Stats).await.unwrap().connections == 4 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Large draw events in batches the readers keep up with, until the laggard's queue overflows.
    let filler = "x".repeat(64 * 1024);
    let mut seq = 0;
    while app.hub.send(Stats).await.unwrap().dropped_laggards == 0 {
        assert!(seq < 4_000, "the never-reading socket was never dropped");
        for _ in 0..32 {
            seq += 1;
            let data = json!({ "n": seq, "filler": filler });
            app.hub.do_send(Publish(Event { topic: Topic::Draws, kind: EventKind::DrawUpdated, data }));
        }
        for reader in &mut readers {
            read_through(reader, seq).await;
        }
    }

    let result = json!({ "id": 42, "status": "drawn", "numbers": [1, 2, 3, 4, 5] });
    app.hub.do_send(Publish(Event { topic: Topic::Draws, kind: EventKind::DrawResult, data: result.clone() }));
    for reader in &mut readers {
        let event = loop {
            let event = crate::ws::next(reader).await;
            if event["type"] == "draw.result" {
                break event;
            }
        };
        assert_eq!(event["data"], result);
    }
    let stats = app.hub.send(Stats).await.unwrap();
    assert_eq!(stats.dropped_laggards, 1, "the hub counts the laggard dropped");
    assert_eq!(stats.connections, 3, "the readers stay connected");
    drop(laggard);
}
