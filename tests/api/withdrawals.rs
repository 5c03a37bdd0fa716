//! Withdrawals: held at once, approved (the sandbox transfer is sent) or rejected by an admin, money returned
//! exactly once on rejection or transfer failure, every change pushed live and audited.

use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use crate::helpers::spawn_app;
use crate::money_helpers::{GTBANK, GTBANK_FAILING};
use crate::ws::{next, open};

#[actix_web::test]
async fn a_withdrawal_is_held_at_once_and_refused_below_the_minimum_or_above_the_balance() {
    let app = spawn_app().await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    app.fund(&admin, &player, 500_000).await;
    app.pass_kyc(&player).await;

    let no_account = app.withdraw(&player, 100_000, "w0").await;
    assert_eq!((no_account.status, no_account.body["errorCode"].as_str()), (422, Some("NO_BANK_ACCOUNT")));
    assert_eq!(app.save_account(&player, GTBANK).await.status, 201);
    // The account's name (the sandbox's TUNDE OLADIPO) is not the player's: an admin confirms it.
    app.pass_kyc(&player).await;

    let small = app.withdraw(&player, 99_999, "w1").await;
    assert_eq!(small.field_errors("amount"), vec!["The minimum withdrawal is ₦1,000.00"]);
    let too_much = app.withdraw(&player, 500_001, "w2").await;
    assert_eq!((too_much.status, too_much.body["errorCode"].as_str()), (422, Some("INSUFFICIENT_FUNDS")));
    let no_key = app.withdraw(&player, 100_000, "").await;
    assert_eq!(no_key.field_errors("idempotency_key").len(), 1);

    let held = app.withdraw(&player, 200_000, "w3").await;
    assert_eq!(held.status, 201, "{:?}", held.body);
    assert_eq!(held.body["balance"], 300_000);
    assert_eq!(held.body["data"]["status"], "pending");
    assert_eq!(held.body["data"]["account_number"], "0123456785");
    assert_eq!(held.body["transaction"]["status"], "pending");
    assert_eq!(held.body["transaction"]["amount"], -200_000);
    assert_eq!(app.balance(&player).await, 300_000);

    let replay = app.withdraw(&player, 200_000, "w3").await;
    assert_eq!(replay.status, 200, "the same key returns the first withdrawal");
    assert_eq!(replay.body["data"]["id"], held.body["data"]["id"]);
    assert_eq!(app.balance(&player).await, 300_000);

    let all = app.withdraw(&player, 300_000, "w4").await;
    assert_eq!(all.status, 201, "the whole balance may be withdrawn");
    assert_eq!(app.balance(&player).await, 0);
    app.assert_ledger_matches_balance(&player).await;
    assert_eq!(app.get("/withdrawals", Some(&player)).await.body["meta"]["total"], 2);
}

#[actix_web::test]
async fn an_approved_withdrawal_is_paid_by_the_gateway_and_its_transaction_succeeds() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.withdraw(&player, 200_000, "w1").await.body["data"]["id"].as_u64().unwrap();

    let approved = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    assert_eq!(approved.body["data"]["status"], "success");
    assert_eq!(approved.body["transaction"]["status"], "success");
    assert_eq!(approved.body["balance"], 300_000);
    let transfer = app.store.sandbox.transfer(approved.body["data"]["transfer_reference"].as_str().unwrap()).unwrap();
    let transfer = transfer.expect("the gateway got the transfer");
    assert_eq!(
        (transfer.amount, transfer.account_number.as_str(), transfer.status.as_str()),
        (200_000, "0123456785", "success")
    );

    // Approving again, or rejecting now, changes nothing.
    let again = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!((again.status, again.message()), (200, "This withdrawal was already paid"));
    let reject =
        app.post(&format!("/admin/withdrawals/{id}/reject"), json!({"reason": "Too late now"}), Some(&admin)).await;
    assert_eq!((reject.status, reject.body["errorCode"].as_str()), (422, Some("WITHDRAWAL_DECIDED")));
    assert_eq!(app.balance(&player).await, 300_000);

    let rows = app.transactions(&player, "&type=withdrawal").await;
    assert_eq!(rows.len(), 1);
    assert_eq!(
        (&rows[0]["status"], &rows[0]["amount"], &rows[0]["withdrawal_id"]),
        (&json!("success"), &json!(-200_000), &json!(id))
    );
    app.assert_ledger_matches_balance(&player).await;
    let actions = app.audit_actions();
    for action in ["withdrawal.requested", "withdrawal.approved", "withdrawal.paid"] {
        assert!(actions.contains(&action.to_string()), "{action} in {actions:?}");
    }
}

