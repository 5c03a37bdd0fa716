//! Named witnesses (issue 30; docs/decisions/046), written as the attacks they stop: an operator's own witness
//! account starving the real one of draws, a draw naming a witness that never signed it, a key swapped after the
//! fact.

use serde_json::{json, Value};

use ayo_data::game::GameStatus;
use ayo_data::lotto::witness_signature::{commit_message, public_key_hex, sign};

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;
use crate::witness_helpers::{commitment_of, key_of, named_witness, secret_of, witness_account};

const A: &str = "ada@regulator.ng";
const B: &str = "bayo@operator-friend.ng";
const C: &str = "chidi@nobody.ng";
const PASSWORD: &str = "a-long-witness-pass";

async fn pool(app: &TestApp, token: &str, labels: &[String]) {
    let items: Vec<Value> = labels.iter().map(|l| json!({"label": l, "commitment": commitment_of(l)})).collect();
    let pooled = app.post("/witness/commitments", json!({ "commitments": items }), Some(token)).await;
    assert_eq!(pooled.status, 201, "{:?}", pooled.body);
}

fn labels(prefix: &str, count: usize) -> Vec<String> {
    (0..count).map(|i| format!("{prefix}-{i}")).collect()
}

#[actix_web::test]
async fn a_second_witness_keeping_its_pool_full_does_not_starve_the_first_each_draw_names_its_own() {
    let app = spawn_app().await;
    let a = named_witness(&app, A, PASSWORD, "Ada (regulator)").await;
    let b = named_witness(&app, B, PASSWORD, "Bayo").await;
    // B keeps its pool topped up to the brim; A has a single commitment.
    pool(&app, &b, &labels("b", 50)).await;
    pool(&app, &a, &labels("a", 1)).await;

    let mut game = crate::offline::paused_game(&app.store, "turns", 30);
    game.status = GameStatus::Active;
    app.store.games.put_game(&game).unwrap();
    app.engine.scheduler.send(ayo_actors::scheduler::Refresh).await.unwrap();
    let upcoming = app.get(&format!("/games/{}", game.id), None).await.body["data"]["upcoming_draws"].clone();
    let names: Vec<&str> =
        upcoming.as_array().unwrap().iter().map(|d| d["witness"]["name"].as_str().unwrap()).collect();
    assert_eq!(names.len(), 2, "{upcoming}");
    assert!(names.contains(&"Ada (regulator)") && names.contains(&"Bayo"), "the witnesses take turns: {names:?}");
    let listed = app.get("/witnesses", None).await.body["data"]["witnesses"].clone();
    for draw in upcoming.as_array().unwrap() {
        let entry = listed.as_array().unwrap().iter().find(|w| w["name"] == draw["witness"]["name"]).unwrap();
        assert_eq!(draw["witness"]["public_key"], entry["public_key"], "named with the key of its public entry");
    }
    // Each one sees its own pool only.
    let seen_by_a = app.get("/witness/draws", Some(&a)).await.body["data"].clone();
    assert_eq!((seen_by_a["pooled"].as_u64(), seen_by_a["draws"].as_array().unwrap().len()), (Some(0), 1));
    assert_eq!(app.get("/witness/draws", Some(&b)).await.body["data"]["pooled"], 49);
}

