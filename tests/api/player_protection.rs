//! Player protection (docs/decisions/025): reality checks, the previous login, no marketing to excluded players.

use std::time::Duration;

use serde_json::{json, Value};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::hub::Publish;

use crate::helpers::{spawn_app, PASSWORD};
use crate::lotto::nap1;
use crate::ws::{next, signed_in, Socket};

/// Reads messages up to and including the next one of `kind`.
async fn until_kind(socket: &mut Socket, kind: &str) -> Vec<Value> {
    let mut seen = Vec::new();
    for _ in 0..100 {
        let m = next(socket).await;
        let done = m["type"] == kind;
        seen.push(m);
        if done {
            return seen;
        }
    }
    panic!("no {kind} came: {seen:?}");
}

/// Everything a socket receives up to a `draw.updated` published after now (a marker: whatever was going to reach
/// the socket before it has).
async fn up_to_marker(app: &crate::helpers::TestApp, socket: &mut Socket, n: u64) -> Vec<Value> {
    app.hub.do_send(Publish(Event { topic: Topic::Draws, kind: EventKind::DrawUpdated, data: json!({ "marker": n }) }));
    let mut seen = Vec::new();
    loop {
        let m = next(socket).await;
        if m["type"] == "draw.updated" && m["data"]["marker"] == n {
            return seen;
        }
        seen.push(m);
    }
}

fn sum_of(entries: &[Value], kind: &str) -> i64 {
    entries
        .iter()
        .filter(|e| e["type"] == kind && e["status"] == "success")
        .map(|e| e["amount"].as_i64().unwrap())
        .sum()
}

#[actix_web::test]
async fn a_reality_check_adds_up_the_sessions_deposits_stakes_and_wins_as_the_ledger_does() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.deposit_paid(&ada, 500_000).await;
    // A NAP1 on every number at ₦50: exactly one wins, at 40×.
    let draw = app.quick_draw(3_000, 3_500).await;
    for n in 1..=90u8 {
        let r = app.buy(&ada, nap1(draw.id, n, 5_000, &format!("n{n}"))).await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;

    let check = app.get("/reality-check", Some(&ada)).await;
    assert_eq!(check.status, 200, "{:?}", check.body);
    let data = &check.body["data"];
    assert_eq!(
        (&data["deposits"], &data["withdrawals"], &data["stakes"], &data["wins"]),
        (&json!(500_000), &json!(0), &json!(450_000), &json!(200_000)),
        "{data}"
    );
    assert_eq!((&data["net_deposits"], &data["net"]), (&json!(500_000), &json!(-250_000)));
    assert_eq!(data["interval_minutes"], 60, "on, hourly, until the player chooses");
    assert!(chrono::DateTime::parse_from_rfc3339(data["session_started_at"].as_str().unwrap()).is_ok());

    // The same figures as the ledger the player can see.
    let ledger = app.transactions(&ada, "").await;
    assert_eq!(data["deposits"].as_i64(), Some(sum_of(&ledger, "deposit")));
    assert_eq!(data["stakes"].as_i64(), Some(-sum_of(&ledger, "stake") - sum_of(&ledger, "refund")));
    assert_eq!(data["wins"].as_i64(), Some(sum_of(&ledger, "win")));
    app.assert_ledger_matches_balance(&ada).await;

    // A new login is a new session: nothing yet. The older token's session keeps its own figures.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let again = app.login("ada@example.com", PASSWORD).await;
    let fresh = app.get("/reality-check", Some(&again)).await.body["data"].clone();
    assert_eq!(
        (&fresh["deposits"], &fresh["stakes"], &fresh["wins"], &fresh["net"]),
        (&json!(0), &json!(0), &json!(0), &json!(0))
    );
    assert!(fresh["session_started_at"].as_str() > data["session_started_at"].as_str());
    assert_eq!(app.get("/reality-check", Some(&ada)).await.body["data"]["net"], -250_000);
}

