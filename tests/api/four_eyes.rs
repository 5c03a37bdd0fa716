//! Four eyes on the day's sum of manual adjustments, attacked the way a rogue admin would (issue 28): splitting a
//! large credit into requests of exactly the threshold, draining a wallet with many debits, firing the pieces all
//! at once, spreading them over accomplices, replaying a key, then withdrawing the money. What one admin moves alone
//! in a Lagos day never passes `AYO_ADJUST_APPROVAL_ABOVE` (₦100,000 here, the default), per player or in total;
//! the rest waits, unmoved, for a second admin. The `cluster_` case fires the split at two nodes on one PostgreSQL.

use futures_util::future::join_all;
use serde_json::{json, Value};

use crate::cluster_bus::ONE_CLUSTER_AT_A_TIME;
use crate::helpers::{fresh_key, spawn_app, Reply, TestApp};

/// ₦100,000: `AYO_ADJUST_APPROVAL_ABOVE`'s default, the threshold these attacks try to get past.
const THRESHOLD: i64 = 10_000_000;
const GTBANK: (&str, &str) = ("058", "0123456785");

async fn adjust(app: &TestApp, admin: &str, player: u64, amount: i64, key: impl Into<String>) -> Reply {
    let body = json!({ "amount": amount, "reason": "split attack", "idempotency_key": key.into() });
    app.post(&format!("/admin/users/{player}/adjust"), body, Some(admin)).await
}

/// The statuses of replies, counted: (200s, 202s).
fn applied_and_held(replies: &[Reply]) -> (usize, usize) {
    for reply in replies {
        assert!([200, 202].contains(&reply.status), "{:?}", reply.body);
    }
    let count = |status| replies.iter().filter(|r| r.status == status).count();
    (count(200), count(202))
}

fn held_because(reply: &Reply) -> &str {
    reply.body["data"]["adjustment"]["held_because"].as_str().unwrap_or_default()
}

async fn balance_of(app: &TestApp, admin: &str, player: u64) -> i64 {
    let user = app.get(&format!("/admin/users/{player}"), Some(admin)).await;
    user.body["data"]["relationships"]["wallet"]["balance"].as_i64().unwrap()
}

async fn pending_approvals(app: &TestApp, admin: &str) -> Vec<Value> {
    let listed = app.get("/admin/adjustments", Some(admin)).await.body["data"].as_array().cloned().unwrap_or_default();
    listed.into_iter().filter(|a| a["status"] == "pending").collect()
}

#[actix_web::test]
async fn ten_credits_of_exactly_the_threshold_move_it_once_and_the_accomplice_cannot_withdraw_the_rest() {
    let app = spawn_app().await;
    let rogue = app.admin("rogue@ayolotto.ng").await;
    let payer = app.admin("payer@ayolotto.ng").await;
    let accomplice = app.player_ready_to_withdraw("ada@example.com", "+2348012345678", 100_000, GTBANK).await;
    let id = app.user_id(&accomplice).await;

    let mut replies = Vec::new();
    for _ in 0..10 {
        replies.push(adjust(&app, &rogue, id, THRESHOLD, fresh_key()).await);
    }
    assert_eq!(replies[0].status, 200, "the first, exactly the threshold, applies: {:?}", replies[0].body);
    assert_eq!(applied_and_held(&replies), (1, 9));
    for held in &replies[1..] {
        assert_eq!(held_because(held), "player_day", "{:?}", held.body);
        assert!(held.message().to_lowercase().contains("today's total for this player"), "{}", held.message());
        assert!(held.body["data"]["approval_id"].as_u64().is_some());
    }
    assert_eq!(app.balance(&accomplice).await, 100_000 + THRESHOLD, "₦100,000 moved, not ₦1,000,000");
    assert_eq!(pending_approvals(&app, &payer).await.len(), 9, "the rest waits for a second admin");

    // The accomplice tries to take the ₦1,000,000 out, and an uninvolved admin would pay whatever was asked.
    let greedy = app.withdraw(&accomplice, 10 * THRESHOLD, "w-all").await;
    assert_eq!(greedy.status, 422, "{:?}", greedy.body);
    assert_eq!(greedy.body["errorCode"], "INSUFFICIENT_FUNDS");
    let what_is_there = app.withdraw(&accomplice, 100_000 + THRESHOLD, "w-what-is-there").await;
    assert_eq!(what_is_there.status, 201, "{:?}", what_is_there.body);
    let payout = what_is_there.body["data"]["id"].as_u64().unwrap();
    let paid = app.post(&format!("/admin/withdrawals/{payout}/approve"), json!({}), Some(&payer)).await;
    assert_eq!(paid.status, 200, "{:?}", paid.body);
    assert_eq!(app.balance(&accomplice).await, 0);
    let more = app.withdraw(&accomplice, THRESHOLD, "w-more").await;
    assert_eq!(more.body["errorCode"], "INSUFFICIENT_FUNDS", "nothing of the split is left to take");
    app.assert_ledger_matches_balance(&accomplice).await;
}

