//! Controls on moving money that a stolen session or a single rogue admin would try to get past: changing the payout
//! account, replaying an adjustment, adjusting a large sum alone, adjusting then approving one's own payout.

use serde_json::json;

use crate::helpers::{spawn_app, spawn_app_with, TestApp, PASSWORD};

const GTBANK: (&str, &str) = ("058", "0123456785");
const ACCESS: (&str, &str) = ("044", "0690123456");

async fn player_id(app: &TestApp, token: &str) -> u64 {
    app.get("/auth/profiles", Some(token)).await.body["data"]["id"].as_u64().unwrap()
}

#[actix_web::test]
async fn replacing_the_payout_account_needs_the_password_mails_the_player_and_holds_withdrawals_a_day() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let first = app.get("/accounts", Some(&player)).await;
    assert_eq!(first.body["data"]["withdrawals_held_until"], json!(null), "a first account is not held");

    // The field is `current_password`, as on change-password; a wrong or missing one is a 422 naming it.
    let body =
        |password: &str| json!({"bank_code": ACCESS.0, "account_number": ACCESS.1, "current_password": password});
    let without =
        app.post("/accounts/create", json!({"bank_code": ACCESS.0, "account_number": ACCESS.1}), Some(&player)).await;
    assert_eq!(without.status, 422);
    assert!(!without.field_errors("current_password").is_empty(), "{:?}", without.body);
    let wrong = app.post("/accounts/create", body("not-my-password"), Some(&player)).await;
    assert_eq!(wrong.status, 422);
    assert!(!wrong.field_errors("current_password").is_empty(), "{:?}", wrong.body);
    assert_eq!(app.get("/accounts", Some(&player)).await.body["data"]["bank_code"], GTBANK.0, "nothing changed");

    // Its older name, `password`, is still read (clients written before the rename keep working).
    let older = json!({"bank_code": ACCESS.0, "account_number": ACCESS.1, "password": PASSWORD});
    let replaced = app.post("/accounts/create", older, Some(&player)).await;
    assert_eq!(replaced.status, 200, "{:?}", replaced.body);
    let held = replaced.body["data"]["withdrawals_held_until"].as_str().expect("a hold");
    let held = chrono::DateTime::parse_from_rfc3339(held).unwrap();
    let hours = (held.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_minutes() as f64 / 60.0;
    assert!((23.9..=24.0).contains(&hours), "held for a day: {hours} h");
    let mails = app.mails_to("ada@example.com");
    let notice = mails.iter().rev().find(|m| m.contains("bank account was changed")).expect("the player is told");
    assert!(notice.contains("account ending 3456") && notice.contains("paused until"), "{notice}");

    // The new account's name is checked against the NIN again (here an admin confirms it); then the hold applies.
    app.pass_kyc(&player).await;
    let refused = app.withdraw(&player, 100_000, "w-after-change").await;
    assert_eq!(refused.status, 422, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "BANK_ACCOUNT_HOLD");
    assert_eq!(app.balance(&player).await, 500_000, "nothing was held");
    assert!(app.audit_actions().iter().any(|a| a == "bank_account.password_failed"));
}

#[actix_web::test]
async fn a_requested_withdrawal_has_no_player_cancel() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let asked = app.withdraw(&player, 100_000, "w-1").await;
    assert_eq!(asked.status, 201, "{:?}", asked.body);
    let id = asked.body["data"]["id"].as_u64().unwrap();
    for path in [format!("/withdrawals/{id}/cancel"), format!("/withdrawals/{id}/reverse")] {
        assert_eq!(app.post(&path, json!({}), Some(&player)).await.status, 404, "{path}");
    }
    assert_eq!(app.balance(&player).await, 400_000, "the amount stays held for the payout");
}

#[actix_web::test]
async fn an_adjustment_replayed_with_its_key_moves_money_once() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = player_id(&app, &ada).await;
    let body = json!({"amount": 25_000, "reason": "goodwill credit", "idempotency_key": "adj-1"});
    let first = app.post(&format!("/admin/users/{id}/adjust"), body.clone(), Some(&admin)).await;
    let again = app.post(&format!("/admin/users/{id}/adjust"), body, Some(&admin)).await;
    assert_eq!((first.status, again.status), (200, 200), "{:?}", again.body);
    assert_eq!(again.body["data"]["replayed"], true);
    assert_eq!(again.body["data"]["transaction"]["id"], first.body["data"]["transaction"]["id"]);
    assert_eq!(app.balance(&ada).await, 25_000);
    assert_eq!(app.store.books.entries_of_user(id).unwrap().len(), 1);
    let no_key = app
        .post(&format!("/admin/users/{id}/adjust"), json!({"amount": 1, "reason": "no key here"}), Some(&admin))
        .await;
    assert_eq!(no_key.status, 422);
    assert!(!no_key.field_errors("idempotency_key").is_empty());
}

#[actix_web::test]
async fn a_large_adjustment_waits_for_a_second_admin_and_its_admins_cannot_approve_that_players_payout() {
    let app = spawn_app_with(Default::default(), |s| s.adjust_approval_above = 100_000).await;
    let (alice, bob) = (app.admin("alice@ayolotto.ng").await, app.admin("bob@ayolotto.ng").await);
    let carol = app.admin("carol@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = player_id(&app, &ada).await;
    let body = json!({"amount": 500_000, "reason": "prize paid by hand", "idempotency_key": "big-1"});
    let filed = app.post(&format!("/admin/users/{id}/adjust"), body.clone(), Some(&alice)).await;
    assert_eq!(filed.status, 202, "{:?}", filed.body);
    let approval = filed.body["data"]["approval_id"].as_u64().expect("approval_id");
    assert_eq!(app.balance(&ada).await, 0, "nothing moves before approval");
    let refiled = app.post(&format!("/admin/users/{id}/adjust"), body, Some(&alice)).await;
    assert_eq!(refiled.body["data"]["approval_id"], approval, "a replay answers the same request");

    let own = app.post(&format!("/admin/adjustments/{approval}/approve"), json!({}), Some(&alice)).await;
    assert_eq!(own.status, 422);
    assert_eq!(own.body["errorCode"], "FOUR_EYES");
    let approved = app.post(&format!("/admin/adjustments/{approval}/approve"), json!({}), Some(&bob)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    assert_eq!(app.balance(&ada).await, 500_000);
    let twice = app.post(&format!("/admin/adjustments/{approval}/approve"), json!({}), Some(&carol)).await;
    assert_eq!(twice.status, 422, "decided once");
    assert_eq!(app.balance(&ada).await, 500_000);

    let saved = app.save_account(&ada, GTBANK).await;
    assert_eq!(saved.status, 201);
    app.pass_kyc(&ada).await;
    let asked = app.withdraw(&ada, 200_000, "w-1").await;
    let withdrawal = asked.body["data"]["id"].as_u64().unwrap();
    for admin in [&alice, &bob] {
        let refused = app.post(&format!("/admin/withdrawals/{withdrawal}/approve"), json!({}), Some(admin)).await;
        assert_eq!(refused.status, 422, "{:?}", refused.body);
        assert_eq!(refused.body["errorCode"], "FOUR_EYES");
    }
    let paid = app.post(&format!("/admin/withdrawals/{withdrawal}/approve"), json!({}), Some(&carol)).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    let actions = app.audit_actions();
    assert!(actions.iter().any(|a| a == "wallet.adjustment_requested"));
    assert!(actions.iter().any(|a| a == "wallet.adjustment_approved"));
}
