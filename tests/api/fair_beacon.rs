//! The drand beacon wired to draws (docs/fairness.md, "The drand beacon"): a game may take the quicknet round after
//! close instead of, or as well as, a witness. The draw names its round before sales; at the draw the round is
//! fetched, its BLS signature verified, and the balls derived from the seed, the tickets root and the round's
//! randomness. A relay serving a forged round is refused, and with no verified round by the published deadline the
//! draw is cancelled with refunds.
//!
//! The seam: real time cannot make a draw's round a recorded one (rounds 1000 and 657413 were published in 2023), so
//! these tests write their draw with its round fixed to a recorded round, as `quick_draw` writes a witnessed draw
//! straight into the store; the server then fetches, verifies and draws exactly as for a scheduled draw.

use chrono::Utc;
use serde_json::json;

use ayo_data::draw::{BeaconPart, Draw, BEACON_ABSENT_REASON};
use ayo_data::game::{Game, IndependentParty};
use ayo_data::lotto::{draw_balls_bound, Binding, Seed};

use crate::drand_stand_in::{self, DrandStandIn};
use crate::helpers::{spawn_app_with, TestApp};
use crate::lotto::nap1;

async fn app_with_drand(forging: bool) -> TestApp {
    let drand = DrandStandIn::start(forging).await;
    spawn_app_with(Default::default(), |settings| settings.drand_url = drand.url.clone()).await
}

fn beacon_game(app: &TestApp, party: IndependentParty) -> Game {
    let store = &app.store;
    let mut game = crate::offline::paused_game(store, &format!("beacon-{}", store.games.next_id().unwrap()), 0);
    game.independent_party = party;
    store.games.put_game(&game).unwrap();
    game
}

/// A draw of `game` closing and drawing after the given milliseconds, fixed to quicknet round `round`, waited for
/// until `grace_ms` after the draw.
async fn beacon_draw(app: &TestApp, game: &Game, round: u64, close_ms: i64, draw_ms: i64, grace_ms: i64) -> Draw {
    let now = Utc::now();
    let draws_at = now + chrono::Duration::milliseconds(draw_ms);
    let mut draw = Draw::schedule(app.store.games.next_id().unwrap(), game, now, draws_at);
    draw.closes_at = now + chrono::Duration::milliseconds(close_ms);
    assert!(draw.beacon.is_some(), "a beacon game's draw is fixed to a round when scheduled");
    draw.beacon = Some(BeaconPart::round(round, draws_at + chrono::Duration::milliseconds(grace_ms)));
    app.store.games.put_draw(&draw).unwrap();
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    draw
}

#[actix_web::test]
async fn a_beacon_draw_is_sold_without_a_witness_and_drawn_from_the_verified_round() {
    let app = app_with_drand(false).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 50_000).await;
    let game = beacon_game(&app, IndependentParty::Beacon);
    let draw = beacon_draw(&app, &game, 1000, 2_000, 3_000, 60_000).await;

    // Before close: on sale with no witness at all, naming its round.
    let open = app.wait_for_draw(draw.id, |d| d["status"] == "open").await;
    assert_eq!(open["witness"], json!(null));
    assert_eq!(open["held_reason"], json!(null));
    assert_eq!(open["beacon"]["network"], "quicknet");
    assert_eq!(open["beacon"]["round"], 1000);
    assert_eq!(open["beacon"]["randomness"], json!(null));
    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "b1")).await.status, 201);

    let drawn = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let (signature, randomness) = drand_stand_in::round(1000);
    assert_eq!(drawn["beacon"]["signature"], signature.as_str());
    assert_eq!(drawn["beacon"]["randomness"], randomness.as_str());
    // The balls follow from the published seed, root and round, and from nothing else.
    let seed = Seed::from_hex(drawn["seed"].as_str().unwrap()).unwrap();
    let root = drawn["tickets_root"].as_str().unwrap();
    let binding = Binding::V2Beacon { tickets_root: root, witness_secret: "", beacon_randomness: &randomness };
    let outcome = draw_balls_bound(&seed, draw.id, binding);
    assert_eq!(drawn["numbers"], json!(outcome.numbers));
    assert_eq!(drawn["machine_numbers"], json!(outcome.machine_numbers));
    let without = draw_balls_bound(&seed, draw.id, Binding::V2 { tickets_root: root, witness_secret: "" });
    assert_ne!(outcome, without, "the round's randomness changes the balls");

    // Once the round is in, the result is knowable: no cancel.
    let cancel = json!({"reason": "changed our mind", "emergency": true});
    let refused = app.post(&format!("/admin/draws/{}/cancel", draw.id), cancel, Some(&admin)).await;
    assert!(refused.status >= 400, "{:?}", refused.body);
}

#[actix_web::test]
async fn a_forged_round_is_refused_and_the_draw_cancelled_with_refunds_after_the_published_deadline() {
    let app = app_with_drand(true).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 50_000).await;
    let game = beacon_game(&app, IndependentParty::Beacon);
    // The forger serves round 1000's signature as round 1001.
    let draw = beacon_draw(&app, &game, 1001, 2_000, 3_000, 2_000).await;
    app.wait_for_draw(draw.id, |d| d["status"] == "open").await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "f1")).await.status, 201);
    assert_eq!(app.balance(&ada).await, 45_000);

    // Past its draw time the draw is still waiting: the forged round was not taken.
    app.wait_for_draw(draw.id, |d| d["status"] == "closed").await;
    let until_drawn = (draw.draws_at - Utc::now()).num_milliseconds().max(0) as u64 + 500;
    tokio::time::sleep(std::time::Duration::from_millis(until_drawn)).await;
    let waiting = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(waiting["status"], "closed", "{waiting}");
    assert_eq!(waiting["beacon"]["signature"], json!(null));
    assert_eq!(waiting["numbers"], json!(null));

    let cancelled = app.wait_for_draw(draw.id, |d| d["status"] == "cancelled").await;
    assert_eq!(cancelled["cancelled_reason"], BEACON_ABSENT_REASON);
    assert!(cancelled["seed"].is_string(), "the seed is published with the cancellation");
    for _ in 0..100 {
        if app.balance(&ada).await == 50_000 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.balance(&ada).await, 50_000, "the ticket is refunded in full");
}

