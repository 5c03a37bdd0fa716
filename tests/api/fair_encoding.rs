//! One spelling for every hashed value (docs/fairness.md, "Encodings"; issue 30): a witness secret re-spelled in
//! upper case or padded with whitespace decodes to the committed bytes but, entering the balls' HMAC as text, gives
//! other balls. The server refuses it at reveal naming the field; `ayo verify-draw` refuses it on a data directory
//! and from a server that publishes it, as for every re-spelled draw of the published negative vectors.

use std::process::Command;

use actix_web::{web, App, HttpResponse, HttpServer};
use serde_json::{json, Value};

use crate::fairness::{commitment_of, secret_of, witness};
use crate::helpers::spawn_app;
use crate::lotto::nap1;
use ayo_data::lotto::witness_signature::public_key_hex;

/// `text` with its first letter (a–f) in upper case: the same bytes, another text.
fn first_letter_up(text: &str) -> String {
    let at = text.find(|c: char| c.is_ascii_lowercase()).expect("a hex letter");
    format!("{}{}{}", &text[..at], text[at..=at].to_ascii_uppercase(), &text[at + 1..])
}

#[actix_web::test]
async fn a_re_spelled_witness_secret_is_refused_at_reveal_naming_the_field_and_only_the_canonical_one_is_stored() {
    let app = spawn_app().await;
    let witness = witness(&app).await;
    let upper = json!({"commitments": [{"label": "u", "commitment": commitment_of("u").to_uppercase()}]});
    let refused = app.post("/witness/commitments", upper, Some(&witness)).await;
    assert_eq!(refused.status, 422, "an upper-case commitment is another spelling: {:?}", refused.body);
    assert!(refused.message().contains("lowercase"), "{:?}", refused.body);
    assert!(refused.body["errors"]["commitments.0.commitment"].is_array(), "{:?}", refused.body);
    let good = json!({"commitments": [{"label": "e", "commitment": commitment_of("e")}]});
    assert_eq!(app.post("/witness/commitments", good, Some(&witness)).await.status, 201);

    let admin = app.admin("boss@ayolotto.ng").await;
    let ada = app.verified_player("ada@example.com", "+2348012345678").await;
    app.fund(&admin, &ada, 20_000).await;
    // Long enough windows that a loaded machine still buys before close and reveals before the draw time.
    let draw = app.quick_draw(2_000, 10_000).await;
    assert_eq!(app.buy(&ada, nap1(draw.id, 5, 5_000, "e")).await.status, 201);
    app.wait_for_draw(draw.id, |d| d["status"] == "closed").await;

    let secret = secret_of("e");
    let path = format!("/witness/draws/{}/reveal", draw.id);
    for forged in [first_letter_up(&secret), secret.to_uppercase(), format!(" {secret}"), format!("{secret}\n")] {
        let reply = app.post(&path, json!({ "secret": forged }), Some(&witness)).await;
        assert_eq!(reply.status, 422, "{forged:?} is refused: {:?}", reply.body);
        let said = reply.field_errors("secret").join(" ");
        assert!(said.contains("64 lowercase hexadecimal"), "the reason names the rule: {said}");
    }
    assert_eq!(app.get(&format!("/draws/{}", draw.id), None).await.body["data"]["witness"]["secret"], Value::Null);
    let body = app.reveal_body(draw.id, "witness@regulator.ng", &secret).await;
    let taken = app.post(&path, body, Some(&witness)).await;
    assert_eq!(taken.status, 200, "{:?}", taken.body);
    let settled = app.wait_for_draw(draw.id, |d| d["status"] == "settled").await;
    assert_eq!(settled["witness"]["secret"], secret, "stored exactly as the one spelling");
    assert!(ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap().contains("verified"));

    // Whoever can write the store re-spells the stored secret: the data-directory verifier refuses the draw.
    let mut stored = app.store.games.draw(draw.id).unwrap().unwrap();
    if let Some(part) = stored.witness.as_mut() {
        part.secret = Some(first_letter_up(&secret));
    }
    app.store.games.put_draw(&stored).unwrap();
    let refused = ayo::commands::verify_draw::verify_draw(&app.store, draw.id).unwrap_err().to_string();
    assert!(refused.contains("does NOT verify") && refused.contains("`witness.secret` has upper-case"), "{refused}");
}

/// A stand-in for a server that publishes `draw` (as GET /draws/{id}) and `leaves`, under `/case/{n}`.
async fn forging_server(cases: Vec<(Value, Vec<String>)>) -> String {
    let cases = web::Data::new(cases);
    let server = HttpServer::new(move || {
        App::new().app_data(cases.clone()).route(
            "/case/{n}/api/v1/draws/{id}{rest:.*}",
            web::get().to(
                |path: web::Path<(usize, u64, String)>, cases: web::Data<Vec<(Value, Vec<String>)>>| async move {
                    let (n, _, rest) = path.into_inner();
                    let (draw, leaves) = &cases[n];
                    let data = if rest.starts_with("/leaves") {
                        json!({"leaves": leaves, "next_offset": null})
                    } else {
                        draw.clone()
                    };
                    HttpResponse::Ok().json(json!({ "data": data }))
                },
            ),
        )
    })
    .workers(1)
    .bind("127.0.0.1:0")
    .unwrap();
    let address = server.addrs()[0];
    actix_web::rt::spawn(server.run());
    format!("http://{address}")
}

