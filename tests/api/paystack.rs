//! The Paystack client against a stand-in of Paystack's API on loopback: initialise, verify, resolve, transfer,
//! and what happens when Paystack errs (HTTP 500, no answer in time, a refusal).

use std::time::Duration;

use serde_json::json;

use crate::helpers::{spawn_app_with, TestApp};
use crate::paystack_stand_in::{Mode, StandIn, TransferMode, SECRET};

async fn app_on(stand_in: &StandIn, timeout: Duration) -> TestApp {
    let base = stand_in.url.clone();
    spawn_app_with(ayo::rate_limit::Limits::default(), move |s| {
        s.payments.paystack_secret_key = Some(SECRET.into());
        s.payments.paystack_base_url = base;
        s.payments.timeout = timeout;
        s.payments.public_url = Some("https://ayolotto.example".into());
    })
    .await
}

async fn paystack_app() -> (TestApp, StandIn) {
    let stand_in = StandIn::start().await;
    let app = app_on(&stand_in, Duration::from_secs(10)).await;
    (app, stand_in)
}

/// A Paystack `charge.success` event for a reference.
fn charge_success(reference: &str, amount: i64) -> String {
    json!({
        "event": "charge.success",
        "data": {
            "id": 302961, "domain": "test", "status": "success", "reference": reference, "amount": amount,
            "message": null, "gateway_response": "Successful", "paid_at": "2026-11-22T12:00:00.000Z",
            "created_at": "2026-11-22T11:59:00.000Z", "channel": "card", "currency": "NGN",
            "customer": { "id": 68324, "email": "ada@example.com", "customer_code": "CUS_xnxdt6s1zg1f4nx" },
            "authorization": { "authorization_code": "AUTH_8dfhjjdt", "last4": "4081", "bank": "TEST BANK" }
        }
    })
    .to_string()
}

#[actix_web::test]
async fn a_paystack_deposit_is_initialised_verified_and_credited_once() {
    let (app, stand_in) = paystack_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let checkout = app.checkout(&player, 500_000).await;
    assert_eq!(checkout.authorization_url, format!("https://checkout.paystack.com/ac_{}", checkout.reference));
    let (line, auth, body) = stand_in.requests_to("POST /transaction/initialize").remove(0);
    assert_eq!((line.as_str(), auth), ("POST /transaction/initialize", format!("Bearer {SECRET}")));
    assert_eq!(
        (&body["amount"], &body["currency"], &body["email"]),
        (&json!(500_000), &json!("NGN"), &json!("ada@example.com"))
    );
    assert_eq!(body["reference"], checkout.reference.as_str());
    // The player returns to the configured public origin, never to the host a request named.
    assert_eq!(body["callback_url"], "https://ayolotto.example/user/deposit");

    // Not paid yet: a webhook claiming it is does not credit (verification says abandoned).
    let event = charge_success(&checkout.reference, 500_000);
    assert_eq!(app.webhook("paystack", &event, Some(SECRET)).await.status, 200);
    assert_eq!(app.balance(&player).await, 0);

    stand_in.books().paid.insert(checkout.reference.clone(), (500_000, "NGN".into()));
    for _ in 0..2 {
        assert_eq!(app.webhook("paystack", &event, Some(SECRET)).await.status, 200);
    }
    assert_eq!(app.balance(&player).await, 500_000, "credited once");
    let verify_calls = stand_in.requests_to(&format!("GET /transaction/verify/{}", checkout.reference));
    assert_eq!(verify_calls.len(), 2, "verified server to server before crediting; the replay needs no call");

    // Signed with anything but Paystack's key, or sent to the sandbox's endpoint: refused.
    assert_eq!(app.webhook("paystack", &event, Some("sk_test_other")).await.status, 400);
    assert_eq!(app.webhook("sandbox", &event, Some(SECRET)).await.status, 400);
    let actions = app.audit_actions();
    assert_eq!(actions.iter().filter(|a| *a == "webhook.forged").count(), 2);
    assert!(actions.contains(&"webhook.replay".to_string()));
    assert!(actions.contains(&"webhook.unconfirmed".to_string()));
    let sandbox_page = app.client.get(format!("{}/api/v1/payments/sandbox/checkout/{}", app.url, checkout.reference));
    assert_eq!(sandbox_page.send().await.unwrap().status().as_u16(), 404, "no sandbox when Paystack is on");
}