#[actix_web::test]
async fn the_interval_is_one_of_those_offered_and_kept_with_the_players_settings() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let chosen = app.post("/reality-check/update", json!({ "interval_minutes": 15 }), Some(&ada)).await;
    assert_eq!(chosen.status, 200, "{:?}", chosen.body);
    assert_eq!(chosen.body["data"]["interval_minutes"], 15);
    assert_eq!(app.get("/reality-check", Some(&ada)).await.body["data"]["interval_minutes"], 15);
    let profile = app.get("/auth/profiles", Some(&ada)).await.body;
    assert_eq!(profile["data"]["responsible_gaming"]["reality_check_minutes"], 15);
    assert_eq!(app.post("/reality-check/update", json!({ "interval_minutes": 0 }), Some(&ada)).await.status, 200);
    assert_eq!(app.get("/reality-check", Some(&ada)).await.body["data"]["interval_minutes"], 0, "off");

    for bad in [
        json!({ "interval_minutes": 20 }),
        json!({ "interval_minutes": -15 }),
        json!({ "interval_minutes": "15" }),
        json!({}),
    ] {
        let refused = app.post("/reality-check/update", bad.clone(), Some(&ada)).await;
        assert_eq!(refused.status, 422, "{bad}: {:?}", refused.body);
        assert!(!refused.field_errors("interval_minutes").is_empty(), "{bad}: {:?}", refused.body);
    }
    assert_eq!(app.get("/reality-check", Some(&ada)).await.body["data"]["interval_minutes"], 0, "unchanged");
    assert_eq!(app.get("/reality-check", None).await.status, 401);
    let admin = app.admin("boss@ayolotto.ng").await;
    assert_eq!(app.get("/reality-check", Some(&admin)).await.status, 403);
}

#[actix_web::test]
async fn after_logging_in_the_player_is_told_when_they_last_logged_in() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let first = app.get("/auth/profiles", Some(&ada)).await.body;
    assert_eq!(first["data"]["previous_login_at"], Value::Null, "a first login has none");
    assert_eq!(app.get("/reality-check", Some(&ada)).await.body["data"]["previous_login_at"], Value::Null);

    let before = chrono::Utc::now();
    let second = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(second.status, 200);
    let previous = second.body["data"]["user"]["previous_login_at"].as_str().expect("the first login").to_string();
    let previous = chrono::DateTime::parse_from_rfc3339(&previous).unwrap();
    assert!(previous <= before, "the login before this one");
    let token = second.body["data"]["token"].as_str().unwrap();
    let check = app.get("/reality-check", Some(token)).await.body;
    assert_eq!(
        chrono::DateTime::parse_from_rfc3339(check["data"]["previous_login_at"].as_str().unwrap()).unwrap(),
        previous
    );
    let third = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    let later = chrono::DateTime::parse_from_rfc3339(third.body["data"]["user"]["previous_login_at"].as_str().unwrap());
    assert!(later.unwrap() > previous, "the second login, now");
}

