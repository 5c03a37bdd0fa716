//! Deposits through the built-in sandbox gateway: bounds, the checkout page, signed webhooks and their forgeries.

use serde_json::json;

use ayo_data::seam::ChargeEnd;

use crate::helpers::{spawn_app, spawn_app_with, TestApp};

#[actix_web::test]
async fn a_deposit_must_be_between_one_hundred_and_one_million_naira() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for (amount, accepted) in [(9_999, false), (10_000, true), (100_000_000, true), (100_000_001, false)] {
        let reply = app.start_deposit(&player, amount).await;
        if accepted {
            assert_eq!(reply.status, 201, "{amount}: {:?}", reply.body);
            assert_eq!(reply.body["data"]["status"], "pending");
            assert_eq!(reply.body["data"]["amount"], amount);
        } else {
            assert_eq!(reply.status, 422, "{amount}: {:?}", reply.body);
            assert_eq!(reply.field_errors("amount"), vec!["Deposit between ₦100.00 and ₦1,000,000.00"]);
        }
    }
    let missing = app.post("/deposits/create", json!({}), Some(&player)).await;
    assert_eq!((missing.status, missing.field_errors("amount").len()), (422, 1));
    let wrong_type = app.post("/deposits/create", json!({"amount": "5000"}), Some(&player)).await;
    assert_eq!((wrong_type.status, wrong_type.field_errors("amount").len()), (422, 1));
    let guest = app.post("/deposits/create", json!({"amount": 10_000}), None).await;
    assert_eq!((guest.status, guest.body["errorCode"].as_str()), (401, Some("N403")));
    assert_eq!(app.balance(&player).await, 0, "nothing is credited before a payment");
}

#[actix_web::test]
async fn a_sandbox_deposit_is_paid_on_the_checkout_page_and_credited_once_by_the_webhook() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let checkout = app.checkout(&player, 500_000).await;
    assert!(checkout.authorization_url.starts_with(&format!("{}/api/v1/payments/sandbox/checkout/", app.url)));

    let page = app.checkout_page(&checkout.authorization_url).await;
    assert!(page.html.contains("<html lang=\"en\">"));
    assert!(page.html.contains("name=\"viewport\""));
    assert!(page.html.contains("Pay ₦5,000.00"), "{}", page.html);
    assert!(page.html.contains("ada@example.com"));
    assert_eq!(page.choices, ["pay", "cancel", "fail"]);

    let (status, location) = app.press(&page, "pay").await;
    assert_eq!(status, 303);
    let reference = &checkout.reference;
    assert_eq!(location, format!("{}/user/deposit?trxref={reference}&reference={reference}", app.url));

    // The webhook arrived (over HTTP, signed) before the redirect: the balance is already there.
    assert_eq!(app.balance(&player).await, 500_000);
    let status = app.get(&format!("/deposits/{reference}"), Some(&player)).await;
    assert_eq!(status.status, 200, "{:?}", status.body);
    assert_eq!((&status.body["data"]["status"], &status.body["balance"]), (&json!("success"), &json!(500_000)));

    let deposits = app.transactions(&player, "&type=deposit").await;
    assert_eq!(deposits.len(), 1);
    assert_eq!(
        (&deposits[0]["amount"], &deposits[0]["status"], &deposits[0]["reference"], &deposits[0]["balance_after"]),
        (&json!(500_000), &json!("success"), &json!(reference), &json!(500_000))
    );

    // Paying again on the same page changes nothing.
    let (again, _) = app.press(&page, "pay").await;
    assert_eq!(again, 303);
    assert_eq!(app.balance(&player).await, 500_000);
    let finished = app.checkout_page(&checkout.authorization_url).await;
    assert!(finished.html.contains("This payment is complete"));
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn a_replayed_webhook_credits_nothing_and_is_audited() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let reference = app.deposit_paid(&player, 250_000).await;
    let body = app.charge_success_body(&reference);
    let secret = app.sandbox_secret();
    for _ in 0..2 {
        let reply = app.webhook("sandbox", &body, Some(&secret)).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
    }
    assert_eq!(app.balance(&player).await, 250_000);
    assert_eq!(app.transactions(&player, "&type=deposit").await.len(), 1);
    let replays = app.audit_actions().iter().filter(|a| *a == "webhook.replay").count();
    assert_eq!(replays, 2);
}

