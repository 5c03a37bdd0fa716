//! Scheme `ayo-lotto/v2` end to end: receipts that prove a ticket is in the published root, the independent
//! witness's secret bound into the balls (and its absence cancelling the draw), `ayo verify-draw --url` against the
//! running server, and the public results archive.

use std::process::Command;

use serde_json::{json, Value};

use ayo_data::lotto::merkle;
use ayo_data::lotto::{draw_balls_bound, Binding, Seed};

use crate::helpers::{spawn_app, TestApp};
use crate::lotto::nap1;
pub(crate) use crate::witness_helpers::{commitment_of, secret_of};
use crate::witness_helpers::{named_witness, witness_account};

const WITNESS_EMAIL: &str = "witness@regulator.ng";
const WITNESS_PASSWORD: &str = "a-long-witness-pass";

fn hash_of(hex_text: &Value) -> [u8; 32] {
    hex::decode(hex_text.as_str().expect("hex")).expect("hex").try_into().expect("32 bytes")
}

/// The witness's account, logged in, its test key registered.
pub(crate) async fn witness(app: &TestApp) -> String {
    named_witness(app, WITNESS_EMAIL, WITNESS_PASSWORD, "Witness").await
}

/// Checks a receipt as the browser does: the leaf is the hash of its text, the text is this ticket, and the path
/// leads to the draw's published root.
fn assert_receipt_proves(ticket: &Value, draw: &Value) {
    let receipt = &ticket["receipt"];
    let leaf_data = receipt["leaf_data"].as_str().expect("leaf_data");
    let leaf = merkle::leaf_hash(leaf_data.as_bytes());
    assert_eq!(hex::encode(leaf), receipt["leaf"].as_str().unwrap());
    let fields: Vec<&str> = leaf_data.split('|').collect();
    assert_eq!(fields[..4], ["ayo-lotto/v2", "ticket", &draw["id"].to_string(), &ticket["id"].to_string()]);
    assert_eq!(fields[5], ticket["bet_type"].as_str().unwrap());
    let numbers: Vec<String> = ticket["numbers"].as_array().unwrap().iter().map(|n| n.to_string()).collect();
    assert_eq!(fields[6], numbers.join(","));
    assert_eq!(fields[9], ticket["stake_per_line"].to_string());
    let proof: Vec<[u8; 32]> = receipt["proof"].as_array().unwrap().iter().map(hash_of).collect();
    let root = hash_of(&draw["tickets_root"]);
    assert_eq!(receipt["root"], draw["tickets_root"]);
    let (index, size) = (receipt["index"].as_u64().unwrap(), receipt["tree_size"].as_u64().unwrap());
    assert!(merkle::verify(&leaf, index, size, &proof, &root), "the receipt's path leads to the published root");
}

