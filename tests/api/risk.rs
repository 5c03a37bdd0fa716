//! The house's risk (decision 048): limits set on a game hold at the sale, in the sale's own transaction. Written as
//! the attacks: a burst of purchases at once against a tight reserve never takes the draw past it, a refused
//! purchase moves no money, a closed number refuses at once and reopening restores it.

use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;

async fn set_limits(app: &TestApp, admin: &str, game: u64, limits: Value) -> crate::helpers::Reply {
    app.put(&format!("/admin/games/{game}"), json!({ "risk_limits": limits }), Some(admin)).await
}

async fn risk(app: &TestApp, admin: &str, draw: u64) -> Value {
    let reply = app.get(&format!("/admin/draws/{draw}/risk"), Some(admin)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["data"].clone()
}

#[actix_web::test]
async fn limits_are_set_on_a_game_and_a_negative_one_is_refused_naming_its_field() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let refused = set_limits(&app, &admin, draw.game_id, json!({ "reserve": -1 })).await;
    assert_eq!(refused.status, 422, "{:?}", refused.body);
    assert!(!refused.field_errors("risk_limits.reserve").is_empty(), "{:?}", refused.body);
    let saved =
        set_limits(&app, &admin, draw.game_id, json!({ "reserve": 1_000_000, "max_stake_per_number": null })).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(saved.body["data"]["risk_limits"]["reserve"], 1_000_000);
    assert_eq!(saved.body["data"]["risk_limits"]["max_stake_per_number"], Value::Null);
    let desk = risk(&app, &admin, draw.id).await;
    assert_eq!(desk["reserve"], 1_000_000);
    assert_eq!(desk["worst_case_payout"], 0);
}

#[actix_web::test]
async fn a_burst_of_purchases_against_a_tight_reserve_never_takes_the_draw_past_it() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    // NAP1 at ₦50 pays ₦2,000 (×40): the reserve holds five such tickets on one number, not six.
    let reserve = 5 * 200_000 + 199_999;
    assert_eq!(set_limits(&app, &admin, draw.game_id, json!({ "reserve": reserve })).await.status, 200);
    let mut players = Vec::new();
    for i in 0..4 {
        let player = app.verified_player(&format!("p{i}@example.com"), &format!("+23480123456{i:02}")).await;
        app.fund(&admin, &player, 100_000).await;
        players.push(player);
    }
    let attempts: Vec<(&String, Value)> =
        (0..24).map(|i| (&players[i % players.len()], nap1(draw.id, 7, 5_000, &format!("burst-{i}")))).collect();
    let replies = join_all(attempts.iter().map(|(player, body)| app.buy(player, body.clone()))).await;
    let sold = replies.iter().filter(|r| r.status == 201).count();
    for refused in replies.iter().filter(|r| r.status != 201) {
        assert_eq!(refused.status, 409, "{:?}", refused.body);
        assert_eq!(refused.body["errorCode"], "LIABILITY_LIMIT");
    }
    assert_eq!(sold, 5, "exactly as many as the reserve holds");
    let desk = risk(&app, &admin, draw.id).await;
    assert_eq!(desk["worst_case_payout"], 5 * 200_000);
    assert!(desk["worst_case_payout"].as_i64().unwrap() <= reserve);
    assert_eq!(desk["stakes"], 5 * 5_000);
    let mut left = 0;
    for player in &players {
        left += app.balance(player).await;
    }
    assert_eq!(left, 4 * 100_000 - 5 * 5_000, "refused purchases moved no money");
}