#[actix_web::test]
async fn a_game_requiring_both_sells_nothing_until_a_witness_has_signed() {
    let app = app_with_drand(false).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 50_000).await;
    let game = beacon_game(&app, IndependentParty::Both);
    let draw = beacon_draw(&app, &game, 1000, 30_000, 40_000, 60_000).await;
    let held = app.wait_for_draw(draw.id, |d| d["held_reason"].is_string()).await;
    assert_eq!(held["status"], "scheduled");
    assert_eq!(held["beacon"]["round"], 1000);
    let refused = app.buy(&ada, nap1(draw.id, 7, 5_000, "h1")).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "NO_WITNESS");
}

#[actix_web::test]
async fn a_game_is_switched_to_the_beacon_by_the_back_office_and_its_draws_name_their_round() {
    let app = app_with_drand(false).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let game = beacon_game(&app, IndependentParty::Witness);
    let reply =
        app.put(&format!("/admin/games/{}", game.id), json!({"independent_party": "beacon"}), Some(&admin)).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    assert_eq!(reply.body["data"]["independent_party"], "beacon");
    let bad = app.put(&format!("/admin/games/{}", game.id), json!({"independent_party": "nobody"}), Some(&admin)).await;
    assert_eq!(bad.status, 422, "{:?}", bad.body);
    // A draw scheduled now is fixed to the first quicknet round published after its close.
    let game = app.store.games.game(game.id).unwrap().unwrap();
    let now = Utc::now();
    let draw = Draw::schedule(1, &game, now, now + chrono::Duration::minutes(5));
    let round = draw.beacon.as_ref().unwrap().round;
    let close = draw.closes_at.timestamp();
    assert_eq!(round, ayo_data::lotto::beacon::round_after(close));
    assert!(ayo_data::lotto::beacon::published_at(round) > close);
    assert!(draw.witness.is_none());
}

/// The attack: an operator that dislikes a result it read at drand "fails" to fetch the round, so the deadline rule
/// would cancel the draw and refund it. Anyone may post the round instead (`POST /draws/{id}/beacon`): here the
/// operator's relay is dead, a player posts the round, and the draw is drawn from it rather than voided. Forged,
/// mislabelled, malformed and early posts are refused, each naming its field, and a second post changes nothing.
#[actix_web::test]
async fn anyone_may_post_a_withheld_round_and_the_draw_is_drawn_from_it_not_voided() {
    // The operator's own fetch goes nowhere: nothing listens on the discard port.
    let app = spawn_app_with(Default::default(), |settings| settings.drand_url = "http://127.0.0.1:9".into()).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 50_000).await;
    let game = beacon_game(&app, IndependentParty::Beacon);
    let draw = beacon_draw(&app, &game, 1000, 2_000, 3_000, 60_000).await;
    app.wait_for_draw(draw.id, |d| d["status"] == "open").await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 7, 5_000, "p1")).await.status, 201);
    let (signature, randomness) = drand_stand_in::round(1000);
    let path = format!("/draws/{}/beacon", draw.id);

    // Before close the round cannot be taken: the tickets are not committed yet.
    let early = app.post(&path, json!({"round": 1000, "signature": signature}), None).await;
    assert_eq!(early.status, 409, "{:?}", early.body);

    app.wait_for_draw(draw.id, |d| d["status"] == "closed" && d["tickets_root"].is_string()).await;
    // Another round's real signature, relabelled: the BLS check refuses it.
    let (other, _) = drand_stand_in::round(657413);
    let forged = app.post(&path, json!({"round": 1000, "signature": other}), None).await;
    assert_eq!(forged.status, 422, "{:?}", forged.body);
    assert!(!forged.body["errors"]["signature"].is_null(), "{:?}", forged.body);
    // The right signature under another round number: not this draw's round.
    let wrong = app.post(&path, json!({"round": 657413, "signature": other}), None).await;
    assert_eq!(wrong.status, 422, "{:?}", wrong.body);
    assert!(!wrong.body["errors"]["round"].is_null(), "{:?}", wrong.body);
    // Upper-case hex would be a second spelling of one signature.
    let shouting = app.post(&path, json!({"round": 1000, "signature": signature.to_uppercase()}), None).await;
    assert_eq!(shouting.status, 422, "{:?}", shouting.body);
    assert!(!shouting.body["errors"]["signature"].is_null(), "{:?}", shouting.body);
    let waiting = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(waiting["beacon"]["randomness"], json!(null), "nothing refused was taken");

    let taken = app.post(&path, json!({"round": 1000, "signature": signature}), None).await;
    assert_eq!(taken.status, 200, "{:?}", taken.body);
    assert_eq!(taken.body["data"]["beacon"]["randomness"], randomness.as_str());
    let drawn = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert_eq!(drawn["beacon"]["signature"], signature.as_str());
    assert_eq!(drawn["cancelled_reason"], json!(null));
    let again = app.post(&path, json!({"round": 1000, "signature": signature}), None).await;
    assert_eq!(again.status, 200, "a second post changes nothing: {:?}", again.body);
    let after = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(after["numbers"], drawn["numbers"]);
    assert_eq!(after["status"], "settled");
}
