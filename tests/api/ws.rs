//! The WebSocket against the real server: snapshots, auth, private topics, public fan-out, frame limits.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::hub::{Publish, Resync, Stats};

use crate::helpers::{spawn_app, TestApp};

pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Long enough for any healthy machine; only reached when a message that should arrive never does.
const WAIT: Duration = Duration::from_secs(15);

pub async fn open(app: &TestApp) -> Socket {
    open_at(&app.url).await
}

/// A socket on the server at `url` (`http://host:port`).
pub async fn open_at(url: &str) -> Socket {
    let url = format!("{}/api/v1/ws", url.replacen("http://", "ws://", 1));
    let (socket, _) = tokio_tungstenite::connect_async(url).await.expect("socket opens");
    socket
}

/// The next JSON message, skipping control frames.
pub async fn next(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(WAIT, socket.next()).await.expect("a message in time");
        match frame.expect("socket open").expect("frame read") {
            Message::Text(text) => return serde_json::from_str(&text).unwrap(),
            Message::Ping(_) | Message::Pong(_) => continue,
            other => panic!("unexpected frame {other:?}"),
        }
    }
}

pub async fn send(socket: &mut Socket, message: Value) {
    socket.send(Message::Text(message.to_string().into())).await.unwrap();
}

/// A socket signed in as the player behind `token`, past its two snapshots.
pub async fn signed_in(app: &TestApp, token: &str) -> Socket {
    signed_in_with(app, json!({"type": "auth", "token": token})).await
}

/// A socket signed in as the player behind `token` that takes its settled tickets batched (`tickets.settled`).
pub async fn signed_in_batched(app: &TestApp, token: &str) -> Socket {
    signed_in_with(app, json!({"type": "auth", "token": token, "batch": ["tickets.settled", "not.an.event"]})).await
}

/// A socket past its two snapshots after this `auth`.
async fn signed_in_with(app: &TestApp, auth: Value) -> Socket {
    let mut socket = open(app).await;
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    send(&mut socket, auth).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot", "{snapshot}");
    socket
}

/// A public socket past its snapshot.
pub async fn guest(app: &TestApp) -> Socket {
    let mut socket = open(app).await;
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    socket
}

async fn user_id(app: &TestApp, token: &str) -> u64 {
    app.get("/auth/profiles", Some(token)).await.body["data"]["id"].as_u64().expect("user id")
}

fn draw_updated(n: u64) -> Event {
    Event { topic: Topic::Draws, kind: EventKind::DrawUpdated, data: json!({ "n": n }) }
}

#[actix_web::test]
async fn a_new_socket_first_gets_a_public_snapshot_with_the_server_time() {
    let app = spawn_app().await;
    let mut socket = open(&app).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(
        (&snapshot["type"], &snapshot["topic"], &snapshot["seq"]),
        (&json!("snapshot"), &json!("snapshot"), &json!(0))
    );
    let data = &snapshot["data"];
    let server_time = data["server_time"].as_str().expect("server_time");
    assert!(chrono::DateTime::parse_from_rfc3339(server_time).is_ok(), "{server_time}");
    assert!(server_time.ends_with('Z'), "{server_time}");
    assert!(data["draws"].is_array() && data["marquees"].is_array(), "{data}");
    assert!(data.get("wallet").is_none(), "a guest has no wallet: {data}");
}

#[actix_web::test]
async fn an_auth_with_a_players_token_brings_a_snapshot_with_the_wallet() {
    let app = spawn_app().await;
    let token = app.verified_player("ada@example.com", "+2348012345678").await;
    let mut socket = open(&app).await;
    next(&mut socket).await;
    send(&mut socket, json!({"type": "auth", "token": token})).await;
    let snapshot = next(&mut socket).await;
    assert_eq!(snapshot["type"], "snapshot");
    assert_eq!(snapshot["data"]["wallet"]["balance"], 0, "{snapshot}");
}