/// A vector draw as the public API shows it once drawn.
fn published(draw: &Value) -> Value {
    let witness = if draw["witness_commitment"].is_null() {
        Value::Null
    } else {
        json!({"commitment": draw["witness_commitment"], "secret": draw["witness_secret"]})
    };
    json!({
        "id": draw["draw_id"], "status": "settled", "seed": draw["seed"], "commitment": draw["commitment"],
        "tickets_hash": null, "tickets_root": draw["tickets_root"], "witness": witness,
        "numbers": draw["numbers"], "machine_numbers": draw["machine_numbers"], "would_be_numbers": null,
    })
}

#[actix_web::test]
async fn ayo_verify_draw_url_refuses_every_re_spelled_draw_of_the_negative_vectors_naming_the_field() {
    let vectors: Value =
        serde_json::from_str(include_str!("../../docs/vectors/ayo-lotto-v2.json")).expect("the published vectors");
    let leaves_of = |draw: &Value| -> Vec<String> {
        let tree = &vectors["merkle"][draw["tree"].as_u64().unwrap() as usize];
        tree["proofs"].as_array().unwrap().iter().map(|p| p["leaf"].as_str().unwrap().to_string()).collect()
    };
    let honest = &vectors["draws"][3];
    let refused = vectors["refused"].as_array().unwrap();
    let mut cases = vec![(published(honest), leaves_of(honest))];
    cases.extend(refused.iter().map(|case| (published(&case["draw"]), leaves_of(&case["draw"]))));
    // One more: a published leaf in upper case (the root is over bytes, so only the spelling rule catches it).
    let mut upper_leaf = leaves_of(honest);
    upper_leaf[0] = first_letter_up(&upper_leaf[0]);
    cases.push((published(honest), upper_leaf));
    let base = forging_server(cases).await;
    // Off the test's thread, which also runs the stand-in server.
    let verify = |n: usize| {
        let (url, id) = (format!("{base}/case/{n}"), honest["draw_id"].to_string());
        let run = move || Command::new(env!("CARGO_BIN_EXE_ayo")).args(["verify-draw", &id, "--url", &url]).output();
        async move {
            let out = actix_web::rt::task::spawn_blocking(run).await.unwrap().unwrap();
            let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
            (out.status.success(), said)
        }
    };

    let (ok, said) = verify(0).await;
    assert!(ok && said.contains("verified"), "the honest vector draw verifies: {said}");
    for (i, case) in refused.iter().enumerate() {
        let (ok, said) = verify(i + 1).await;
        let field = case["field"].as_str().unwrap();
        assert!(!ok, "`{field}` {} was accepted: {said}", case["how"]);
        assert!(said.contains(&format!("`{field}`")) && said.contains("does NOT verify"), "{said}");
    }
    let (ok, said) = verify(refused.len() + 1).await;
    assert!(!ok && said.contains("leaf 0"), "an upper-case leaf: {said}");
}

/// A secret used twice is public after its first reveal, so a later draw holding it would be predictable.
#[actix_web::test]
async fn a_commitment_pooled_before_is_refused_with_a_409_naming_it_even_from_another_witness_account() {
    let app = spawn_app().await;
    let witness = witness(&app).await;
    let first = json!({"commitments": [{"label": "a", "commitment": commitment_of("a")}]});
    assert_eq!(app.post("/witness/commitments", first, Some(&witness)).await.status, 201);
    let again = json!({"commitments": [
        {"label": "b", "commitment": commitment_of("b")},
        {"label": "a-again", "commitment": commitment_of("a")},
    ]});
    let refused = app.post("/witness/commitments", again, Some(&witness)).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert_eq!(refused.body["errorCode"], "CONFLICT");
    assert!(refused.body["errors"]["commitments.1.commitment"].is_array(), "{:?}", refused.body);
    assert!(refused.message().contains("pooled before"), "{:?}", refused.body);

    // Taken by a draw, it stays refused, for every account.
    let draw = app.quick_draw(60_000, 61_000).await;
    let public = app.get(&format!("/draws/{}", draw.id), None).await.body["data"].clone();
    assert_eq!(public["witness"]["commitment"], commitment_of("a"));
    let staff = ayo::commands::NewStaff {
        email: "second@witness.ng",
        password: "another-long-witness-pass",
        name: "Second",
        role: ayo_data::user::Role::Witness,
        totp_secret: None,
    };
    ayo::commands::make_staff(&app.store, &staff).unwrap();
    let login = json!({"userIdentity": "second@witness.ng", "password": "another-long-witness-pass"});
    let second = app.post("/auth/login", login, None).await.body["data"]["token"].as_str().unwrap().to_string();
    let key = json!({"public_key": public_key_hex(&crate::witness_helpers::key_of("second@witness.ng"))});
    assert_eq!(app.put("/witness/key", key, Some(&second)).await.status, 200);
    let reuse = json!({"commitments": [{"label": "a", "commitment": commitment_of("a")}]});
    let refused = app.post("/witness/commitments", reuse, Some(&second)).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    assert!(refused.body["errors"]["commitments.0.commitment"].is_array(), "{:?}", refused.body);
    let pooled = app.get("/witness/draws", Some(&witness)).await.body["data"]["pooled"].clone();
    assert_eq!(pooled, 0, "no part of a refused request was pooled");
}