#[actix_web::test]
async fn no_marquee_reaches_a_player_on_a_break_neither_at_sign_in_nor_live_nor_over_http() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let made = app.post("/admin/marquees", json!({"text": "Mega jackpot tonight!"}), Some(&admin)).await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bayo = app.verified_player("bayo@example.com", "+2348022222222").await;
    let excluded = app.post("/exclusions/create", json!({"kind": "timeout", "period": "24h"}), Some(&bayo)).await;
    assert_eq!(excluded.status, 201, "{:?}", excluded.body);

    // At sign-in: Ada's snapshot has the marquee, Bayo's none.
    let mut ada_socket = crate::ws::open(&app).await;
    let mut bayo_socket = crate::ws::open(&app).await;
    for (socket, token) in [(&mut ada_socket, &ada), (&mut bayo_socket, &bayo)] {
        assert_eq!(next(socket).await["type"], "snapshot");
        use futures_util::SinkExt;
        let auth = json!({"type": "auth", "token": token}).to_string();
        socket.send(tokio_tungstenite::tungstenite::Message::Text(auth.into())).await.unwrap();
    }
    let ada_snapshot = until_kind(&mut ada_socket, "snapshot").await.pop().unwrap();
    assert_eq!(ada_snapshot["data"]["marquees"][0]["text"], "Mega jackpot tonight!");
    let bayo_snapshot = until_kind(&mut bayo_socket, "snapshot").await.pop().unwrap();
    assert_eq!(bayo_snapshot["data"]["marquees"], json!([]), "{bayo_snapshot}");

    // Live: a new message reaches Ada and not Bayo.
    let second = app.post("/admin/marquees", json!({"text": "Double stakes Friday"}), Some(&admin)).await;
    assert_eq!(second.status, 201);
    let ada_saw = until_kind(&mut ada_socket, "marquee.updated").await;
    assert_eq!(ada_saw.last().unwrap()["data"]["marquees"].as_array().unwrap().len(), 2);
    let bayo_saw = up_to_marker(&app, &mut bayo_socket, 1).await;
    assert!(bayo_saw.iter().all(|m| m["type"] != "marquee.updated"), "{bayo_saw:?}");

    // Over HTTP: nothing for Bayo's token; a guest and Ada see both.
    assert_eq!(app.get("/marquees/active", Some(&bayo)).await.body["data"], json!([]));
    assert_eq!(app.get("/marquees/active", None).await.body["data"].as_array().unwrap().len(), 2);
    assert_eq!(app.get("/marquees/active", Some(&ada)).await.body["data"].as_array().unwrap().len(), 2);
    assert_eq!(app.get("/marquees/active", Some("not-a-token")).await.status, 200, "a bad token reads as a guest");

    let mut watcher = crate::ws::guest(&app).await;
    // Ada takes a break with her socket open: it is told at once that there is nothing to show, on her own topic,
    // and the next message does not reach it.
    let ada_break = app.post("/exclusions/create", json!({"kind": "self_exclusion", "period": "6m"}), Some(&ada)).await;
    assert_eq!(ada_break.status, 201);
    let emptied = until_kind(&mut ada_socket, "marquee.updated").await.pop().unwrap();
    assert_eq!(emptied["data"]["marquees"], json!([]));
    assert!(emptied["topic"].as_str().unwrap().starts_with("user:"), "{emptied}");
    assert_eq!(app.post("/admin/marquees", json!({"text": "Third"}), Some(&admin)).await.status, 201);
    // Once a guest has it, the Hub has fanned it out.
    until_kind(&mut watcher, "marquee.updated").await;
    let ada_saw = up_to_marker(&app, &mut ada_socket, 2).await;
    assert!(ada_saw.iter().all(|m| m["type"] != "marquee.updated"), "{ada_saw:?}");
    // A socket she opens now gets none at sign-in either.
    let mut again = signed_in(&app, &ada).await;
    let after = up_to_marker(&app, &mut again, 3).await;
    assert!(after.iter().all(|m| m["type"] != "marquee.updated"), "{after:?}");
    assert_eq!(app.get("/marquees/active", Some(&ada)).await.body["data"], json!([]));
}

#[actix_web::test]
async fn the_limits_say_whether_the_player_has_deposited_yet_for_the_first_deposit_prompt() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    assert_eq!(app.get("/limits", Some(&ada)).await.body["data"]["has_deposited"], false);
    app.checkout(&ada, 100_000).await;
    assert_eq!(
        app.get("/limits", Some(&ada)).await.body["data"]["has_deposited"],
        false,
        "an open checkout is not a deposit"
    );
    app.deposit_paid(&ada, 100_000).await;
    assert_eq!(app.get("/limits", Some(&ada)).await.body["data"]["has_deposited"], true);
}
