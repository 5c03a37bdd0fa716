use serde_json::json;

use crate::helpers::spawn_app;
use crate::lotto::nap1;

#[actix_web::test]
async fn a_player_without_enough_balance_gets_a_clear_422_and_nothing_changes() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let reply = app.buy(&player, nap1(draw.id, 7, 5_000, "k1")).await;
    assert_eq!(reply.status, 422, "{:?}", reply.body);
    assert_eq!(reply.body["errorCode"], "INSUFFICIENT_FUNDS");
    assert!(!reply.field_errors("stake_per_line").is_empty());
    assert_eq!(app.balance(&player).await, 0);
    assert_eq!(app.get("/tickets", Some(&player)).await.body["meta"]["total"], 0);
}

#[actix_web::test]
async fn bad_bet_shapes_are_refused_naming_the_field() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    app.fund(&admin, &player, 1_000_000).await;
    let d = draw.id;
    let cases = [
        (
            json!({"draw_id": d, "bet_type": "NAP9", "numbers": [1], "stake_per_line": 5000, "idempotency_key": "a"}),
            "bet_type",
        ),
        (
            json!({"draw_id": d, "bet_type": "NAP2", "numbers": [5, 5], "stake_per_line": 5000, "idempotency_key": "b"}),
            "numbers",
        ),
        (
            json!({"draw_id": d, "bet_type": "NAP1", "numbers": [91], "stake_per_line": 5000, "idempotency_key": "c"}),
            "numbers",
        ),
        (
            json!({"draw_id": d, "bet_type": "PERM3", "numbers": [1, 2, 3], "stake_per_line": 500, "idempotency_key": "d"}),
            "numbers",
        ),
        (
            json!({"draw_id": d, "bet_type": "AGAINST", "top": [1, 2], "bottom": [2, 3], "stake_per_line": 500, "idempotency_key": "e"}),
            "bottom",
        ),
        (
            json!({"draw_id": d, "bet_type": "NAP1", "numbers": [1], "stake_per_line": 100, "idempotency_key": "f"}),
            "stake_per_line",
        ),
        (json!({"draw_id": d, "bet_type": "NAP1", "numbers": [1], "stake_per_line": 5000}), "idempotency_key"),
        (
            json!({"draw_id": 999_999, "bet_type": "NAP1", "numbers": [1], "stake_per_line": 5000, "idempotency_key": "g"}),
            "draw_id",
        ),
        (
            json!({"draw_id": d, "bet_type": "NAP1", "numbers": [300], "stake_per_line": 5000, "idempotency_key": "h"}),
            "numbers",
        ),
    ];
    for (body, field) in cases {
        let reply = app.buy(&player, body.clone()).await;
        assert_eq!(reply.status, 422, "{body}: {:?}", reply.body);
        assert!(!reply.field_errors(field).is_empty(), "{body} should name {field}: {:?}", reply.body);
    }
    assert_eq!(app.balance(&player).await, 1_000_000, "no refused bet cost anything");
}

#[actix_web::test]
async fn a_replayed_purchase_returns_the_first_ticket_and_charges_once() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    app.fund(&admin, &player, 20_000).await;
    let first = app.buy(&player, nap1(draw.id, 7, 5_000, "same-key")).await;
    assert_eq!(first.status, 201, "{:?}", first.body);
    let again = app.buy(&player, nap1(draw.id, 8, 5_000, "same-key")).await;
    assert_eq!(again.status, 200);
    assert_eq!(again.body["data"]["id"], first.body["data"]["id"]);
    assert_eq!(again.body["data"]["numbers"], json!([7]), "the first ticket, not the replayed body");
    assert_eq!(app.balance(&player).await, 15_000);
}

#[actix_web::test]
async fn sales_stop_at_close_by_the_server_clock() {
    let app = spawn_app().await;
    let draw = app.quick_draw(800, 60_000).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    app.fund(&admin, &player, 20_000).await;
    app.wait_for_draw(draw.id, |d| d["status"] == "closed").await;
    let late = app.buy(&player, nap1(draw.id, 7, 5_000, "late")).await;
    assert_eq!(late.status, 422);
    assert_eq!(late.body["errorCode"], "DRAW_CLOSED");
    assert_eq!(app.balance(&player).await, 20_000);
}

#[actix_web::test]
async fn two_hundred_concurrent_purchases_never_overdraw_and_the_ledger_sums_to_the_balance() {
    let app = spawn_app().await;
    let draw = app.quick_draw(120_000, 121_000).await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    let admin = app.admin("boss@ayolotto.ng").await;
    app.fund(&admin, &player, 100 * 5_000).await;
    let buys = (0..200).map(|i| {
        let body = nap1(draw.id, (i % 90 + 1) as u8, 5_000, &format!("k{i}"));
        let (app, player) = (&app, &player);
        async move { app.buy(player, body).await.status }
    });
    let statuses = futures_util::future::join_all(buys).await;
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 100, "exactly what the balance covers");
    assert!(statuses.iter().all(|s| *s == 201 || *s == 422));
    assert_eq!(app.balance(&player).await, 0);
    let id = app.get("/auth/profiles", Some(&player)).await.body["data"]["id"].as_u64().unwrap();
    let sum: i64 = app.store.books.entries_of_user(id).unwrap().iter().map(|e| e.amount.as_i64()).sum();
    assert_eq!(sum, 0, "ledger sums to the balance");
}
