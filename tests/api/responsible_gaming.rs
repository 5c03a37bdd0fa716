//! Responsible gaming, enforced by the server: deposit limits (rolling windows, raises wait 24 hours), time-outs and
//! self-exclusion (no tickets, no deposits, withdrawals still allowed), shown on the profile.

use chrono::{Duration, Utc};
use serde_json::{json, Value};

use crate::helpers::spawn_app;
use crate::lotto::nap1;
use crate::money_helpers::GTBANK;

#[actix_web::test]
async fn a_daily_limit_allows_deposits_up_to_exactly_its_amount() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let set = app.post("/limits/update", json!({"daily": 500_000}), Some(&player)).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    assert_eq!(set.body["data"]["daily"], 500_000);
    assert_eq!(set.message(), "Your daily limit is now ₦5,000.00.");

    app.deposit_paid(&player, 300_000).await;
    // An open checkout counts too, so several can't be started at once to pass the limit.
    app.checkout(&player, 100_000).await;
    let over = app.start_deposit(&player, 100_001).await;
    assert_eq!(over.status, 422, "{:?}", over.body);
    assert_eq!(over.body["errorCode"], "DEPOSIT_LIMIT");
    assert_eq!(
        over.message(),
        "This deposit would go over your daily deposit limit of ₦5,000.00 (in any 24 hours). You can deposit up to \
         ₦1,000.00 now."
    );
    let exact = app.start_deposit(&player, 100_000).await;
    assert_eq!(exact.status, 201, "exactly at the limit is allowed: {:?}", exact.body);
    assert_eq!(app.start_deposit(&player, 10_000).await.status, 422);

    let limits = app.get("/limits", Some(&player)).await;
    assert_eq!(limits.body["data"]["used"]["daily"], 500_000);
    assert_eq!(limits.body["data"]["window"], "rolling");
}

#[actix_web::test]
async fn a_decrease_applies_at_once_and_an_increase_only_after_24_hours() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;
    app.post("/limits/update", json!({"daily": 200_000, "weekly": 1_000_000}), Some(&player)).await;
    let lower = app.post("/limits/update", json!({"daily": 100_000}), Some(&player)).await;
    assert_eq!(lower.body["data"]["daily"], 100_000, "a decrease is immediate");
    assert_eq!(lower.body["data"]["weekly"], 1_000_000, "an absent field is left alone");

    let raise = app.post("/limits/update", json!({"daily": 900_000, "monthly": null}), Some(&player)).await;
    assert_eq!(raise.status, 200, "{:?}", raise.body);
    assert_eq!(raise.body["data"]["daily"], 100_000, "the old limit holds for now");
    let pending = &raise.body["data"]["pending"]["daily"];
    assert_eq!(pending["amount"], 900_000);
    let effective_at = chrono::DateTime::parse_from_rfc3339(pending["effective_at"].as_str().unwrap()).unwrap();
    let wait = effective_at.with_timezone(&Utc) - Utc::now();
    assert!(wait > Duration::hours(23) && wait <= Duration::hours(24), "{wait}");
    assert!(raise.message().contains("Your daily limit becomes ₦9,000.00 on"), "{}", raise.message());
    assert_eq!(app.start_deposit(&player, 150_000).await.status, 422, "still the lower limit");

    let profile = app.get("/auth/profiles", Some(&player)).await;
    let rg = &profile.body["data"]["responsible_gaming"];
    assert_eq!(rg["limits"]["daily"], 100_000);
    assert_eq!(rg["limits"]["pending"]["daily"]["amount"], 900_000);
    assert_eq!(rg["exclusion"], json!(null));

    // A day passes: move the pending raise's time into the past.
    let mut stored = app.store.responsible.get(id).unwrap();
    stored.pending.daily.as_mut().unwrap().effective_at = Utc::now() - Duration::seconds(1);
    app.store.responsible.put(id, &stored).unwrap();
    let limits = app.get("/limits", Some(&player)).await;
    assert_eq!(limits.body["data"]["daily"], 900_000);
    assert_eq!(limits.body["data"]["pending"]["daily"], json!(null));
    assert_eq!(app.start_deposit(&player, 150_000).await.status, 201);
}