#[actix_web::test]
async fn a_bad_token_gets_an_n403_error_and_the_socket_stays_public() {
    let app = spawn_app().await;
    let mut socket = guest(&app).await;
    send(&mut socket, json!({"type": "auth", "token": "not-a-token"})).await;
    let error = next(&mut socket).await;
    assert_eq!(error["type"], "error");
    assert_eq!(error["data"]["errorCode"], "N403", "{error}");
    assert!(error["data"]["message"].as_str().is_some_and(|m| !m.is_empty()));

    app.hub.do_send(Publish(draw_updated(1)));
    assert_eq!(next(&mut socket).await["type"], "draw.updated");
    let stats = app.hub.send(Stats).await.unwrap();
    assert_eq!(stats.subscribers.keys().filter(|t| matches!(t, Topic::User(_))).count(), 0);
}

#[actix_web::test]
async fn a_wallet_event_reaches_its_players_socket_and_no_other() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bayo = app.verified_player("bayo@example.com", "+2348012345679").await;
    let ada_id = user_id(&app, &ada).await;
    let mut ada_socket = signed_in(&app, &ada).await;
    let mut bayo_socket = signed_in(&app, &bayo).await;
    let mut guest_socket = guest(&app).await;

    let wallet = json!({"balance": 150_000});
    app.hub.do_send(Publish(Event {
        topic: Topic::User(ada_id),
        kind: EventKind::WalletUpdated,
        data: wallet.clone(),
    }));
    // A public event after the private one: a socket whose next message is this one never got the private one.
    app.hub.do_send(Publish(draw_updated(1)));

    let private = next(&mut ada_socket).await;
    assert_eq!(private, json!({"type": "wallet.updated", "topic": format!("user:{ada_id}"), "seq": 1, "data": wallet}));
    assert_eq!(next(&mut ada_socket).await["type"], "draw.updated");
    assert_eq!(next(&mut bayo_socket).await["type"], "draw.updated");
    assert_eq!(next(&mut guest_socket).await["type"], "draw.updated");
}

#[actix_web::test]
async fn a_draws_event_reaches_a_guest_socket_in_order() {
    let app = spawn_app().await;
    let mut socket = guest(&app).await;
    for n in 1..=3 {
        app.hub.do_send(Publish(draw_updated(n)));
    }
    for n in 1..=3 {
        let event = next(&mut socket).await;
        assert_eq!(event, json!({"type": "draw.updated", "topic": "draws", "seq": n, "data": {"n": n}}));
    }
}

#[actix_web::test]
async fn an_oversized_frame_closes_the_socket_and_it_leaves_the_hub() {
    let app = spawn_app().await;
    let mut socket = guest(&app).await;
    assert_eq!(app.hub.send(Stats).await.unwrap().connections, 1);
    send(&mut socket, json!({"type": "auth", "token": "x".repeat(8 * 1024)})).await;
    let close = loop {
        let frame = tokio::time::timeout(WAIT, socket.next()).await.expect("a close in time");
        match frame {
            Some(Ok(Message::Close(close))) => break close,
            Some(Ok(_)) => continue,
            other => panic!("expected a close frame, got {other:?}"),
        }
    };
    assert_eq!(close.map(|c| c.code), Some(CloseCode::Size));
    assert_eq!(connections_once_settled(&app, 0).await, 0);
}