#[actix_web::test]
async fn thirty_debits_of_the_threshold_take_it_once() {
    let app = spawn_app().await;
    let (funder, checker) = (app.admin("funder@ayolotto.ng").await, app.admin("checker@ayolotto.ng").await);
    let rogue = app.admin("rogue@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&ada).await;
    // ₦3,000,000 in the wallet, put there the proper way: asked by one admin, approved by another.
    let big = adjust(&app, &funder, id, 30 * THRESHOLD, "jackpot").await;
    assert_eq!((big.status, held_because(&big)), (202, "amount"), "{:?}", big.body);
    let approval = big.body["data"]["approval_id"].as_u64().unwrap();
    let approved = app.post(&format!("/admin/adjustments/{approval}/approve"), json!({}), Some(&checker)).await;
    assert_eq!(approved.status, 200, "{:?}", approved.body);

    let mut replies = Vec::new();
    for _ in 0..30 {
        replies.push(adjust(&app, &rogue, id, -THRESHOLD, fresh_key()).await);
    }
    assert_eq!(replies[0].status, 200, "{:?}", replies[0].body);
    assert_eq!(applied_and_held(&replies), (1, 29));
    assert_eq!(app.balance(&ada).await, 29 * THRESHOLD, "₦100,000 debited alone, not the whole wallet");
    app.assert_ledger_matches_balance(&ada).await;
}

#[actix_web::test]
async fn adjustments_fired_at_once_never_move_more_than_the_threshold() {
    let app = spawn_app().await;
    let rogue = app.admin("rogue@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&ada).await;

    // Forty ₦10,000 credits to one player, all at once: ten fit under ₦100,000.
    let keys: Vec<String> = (0..40).map(|_| fresh_key()).collect();
    let replies = join_all(keys.iter().map(|key| adjust(&app, &rogue, id, THRESHOLD / 10, key))).await;
    assert_eq!(applied_and_held(&replies), (10, 30));
    assert_eq!(app.balance(&ada).await, THRESHOLD);

    // The same admin, the next players, all at once: nothing more moves alone today, for anyone.
    let mut players = Vec::new();
    for n in 0..6 {
        let token = app.verified_player(&format!("p{n}@example.com"), &format!("+23480222222{n:02}")).await;
        players.push(app.user_id(&token).await);
    }
    let spread = join_all(players.iter().map(|p| adjust(&app, &rogue, *p, 1_000, fresh_key()))).await;
    assert_eq!(applied_and_held(&spread), (0, 6));
    assert!(spread.iter().all(|r| held_because(r) == "admin_day"), "held for the admin's day");
    for p in &players {
        assert_eq!(balance_of(&app, &rogue, *p).await, 0);
    }
}

#[actix_web::test]
async fn credits_spread_over_accomplices_at_once_move_the_threshold_in_total() {
    let app = spawn_app().await;
    let rogue = app.admin("rogue@ayolotto.ng").await;
    let mut players = Vec::new();
    // Eight: the sign-ups' codes from one address stay within its per-minute limit.
    for n in 0..8 {
        let token = app.verified_player(&format!("p{n}@example.com"), &format!("+23480333333{n:02}")).await;
        players.push(app.user_id(&token).await);
    }
    // ₦50,000 to each of eight accomplices at once: ₦400,000, of which ₦100,000 may move alone.
    let replies = join_all(players.iter().map(|p| adjust(&app, &rogue, *p, THRESHOLD / 2, fresh_key()))).await;
    assert_eq!(applied_and_held(&replies), (2, 6));
    assert!(replies.iter().filter(|r| r.status == 202).all(|r| held_because(r) == "admin_day"));
    let mut total = 0;
    for p in &players {
        total += balance_of(&app, &rogue, *p).await;
    }
    assert_eq!(total, THRESHOLD, "what moved alone, summed over every accomplice");

    // Another admin's own day is untouched by it.
    let other = app.admin("other@ayolotto.ng").await;
    assert_eq!(adjust(&app, &other, players[0], THRESHOLD / 2, fresh_key()).await.status, 200);
}

#[actix_web::test]
async fn a_replayed_key_counts_once_in_the_day() {
    let app = spawn_app().await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let id = app.user_id(&ada).await;

    let replays = join_all((0..5).map(|_| adjust(&app, &admin, id, THRESHOLD / 2, "goodwill-1"))).await;
    assert_eq!(applied_and_held(&replays), (5, 0));
    assert_eq!(replays.iter().filter(|r| r.body["data"]["replayed"] == false).count(), 1, "moved once");
    assert_eq!(app.balance(&ada).await, THRESHOLD / 2);
    // Counted once: the other half of the day's threshold still applies alone, and then nothing more does.
    assert_eq!(adjust(&app, &admin, id, THRESHOLD / 2, "goodwill-2").await.status, 200);
    let over = adjust(&app, &admin, id, 1, "goodwill-3").await;
    assert_eq!(over.status, 202, "{:?}", over.body);
    // A filed request replayed is the same request, counted once too.
    let again = adjust(&app, &admin, id, 1, "goodwill-3").await;
    assert_eq!(again.body["data"]["approval_id"], over.body["data"]["approval_id"]);
    assert_eq!(app.balance(&ada).await, THRESHOLD);
    assert_eq!(app.store.books.entries_of_user(id).unwrap().len(), 2);
}

#[actix_web::test]
async fn a_large_adjustment_approved_still_counts_in_that_players_day() {
    let app = spawn_app().await;
    let (alice, bob) = (app.admin("alice@ayolotto.ng").await, app.admin("bob@ayolotto.ng").await);
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bola = app.verified_player("bola@example.com", "+2348022222222").await;
    let (ada_id, bola_id) = (app.user_id(&ada).await, app.user_id(&bola).await);

    let big = adjust(&app, &alice, ada_id, 3 * THRESHOLD / 2, "prize-by-hand").await;
    assert_eq!(big.status, 202);
    let approval = big.body["data"]["approval_id"].as_u64().unwrap();
    assert_eq!(app.post(&format!("/admin/adjustments/{approval}/approve"), json!({}), Some(&bob)).await.status, 200);
    // Alice topping Ada up on the same day needs a second admin again, however small.
    let top_up = adjust(&app, &alice, ada_id, 100, fresh_key()).await;
    assert_eq!((top_up.status, held_because(&top_up)), (202, "player_day"), "{:?}", top_up.body);
    // What a second admin approved was not moved alone: Alice's own day for another player is whole.
    assert_eq!(adjust(&app, &alice, bola_id, THRESHOLD, fresh_key()).await.status, 200);
    assert_eq!(app.balance(&ada).await, 3 * THRESHOLD / 2);
    assert_eq!(app.balance(&bola).await, THRESHOLD);
    let actions = app.audit_actions();
    assert_eq!(actions.iter().filter(|a| *a == "wallet.adjustment_requested").count(), 2);
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_a_split_fired_at_two_nodes_at_once_moves_the_threshold_once() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = crate::cluster_nodes::database().await;
    let (a, b) = (crate::cluster_nodes::node(&store).await, crate::cluster_nodes::node(&store).await);
    let rogue = a.admin("rogue@ayolotto.ng").await;
    let ada = b.verified_player("ada@example.com", "+2348012345678").await;
    let id = a.user_id(&ada).await;

    // Forty ₦10,000 credits with fresh keys, half at each node, all at once.
    let keys: Vec<String> = (0..40).map(|_| fresh_key()).collect();
    let replies = join_all(keys.iter().enumerate().map(|(n, key)| {
        let node = if n % 2 == 0 { &a } else { &b };
        adjust(node, &rogue, id, THRESHOLD / 10, key)
    }))
    .await;
    assert_eq!(applied_and_held(&replies), (10, 30));
    assert_eq!(b.balance(&ada).await, THRESHOLD);
    // Each key replayed at the other node moves nothing and counts nothing more.
    let replayed = join_all(keys.iter().enumerate().map(|(n, key)| {
        let node = if n % 2 == 0 { &b } else { &a };
        adjust(node, &rogue, id, THRESHOLD / 10, key)
    }))
    .await;
    let statuses = |rs: &[Reply]| rs.iter().map(|r| r.status).collect::<Vec<_>>();
    assert_eq!(statuses(&replayed), statuses(&replies), "a key answers what it did, wherever it is replayed");
    assert_eq!(a.balance(&ada).await, THRESHOLD);

    // Spread over accomplices at both nodes at once: the admin's day is already spent.
    let mut players = Vec::new();
    for n in 0..4 {
        let token = a.verified_player(&format!("p{n}@example.com"), &format!("+23480444444{n:02}")).await;
        players.push(a.user_id(&token).await);
    }
    let spread = join_all(players.iter().enumerate().map(|(n, p)| {
        let node = if n % 2 == 0 { &a } else { &b };
        adjust(node, &rogue, *p, 1_000, fresh_key())
    }))
    .await;
    assert_eq!(applied_and_held(&spread), (0, 4));
    assert_eq!(pending_approvals(&b, &rogue).await.len(), 34);
}