#[actix_web::test]
async fn two_webhooks_at_once_for_one_payment_credit_it_once() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let checkout = app.checkout(&player, 300_000).await;
    // Paid at the gateway, but its own webhook not sent: mark it paid on the sandbox's books directly.
    app.store.sandbox.complete_charge(&checkout.reference, paid_now()).unwrap();
    let body = app.charge_success_body(&checkout.reference);
    let secret = app.sandbox_secret();
    let status_path = format!("/deposits/{}", checkout.reference);
    let (a, b, c) = tokio::join!(
        app.webhook("sandbox", &body, Some(&secret)),
        app.webhook("sandbox", &body, Some(&secret)),
        app.get(&status_path, Some(&player)),
    );
    assert_eq!((a.status, b.status, c.status), (200, 200, 200));
    assert_eq!(app.balance(&player).await, 300_000);
    assert_eq!(app.transactions(&player, "").await.len(), 1);
    app.assert_ledger_matches_balance(&player).await;
}

#[actix_web::test]
async fn a_webhook_with_a_forged_or_missing_signature_credits_nothing_and_is_audited() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let checkout = app.checkout(&player, 500_000).await;
    app.store.sandbox.complete_charge(&checkout.reference, paid_now()).unwrap();
    let body = app.charge_success_body(&checkout.reference);

    let forged = app.webhook("sandbox", &body, Some("sk_sandbox_guessed")).await;
    assert_eq!(forged.status, 400);
    assert_eq!(forged.message(), "Invalid signature", "no detail leaks");
    let unsigned = app.webhook("sandbox", &body, None).await;
    assert_eq!(unsigned.status, 400);
    // The right key, but for a gateway that is not in use.
    let elsewhere = app.webhook("paystack", &body, Some(&app.sandbox_secret())).await;
    assert_eq!(elsewhere.status, 400);
    // A body changed after signing.
    let secret = app.sandbox_secret();
    let signature = ayo::payments::protocol::sign(secret.as_bytes(), body.as_bytes());
    let tampered = body.replace("500000", "5000000");
    let resp = app
        .client
        .post(format!("{}/api/v1/payments/sandbox/webhook", app.url))
        .header("x-paystack-signature", signature)
        .body(tampered)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 400);

    let actions = app.audit_actions();
    assert_eq!(actions.iter().filter(|a| *a == "webhook.forged").count(), 4, "{actions:?}");
    let audit = app.store.activities.newest_first().collect::<Result<Vec<_>, _>>().unwrap();
    let forgeries: Vec<_> = audit.iter().filter(|a| a.action == "webhook.forged").collect();
    assert!(
        forgeries.iter().all(|a| a.ip.is_some() && a.actor_id.is_none()),
        "each forgery records where it came from"
    );
    assert_eq!(app.balance(&player).await, 0);
    let status = app.get(&format!("/deposits/{}", checkout.reference), Some(&player)).await;
    assert_eq!(status.body["data"]["status"], "success", "the real payment still credits on the player's return");
    assert_eq!(app.balance(&player).await, 500_000);
}