#[actix_web::test]
async fn each_ticket_carries_a_receipt_proving_it_is_in_the_root_the_balls_are_bound_to() {
    let app = spawn_app().await;
    let draw = app.quick_draw(1_500, 2_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    let bola = app.verified_player("bola@example.com", "+2348012345679").await;
    app.fund(&admin, &ada, 50_000).await;
    app.fund(&admin, &bola, 50_000).await;
    let mut bought = Vec::new();
    for (who, n) in [(&ada, 7), (&bola, 8), (&ada, 9)] {
        let reply = app.buy(who, nap1(draw.id, n, 5_000, &format!("k{n}"))).await;
        assert_eq!(reply.status, 201, "{:?}", reply.body);
        bought.push((who.clone(), reply.body["data"]["id"].as_u64().unwrap()));
    }
    let open = app.get(&format!("/tickets/{}", bought[0].1), Some(&ada)).await.body["data"].clone();
    assert_eq!(open["receipt"], Value::Null, "no receipt before the tickets are fixed");
    assert_eq!(app.get(&format!("/draws/{}/leaves", draw.id), None).await.status, 409);

    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert_eq!(settled["scheme"], "ayo-lotto/v2");
    assert_eq!(settled["witness"]["name"], "Test fixture witness", "no draw is sold without a witness");
    for (token, id) in &bought {
        let ticket = app.get(&format!("/tickets/{id}"), Some(token)).await.body["data"].clone();
        assert_receipt_proves(&ticket, &settled);
    }
    // Ada's two tickets share a pseudonym; Bola's differs, and neither shows a user id.
    let receipt = |token: &String, id: u64| {
        let (app, token) = (&app, token.clone());
        async move { app.get(&format!("/tickets/{id}"), Some(&token)).await.body["data"]["receipt"].clone() }
    };
    let (a1, b1, a2) = (
        receipt(&bought[0].0, bought[0].1).await,
        receipt(&bought[1].0, bought[1].1).await,
        receipt(&bought[2].0, bought[2].1).await,
    );
    assert_eq!(a1["player"], a2["player"]);
    assert_ne!(a1["player"], b1["player"]);

    // The public leaves rebuild the root, and the balls follow from the seed and that root.
    let page = app.get(&format!("/draws/{}/leaves?limit=2", draw.id), None).await.body["data"].clone();
    assert_eq!((page["tree_size"].as_u64(), page["next_offset"].as_u64()), (Some(3), Some(2)));
    let rest = app.get(&format!("/draws/{}/leaves?offset=2", draw.id), None).await.body["data"].clone();
    let leaves: Vec<[u8; 32]> =
        page["leaves"].as_array().unwrap().iter().chain(rest["leaves"].as_array().unwrap()).map(hash_of).collect();
    assert_eq!(hex::encode(merkle::root(&leaves)), settled["tickets_root"].as_str().unwrap());
    let seed = Seed::from_hex(settled["seed"].as_str().unwrap()).unwrap();
    let root = settled["tickets_root"].as_str().unwrap();
    let witness_secret = settled["witness"]["secret"].as_str().unwrap();
    let outcome = draw_balls_bound(&seed, draw.id, Binding::V2 { tickets_root: root, witness_secret });
    assert_eq!(json!(outcome.numbers), settled["numbers"]);
    assert_eq!(json!(outcome.machine_numbers), settled["machine_numbers"]);

    // Someone else's ticket has no receipt for you.
    assert_eq!(app.get(&format!("/tickets/{}", bought[1].1), Some(&ada)).await.status, 404);
}

#[actix_web::test]
async fn ayo_verify_draw_checks_a_draw_from_the_running_servers_public_api() {
    let app = spawn_app().await;
    let draw = app.quick_draw(2_500, 3_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 20_000).await;
    for n in [3, 33] {
        assert_eq!(app.buy(&ada, nap1(draw.id, n, 5_000, &format!("v{n}"))).await.status, 201);
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;

    // As an operator's shell may have it: errors still print without a backtrace.
    let run = |args: Vec<String>| {
        Command::new(env!("CARGO_BIN_EXE_ayo")).args(args).env("RUST_BACKTRACE", "1").output().unwrap()
    };
    let online = run(vec!["verify-draw".into(), draw.id.to_string(), "--url".into(), app.url.clone()]);
    let report = String::from_utf8_lossy(&online.stdout);
    assert!(online.status.success(), "{report}{}", String::from_utf8_lossy(&online.stderr));
    assert!(report.contains("tickets     2 (Merkle root"), "{report}");
    assert!(report.contains("verified") && !report.contains("MISMATCH"), "{report}");

    // The offline form cannot open a store the server holds: it says so, and where to go instead.
    let data_dir = app.data_dir.path().to_string_lossy().to_string();
    let offline = run(vec!["verify-draw".into(), draw.id.to_string(), "--data-dir".into(), data_dir]);
    let said = String::from_utf8_lossy(&offline.stderr);
    assert!(!offline.status.success());
    assert!(said.contains("another ayo process") && said.contains("--url"), "{said}");
    assert!(!said.contains("panicked") && !said.contains("backtrace"), "{said}");
    assert_eq!(said.matches("could not acquire lock").count(), 1, "each cause once: {said}");

    // And it rebuilds every leaf from the tickets themselves (here in-process, on the server's store).
    let report = ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap();
    assert!(report.contains("verified"), "{report}");

    // A draw still on sale has nothing to verify yet.
    let later = app.quick_draw(60_000, 61_000).await;
    let early = run(vec!["verify-draw".into(), later.id.to_string(), "--url".into(), app.url.clone()]);
    assert!(!early.status.success());
    assert!(String::from_utf8_lossy(&early.stderr).contains("revealed only once it is drawn"));
}

#[actix_web::test]
async fn the_witness_secret_committed_before_sales_and_revealed_after_close_is_bound_into_the_balls() {
    let app = spawn_app().await;
    let witness = witness(&app).await;
    let commitments: Vec<Value> =
        ["w1", "w2"].iter().map(|l| json!({"label": l, "commitment": commitment_of(l)})).collect();
    let pooled = app.post("/witness/commitments", json!({ "commitments": commitments }), Some(&witness)).await;
    assert_eq!(pooled.status, 201, "{:?}", pooled.body);
    assert_eq!(pooled.body["data"]["pooled"], 2);

    let draw = app.quick_draw(1_500, 4_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 20_000).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 5, 5_000, "w")).await.status, 201);
    let public = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(public["witness"]["commitment"], commitment_of("w1"));
    assert_eq!((public["witness"]["name"].as_str(), public["witness"]["secret"].as_str()), (Some("Witness"), None));

    // Not before close, not a wrong secret, not by anyone else.
    let reveal = |secret: String, token: String| {
        let app = &app;
        async move {
            let body = app.reveal_body(draw.id, WITNESS_EMAIL, &secret).await;
            app.post(&format!("/witness/draws/{}/reveal", draw.id), body, Some(&token)).await
        }
    };
    assert_eq!(reveal(secret_of("w1"), witness.clone()).await.status, 409, "sales are still open");
    assert_eq!(reveal(secret_of("w1"), admin.clone()).await.status, 403);
    app.wait_for_draw(draw.id, |d| d["status"] == "closed").await;
    let listed = app.get("/witness/draws", Some(&witness)).await.body["data"].clone();
    let row = listed["draws"].as_array().unwrap().iter().find(|d| d["draw_id"] == draw.id).cloned().unwrap();
    assert_eq!((row["label"].as_str(), row["ready_to_reveal"].as_bool()), (Some("w1"), Some(true)));
    let wrong = reveal(secret_of("w2"), witness.clone()).await;
    assert_eq!(wrong.status, 422);
    assert!(wrong.body["errors"]["secret"].is_array(), "{:?}", wrong.body);
    let taken = reveal(secret_of("w1"), witness.clone()).await;
    assert_eq!(taken.status, 200, "{:?}", taken.body);
    assert_eq!(taken.body["data"]["witness"]["secret"], secret_of("w1"));

    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let seed = Seed::from_hex(settled["seed"].as_str().unwrap()).unwrap();
    let root = settled["tickets_root"].as_str().unwrap();
    let secret = secret_of("w1");
    let with = draw_balls_bound(&seed, draw.id, Binding::V2 { tickets_root: root, witness_secret: &secret });
    let without = draw_balls_bound(&seed, draw.id, Binding::V2 { tickets_root: root, witness_secret: "" });
    assert_eq!(json!(with.numbers), settled["numbers"]);
    assert_ne!(with.numbers, without.numbers, "the seed alone does not give the balls");
    assert!(ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap().contains("witness commitment"));
}