#[actix_web::test]
async fn removing_a_limit_waits_24_hours_and_says_so() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/limits/update", json!({"daily": 200_000}), Some(&player)).await;
    let remove = app.post("/limits/update", json!({"daily": null}), Some(&player)).await;
    assert_eq!(remove.status, 200, "{:?}", remove.body);
    assert_eq!(remove.body["data"]["daily"], 200_000, "the limit holds for 24 hours");
    assert!(remove.body["data"]["pending"]["daily"]["amount"].is_null(), "{:?}", remove.body);
    assert!(remove.message().starts_with("Your daily limit will be removed on"), "{}", remove.message());
}

#[actix_web::test]
async fn limits_refuse_nonsense() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let negative = app.post("/limits/update", json!({"daily": -1}), Some(&player)).await;
    assert_eq!((negative.status, negative.field_errors("daily").len()), (422, 1));
    let huge = app.post("/limits/update", json!({"weekly": 10_000_000_001_i64}), Some(&player)).await;
    assert_eq!((huge.status, huge.field_errors("weekly").len()), (422, 1));
    let nothing = app.post("/limits/update", json!({}), Some(&player)).await;
    assert_eq!(nothing.status, 422);
    let text = app.post("/limits/update", json!({"monthly": "lots"}), Some(&player)).await;
    assert_eq!((text.status, text.field_errors("monthly").len()), (422, 1));
}

#[actix_web::test]
async fn a_time_out_stops_tickets_and_deposits_but_not_withdrawals() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let draw = app.quick_draw(60_000, 120_000).await;

    let out = app.post("/exclusions/create", json!({"kind": "timeout", "period": "7d"}), Some(&player)).await;
    assert_eq!(out.status, 201, "{:?}", out.body);
    assert_eq!((&out.body["data"]["kind"], &out.body["data"]["period"]), (&json!("timeout"), &json!("7d")));
    let ends = chrono::DateTime::parse_from_rfc3339(out.body["data"]["ends_at"].as_str().unwrap()).unwrap();
    let length = ends.with_timezone(&Utc) - Utc::now();
    assert!(length > Duration::days(7) - Duration::minutes(1) && length <= Duration::days(7), "{length}");

    let ticket = app.buy(&player, nap1(draw.id, 7, 10_000, "k1")).await;
    assert_eq!(ticket.status, 403, "{:?}", ticket.body);
    assert_eq!(ticket.body["errorCode"], "EXCLUDED");
    assert!(ticket.message().starts_with("You are taking a break from Ayo Lotto until "), "{}", ticket.message());
    assert!(ticket.message().contains("you can still withdraw your balance"));
    assert_eq!(ticket.body["data"]["excluded_until"], out.body["data"]["ends_at"]);

    let deposit = app.start_deposit(&player, 10_000).await;
    assert_eq!((deposit.status, deposit.body["errorCode"].as_str()), (403, Some("EXCLUDED")));

    let withdrawal = app.withdraw(&player, 200_000, "w1").await;
    assert_eq!(withdrawal.status, 201, "{:?}", withdrawal.body);
    assert_eq!(app.balance(&player).await, 300_000);

    let profile = app.get("/auth/profiles", Some(&player)).await;
    assert_eq!(profile.body["data"]["responsible_gaming"]["exclusion"]["kind"], "timeout");
    assert_eq!(app.get("/exclusions", Some(&player)).await.body["data"]["period"], "7d");
    assert!(app.audit_actions().contains(&"player.excluded".to_string()));
}