#[actix_web::test]
async fn a_signed_webhook_whose_amount_or_currency_does_not_match_credits_nothing() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let secret = app.sandbox_secret();

    // The event itself claims another amount, or another currency.
    let checkout = app.checkout(&player, 500_000).await;
    let mut event: serde_json::Value = serde_json::from_str(&app.charge_success_body(&checkout.reference)).unwrap();
    event["data"]["amount"] = json!(5_000_000);
    assert_eq!(app.webhook("sandbox", &event.to_string(), Some(&secret)).await.status, 200);
    event["data"]["amount"] = json!(500_000);
    event["data"]["currency"] = json!("USD");
    assert_eq!(app.webhook("sandbox", &event.to_string(), Some(&secret)).await.status, 200);

    // The gateway's own books disagree with the deposit (it was paid 50 naira, not 5,000).
    let mut charge = app.store.sandbox.charge(&checkout.reference).unwrap().unwrap();
    charge.amount = 5_000;
    charge.status = "success".into();
    app.store.sandbox.put_charge(&charge).unwrap();
    let mut event: serde_json::Value = serde_json::from_str(&app.charge_success_body(&checkout.reference)).unwrap();
    event["data"]["amount"] = json!(500_000);
    assert_eq!(app.webhook("sandbox", &event.to_string(), Some(&secret)).await.status, 200);

    // Or in another currency.
    charge.amount = 500_000;
    charge.currency = "USD".into();
    app.store.sandbox.put_charge(&charge).unwrap();
    event["data"]["currency"] = json!("NGN");
    assert_eq!(app.webhook("sandbox", &event.to_string(), Some(&secret)).await.status, 200);

    assert_eq!(app.balance(&player).await, 0);
    assert!(app.transactions(&player, "").await.is_empty());
    let mismatches = app.audit_actions().iter().filter(|a| *a == "webhook.mismatch").count();
    assert_eq!(mismatches, 4);
    let status = app.get(&format!("/deposits/{}", checkout.reference), Some(&player)).await;
    assert_eq!(status.body["data"]["status"], "pending", "a mismatch is left for a person to look at");
    assert_eq!(app.balance(&player).await, 0);
}

#[actix_web::test]
async fn a_signed_webhook_for_an_unknown_reference_or_an_unpaid_charge_credits_nothing() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let secret = app.sandbox_secret();
    let unknown = json!({"event": "charge.success", "data": {"reference": "AYO-999-000000000000", "amount": 500_000,
        "currency": "NGN", "status": "success"}});
    let reply = app.webhook("sandbox", &unknown.to_string(), Some(&secret)).await;
    assert_eq!(reply.status, 200, "acknowledged so the gateway stops retrying");

    // A real deposit, never paid: the gateway does not confirm it.
    let checkout = app.checkout(&player, 500_000).await;
    let unpaid = app.charge_success_body(&checkout.reference);
    assert_eq!(app.webhook("sandbox", &unpaid, Some(&secret)).await.status, 200);

    let actions = app.audit_actions();
    assert!(actions.contains(&"webhook.unknown_reference".to_string()), "{actions:?}");
    assert!(actions.contains(&"webhook.unconfirmed".to_string()), "{actions:?}");
    assert_eq!(app.balance(&player).await, 0);
    // Events we do not handle are acknowledged and ignored.
    let other = json!({"event": "subscription.create", "data": {}}).to_string();
    assert_eq!(app.webhook("sandbox", &other, Some(&secret)).await.status, 200);
}

#[actix_web::test]
async fn a_failed_or_cancelled_checkout_marks_the_deposit_failed_without_money() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    for choice in ["fail", "cancel"] {
        let checkout = app.checkout(&player, 100_000).await;
        let page = app.checkout_page(&checkout.authorization_url).await;
        let (status, location) = app.press(&page, choice).await;
        assert_eq!(status, 303);
        assert!(location.ends_with(&format!("reference={}", checkout.reference)));
        let reply = app.get(&format!("/deposits/{}", checkout.reference), Some(&player)).await;
        assert_eq!(reply.body["data"]["status"], "failed", "{choice}");
        assert!(reply.body["data"]["failure_reason"].as_str().is_some());
    }
    assert_eq!(app.balance(&player).await, 0);
    let mine = app.get("/deposits", Some(&player)).await;
    assert_eq!(mine.body["meta"]["total"], 2);
}

#[actix_web::test]
async fn a_player_sees_only_their_own_deposits_and_bad_checkout_links_are_refused() {
    let app = spawn_app().await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bola = app.verified_player("bola@example.com", "+2348022222222").await;
    let checkout = app.checkout(&ada, 100_000).await;
    assert_eq!(app.get(&format!("/deposits/{}", checkout.reference), Some(&bola)).await.status, 404);
    let bad =
        app.client.get(format!("{}/api/v1/payments/sandbox/checkout/%3Cscript%3E", app.url)).send().await.unwrap();
    assert_eq!(bad.status().as_u16(), 400);
    let unknown = app
        .client
        .get(format!("{}/api/v1/payments/sandbox/checkout/AYO-1-FFFFFFFFFFFF", app.url))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status().as_u16(), 404);
}