#[actix_web::test]
async fn a_witness_who_never_reveals_gets_the_draw_cancelled_its_seed_published_and_every_stake_refunded() {
    let app = spawn_app().await;
    let witness = witness(&app).await;
    let commitments = json!({"commitments": [{"label": "silent", "commitment": commitment_of("silent")}]});
    assert_eq!(app.post("/witness/commitments", commitments, Some(&witness)).await.status, 201);
    let draw = app.quick_draw(1_000, 1_500).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 20_000).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 5, 5_000, "s")).await.status, 201);
    assert_eq!(app.balance(&ada).await, 15_000);

    let done = app.wait_for_draw(draw.id, |d| d["status"] == "cancelled").await;
    assert_eq!(done["cancelled_reason"], ayo_data::draw::WITNESS_ABSENT_REASON);
    assert_eq!(done["numbers"], Value::Null);
    let seed = Seed::from_hex(done["seed"].as_str().expect("the seed is published")).unwrap();
    assert_eq!(seed.commitment(), done["commitment"].as_str().unwrap());
    for _ in 0..100 {
        if app.balance(&ada).await == 20_000 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(app.balance(&ada).await, 20_000, "the stake is refunded in full");
    let body = app.reveal_body(draw.id, WITNESS_EMAIL, &secret_of("silent")).await;
    let late = app.post(&format!("/witness/draws/{}/reveal", draw.id), body, Some(&witness)).await;
    assert_eq!(late.status, 409, "too late to reveal: {:?}", late.body);
}