#[actix_web::test]
async fn a_pair_over_its_limit_is_refused_naming_both_numbers_and_the_largest_stake_still_taken() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &player, 100_000).await;
    // NAP2 pays ×240: ₦120 on 7 and 21 may ride, no more.
    set_limits(&app, &admin, draw.game_id, json!({ "max_combination_payout": 240 * 12_000 })).await;
    let pair = |stake: i64, key: &str| json!({"draw_id": draw.id, "bet_type": "NAP2", "numbers": [7, 21], "stake_per_line": stake, "idempotency_key": key});
    assert_eq!(app.buy(&player, pair(6_000, "first")).await.status, 201);
    let refused = app.buy(&player, pair(7_000, "second")).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "LIABILITY_LIMIT");
    assert_eq!(refused.message(), "7 and 21 are closed for this draw: too much is riding on them");
    assert_eq!(refused.body["data"]["largest_stake_per_line"], 6_000);
    assert_eq!(app.balance(&player).await, 100_000 - 6_000, "the refused ticket cost nothing");
    assert_eq!(app.buy(&player, pair(6_001, "over")).await.status, 409, "a kobo more is not");
    assert_eq!(app.buy(&player, pair(6_000, "third")).await.status, 201, "the stake it named is taken");
    let desk = risk(&app, &admin, draw.id).await;
    assert_eq!(desk["top_pairs"][0]["numbers"], json!([7, 21]));
    assert_eq!(desk["top_pairs"][0]["payout"], 240 * 12_000);
    assert_eq!(desk["worst_case_payout"], 240 * 12_000);
}

#[actix_web::test]
async fn closing_a_number_refuses_it_at_once_and_reopening_restores_it() {
    let app = spawn_app().await;
    let draw = app.quick_draw(60_000, 61_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &player, 100_000).await;
    let close = |numbers: Value, reason: &str| json!({ "numbers": numbers, "reason": reason });
    let path = |what: &str| format!("/admin/draws/{}/{what}", draw.id);
    let off_board = app.post(&path("close-numbers"), close(json!([91]), "too hot tonight"), Some(&admin)).await;
    assert!(!off_board.field_errors("numbers").is_empty(), "{:?}", off_board.body);
    let no_reason = app.post(&path("close-numbers"), close(json!([7]), ""), Some(&admin)).await;
    assert!(!no_reason.field_errors("reason").is_empty(), "{:?}", no_reason.body);
    let by_player = app.post(&path("close-numbers"), close(json!([7]), "a player tries"), Some(&player)).await;
    assert_eq!(by_player.status, 403);

    let closed = app.post(&path("close-numbers"), close(json!([7]), "too much on 7 tonight"), Some(&admin)).await;
    assert_eq!(closed.status, 200, "{:?}", closed.body);
    let refused = app.buy(&player, nap1(draw.id, 7, 5_000, "on-7")).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "LIABILITY_LIMIT");
    assert_eq!(refused.message(), "7 is closed for this draw: too much is riding on it");
    assert_eq!(refused.body["data"]["largest_stake_per_line"], Value::Null);
    assert_eq!(app.balance(&player).await, 100_000);
    assert_eq!(app.buy(&player, nap1(draw.id, 8, 5_000, "on-8")).await.status, 201, "other numbers still sell");
    assert_eq!(risk(&app, &admin, draw.id).await["closed_numbers"], json!([7]));
    // Anyone (the play page, before the player picks) reads them.
    let public = app.get(&format!("/draws/{}/closed-numbers", draw.id), None).await;
    assert_eq!(public.status, 200, "{:?}", public.body);
    assert_eq!(public.body["data"]["closed_numbers"], json!([7]));

    let reopened = app.post(&path("reopen-numbers"), close(json!([7]), "the rush is over"), Some(&admin)).await;
    assert_eq!(reopened.status, 200, "{:?}", reopened.body);
    assert_eq!(app.buy(&player, nap1(draw.id, 7, 5_000, "on-7-again")).await.status, 201);
    let public = app.get(&format!("/draws/{}/closed-numbers", draw.id), None).await;
    assert_eq!(public.body["data"]["closed_numbers"], json!([]));
    let actions = app.audit_actions();
    assert!(actions.iter().any(|a| a == "draw.numbers_closed"), "{actions:?}");
    assert!(actions.iter().any(|a| a == "draw.numbers_reopened"), "{actions:?}");
}
