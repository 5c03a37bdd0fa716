//! The back office: games, players, audit log, contacts, marquee, dashboard — each action and its audit entry.

use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp, PASSWORD};
use crate::ws::{guest, next};

async fn audit_actions(app: &TestApp, admin: &str) -> Vec<Value> {
    app.get("/admin/activities?per_page=100", Some(admin)).await.body["data"].as_array().unwrap().clone()
}

fn has(entries: &[Value], action: &str) -> bool {
    entries.iter().any(|e| e["action"] == action)
}

#[actix_web::test]
async fn an_admin_creates_edits_and_pauses_a_game_and_each_change_is_audited() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let bad = app
        .post(
            "/admin/games",
            json!({"name": "Bad", "schedule": {"kind": "interval", "every_minutes": 0}}),
            Some(&admin),
        )
        .await;
    assert_eq!(bad.status, 422);
    assert!(!bad.field_errors("schedule.every_minutes").is_empty(), "{:?}", bad.body);
    let made = app
        .post("/admin/games", json!({"name": "Gold Rush", "schedule": {"kind": "weekly", "slots": [{"weekday": "Fri", "time": "20:00"}]}}), Some(&admin))
        .await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    assert_eq!(made.body["data"]["slug"], "gold-rush");
    let id = made.body["data"]["id"].as_u64().unwrap();
    let edit = app.put(&format!("/admin/games/{id}"), json!({"multipliers": {"nap1": 45, "nap2": 240, "nap3": 2100, "nap4": 6000, "nap5": 44000}, "status": "paused"}), Some(&admin)).await;
    assert_eq!(edit.status, 200, "{:?}", edit.body);
    assert_eq!(edit.body["data"]["multipliers"]["nap1"], 45);
    let public = app.get("/games", None).await.body["data"].clone();
    assert!(public.as_array().unwrap().iter().all(|g| g["id"] != id), "a paused game is not offered");
    let log = audit_actions(&app, &admin).await;
    assert!(has(&log, "game.created") && has(&log, "game.updated"));
}

#[actix_web::test]
async fn a_suspended_player_is_shut_out_at_once_and_reinstated_later() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let found = app.get("/admin/users?search=ADA@EXAMPLE", Some(&admin)).await;
    assert_eq!(found.body["meta"]["total"], 1);
    let id = found.body["data"][0]["id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);
    let shut = app.get("/auth/profiles", Some(&ada)).await;
    assert_eq!(shut.status, 403);
    assert_eq!(shut.body["errorCode"], "SUSPENDED");
    let login = app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": PASSWORD}), None).await;
    assert_eq!(login.status, 403);
    assert_eq!(app.post(&format!("/admin/users/{id}/unsuspend"), json!({}), Some(&admin)).await.status, 200);
    assert_eq!(app.get("/auth/profiles", Some(&ada)).await.status, 200);
    let detail = app.get(&format!("/admin/users/{id}"), Some(&admin)).await.body["data"].clone();
    assert_eq!(detail["email"], "ada@example.com");
    assert!(detail["activities"].as_array().unwrap().iter().any(|a| a["action"] == "user.suspended"));
}

#[actix_web::test]
async fn a_manual_adjustment_needs_a_reason_keeps_the_ledger_equal_to_the_balance_and_is_audited() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.get("/auth/profiles", Some(&ada)).await.body["data"]["id"].as_u64().unwrap();
    let no_reason = app.post(&format!("/admin/users/{id}/adjust"), json!({"amount": 5000}), Some(&admin)).await;
    assert_eq!(no_reason.status, 422);
    assert!(!no_reason.field_errors("reason").is_empty());
    app.fund(&admin, &ada, 10_000).await;
    let overdraw = app
        .post(
            &format!("/admin/users/{id}/adjust"),
            json!({"amount": -20_000, "reason": "clawback test", "idempotency_key": "k-over"}),
            Some(&admin),
        )
        .await;
    assert_eq!(overdraw.status, 422, "a debit never takes a balance below zero");
    let debit = app
        .post(
            &format!("/admin/users/{id}/adjust"),
            json!({"amount": -4_000, "reason": "duplicate credit", "idempotency_key": "k-debit"}),
            Some(&admin),
        )
        .await;
    assert_eq!(debit.body["data"]["balance"], 6_000);
    let sum: i64 = app.store.books.entries_of_user(id).unwrap().iter().map(|e| e.amount.as_i64()).sum();
    assert_eq!(sum, 6_000);
    assert_eq!(app.balance(&ada).await, 6_000);
    let log = audit_actions(&app, &admin).await;
    let adjusted: Vec<_> = log.iter().filter(|e| e["action"] == "wallet.adjusted").collect();
    assert_eq!(adjusted.len(), 2);
    assert_eq!(adjusted[0]["target"], format!("user:{id}"));
    assert_eq!(adjusted[0]["actor"], "boss@ayolotto.ng");
    assert!(adjusted[0]["ip"].as_str().unwrap().starts_with("127."));
}