#[actix_web::test]
async fn a_rejected_withdrawal_returns_the_money_exactly_once() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.withdraw(&player, 200_000, "w1").await.body["data"]["id"].as_u64().unwrap();
    assert_eq!(app.balance(&player).await, 300_000);

    let short = app.post(&format!("/admin/withdrawals/{id}/reject"), json!({"reason": "no"}), Some(&admin)).await;
    assert_eq!((short.status, short.field_errors("reason").len()), (422, 1));
    let body = json!({"reason": "Account name does not match"});
    let rejected = app.post(&format!("/admin/withdrawals/{id}/reject"), body.clone(), Some(&admin)).await;
    assert_eq!(rejected.status, 200, "{:?}", rejected.body);
    assert_eq!(rejected.body["data"]["status"], "rejected");
    assert_eq!(rejected.body["data"]["reason"], "Account name does not match");
    assert_eq!(rejected.body["transaction"]["status"], "reversed");
    assert_eq!(app.balance(&player).await, 500_000);

    let again = app.post(&format!("/admin/withdrawals/{id}/reject"), body, Some(&admin)).await;
    assert_eq!((again.status, again.message()), (200, "This withdrawal was already rejected"));
    let approve = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!((approve.status, approve.body["errorCode"].as_str()), (422, Some("WITHDRAWAL_DECIDED")));
    assert_eq!(app.balance(&player).await, 500_000);
    let row = &app.transactions(&player, "&type=withdrawal").await[0];
    assert!(row["description"].as_str().unwrap().contains("rejected: Account name does not match; money returned"));
    app.assert_ledger_matches_balance(&player).await;
    let unknown = app.post("/admin/withdrawals/999999/reject", json!({"reason": "whatever it is"}), Some(&admin)).await;
    assert_eq!(unknown.status, 404);
}

#[actix_web::test]
async fn a_failed_transfer_returns_the_money_and_marks_the_transaction_failed() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK_FAILING).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let id = app.withdraw(&player, 150_000, "w1").await.body["data"]["id"].as_u64().unwrap();
    let approved = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);
    assert_eq!(approved.body["data"]["status"], "failed");
    assert_eq!(approved.body["data"]["reason"], "Sandbox: the receiving bank declined this transfer");
    assert_eq!(approved.body["transaction"]["status"], "failed");
    assert_eq!(app.balance(&player).await, 500_000);
    let again = app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    assert_eq!(again.status, 422);
    assert_eq!(app.balance(&player).await, 500_000);
    app.assert_ledger_matches_balance(&player).await;
    assert!(app.audit_actions().contains(&"withdrawal.failed".to_string()));
}