#[actix_web::test]
async fn an_exclusion_cannot_be_shortened_or_lifted_early_but_can_be_extended() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let first = app.post("/exclusions/create", json!({"kind": "self_exclusion", "period": "6m"}), Some(&player)).await;
    assert_eq!(first.status, 201, "{:?}", first.body);
    let shorter = app.post("/exclusions/create", json!({"kind": "timeout", "period": "30d"}), Some(&player)).await;
    assert_eq!(shorter.status, 422);
    assert!(shorter.field_errors("period")[0].starts_with("You are already taking a break until"));
    let longer = app.post("/exclusions/create", json!({"kind": "self_exclusion", "period": "5y"}), Some(&player)).await;
    assert_eq!(longer.status, 201, "{:?}", longer.body);
    assert_eq!(longer.body["data"]["starts_at"], first.body["data"]["starts_at"], "the break started earlier");
    assert!(longer.body["data"]["ends_at"].as_str() > first.body["data"]["ends_at"].as_str());

    let bad_kind = app.post("/exclusions/create", json!({"kind": "holiday", "period": "7d"}), Some(&player)).await;
    assert_eq!((bad_kind.status, bad_kind.field_errors("kind").len()), (422, 1));
    let bad_period = app.post("/exclusions/create", json!({"kind": "timeout", "period": "6m"}), Some(&player)).await;
    assert_eq!(bad_period.field_errors("period"), vec!["Choose one of: 24h, 7d, 30d"]);
}

#[actix_web::test]
async fn a_finished_time_out_lets_the_player_play_again() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;
    app.post("/exclusions/create", json!({"kind": "timeout", "period": "24h"}), Some(&player)).await;
    assert_eq!(app.start_deposit(&player, 10_000).await.status, 403);
    let mut stored = app.store.responsible.get(id).unwrap();
    let exclusion = stored.exclusion.as_mut().unwrap();
    exclusion.starts_at -= Duration::hours(25);
    exclusion.ends_at -= Duration::hours(25);
    app.store.responsible.put(id, &stored).unwrap();
    assert_eq!(app.start_deposit(&player, 10_000).await.status, 201);
    assert_eq!(
        app.get("/auth/profiles", Some(&player)).await.body["data"]["responsible_gaming"]["exclusion"],
        json!(null)
    );
}

/// Issue 28 §6, as the attack: a checkout opened at the limit, left to go stale, a second one opened in the room it
/// gave up, then both paid at the gateway (which still takes the stale one). The credited total never passes the
/// limit; the stale payment is held for a refund, visibly, not lost; its replayed webhook changes nothing.
#[actix_web::test]
async fn a_stale_checkout_paid_late_is_held_for_a_refund_not_credited_over_the_limit() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/limits/update", json!({"daily": 500_000}), Some(&player)).await;
    let stale = app.checkout(&player, 500_000).await;
    let over = app.start_deposit(&player, 10_000).await;
    assert_eq!((over.status, over.body["errorCode"].as_str()), (422, Some("DEPOSIT_LIMIT")), "{:?}", over.body);
    // An hour on (moved through the store, not waited for), the stale checkout holds nothing.
    app.store.payments.set_checkout_expiry(&stale.reference, Utc::now() - Duration::seconds(1)).unwrap();
    assert_eq!(app.get("/limits", Some(&player)).await.body["data"]["used"]["daily"], 0);
    let fresh = app.checkout(&player, 500_000).await;

    for checkout in [&stale, &fresh] {
        let page = app.checkout_page(&checkout.authorization_url).await;
        assert_eq!(app.press(&page, "pay").await.0, 303);
    }
    assert_eq!(app.balance(&player).await, 500_000, "credited up to the limit, not past it");
    let held = app.get(&format!("/deposits/{}", stale.reference), Some(&player)).await;
    assert_eq!(held.body["data"]["status"], "held", "{:?}", held.body);
    let reason = held.body["data"]["held_reason"].as_str().unwrap_or_default().to_string();
    for words in ["after its checkout had closed", "daily deposit limit of ₦5,000.00", "held for a refund"] {
        assert!(reason.contains(words), "{reason}");
    }
    let credited = app.get(&format!("/deposits/{}", fresh.reference), Some(&player)).await;
    assert_eq!(credited.body["data"]["status"], "success");
    // The back office is told (its audit log names the deposit and the player), and so is the player (by mail).
    let admin = app.admin("boss@ayolotto.ng").await;
    let flagged = app.get("/admin/activities?search=deposit.held", Some(&admin)).await;
    let rows = flagged.body["data"].as_array().cloned().unwrap_or_default();
    assert_eq!(rows.len(), 1, "{:?}", flagged.body);
    assert_eq!(rows[0]["target"], format!("deposit:{}", stale.reference));
    assert!(rows[0]["detail"].as_str().unwrap_or_default().contains("to refund"), "{:?}", rows[0]);
    let mails = app.mails_to("ada@example.com");
    assert_eq!(mails.iter().filter(|m| m.contains("Your Ayo Lotto payment is held for a refund")).count(), 1);

    // Replayed three times, and checked again by the player: nothing moves, nobody is told twice.
    let (body, secret) = (app.charge_success_body(&stale.reference), app.sandbox_secret());
    for _ in 0..3 {
        assert_eq!(app.webhook("sandbox", &body, Some(&secret)).await.status, 200);
    }
    let again = app.get(&format!("/deposits/{}", stale.reference), Some(&player)).await;
    assert_eq!((&again.body["data"]["status"], &again.body["balance"]), (&json!("held"), &json!(500_000)));
    assert_eq!(app.transactions(&player, "&type=deposit").await.len(), 1);
    let actions = app.audit_actions();
    assert_eq!(actions.iter().filter(|a| *a == "deposit.held").count(), 1);
    assert_eq!(actions.iter().filter(|a| *a == "webhook.replay").count(), 3);
    assert_eq!(app.get("/limits", Some(&player)).await.body["data"]["used"]["daily"], 500_000);
    assert_eq!(app.start_deposit(&player, 10_000).await.status, 422);
    app.assert_ledger_matches_balance(&player).await;
}