#[actix_web::test]
async fn security_events_reach_the_audit_log() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/auth/login", json!({"userIdentity": "ada@example.com", "password": "wrong-pass"}), None).await;
    app.get("/admin/dashboard", Some(&ada)).await;
    let log = audit_actions(&app, &admin).await;
    assert!(has(&log, "login.failed"));
    assert!(has(&log, "admin.role_denied"));
    assert!(has(&log, "admin.login"));
}

#[actix_web::test]
async fn the_contact_form_is_validated_stored_and_handled_in_the_back_office() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let bad = app
        .post("/contacts/create", json!({"name": "Ada", "email": "nope", "subject": "Hi", "message": "short"}), None)
        .await;
    assert_eq!(bad.status, 422);
    assert!(!bad.field_errors("email").is_empty() && !bad.field_errors("message").is_empty());
    let sent = app
        .post("/contacts/create", json!({"name": "Ada Obi", "email": "ada@example.com", "subject": "Withdrawal", "message": "When will my withdrawal arrive?"}), None)
        .await;
    assert_eq!(sent.status, 201);
    let list = app.get("/admin/contacts", Some(&admin)).await.body;
    assert_eq!(list["data"][0]["status"], "new");
    let id = list["data"][0]["id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/contacts/{id}/resolve"), json!({}), Some(&admin)).await.status, 200);
    assert_eq!(app.get("/admin/contacts", Some(&admin)).await.body["data"][0]["status"], "handled");
}

#[actix_web::test]
async fn a_marquee_message_reaches_an_open_page_live_and_leaves_when_deactivated() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut page = guest(&app).await;
    let made = app.post("/admin/marquees", json!({"text": "Mega jackpot tonight!", "priority": 5}), Some(&admin)).await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    let pushed = loop {
        let m = next(&mut page).await;
        if m["type"] == "marquee.updated" {
            break m;
        }
    };
    assert_eq!(pushed["data"]["marquees"][0]["text"], "Mega jackpot tonight!");
    assert_eq!(app.get("/marquees/active", None).await.body["data"][0]["text"], "Mega jackpot tonight!");
    let id = made.body["data"]["id"].as_u64().unwrap();
    app.put(&format!("/admin/marquees/{id}"), json!({"active": false}), Some(&admin)).await;
    let cleared = loop {
        let m = next(&mut page).await;
        if m["type"] == "marquee.updated" {
            break m;
        }
    };
    assert_eq!(cleared["data"]["marquees"], json!([]));
}

#[actix_web::test]
async fn a_scheduled_marquee_message_appears_by_itself_when_its_start_comes() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let starts = chrono::Utc::now() + chrono::Duration::milliseconds(800);
    let made = app.post("/admin/marquees", json!({"text": "Draw at 7 pm", "starts_at": starts}), Some(&admin)).await;
    assert_eq!(made.status, 201);
    assert_eq!(app.get("/marquees/active", None).await.body["data"], json!([]), "not yet");
    let mut page = guest(&app).await;
    let shown = loop {
        let m = next(&mut page).await;
        if m["type"] == "marquee.updated" && m["data"]["marquees"].as_array().is_some_and(|a| !a.is_empty()) {
            break m;
        }
    };
    assert_eq!(shown["data"]["marquees"][0]["text"], "Draw at 7 pm");
}