#[actix_web::test]
async fn a_paystack_payment_of_another_amount_or_currency_credits_nothing() {
    let (app, stand_in) = paystack_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let checkout = app.checkout(&player, 500_000).await;
    let event = charge_success(&checkout.reference, 500_000);
    stand_in.books().paid.insert(checkout.reference.clone(), (50_000, "NGN".into()));
    assert_eq!(app.webhook("paystack", &event, Some(SECRET)).await.status, 200);
    stand_in.books().paid.insert(checkout.reference.clone(), (500_000, "GHS".into()));
    assert_eq!(app.webhook("paystack", &event, Some(SECRET)).await.status, 200);
    assert_eq!(app.balance(&player).await, 0);
    assert_eq!(app.audit_actions().iter().filter(|a| *a == "webhook.mismatch").count(), 2);

    // The player's return from checkout verifies too: paid properly now, it is credited there.
    stand_in.books().paid.insert(checkout.reference.clone(), (500_000, "NGN".into()));
    let status = app.get(&format!("/deposits/{}", checkout.reference), Some(&player)).await;
    assert_eq!(status.body["data"]["status"], "success");
    assert_eq!(app.balance(&player).await, 500_000);
}

/// Issue 28 §6 through Paystack: a checkout at the limit goes stale, another takes its room, both are paid at
/// Paystack. The fresh one's webhook credits it; the stale one, confirmed on the player's return, is held for a
/// refund and its webhook, replayed, changes nothing.
#[actix_web::test]
async fn a_paystack_payment_confirmed_after_its_checkout_expired_is_held_when_the_limit_has_no_room() {
    let (app, stand_in) = paystack_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.post("/limits/update", json!({"daily": 500_000}), Some(&player)).await;
    let stale = app.checkout(&player, 500_000).await;
    app.store.payments.set_checkout_expiry(&stale.reference, chrono::Utc::now()).unwrap();
    let fresh = app.checkout(&player, 500_000).await;
    for checkout in [&stale, &fresh] {
        stand_in.books().paid.insert(checkout.reference.clone(), (500_000, "NGN".into()));
    }
    assert_eq!(app.webhook("paystack", &charge_success(&fresh.reference, 500_000), Some(SECRET)).await.status, 200);
    let returned = app.get(&format!("/deposits/{}", stale.reference), Some(&player)).await;
    assert_eq!((&returned.body["data"]["status"], &returned.body["balance"]), (&json!("held"), &json!(500_000)));
    let event = charge_success(&stale.reference, 500_000);
    for _ in 0..2 {
        assert_eq!(app.webhook("paystack", &event, Some(SECRET)).await.status, 200);
    }
    assert_eq!(app.balance(&player).await, 500_000, "never past the limit");
    assert_eq!(app.audit_actions().iter().filter(|a| *a == "deposit.held").count(), 1);
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn when_paystack_cannot_start_a_payment_the_player_is_told_to_try_again() {
    let (app, stand_in) = paystack_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    stand_in.books().initialize_mode = Mode::ServerError;
    let reply = app.start_deposit(&player, 100_000).await;
    assert_eq!(reply.status, 503, "{:?}", reply.body);
    assert_eq!(reply.body["errorCode"], "GATEWAY_UNAVAILABLE");
    assert_eq!(reply.message(), "We could not reach the payment provider. Please try again in a moment.");
    let mine = app.get("/deposits", Some(&player)).await;
    assert_eq!(mine.body["data"][0]["status"], "failed", "the attempt is closed, not left counting against limits");
}

#[actix_web::test]
async fn account_names_come_from_paystack_and_its_failures_read_clearly() {
    let stand_in = StandIn::start().await;
    let app = app_on(&stand_in, Duration::from_millis(300)).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let body = json!({"bank_code": "058", "account_number": "0123456785"});

    let ok = app.post("/accounts/resolve", body.clone(), Some(&player)).await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    assert_eq!(ok.body["data"]["account_name"], "ADAEZE NKECHI OBI");
    let (line, _, _) = stand_in.requests_to("GET /bank/resolve").remove(0);
    assert_eq!(line, "GET /bank/resolve?account_number=0123456785&bank_code=058");

    let unknown =
        app.post("/accounts/resolve", json!({"bank_code": "058", "account_number": "1000049999"}), Some(&player)).await;
    assert_eq!((unknown.status, unknown.body["errorCode"].as_str()), (422, Some("ACCOUNT_NOT_FOUND")));

    stand_in.books().resolve_mode = Mode::ServerError;
    let broken = app.post("/accounts/resolve", body.clone(), Some(&player)).await;
    assert_eq!((broken.status, broken.body["errorCode"].as_str()), (503, Some("GATEWAY_UNAVAILABLE")));
    assert_eq!(broken.message(), "We could not reach the bank to check this account. Please try again in a moment.");

    stand_in.books().resolve_mode = Mode::Slow;
    let slow = app.post("/accounts/create", body, Some(&player)).await;
    assert_eq!((slow.status, slow.body["errorCode"].as_str()), (503, Some("GATEWAY_UNAVAILABLE")));
    assert_eq!(app.get("/accounts", Some(&player)).await.body["data"], json!(null), "nothing saved");
}

#[actix_web::test]
async fn the_resolved_name_is_compared_with_the_players_before_saving_and_a_mismatch_says_both_names() {
    let (app, stand_in) = paystack_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    stand_in.books().account_names.insert("0123456785".into(), "OBI ADA".into());
    stand_in.books().account_names.insert("0690123456".into(), "TUNDE OLADIPO".into());

    let own =
        app.post("/accounts/resolve", json!({"bank_code": "058", "account_number": "0123456785"}), Some(&player)).await;
    assert_eq!(own.status, 200, "{:?}", own.body);
    let check = &own.body["data"]["name_check"];
    assert_eq!((check["verdict"].as_str(), check["review_needed"].as_bool()), (Some("match"), Some(false)));
    assert_eq!(
        (check["compared_with"].as_str(), check["compared_with_kind"].as_str()),
        (Some("Ada Obi"), Some("registered"))
    );

    // Someone else's account: both names, and what saving it means, before anything is saved.
    let other =
        app.post("/accounts/resolve", json!({"bank_code": "044", "account_number": "0690123456"}), Some(&player)).await;
    let check = &other.body["data"]["name_check"];
    assert_eq!((check["verdict"].as_str(), check["review_needed"].as_bool()), (Some("mismatch"), Some(true)));
    let message = check["message"].as_str().unwrap_or_default();
    assert!(message.contains("TUNDE OLADIPO") && message.contains("Ada Obi"), "{message}");
    assert!(message.contains("before your next withdrawal"), "{message}");
    assert_eq!(app.get("/accounts", Some(&player)).await.body["data"], json!(null), "a look-up saves nothing");

    // A bank that holds a longer form of the name (Adaeze for Ada, and a middle name) is unsure: a person checks it.
    let unsure =
        app.post("/accounts/resolve", json!({"bank_code": "011", "account_number": "0000014579"}), Some(&player)).await;
    assert_eq!(unsure.body["data"]["account_name"], "ADAEZE NKECHI OBI");
    assert_eq!(unsure.body["data"]["name_check"]["review_needed"], true);
}

async fn paystack_withdrawal(app: &TestApp, stand_in: &StandIn, amount: i64) -> (String, String, u64) {
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    // Funded by another admin: whoever adjusts a wallet may not approve that player's withdrawals.
    let funder = app.admin("funder@ayolotto.ng").await;
    app.fund(&funder, &player, 500_000).await;
    assert_eq!(app.save_account(&player, ("058", "0123456785")).await.status, 201);
    app.pass_kyc(&player).await;
    let id = app.withdraw(&player, amount, "w1").await.body["data"]["id"].as_u64().unwrap();
    assert!(stand_in.requests_to("POST /transfer").is_empty(), "nothing is sent before an approval");
    (player, admin, id)
}

#[actix_web::test]
async fn an_approved_withdrawal_goes_out_as_a_paystack_transfer_to_a_recipient() {
    let (app, stand_in) = paystack_app().await;
    let (player, admin, id) = paystack_withdrawal(&app, &stand_in, 200_000).await;
    let approved = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    assert_eq!(approved.body["data"]["status"], "success");

    let (_, _, recipient) = stand_in.requests_to("POST /transferrecipient").remove(0);
    assert_eq!(
        recipient,
        json!({"type": "nuban", "name": "ADAEZE NKECHI OBI", "account_number": "0123456785", "bank_code": "058",
               "currency": "NGN"})
    );
    let (_, _, transfer) =
        stand_in.requests_to("POST /transfer").into_iter().find(|r| r.0 == "POST /transfer").unwrap();
    assert_eq!(
        (&transfer["source"], &transfer["amount"], &transfer["recipient"]),
        (&json!("balance"), &json!(200_000), &json!("RCP_0123456785"))
    );
    assert_eq!(transfer["reference"], format!("ayo-withdrawal-{id:010}"));
    assert_eq!(app.balance(&player).await, 300_000);
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn a_transfer_paystack_refuses_returns_the_money() {
    let (app, stand_in) = paystack_app().await;
    let (player, admin, id) = paystack_withdrawal(&app, &stand_in, 200_000).await;
    stand_in.books().transfer_mode = TransferMode::Refused;
    let approved = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(approved.body["data"]["status"], "failed");
    assert_eq!(approved.body["data"]["reason"], "Your balance is not enough to fulfil this request");
    assert_eq!(app.balance(&player).await, 500_000);
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn a_transfer_answered_with_http_500_keeps_the_money_held_until_rechecked() {
    let (app, stand_in) = paystack_app().await;
    let (player, admin, id) = paystack_withdrawal(&app, &stand_in, 200_000).await;
    let approve = format!("/admin/withdrawals/{id}/approve");

    // The transfer went out but Paystack answered 500: we cannot know, so nothing is returned.
    stand_in.books().transfer_mode = TransferMode::ServerErrorAfterSending;
    let unsure = app.post(&approve, json!({}), Some(&admin)).await;
    assert_eq!(unsure.status, 200, "{:?}", unsure.body);
    assert_eq!(unsure.body["data"]["status"], "processing");
    assert!(unsure.message().contains("HTTP 500"), "{}", unsure.message());
    assert_eq!(app.balance(&player).await, 300_000, "still held: never both paid and returned");
    let reject =
        app.post(&format!("/admin/withdrawals/{id}/reject"), json!({"reason": "Changed my mind"}), Some(&admin)).await;
    assert_eq!(reject.status, 422, "a transfer that may be out cannot be rejected");

    // Approving again checks the transfer by its reference instead of sending it twice.
    let checked = app.post(&approve, json!({}), Some(&admin)).await;
    assert_eq!(checked.body["data"]["status"], "success", "{:?}", checked.body);
    let transfers = stand_in.requests_to("POST /transfer").into_iter().filter(|r| r.0 == "POST /transfer").count();
    assert_eq!(transfers, 1, "sent once");
    assert_eq!(stand_in.requests_to("GET /transfer/verify/").len(), 1);
    assert_eq!(app.balance(&player).await, 300_000);
    assert!(app.audit_actions().contains(&"withdrawal.transfer_unconfirmed".to_string()));
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn a_transfer_that_never_reached_paystack_is_sent_when_approved_again() {
    let (app, stand_in) = paystack_app().await;
    let (player, admin, id) = paystack_withdrawal(&app, &stand_in, 200_000).await;
    let approve = format!("/admin/withdrawals/{id}/approve");
    stand_in.books().transfer_mode = TransferMode::ServerError;
    assert_eq!(app.post(&approve, json!({}), Some(&admin)).await.body["data"]["status"], "processing");
    stand_in.books().transfer_mode = TransferMode::Success;
    let retried = app.post(&approve, json!({}), Some(&admin)).await;
    assert_eq!(retried.body["data"]["status"], "success", "{:?}", retried.body);
    let sent = stand_in.requests_to("POST /transfer");
    let references: Vec<_> =
        sent.iter().filter(|r| r.0 == "POST /transfer").map(|r| r.2["reference"].clone()).collect();
    assert_eq!(references.len(), 2, "two attempts");
    assert_eq!(references[0], references[1], "the retry reuses the reference, so Paystack cannot pay twice");
    assert_eq!(app.balance(&player).await, 300_000);
}

#[actix_web::test]
async fn a_pending_paystack_transfer_completes_on_its_signed_webhook_and_a_reversal_returns_the_money() {
    let (app, stand_in) = paystack_app().await;
    let (player, admin, id) = paystack_withdrawal(&app, &stand_in, 200_000).await;
    stand_in.books().transfer_mode = TransferMode::Pending;
    let approved = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(approved.body["data"]["status"], "processing");
    let reference = format!("ayo-withdrawal-{id:010}");

    // A transfer.success that Paystack's books do not back yet changes nothing.
    let success = json!({"event": "transfer.success", "data": {"reference": reference, "amount": 200_000,
        "status": "success", "currency": "NGN"}})
    .to_string();
    assert_eq!(app.webhook("paystack", &success, Some(SECRET)).await.status, 200);
    assert_eq!(app.store.payments.withdrawal(id).unwrap().unwrap().status.as_str(), "processing");

    stand_in.books().transfers.insert(reference.clone(), ("success".into(), 200_000));
    assert_eq!(app.webhook("paystack", &success, Some(SECRET)).await.status, 200);
    assert_eq!(app.store.payments.withdrawal(id).unwrap().unwrap().status.as_str(), "success");
    assert_eq!(app.balance(&player).await, 300_000);

    stand_in.books().transfers.insert(reference.clone(), ("reversed".into(), 200_000));
    let reversed =
        json!({"event": "transfer.reversed", "data": {"reference": reference, "amount": 200_000}}).to_string();
    for _ in 0..2 {
        assert_eq!(app.webhook("paystack", &reversed, Some(SECRET)).await.status, 200);
    }
    assert_eq!(app.store.payments.withdrawal(id).unwrap().unwrap().status.as_str(), "reversed");
    assert_eq!(app.balance(&player).await, 500_000, "returned once");
    let row = &app.transactions(&player, "&type=withdrawal").await[0];
    assert_eq!(row["status"], "reversed");
    app.assert_ledger_matches_balance(&player).await;
}