/// The hub's connection count, waiting (boundedly) for the server to notice a socket ended.
async fn connections_once_settled(app: &TestApp, expected: usize) -> usize {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let connections = app.hub.send(Stats).await.unwrap().connections;
        if connections == expected || tokio::time::Instant::now() > deadline {
            return connections;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Reads messages until one matches, for up to 20 s of draw time.
async fn until(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let message = next(socket).await;
        if wanted(&message) {
            return message;
        }
    }
    panic!("the expected message never came");
}

#[actix_web::test]
async fn a_real_draw_pushes_its_result_to_everyone_and_each_win_only_to_its_player() {
    let app = spawn_app().await;
    let draw = app.quick_draw(6_000, 6_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bayo = app.verified_player("bayo@example.com", "+2348022222222").await;
    app.buy_every_number(&admin, &ada, draw.id).await;
    let mut ada_socket = signed_in(&app, &ada).await;
    let mut bayo_socket = signed_in(&app, &bayo).await;
    let mut guest_socket = guest(&app).await;

    let result = until(&mut guest_socket, |m| m["type"] == "draw.result" && m["data"]["id"] == draw.id).await;
    assert_eq!(result["data"]["numbers"].as_array().unwrap().len(), 5);
    assert!(result["data"]["seed"].is_string(), "the seed is revealed with the result");

    let credit =
        until(&mut ada_socket, |m| m["type"] == "wallet.updated" && m["data"]["transaction"]["type"] == "win").await;
    assert_eq!(credit["data"]["balance"], 5_000 * 40);
    assert_eq!(credit["topic"], format!("user:{}", user_id(&app, &ada).await));
    // Then each of her 90 tickets, settled, as GET /tickets shows it (game name and drawn balls included).
    let mut settled = Vec::new();
    while settled.len() < 90 {
        let m = until(&mut ada_socket, |m| m["type"] == "ticket.settled").await;
        settled.push(m["data"].clone());
    }
    assert!(settled.iter().all(|t| t["game_name"].is_string() && t["draw"]["numbers"].is_array()), "{settled:?}");
    assert_eq!(settled.iter().filter(|t| t["status"] == "won").count(), 1);
    assert_eq!(settled.iter().filter(|t| t["status"] == "lost").count(), 89);

    // Bayo sees the public result and the settled draw, and nothing of Ada's.
    let settled = until(&mut bayo_socket, |m| {
        assert!(!m["topic"].as_str().unwrap_or_default().starts_with("user:"), "a private event leaked: {m}");
        m["type"] == "draw.updated" && m["data"]["status"] == "settled"
    })
    .await;
    assert_eq!(settled["data"]["id"], draw.id);
}

/// The messages of a player's topic until (and with) the first that matches, each `seq` one more than the last,
/// the first one more than `after`.
async fn private_until(socket: &mut Socket, after: u64, wanted: impl Fn(&Value) -> bool) -> Vec<Value> {
    let mut seen: Vec<Value> = Vec::new();
    loop {
        let message = until(socket, |m| m["topic"].as_str().is_some_and(|t| t.starts_with("user:"))).await;
        let expected = seen.last().and_then(|last| last["seq"].as_u64()).unwrap_or(after) + 1;
        assert_eq!(message["seq"].as_u64(), Some(expected), "a gap before {message}");
        let done = wanted(&message);
        seen.push(message);
        if done {
            return seen;
        }
    }
}

#[actix_web::test]
async fn a_socket_that_asks_for_it_gets_all_of_a_players_settled_tickets_in_one_push() {
    let app = spawn_app().await;
    let draw = app.quick_draw(5_000, 5_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 10 * 5_000).await;
    let mut bought = Vec::new();
    for n in 1..=10u8 {
        let reply = app.buy(&ada, crate::lotto::nap1(draw.id, n, 5_000, &format!("n{n}"))).await;
        assert_eq!(reply.status, 201);
        bought.push(reply.body["data"]["id"].as_u64().expect("ticket id"));
    }
    let mut batched = signed_in_batched(&app, &ada).await;
    let mut per_ticket = signed_in(&app, &ada).await;

    // One push with all ten tickets, as GET /tickets shows them; the seq of her topic runs on without a gap.
    let seen = private_until(&mut batched, 0, |m| m["type"] == "tickets.settled").await;
    assert!(seen.iter().all(|m| m["type"] != "ticket.settled"), "{seen:?}");
    let batch = seen.last().expect("the batch");
    assert_eq!(batch["topic"], format!("user:{}", user_id(&app, &ada).await));
    assert_eq!(batch["data"]["draw_id"], draw.id);
    let tickets = batch["data"]["tickets"].as_array().expect("tickets");
    let mut ids: Vec<u64> = tickets.iter().filter_map(|t| t["id"].as_u64()).collect();
    ids.sort_unstable();
    assert_eq!(ids, bought);
    assert!(tickets.iter().all(|t| t["game_name"].is_string() && t["draw"]["numbers"].is_array()), "{tickets:?}");
    assert!(tickets.iter().all(|t| t["status"] == "won" || t["status"] == "lost"), "{tickets:?}");

    // Her other socket did not ask: it gets one `ticket.settled` per ticket, also without a gap.
    let (mut settled, mut last_seq) = (Vec::new(), 0);
    while settled.len() < 10 {
        let seen = private_until(&mut per_ticket, last_seq, |m| m["type"] == "ticket.settled").await;
        assert!(seen.iter().all(|m| m["type"] != "tickets.settled"), "{seen:?}");
        last_seq = seen.last().and_then(|m| m["seq"].as_u64()).unwrap_or(last_seq);
        settled.extend(seen.into_iter().filter(|m| m["type"] == "ticket.settled").map(|m| m["data"].clone()));
    }
    assert_eq!(settled, *tickets);
}

/// The next `dashboard.updated` on an admin's socket; the figures are recomputed every 5 s while an admin listens.
async fn next_dashboard(socket: &mut Socket) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next()).await.expect("a dashboard update in time");
        if let Message::Text(text) = frame.expect("socket open").expect("frame read") {
            let message: Value = serde_json::from_str(&text).unwrap();
            if message["type"] == "dashboard.updated" {
                return message["data"].clone();
            }
        }
    }
}

