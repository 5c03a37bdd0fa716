//! What anchors a draw outside the server's say-so (issue 30): the operator's signature on every sold ticket, verified
//! with the published key; the chain of draw records, which a rewritten draw breaks.

use std::process::Command;

use serde_json::Value;

use ayo_data::lotto::{draw_balls_bound, Seed};
use ayo_data::merkle;
use ayo_data::signed_receipt::verify;

use crate::helpers::spawn_app;
use crate::lotto::nap1;

/// Whether the ticket's `signature` verifies under `key` over the leaf of its `signed.leaf_data` and its draw's
/// commitment, as a third party checks it.
fn signature_holds(ticket: &Value, key: &str, commitment: &str) -> bool {
    let signed = &ticket["signed"];
    let leaf = hex::encode(merkle::leaf_hash(signed["leaf_data"].as_str().unwrap_or_default().as_bytes()));
    leaf == signed["leaf"].as_str().unwrap_or_default()
        && verify(key, &leaf, commitment, ticket["signature"].as_str().unwrap_or_default())
}

#[actix_web::test]
async fn a_sold_ticket_carries_a_signature_that_verifies_with_the_published_key_and_an_altered_one_does_not() {
    let app = spawn_app().await;
    let draw = app.quick_draw(1_500, 2_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 50_000).await;
    let bought = app.buy(&ada, nap1(draw.id, 7, 5_000, "k7")).await;
    assert_eq!(bought.status, 201, "{:?}", bought.body);
    let sold = bought.body["data"].clone();
    let published = app.get("/fairness/receipt-key", None).await;
    assert_eq!(published.status, 200, "{:?}", published.body);
    let key = published.body["data"]["public_key"].as_str().unwrap().to_string();
    assert_eq!(published.body["data"]["algorithm"], "ed25519");
    let commitment = draw.commitment.clone();

    assert_eq!(sold["signature"].as_str().map(str::len), Some(128));
    assert_eq!(sold["signed"]["commitment"], commitment.as_str());
    assert!(signature_holds(&sold, &key, &commitment), "the purchase's answer is signed: {sold}");
    let leaf_data = sold["signed"]["leaf_data"].as_str().unwrap();
    assert!(leaf_data.starts_with(&format!("ayo-lotto/v2|ticket|{}|{}|", draw.id, sold["id"])), "{leaf_data}");

    // The ticket page carries the same signature, and so does the list.
    let id = sold["id"].as_u64().unwrap();
    let page = app.get(&format!("/tickets/{id}"), Some(&ada)).await.body["data"].clone();
    assert_eq!(page["signature"], sold["signature"]);
    let list = app.get("/tickets", Some(&ada)).await.body["data"].clone();
    assert_eq!(list[0]["signature"], sold["signature"]);

    // An altered receipt does not verify: more stake, another draw's commitment, a flipped signature byte.
    let mut more_stake = sold.clone();
    more_stake["signed"]["leaf_data"] = leaf_data.replace("|5000|1|5000|", "|50000|1|50000|").into();
    more_stake["signed"]["leaf"] =
        hex::encode(merkle::leaf_hash(more_stake["signed"]["leaf_data"].as_str().unwrap().as_bytes())).into();
    assert_ne!(more_stake["signed"]["leaf_data"], sold["signed"]["leaf_data"]);
    assert!(!signature_holds(&more_stake, &key, &commitment), "a raised stake");
    assert!(!signature_holds(&sold, &key, &"ab".repeat(32)), "another draw's commitment");
    let mut flipped = sold.clone();
    let signature = sold["signature"].as_str().unwrap();
    flipped["signature"] = format!("{}{}", if signature.starts_with('0') { '1' } else { '0' }, &signature[1..]).into();
    assert!(!signature_holds(&flipped, &key, &commitment), "a flipped signature");

    // Once the draw has closed, the signed leaf is the one under the published root.
    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    let page = app.get(&format!("/tickets/{id}"), Some(&ada)).await.body["data"].clone();
    assert_eq!(page["receipt"]["leaf"], sold["signed"]["leaf"]);
    assert_eq!(page["receipt"]["root"], settled["tickets_root"]);
    assert_eq!(page["signature"], sold["signature"], "the ticket keeps its signature after settlement");
}

/// A draw of `game` open now, closing and drawing after the given milliseconds, as `quick_draw` makes one.
fn verify_at(app: &crate::helpers::TestApp, draw: u64) -> (bool, String) {
    let run = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["verify-draw", &draw.to_string(), "--url", &app.url])
        .output()
        .unwrap();
    (run.status.success(), format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr)))
}

/// docs/vectors/check_v2.py, the auditors' standard-library checker, run against the public API alone.
fn check_v2_at(app: &crate::helpers::TestApp, draw: u64) -> (bool, String) {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/vectors/check_v2.py");
    let run = Command::new("python3").args([script, "--url", &app.url, &draw.to_string()]).output().unwrap();
    (run.status.success(), format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr)))
}

