//! The back office says the same thing the same way everywhere: one shape for an audit entry, a game's next draw
//! in the admin list as in the public one, 422s that name the exact field, and days as Lagos counts them.

use std::time::Duration;

use chrono::{Duration as Span, NaiveTime, Utc};
use serde_json::{json, Value};

use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;

use crate::helpers::{spawn_app, Reply, TestApp};

fn error_fields(reply: &Reply) -> Vec<String> {
    reply.body["errors"].as_object().map(|o| o.keys().cloned().collect()).unwrap_or_default()
}

#[actix_web::test]
async fn a_players_audit_entries_have_the_same_shape_as_the_audit_log() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.get("/auth/profiles", Some(&ada)).await.body["data"]["id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/users/{id}/suspend"), json!({}), Some(&admin)).await.status, 200);

    let detail = app.get(&format!("/admin/users/{id}"), Some(&admin)).await.body["data"]["activities"].clone();
    let entry = detail.as_array().unwrap().iter().find(|a| a["action"] == "user.suspended").unwrap().clone();
    assert_eq!(entry["actor"], "boss@ayolotto.ng");
    assert!(entry["created_at"].as_str().is_some_and(|t| t.ends_with('Z')), "{entry}");
    assert!(entry.get("at").is_none() && entry.get("actor_email").is_none(), "{entry}");

    let log = app.get("/admin/activities?per_page=100", Some(&admin)).await.body["data"].clone();
    let same = log.as_array().unwrap().iter().find(|a| a["id"] == entry["id"]).unwrap();
    assert_eq!(&entry, same, "one entry, one shape");
}

async fn admin_game(app: &TestApp, admin: &str, id: u64) -> Value {
    let games = app.get("/admin/games", Some(admin)).await.body["data"].clone();
    games.as_array().unwrap().iter().find(|g| g["id"] == id).cloned().unwrap_or(Value::Null)
}

#[actix_web::test]
async fn the_admin_games_list_gives_each_game_its_draw_on_sale() {
    let app = spawn_app().await;
    app.start_witness().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let made = app
        .post(
            "/admin/games",
            json!({"name": "Lagos Hourly", "schedule": {"kind": "interval", "every_minutes": 60}}),
            Some(&admin),
        )
        .await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    let id = made.body["data"]["id"].as_u64().unwrap();
    // The scheduler plans the game's draws just after it is created.
    let mut game = admin_game(&app, &admin, id).await;
    for _ in 0..100 {
        if game["next_draw"]["status"] == "open" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        game = admin_game(&app, &admin, id).await;
    }
    let next = &game["next_draw"];
    assert_eq!(next["status"], "open", "{game}");
    assert!(next["closes_at"].is_string() && next["draws_at"].is_string(), "{next}");
    let public = app.get("/games/lagos-hourly", None).await.body["data"]["next_draw"].clone();
    assert_eq!(next["id"], public["id"], "the same draw as players see");
}

#[actix_web::test]
async fn a_bad_stake_rule_multiplier_or_schedule_is_named_exactly() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let weekly = json!({"kind": "weekly", "slots": [{"weekday": "Fri", "time": "20:00"}]});
    let cases = [
        (json!({"stake_rules": {"min_stake_per_line": 0}}), "stake_rules.min_stake_per_line"),
        (
            json!({"stake_rules": {"nap_min_stake": 6_000_000, "max_ticket_total": 5_000_000}}),
            "stake_rules.nap_min_stake",
        ),
        (json!({"multipliers": {"nap3": 0}}), "multipliers.nap3"),
        (json!({"schedule": {"kind": "interval", "every_minutes": 0}}), "schedule.every_minutes"),
        (json!({"schedule": {"kind": "weekly", "slots": []}}), "schedule.slots"),
    ];
    for (i, (bad, field)) in cases.into_iter().enumerate() {
        let mut body = json!({"name": format!("Game {i}"), "schedule": weekly});
        for (k, v) in bad.as_object().unwrap() {
            body[k] = v.clone();
        }
        let reply = app.post("/admin/games", body, Some(&admin)).await;
        assert_eq!(reply.status, 422, "{:?}", reply.body);
        assert_eq!(error_fields(&reply), vec![field.to_string()], "{:?}", reply.body);
    }
    // An edit is checked the same way.
    let made = app.post("/admin/games", json!({"name": "Gold Rush", "schedule": weekly}), Some(&admin)).await;
    let id = made.body["data"]["id"].as_u64().unwrap();
    let edit = app.put(&format!("/admin/games/{id}"), json!({"stake_rules": {"payout_cap": -1}}), Some(&admin)).await;
    assert_eq!(edit.status, 422);
    assert_eq!(error_fields(&edit), vec!["stake_rules.payout_cap".to_string()], "{:?}", edit.body);
}

#[actix_web::test]
async fn the_dashboard_counts_a_day_from_midnight_in_lagos() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let lagos = ayo_data::lagos::wat();
    let yesterday = (Utc::now().with_timezone(&lagos) - Span::days(1)).date_naive();
    // 00:30 WAT yesterday is 23:30 UTC the day before: a UTC day would put it one bar too early.
    let half_past_midnight = yesterday.and_time(NaiveTime::MIN).and_utc() + Span::minutes(30) - Span::hours(1);
    let deposit = LedgerEntry {
        id: app.store.ids.next_id().unwrap(),
        user_id: 4242,
        kind: EntryKind::Deposit,
        status: EntryStatus::Success,
        amount: Kobo(250_000),
        balance_after: Kobo::ZERO,
        reference: "dep-lagos-midnight".into(),
        description: "Deposit".into(),
        created_at: half_past_midnight,
    };
    app.store.wallets().unwrap().apply(deposit).unwrap().unwrap();

    let dash = app.get("/admin/dashboard", Some(&admin)).await.body["data"].clone();
    let series = dash["series"].as_array().unwrap();
    assert_eq!(series.len(), 30);
    let today = Utc::now().with_timezone(&lagos).date_naive();
    assert_eq!(series[29]["date"], today.to_string(), "the last bar is today in Lagos");
    assert_eq!(series[28]["date"], yesterday.to_string());
    assert_eq!(series[28]["deposits"], 250_000, "{dash}");
    assert_eq!(series[27]["deposits"], 0);
    assert_eq!(dash["deposits"], 250_000);
}