#[actix_web::test]
async fn a_draw_cannot_be_signed_or_revealed_in_a_witness_name_without_its_key() {
    let app = spawn_app().await;
    let a = named_witness(&app, A, PASSWORD, "Ada (regulator)").await;
    let c = named_witness(&app, C, PASSWORD, "Chidi").await;
    pool(&app, &a, &labels("a", 1)).await;
    let draw = app.quick_draw(2_000, 10_000).await;
    let public = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(public["witness"]["name"], "Ada (regulator)", "an open draw names its witness: {public}");
    assert_eq!(public["witness"]["public_key"], public_key_hex(&key_of(A)));
    assert!(public["witness"]["commitment_signature"].is_string());

    // A third account cannot sign a draw it holds no commitment of.
    let message = commit_message(draw.id, &draw.commitment, &commitment_of("a-0"));
    let by_c = json!({ "signature": sign(&key_of(C), &message) });
    assert_eq!(app.post(&format!("/witness/draws/{}/sign", draw.id), by_c.clone(), Some(&c)).await.status, 404);
    // Nor can A's account carry a signature made with another key (whoever holds A's password but not its key).
    let forged = app.post(&format!("/witness/draws/{}/sign", draw.id), by_c, Some(&a)).await;
    assert_eq!(forged.status, 422, "{:?}", forged.body);
    assert!(forged.body["errors"]["signature"].is_array(), "{:?}", forged.body);

    let admin = app.admin("boss@ayolotto.ng").await;
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &player, 20_000).await;
    assert_eq!(app.buy(&player, nap1(draw.id, 5, 5_000, "x")).await.status, 201);
    app.wait_for_draw(draw.id, |d| d["tickets_root"].is_string()).await;
    let path = format!("/witness/draws/{}/reveal", draw.id);
    let signed_by_c = app.reveal_body(draw.id, C, &secret_of("a-0")).await;
    let refused = app.post(&path, signed_by_c, Some(&a)).await;
    assert_eq!(refused.status, 422, "{:?}", refused.body);
    assert!(refused.body["errors"]["signature"].is_array(), "{:?}", refused.body);
    let unsigned = app.post(&path, json!({ "secret": secret_of("a-0") }), Some(&a)).await;
    assert_eq!(unsigned.status, 422, "a named witness's reveal must be signed: {:?}", unsigned.body);
    let body = app.reveal_body(draw.id, A, &secret_of("a-0")).await;
    assert_eq!(app.post(&path, body, Some(&a)).await.status, 200);
    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert!(settled["witness"]["reveal_signature"].is_string(), "{settled}");
    let report = ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap();
    assert!(report.contains("signed its reveal") && report.contains("Ada (regulator)"), "{report}");

    // Whoever writes the store names C on the drawn draw instead: the signatures no longer verify.
    let mut stored = app.store.games.draw(draw.id).unwrap().unwrap();
    if let Some(part) = stored.witness.as_mut() {
        (part.name, part.public_key) = (Some("Chidi".into()), Some(public_key_hex(&key_of(C))));
    }
    app.store.games.put_draw(&stored).unwrap();
    let refused = ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap_err().to_string();
    assert!(refused.contains("signed its commitment on this draw") && refused.contains("MISMATCH"), "{refused}");
}

#[actix_web::test]
async fn a_witness_key_is_registered_once_listed_publicly_and_needed_before_pooling() {
    let app = spawn_app().await;
    let a = witness_account(&app, A, PASSWORD, "Ada (regulator)").await;
    let early = json!({"commitments": [{"label": "early", "commitment": commitment_of("early")}]});
    assert_eq!(app.post("/witness/commitments", early, Some(&a)).await.status, 409, "no key, no commitments");
    let bad = app.put("/witness/key", json!({"public_key": "ab".repeat(31)}), Some(&a)).await;
    assert_eq!(bad.status, 422);
    assert!(bad.body["errors"]["public_key"].is_array(), "{:?}", bad.body);
    let key = public_key_hex(&key_of(A));
    assert_eq!(app.put("/witness/key", json!({"public_key": key}), Some(&a)).await.status, 200);
    assert_eq!(app.put("/witness/key", json!({"public_key": key}), Some(&a)).await.status, 200, "the same again");
    let other = app.put("/witness/key", json!({"public_key": public_key_hex(&key_of(B))}), Some(&a)).await;
    assert_eq!(other.status, 409, "a key is registered once: {:?}", other.body);
    assert!(other.body["errors"]["public_key"].is_array(), "{:?}", other.body);
    let b = witness_account(&app, B, PASSWORD, "Bayo").await;
    assert_eq!(app.put("/witness/key", json!({"public_key": key}), Some(&b)).await.status, 409, "A's key is A's");

    let listed = app.get("/witnesses", None).await;
    assert_eq!(listed.status, 200);
    let entries = listed.body["data"]["witnesses"].as_array().unwrap().clone();
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(
        (entries[0]["name"].as_str(), entries[0]["public_key"].as_str()),
        (Some("Ada (regulator)"), Some(key.as_str()))
    );
    assert!(entries[0]["since"].is_string());
    let document = app.get("/openapi.json", None).await.body.clone();
    assert!(document["paths"]["/witnesses"]["get"].is_object(), "described in the OpenAPI document");
}