#[actix_web::test]
async fn each_draw_links_to_the_previous_record_of_its_game_and_a_rewritten_draw_breaks_the_chain() {
    let app = spawn_app().await;
    let first = app.quick_draw(800, 1_000).await;
    let game = app.store.games.game(first.game_id).unwrap().unwrap();
    let first = app.wait_for_draw(first.id, |d| d["status"] == "settled").await;
    assert_eq!(first["prev_draw_id"], Value::Null, "a game's first record links to nothing");
    let second = app.quick_draw_of(&game, 800, 1_000).await;
    let second = app.wait_for_draw(second.id, |d| d["status"] == "settled").await;
    assert_eq!(second["prev_draw_id"], first["id"]);
    assert_eq!(second["prev_record_hash"], first["record_hash"]);
    assert_eq!(second["prev_record_hash"].as_str().map(str::len), Some(64));
    let third = app.quick_draw_of(&game, 800, 1_000).await;
    let third = app.wait_for_draw(third.id, |d| d["status"] == "settled").await;
    assert_eq!(third["prev_record_hash"], second["record_hash"]);
    let (ok, report) = verify_at(&app, third["id"].as_u64().unwrap());
    assert!(ok, "{report}");
    assert!(report.contains("2 earlier record(s)"), "{report}");
    let (ok, report) = check_v2_at(&app, third["id"].as_u64().unwrap());
    assert!(ok, "{report}");
    assert!(report.contains("witness signatures hold") && report.contains("2 earlier record(s)"), "{report}");

    // Someone with write access to the database rewrites the first draw: another seed with its own commitment, and
    // the balls that follow from them, so the draw's own arithmetic still holds. Its witness signed the original
    // commitment (decision 046), so the draw alone no longer verifies; and the chain exposes it from any later draw.
    let first_id = first["id"].as_u64().unwrap();
    let mut forged = app.store.games.draw(first_id).unwrap().unwrap();
    forged.seed = Seed([0x42; 32]);
    forged.commitment = forged.seed.commitment();
    let binding = forged.binding().unwrap();
    let outcome = draw_balls_bound(&forged.seed, forged.id, binding);
    forged.numbers = Some(outcome.numbers);
    forged.machine_numbers = Some(outcome.machine_numbers);
    app.store.games.put_draw(&forged).unwrap();
    let (ok, report) = verify_at(&app, first_id);
    assert!(!ok, "the witness's signature is over the original commitment: {report}");
    assert!(report.contains("commitment = SHA-256(seed)                     OK"), "{report}");
    assert!(report.contains("the witness signed its commitment on this draw MISMATCH"), "{report}");
    let (ok, report) = check_v2_at(&app, first_id);
    assert!(!ok && report.contains("commitment signature does not verify"), "the Python checker too: {report}");

    let (ok, report) = verify_at(&app, third["id"].as_u64().unwrap());
    assert!(!ok, "the chain from a later draw exposes the rewrite: {report}");
    assert!(report.contains(&format!("chain is broken at draw {first_id}")), "{report}");
    let (ok, report) = check_v2_at(&app, third["id"].as_u64().unwrap());
    assert!(!ok && report.contains(&format!("chain is broken at draw {first_id}")), "{report}");
}

#[actix_web::test]
async fn a_ticket_altered_in_the_store_after_close_halts_the_draws_payouts_and_alerts_the_admins() {
    let app = spawn_app().await;
    let draw = app.quick_draw(1_500, 6_000).await;
    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 90 * 5_000).await;
    for n in 1..=90u8 {
        let r = app.buy(&ada, nap1(draw.id, n, 5_000, &format!("n{n}"))).await;
        assert_eq!(r.status, 201, "{:?}", r.body);
    }
    app.wait_for_draw(draw.id, |d| d["status"] == "closed" && d["tickets_root"].is_string()).await;

    // The node stops running the draws (its actor, and what it read ahead, are gone); meanwhile someone with write
    // access to the database raises every ticket's stake tenfold, in the ticket and in the draw's index alike, so the
    // shadow computation (which compares the two) has nothing to disagree on. Then the node runs the draws again.
    app.engine.scheduler.send(ayo_actors::lead::Lead(false)).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    for id in app.store.books.ticket_ids_of_draw(draw.id).unwrap() {
        let mut ticket = app.store.books.ticket(id).unwrap().unwrap();
        ticket.stake_per_line = ayo_data::money::Kobo(50_000);
        ticket.total_stake = ayo_data::money::Kobo(50_000);
        app.store.wallets().unwrap().overwrite_ticket(&ticket).unwrap();
    }
    app.engine.scheduler.send(ayo_actors::lead::Lead(true)).await.unwrap();

    let halted = app.wait_for_draw(draw.id, |d| d["settlement_halted"] == true).await;
    assert_eq!(halted["status"], "drawn", "never settled");
    assert_eq!(app.balance(&ada).await, 0, "nothing was paid");
    let log = app.get("/admin/activities", Some(&admin)).await.body;
    let alert = log["data"].as_array().unwrap().iter().find(|a| a["action"] == "draw.settlement_halted").cloned();
    let alert = alert.expect("the halt is in the audit log");
    let detail = alert["detail"].as_str().unwrap();
    assert!(detail.contains("not those under its published tickets root"), "{detail}");
    assert!(detail.contains("is not the ticket committed at close"), "{detail}");
}