#[actix_web::test]
async fn the_scheduler_gives_each_new_draw_the_witness_next_commitment_and_bad_commitments_are_named() {
    let app = spawn_app().await;
    let witness = witness(&app).await;
    let bad =
        json!({"commitments": [{"label": "ok", "commitment": "xyz"}, {"label": "", "commitment": commitment_of("a")}]});
    let refused = app.post("/witness/commitments", bad, Some(&witness)).await;
    assert_eq!(refused.status, 422);
    assert!(refused.body["errors"]["commitments.0.commitment"].is_array(), "{:?}", refused.body);
    assert!(refused.body["errors"]["commitments.1.label"].is_array(), "{:?}", refused.body);
    let player = app.verified_player("ada@example.com", "+2348012345678").await;
    assert_eq!(app.post("/witness/commitments", json!({"commitments": []}), Some(&player)).await.status, 403);

    let labels = ["a", "b", "c", "d"];
    let good: Vec<Value> = labels.iter().map(|l| json!({"label": l, "commitment": commitment_of(l)})).collect();
    assert_eq!(app.post("/witness/commitments", json!({ "commitments": good }), Some(&witness)).await.status, 201);
    let admin = app.admin("boss@ayolotto.ng").await;
    let game = json!({
        "name": "Witnessed", "description": "Every five minutes", "schedule": {"kind": "interval", "every_minutes": 5},
        "close_before_secs": 30
    });
    let created = app.post("/admin/games", game, Some(&admin)).await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let id = created.body["data"]["id"].as_u64().unwrap();
    let mut upcoming = Vec::new();
    for _ in 0..100 {
        upcoming =
            app.get(&format!("/games/{id}"), None).await.body["data"]["upcoming_draws"].as_array().unwrap().clone();
        if upcoming.len() >= 2 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let mut committed: Vec<String> =
        upcoming.iter().map(|d| d["witness"]["commitment"].as_str().expect("a witnessed draw").to_string()).collect();
    committed.sort();
    committed.dedup();
    assert_eq!(committed.len(), upcoming.len(), "no two draws share a commitment");
    assert!(committed.iter().all(|c| labels.iter().any(|l| commitment_of(l) == *c)));
    let listed = app.get("/witness/draws", Some(&witness)).await.body["data"].clone();
    assert_eq!(listed["pooled"].as_u64().unwrap() as usize, labels.len() - upcoming.len());
}

#[actix_web::test]
async fn the_results_archive_lists_past_draws_newest_first_filtered_searched_and_paged() {
    let app = spawn_app().await;
    let first = app.quick_draw(300, 600).await;
    let second = app.quick_draw(300, 600).await;
    let one = app.wait_for_draw(first.id, |d| d["status"] == "settled").await;
    let two = app.wait_for_draw(second.id, |d| d["status"] == "settled").await;
    let open = app.quick_draw(60_000, 61_000).await;

    let all = app.get("/results", None).await;
    assert_eq!(all.status, 200, "{:?}", all.body);
    let ids: Vec<u64> =
        all.body["data"]["results"].as_array().unwrap().iter().map(|d| d["id"].as_u64().unwrap()).collect();
    assert_eq!(ids, vec![second.id, first.id], "newest first, nothing still on sale ({})", open.id);
    assert_eq!(all.body["data"]["next_before"], Value::Null);

    let page = app.get("/results?limit=1", None).await.body["data"].clone();
    assert_eq!(page["results"][0]["id"], second.id);
    let next = page["next_before"].as_u64().unwrap();
    let rest = app.get(&format!("/results?limit=1&before={next}"), None).await.body["data"].clone();
    assert_eq!(rest["results"][0]["id"], first.id);

    let ball = one["numbers"][0].as_u64().unwrap();
    let found = app.get(&format!("/results?number={ball}"), None).await.body["data"]["results"].clone();
    assert!(found.as_array().unwrap().iter().any(|d| d["id"] == first.id));
    assert!(found.as_array().unwrap().iter().all(|d| d["numbers"].as_array().unwrap().contains(&json!(ball))));
    let by_game = app.get(&format!("/results?game_id={}", two["game_id"]), None).await.body["data"]["results"].clone();
    assert_eq!(by_game.as_array().unwrap().len(), 1);
    // Dates are Lagos days, as the page shows the times (WAT): the draw's own day finds it, the next one does not.
    let day = ayo_data::lagos::lagos_day(first.draws_at);
    let on_its_day = app.get(&format!("/results?from={day}&to={day}"), None).await.body["data"]["results"].clone();
    assert!(on_its_day.as_array().unwrap().iter().any(|d| d["id"] == first.id), "{on_its_day}");
    let tomorrow = day.succ_opt().unwrap();
    let none = app.get(&format!("/results?from={tomorrow}"), None).await.body["data"]["results"].clone();
    assert!(!none.as_array().unwrap().iter().any(|d| d["id"] == first.id), "{none}");

    for (query, field) in [
        ("number=91", "number"),
        ("number=abc", "number"),
        ("before=-1", "before"),
        ("from=25-11-2026", "from"),
        ("limit=0", "limit"),
    ] {
        let refused = app.get(&format!("/results?{query}"), None).await;
        assert_eq!(refused.status, 422, "{query}");
        assert!(refused.body["errors"][field].is_array(), "{query}: {:?}", refused.body);
    }

    let frequency = app.get(&format!("/games/{}/frequency?last=10", one["game_id"]), None).await.body["data"].clone();
    assert_eq!(frequency["draws"], 1);
    let counts: Vec<u64> = serde_json::from_value(frequency["counts"].clone()).unwrap();
    assert_eq!((counts.len(), counts.iter().sum::<u64>()), (90, 5));
    assert_eq!(counts[(ball - 1) as usize], 1);
    assert_eq!(frequency["hot"].as_array().unwrap().len(), 5);
    assert_eq!(app.get(&format!("/games/{}/frequency?last=0", one["game_id"]), None).await.status, 422);
}

#[actix_web::test]
async fn ayo_witness_pools_commitments_reveals_after_close_and_flags_a_commitment_it_never_made() {
    let app = spawn_app().await;
    // The tool registers its own key on its first round.
    let token = witness_account(&app, WITNESS_EMAIL, WITNESS_PASSWORD, "Witness").await;
    let key_file = app.data_dir.path().join("witness.key");
    // Off the test's thread: the server's actors share it, and the witness's reveal goes through them. Answers
    // whether the tool succeeded, and what it said.
    let run = || {
        let (url, key_file) = (app.url.clone(), key_file.clone());
        tokio::task::spawn_blocking(move || {
            let output = Command::new(env!("CARGO_BIN_EXE_ayo"))
                .args(["witness", "--url", &url, "--email", WITNESS_EMAIL, "--password", WITNESS_PASSWORD, "--once"])
                .arg("--key-file")
                .arg(&key_file)
                .output()
                .unwrap();
            let said =
                format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
            (output.status.success(), said)
        })
    };
    let run_once = || async {
        let (ok, said) = run().await.unwrap();
        assert!(ok, "{said}");
        said
    };
    assert!(run_once().await.contains("committed 50"));
    let listed = app.get("/witnesses", None).await.body["data"]["witnesses"].clone();
    assert_eq!(listed[0]["name"], "Witness", "the tool registered its key: {listed}");
    let draw = app.quick_draw_held(800, 6_000).await;
    assert!(app.get(&format!("/draws/{}", draw.id), None).await.body["data"]["witness"]["commitment"].is_string());
    assert!(run_once().await.contains(&format!("signed [{}]", draw.id)), "the tool signs before the sale");
    app.wait_for_draw(draw.id, |d| d["status"] == "closed" && d["tickets_root"].is_string()).await;
    assert!(run_once().await.contains(&format!("revealed [{}]", draw.id)));
    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert!(settled["witness"]["secret"].is_string());
    let record = std::fs::read_to_string(app.data_dir.path().join("witness.key.record.jsonl")).unwrap();
    assert_eq!(record.lines().count(), 2, "its own record of the signature and the reveal: {record}");

    // Whoever writes the store drops the witness's reveal from the published draw: the tool says so, non-zero.
    let mut stored = app.store.games.draw(draw.id).unwrap().unwrap();
    let kept = stored.clone();
    if let Some(part) = stored.witness.as_mut() {
        part.secret = None;
    }
    app.store.games.put_draw(&stored).unwrap();
    let (ok, said) = run().await.unwrap();
    assert!(!ok && said.contains(&format!("draws [{}] were revealed by this witness", draw.id)), "{said}");
    app.store.games.put_draw(&kept).unwrap();

    // A drawn draw is made to name this witness (its key, its name) though it never signed it: flagged, non-zero.
    while app.store.witness.pooled().unwrap() > 0 {
        app.store.witness.take().unwrap();
    }
    let other = app.quick_draw(300, 900).await;
    app.wait_for_draw(other.id, |d| d["status"] == "settled").await;
    let mut stored = app.store.games.draw(other.id).unwrap().unwrap();
    if let Some(part) = stored.witness.as_mut() {
        (part.name, part.public_key) = (Some("Witness".into()), listed[0]["public_key"].as_str().map(String::from));
    }
    app.store.games.put_draw(&stored).unwrap();
    let (ok, said) = run().await.unwrap();
    assert!(
        !ok && said.contains(&format!("draws [{}] name this witness but it never signed them", other.id)),
        "{said}"
    );
    app.store
        .games
        .put_draw(
            &app.store
                .games
                .draw(other.id)
                .unwrap()
                .map(|mut d| {
                    d.witness = None;
                    d
                })
                .unwrap(),
        )
        .unwrap();

    // Someone with the witness's password pools a commitment the witness's key never made: the next draw carries
    // it, and the witness's tool says so.
    app.post(
        "/witness/commitments",
        json!({"commitments": [{"label": "forged", "commitment": commitment_of("x")}]}),
        Some(&token),
    )
    .await;
    // The pool is first in, first out: drain the witness's own first.
    while app.store.witness.pooled().unwrap() > 1 {
        app.store.witness.take().unwrap();
    }
    let forged = app.quick_draw_held(60_000, 61_000).await;
    let (ok, said) = run().await.unwrap();
    assert!(!ok && said.contains(&format!("draws [{}] carry this witness's name", forged.id)), "{said}");
}