#[actix_web::test]
async fn an_admin_cannot_deposit() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let reply = app.start_deposit(&admin, 10_000).await;
    assert_eq!((reply.status, reply.body["errorCode"].as_str()), (403, Some("FORBIDDEN")));
}

#[actix_web::test]
async fn a_flood_of_forged_webhooks_is_refused_without_flooding_the_audit_log() {
    let app = spawn_app().await;
    let body = json!({"event": "charge.success", "data": {"reference": "AYO-1-000000000000"}}).to_string();
    for _ in 0..35 {
        assert_eq!(app.webhook("sandbox", &body, Some("sk_guess")).await.status, 400);
    }
    // The audit log keeps 20 a minute from one source (see `audit`).
    assert_eq!(app.audit_actions().iter().filter(|a| *a == "webhook.forged").count(), 20);
}

#[actix_web::test]
async fn an_abandoned_checkout_reads_expired_and_a_payment_that_arrives_late_is_still_credited_once() {
    // Checkouts close after a second here (`AYO_CHECKOUT_TTL_SECS`) instead of an hour.
    let app = spawn_app_with(ayo::rate_limit::Limits::default(), |s| {
        s.payments.checkout_ttl = chrono::Duration::seconds(1);
    })
    .await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let by_webhook = app.checkout(&player, 200_000).await;
    let by_return = app.checkout(&player, 300_000).await;
    wait_until_closed(&app, &player, &by_return.reference).await;

    for reference in [&by_webhook.reference, &by_return.reference] {
        let one = app.get(&format!("/deposits/{reference}"), Some(&player)).await;
        assert_eq!((one.status, &one.body["data"]["status"]), (200, &json!("expired")), "{:?}", one.body);
    }
    let mine = app.get("/deposits", Some(&player)).await;
    let statuses: Vec<_> = mine.body["data"].as_array().unwrap().iter().map(|d| d["status"].clone()).collect();
    assert_eq!(statuses, [json!("expired"), json!("expired")]);
    assert_eq!(app.balance(&player).await, 0);

    // The player pays on the old checkout page anyway: the gateway's webhook credits it.
    let page = app.checkout_page(&by_webhook.authorization_url).await;
    assert_eq!(app.press(&page, "pay").await.0, 303);
    assert_eq!(app.balance(&player).await, 200_000);
    // The other was paid but its webhook was lost: the player's return verifies it with the gateway and credits it.
    app.store.sandbox.complete_charge(&by_return.reference, paid_now()).unwrap();
    let back = app.get(&format!("/deposits/{}", by_return.reference), Some(&player)).await;
    assert_eq!((&back.body["data"]["status"], &back.body["balance"]), (&json!("success"), &json!(500_000)));

    // Replays of either confirmation change nothing.
    let secret = app.sandbox_secret();
    for reference in [&by_webhook.reference, &by_return.reference] {
        let body = app.charge_success_body(reference);
        for _ in 0..2 {
            assert_eq!(app.webhook("sandbox", &body, Some(&secret)).await.status, 200);
        }
        let again = app.get(&format!("/deposits/{reference}"), Some(&player)).await;
        assert_eq!(again.body["data"]["status"], "success");
    }
    assert_eq!(app.balance(&player).await, 500_000);
    assert_eq!(app.transactions(&player, "&type=deposit").await.len(), 2, "one ledger entry each");
    app.assert_ledger_matches_balance(&player).await;
}

/// Waits (a second or so) until the server's `expires_at` of a deposit has passed.
async fn wait_until_closed(app: &TestApp, player: &str, reference: &str) {
    let reply = app.get(&format!("/deposits/{reference}"), Some(player)).await;
    let closes = reply.body["data"]["expires_at"].as_str().expect("expires_at");
    let closes = chrono::DateTime::parse_from_rfc3339(closes).expect("an RFC 3339 time");
    let left = (closes.with_timezone(&chrono::Utc) - chrono::Utc::now()).to_std().unwrap_or_default();
    tokio::time::sleep(left + std::time::Duration::from_millis(50)).await;
}

/// A checkout paid at the gateway now, as the sandbox bank approves it.
fn paid_now() -> ChargeEnd<'static> {
    ChargeEnd { status: "success", gateway_response: "Approved", at: chrono::Utc::now() }
}