#[actix_web::test]
async fn an_admins_socket_gets_the_dashboard_figures_live_as_money_moves() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 10_000).await;
    let mut boss = signed_in(&app, &admin).await;
    let before = next_dashboard(&mut boss).await;
    assert_eq!((before["players_total"].as_u64(), before["stakes"].as_i64()), (Some(1), Some(0)), "{before}");

    assert_eq!(app.buy(&ada, crate::lotto::nap1(draw.id, 7, 5_000, "k")).await.status, 201);
    let after = next_dashboard(&mut boss).await;
    assert_eq!(after["stakes"].as_i64(), Some(5_000), "{after}");
    assert_eq!(after["today"]["stakes"].as_i64(), Some(5_000), "{after}");
}

/// A raw TCP connection to the app, and the `host:port` it went to.
async fn raw_connection(app: &TestApp) -> (TcpStream, String) {
    let address = app.url.trim_start_matches("http://").to_owned();
    (TcpStream::connect(&address).await.unwrap(), address)
}

/// Sends `GET path` on a raw connection and reads its whole answer (head and `content-length` body).
async fn http_get(stream: &mut TcpStream, address: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let request = format!("GET {path} HTTP/1.1\r\nHost: {address}\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    loop {
        let mut chunk = [0u8; 1024];
        let n = tokio::time::timeout(WAIT, stream.read(&mut chunk)).await.expect("an answer in time").unwrap();
        answer.extend_from_slice(&chunk[..n]);
        let text = String::from_utf8_lossy(&answer).to_string();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().to_owned()))
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length || n == 0 {
                return text;
            }
        }
    }
}

#[actix_web::test]
async fn a_socket_opened_on_a_connection_that_served_http_first_works_the_same() {
    let app = spawn_app().await;
    let (mut stream, address) = raw_connection(&app).await;
    let health = http_get(&mut stream, &address, "/api/v1/health").await;
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    // The same kept-alive connection now upgrades.
    let url = format!("ws://{address}/api/v1/ws");
    let (mut socket, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await.expect("upgrade");
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    app.hub.do_send(Publish(draw_updated(1)));
    assert_eq!(next(&mut socket).await["type"], "draw.updated");
}

#[actix_web::test]
async fn a_plain_get_of_the_socket_address_is_a_400_naming_what_is_missing() {
    let app = spawn_app().await;
    let (mut stream, address) = raw_connection(&app).await;
    let answer = http_get(&mut stream, &address, "/api/v1/ws").await;
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("Upgrade: websocket"), "{answer}");
}