#[actix_web::test]
async fn the_dashboard_counts_stakes_wins_and_gross_gaming_revenue() {
    let app = spawn_app().await;
    let draw = app.quick_draw(6_000, 6_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.buy_every_number(&admin, &ada, draw.id).await;
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let dash = app.get("/admin/dashboard", Some(&admin)).await.body["data"].clone();
    assert_eq!(dash["stakes"], 90 * 5_000);
    assert_eq!(dash["wins"], 40 * 5_000);
    assert_eq!(dash["ggr"], 50 * 5_000);
    assert_eq!(dash["series"].as_array().unwrap().len(), 30);
    assert_eq!(dash["players_total"], 1);
}

#[actix_web::test]
async fn the_audit_log_filters_by_action_actor_and_lagos_day_and_can_hide_the_witnesss_routine() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&ada).await;
    assert_eq!(app.get("/admin/activities?action=login", Some(&ada)).await.status, 403, "players never read the log");
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);
    let wrong = json!({"userIdentity": "nobody@example.com", "password": "not-the-password"});
    assert_eq!(app.post("/auth/login", wrong, None).await.status, 401);
    // Yesterday evening in Lagos: a witness signing a draw, and a second admin's old change.
    let witness = |action: &str, hours_ago: i64, actor: &str| ayo_data::activity::Activity {
        id: 0,
        at: chrono::Utc::now() - chrono::Duration::hours(hours_ago),
        actor_id: None,
        actor_email: Some(actor.into()),
        action: action.into(),
        target: Some("draw:7".into()),
        ip: None,
        detail: String::new(),
    };
    app.store.activities.record(witness("witness.signed", 30, "witness@example.org")).unwrap();
    app.store.activities.record(witness("game.updated", 30, "ops@ayolotto.ng")).unwrap();
    app.store.activities.record(witness("witness.signed", 1, "witness@example.org")).unwrap();
    let actions = |body: &Value| -> Vec<String> {
        body["data"].as_array().unwrap().iter().map(|a| a["action"].as_str().unwrap().to_string()).collect()
    };

    let suspended = app.get("/admin/activities?action=user.suspended", Some(&admin)).await;
    assert_eq!((suspended.status, actions(&suspended.body)), (200, vec!["user.suspended".to_string()]));
    assert_eq!(suspended.body["meta"]["total"], 1);
    let logins = app.get("/admin/activities?action=login", Some(&admin)).await.body;
    assert!(actions(&logins).iter().all(|a| a.starts_with("login.")), "the login family: {logins}");
    assert!(actions(&logins).contains(&"login.failed".to_string()));
    let by_ops = app.get("/admin/activities?actor=OPS@", Some(&admin)).await.body;
    assert_eq!(actions(&by_ops), ["game.updated"]);

    let day = |hours_ago: i64| ayo_data::lagos::lagos_day(chrono::Utc::now() - chrono::Duration::hours(hours_ago));
    let (today, then) = (day(0), day(30));
    let old = app.get(&format!("/admin/activities?from={then}&to={then}"), Some(&admin)).await.body;
    let mut old_actions = actions(&old);
    old_actions.sort();
    assert_eq!(old_actions, ["game.updated", "witness.signed"], "only that Lagos day: {old}");
    let quiet = app.get(&format!("/admin/activities?to={today}&hide_routine=true&per_page=100"), Some(&admin)).await;
    assert!(!actions(&quiet.body).iter().any(|a| a == "witness.signed"), "{:?}", quiet.body);
    assert!(actions(&quiet.body).contains(&"user.suspended".to_string()));
    let everything = app.get("/admin/activities?per_page=100", Some(&admin)).await.body;
    assert_eq!(actions(&everything).iter().filter(|a| *a == "witness.signed").count(), 2, "shown unless hidden");

    for (query, field) in [
        ("action=login%20failed", "action"),
        ("from=27/11/2026", "from"),
        ("to=2026-13-01", "to"),
        ("from=2026-11-22&to=2026-11-21", "to"),
        ("hide_routine=maybe", "hide_routine"),
    ] {
        let bad = app.get(&format!("/admin/activities?{query}"), Some(&admin)).await;
        assert_eq!(bad.status, 422, "{query}: {:?}", bad.body);
        assert!(!bad.field_errors(field).is_empty(), "{query} names {field}: {:?}", bad.body);
    }
    let long = format!("/admin/activities?actor={}", "a".repeat(300));
    assert!(!app.get(&long, Some(&admin)).await.field_errors("actor").is_empty());
}