#[actix_web::test]
async fn racing_approvals_and_rejections_pay_or_return_a_hold_exactly_once() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 1_000_000, GTBANK).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let reason = json!({"reason": "Checking something"});
    for round in 0..4 {
        let before = app.balance(&player).await;
        let id = app.withdraw(&player, 100_000, &format!("race-{round}")).await.body["data"]["id"].as_u64().unwrap();
        let approve = format!("/admin/withdrawals/{id}/approve");
        let reject = format!("/admin/withdrawals/{id}/reject");
        let (a, b, c, d) = tokio::join!(
            app.post(&approve, json!({}), Some(&admin)),
            app.post(&reject, reason.clone(), Some(&admin)),
            app.post(&approve, json!({}), Some(&admin)),
            app.post(&reject, reason.clone(), Some(&admin)),
        );
        for reply in [&a, &b, &c, &d] {
            assert!(reply.status == 200 || reply.status == 422, "{:?}", reply.body);
        }
        let w = app.store.payments.withdrawal(id).unwrap().unwrap();
        let after = app.balance(&player).await;
        match w.status.as_str() {
            "success" => assert_eq!(after, before - 100_000, "paid once"),
            "rejected" => assert_eq!(after, before, "returned once"),
            other => panic!("withdrawal ended {other}"),
        }
        app.assert_ledger_matches_balance(&player).await;
    }
}

#[actix_web::test]
async fn the_player_sees_each_withdrawal_change_live_on_the_socket() {
    let app = spawn_app().await;
    let player = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let mut socket = open(&app).await;
    assert_eq!(next(&mut socket).await["type"], "snapshot");
    socket.send(Message::Text(json!({"type": "auth", "token": player}).to_string().into())).await.unwrap();
    assert_eq!(next(&mut socket).await["type"], "snapshot");

    let id = app.withdraw(&player, 200_000, "w1").await.body["data"]["id"].as_u64().unwrap();
    let held = next(&mut socket).await;
    assert_eq!((&held["type"], &held["data"]["balance"]), (&json!("wallet.updated"), &json!(300_000)));
    assert_eq!(held["data"]["transaction"]["status"], "pending");

    app.post(&format!("/admin/withdrawals/{id}/approve"), json!({}), Some(&admin)).await;
    let processing = next(&mut socket).await;
    assert!(processing["data"]["transaction"]["description"].as_str().unwrap().contains("transfer in progress"));
    let paid = next(&mut socket).await;
    assert_eq!(
        (&paid["data"]["transaction"]["status"], &paid["data"]["balance"]),
        (&json!("success"), &json!(300_000))
    );
}

#[actix_web::test]
async fn the_back_office_lists_every_transaction_with_its_player_and_filters() {
    let app = spawn_app().await;
    let ada = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 500_000, GTBANK).await;
    let bola = app.verified_player("bola@example.com", "+2348022222222").await;
    app.deposit_paid(&bola, 100_000).await;
    app.withdraw(&ada, 200_000, "w1").await;
    let admin = app.admin("boss@ayolotto.ng").await;

    let all = app.get("/admin/transactions", Some(&admin)).await;
    assert_eq!(all.status, 200, "{:?}", all.body);
    assert_eq!(all.body["meta"]["total"], 3, "ada's funding and withdrawal, bola's deposit");
    let pending = app.get("/admin/transactions?type=withdrawal&status=pending", Some(&admin)).await;
    assert_eq!(pending.body["meta"]["total"], 1);
    let row = &pending.body["data"][0];
    assert_eq!((&row["player_name"], &row["player_email"]), (&json!("Ada Obi"), &json!("ada@example.com")));
    assert_eq!(row["withdrawal"]["status"], "pending");
    assert_eq!(row["withdrawal"]["account_name"], "TUNDE OLADIPO");
    let by_email = app.get("/admin/transactions?search=bola@", Some(&admin)).await;
    assert_eq!(
        (by_email.body["meta"]["total"].as_u64(), &by_email.body["data"][0]["type"]),
        (Some(1), &json!("deposit"))
    );
    let bad = app.get("/admin/transactions?type=bonus", Some(&admin)).await;
    assert_eq!((bad.status, bad.field_errors("type").len()), (422, 1));
    let queue = app.get("/admin/withdrawals?status=pending", Some(&admin)).await;
    assert_eq!(queue.body["meta"]["total"], 1);
    assert_eq!(queue.body["data"][0]["player_email"], "ada@example.com");
}