#[actix_web::test]
async fn a_clients_ping_is_answered_and_its_close_is_echoed_and_the_socket_leaves_the_hub() {
    let app = spawn_app().await;
    let mut socket = guest(&app).await;
    socket.send(Message::Ping(b"are you there".to_vec().into())).await.unwrap();
    let pong = loop {
        match tokio::time::timeout(WAIT, socket.next()).await.expect("a pong in time") {
            Some(Ok(Message::Pong(payload))) => break payload,
            Some(Ok(_)) => continue,
            other => panic!("expected a pong, got {other:?}"),
        }
    };
    assert_eq!(&pong[..], b"are you there");

    socket.close(None).await.unwrap();
    let echoed = loop {
        match tokio::time::timeout(WAIT, socket.next()).await.expect("the close echoed in time") {
            Some(Ok(Message::Close(frame))) => break frame,
            Some(Ok(_)) => continue,
            other => panic!("expected the close echoed, got {other:?}"),
        }
    };
    assert_eq!(echoed.map(|f| f.code), None, "a close without a code is echoed without one");
    assert_eq!(connections_once_settled(&app, 0).await, 0);
}

/// Credits `kobo` to the player straight in the store, with its ledger entry: a money move whose `wallet.updated`
/// never reaches this node's sockets (made on another node, its event lost on the bus).
pub fn credit_without_an_event(app: &TestApp, user_id: u64, kobo: i64) {
    use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
    let entry = LedgerEntry {
        id: app.store.ids.next_id().unwrap(),
        user_id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: ayo_data::money::Kobo(kobo),
        balance_after: ayo_data::money::Kobo::ZERO,
        reference: format!("lost-event-{}", crate::helpers::fresh_key()),
        description: "made elsewhere; its event was lost".into(),
        created_at: chrono::Utc::now(),
    };
    app.store.money.apply_once(entry, None).unwrap().expect("credited");
}

/// The attack (issue 33): the event of a player's last money move is lost between nodes, so no later event of
/// theirs shows a gap in `seq` and their socket would show the old balance for as long as it stays open. Once the
/// node learns that something was lost (`Resync`, as the bus sends it on a gap), every socket gets a fresh
/// snapshot: the player's with the balance the store holds, a guest's without a wallet.
#[actix_web::test]
async fn a_players_lost_last_wallet_event_is_healed_by_a_pushed_snapshot_without_waiting_for_another() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let ada_id = user_id(&app, &ada).await;
    let mut ada_socket = signed_in(&app, &ada).await;
    let mut guest_socket = guest(&app).await;

    credit_without_an_event(&app, ada_id, 2_500);
    app.hub.do_send(Resync);

    let healed = next(&mut ada_socket).await;
    assert_eq!((&healed["type"], &healed["seq"]), (&json!("snapshot"), &json!(0)), "{healed}");
    assert_eq!(healed["data"]["wallet"]["balance"], 2_500, "the balance the store holds: {healed}");
    assert!(healed["data"]["draws"].is_array(), "a whole snapshot: {healed}");
    let public = next(&mut guest_socket).await;
    assert_eq!(public["type"], "snapshot", "{public}");
    assert!(public["data"].get("wallet").is_none(), "a guest's snapshot has no wallet: {public}");
}

/// The attack: a log-out on another node, its news (`EndSessions` on the bus) lost with the rest. The resync reads
/// the account again and ends the socket as the log-out would have, instead of sending it a snapshot.
#[actix_web::test]
async fn a_socket_whose_session_ended_while_events_were_lost_is_closed_at_the_resync_not_refreshed() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let ada_id = user_id(&app, &ada).await;
    let mut ada_socket = signed_in(&app, &ada).await;

    // What a log-out elsewhere leaves in the shared store: the token's version moved on.
    app.store
        .users
        .edit(ada_id, &|user| {
            user.token_version += 1;
            true
        })
        .unwrap()
        .expect("Ada");
    app.hub.do_send(Resync);

    let closed = loop {
        match tokio::time::timeout(WAIT, ada_socket.next()).await.expect("closed in time") {
            Some(Ok(Message::Close(frame))) => break frame.map(|f| f.code),
            Some(Ok(Message::Text(text))) => panic!("no snapshot for an ended session: {text}"),
            Some(Ok(_)) => continue,
            other => panic!("expected a close, got {other:?}"),
        }
    };
    assert_eq!(closed, Some(CloseCode::Policy));
}