/// Twenty checkouts of one player at once against a limit that holds ten: ten open, ten are refused, and paying
/// the ten credits exactly the limit.
#[actix_web::test]
async fn checkouts_opened_at_once_never_hold_more_than_the_limit() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/limits/update", json!({"daily": 500_000}), Some(&player)).await;
    let replies = futures_util::future::join_all((0..20).map(|_| app.start_deposit(&player, 50_000))).await;
    let opened: Vec<_> = replies.iter().filter(|r| r.status == 201).collect();
    let refused = replies.iter().filter(|r| r.status == 422 && r.body["errorCode"] == "DEPOSIT_LIMIT").count();
    assert_eq!((opened.len(), refused), (10, 10));
    for reply in opened {
        let page = app.checkout_page(reply.body["data"]["authorization_url"].as_str().unwrap()).await;
        assert_eq!(app.press(&page, "pay").await.0, 303);
    }
    assert_eq!(app.balance(&player).await, 500_000);
    app.assert_ledger_matches_balance(&player).await;
}

/// Issue 32: the back office sees at a glance that a player is on a break, in the list and on the record.
#[actix_web::test]
async fn the_back_office_sees_a_players_break_in_the_list_and_on_the_record() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&player).await;
    let row = |list: &Value| list["data"].as_array().unwrap().iter().find(|u| u["id"] == id).cloned().unwrap();
    assert_eq!(row(&app.get("/admin/users", Some(&admin)).await.body)["protection"], json!(null));

    let out = app.post("/exclusions/create", json!({"kind": "self_exclusion", "period": "1y"}), Some(&player)).await;
    assert_eq!(out.status, 201, "{:?}", out.body);
    let listed = row(&app.get("/admin/users", Some(&admin)).await.body);
    assert_eq!(listed["protection"]["kind"], "self_exclusion");
    assert_eq!(listed["protection"]["ends_at"], out.body["data"]["ends_at"]);
    let record = app.get(&format!("/admin/users/{id}"), Some(&admin)).await.body;
    assert_eq!(record["data"]["protection"]["period"], "1y");
}
