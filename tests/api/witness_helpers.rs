//! Named witnesses in tests (docs/decisions/046): accounts with an Ed25519 key registered, signed reveals, and a
//! fixture witness that lets a test's draw be sold (no draw is sold without a witness's signed commitment).

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use ayo_data::account::Email;
use ayo_data::draw::{Draw, WitnessPart};
use ayo_data::lotto::witness_signature::{commit_message, public_key_hex, reveal_message, sign, signing_key};
use ayo_data::seam::{PooledCommitment, Staff, WitnessEntry};
use ayo_data::user::Role;
use ayo_data::Store;

use crate::helpers::TestApp;

/// The test key of the witness whose account is `email`.
pub fn key_of(email: &str) -> ed25519_dalek::SigningKey {
    signing_key(&Sha256::digest(format!("test witness key {email}")).into())
}

pub fn secret_of(label: &str) -> String {
    hex::encode(Sha256::digest(format!("test witness secret {label}")))
}

pub fn commitment_of(label: &str) -> String {
    hex::encode(Sha256::digest(hex::decode(secret_of(label)).unwrap()))
}

/// A witness account, logged in, without a key yet.
pub async fn witness_account(app: &TestApp, email: &str, password: &str, name: &str) -> String {
    let staff = ayo::commands::NewStaff { email, password, name, role: Role::Witness, totp_secret: None };
    ayo::commands::make_staff(&app.store, &staff).unwrap();
    let reply = app.post("/auth/login", json!({"userIdentity": email, "password": password}), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["data"]["token"].as_str().unwrap().to_string()
}

/// A witness account, logged in, with `key_of(email)` registered.
pub async fn named_witness(app: &TestApp, email: &str, password: &str, name: &str) -> String {
    let token = witness_account(app, email, password, name).await;
    let key = json!({ "public_key": public_key_hex(&key_of(email)) });
    let registered = app.put("/witness/key", key, Some(&token)).await;
    assert_eq!(registered.status, 200, "{:?}", registered.body);
    token
}

/// The email of the witness `part` names.
fn email_of(store: &Store, part: &WitnessPart) -> String {
    store.users.get(part.witness_id).unwrap().map(|u| u.email).unwrap_or_default()
}

/// Signs `draw`'s commitment with its witness's test key, when the draw names a test witness.
pub fn sign_commitment(store: &Store, draw: &mut Draw) {
    let (id, seed_commitment) = (draw.id, draw.commitment.clone());
    let Some(part) = draw.witness.as_mut() else { return };
    let key = key_of(&email_of(store, part));
    if part.public_key.as_deref() == Some(public_key_hex(&key).as_str()) {
        part.commitment_signature = Some(sign(&key, &commit_message(id, &seed_commitment, &part.commitment)));
    }
}

impl TestApp {
    /// The body of a reveal of `secret` on the published draw `id`, signed with `email`'s test key.
    pub async fn reveal_body(&self, id: u64, email: &str, secret: &str) -> Value {
        let draw = self.get(&format!("/draws/{id}"), None).await.body["data"].clone();
        let message = reveal_message(
            id,
            draw["commitment"].as_str().unwrap_or_default(),
            draw["witness"]["commitment"].as_str().unwrap_or_default(),
            draw["tickets_root"].as_str().unwrap_or_default(),
            secret,
        );
        json!({ "secret": secret, "signature": sign(&key_of(email), &message) })
    }
}

pub const FIXTURE_EMAIL: &str = "fixture@witness.test";

/// The fixture witness: registered straight in the store, with one commitment of `label` pooled, so the next draw
/// taken can be signed and sold. Its secret is revealed by `reveal_when_closed`.
pub fn fixture_commitment(store: &Store, label: &str) {
    let email = Email::parse(FIXTURE_EMAIL).unwrap();
    let user = match store.users.find_by_email(&email).unwrap() {
        Some(user) => user,
        None => {
            let staff = Staff {
                email,
                name: "Test fixture witness".into(),
                password_hash: "-".into(),
                role: Role::Witness,
                totp_secret: None,
            };
            store.users.upsert_staff(&staff).unwrap().0
        }
    };
    let entry = WitnessEntry {
        witness_id: user.id,
        name: user.name.clone(),
        public_key: public_key_hex(&key_of(FIXTURE_EMAIL)),
        since: chrono::Utc::now(),
        note: Some("A test fixture".into()),
    };
    store.witness.register(&entry).unwrap().unwrap();
    let pooled = PooledCommitment { witness_id: user.id, label: label.into(), commitment: commitment_of(label) };
    store.witness.add(&[pooled]).unwrap().unwrap();
}

impl TestApp {
    /// Reveals the fixture witness's secret on `draw` once its tickets root is out (in the background).
    pub fn reveal_when_closed(&self, draw_id: u64, label: &str) {
        let (store, scheduler, secret) = (self.store.clone(), self.engine.scheduler.clone(), secret_of(label));
        let publish = ayo_actors::hub::Hub::publisher(self.hub.clone());
        actix_web::rt::spawn(async move {
            for _ in 0..1200 {
                let Some(draw) = store.games.draw(draw_id).ok().flatten() else { return };
                if draw.status.is_finished() {
                    return;
                }
                if let (Some(root), Some(part)) = (&draw.tickets_root, &draw.witness) {
                    let message = reveal_message(draw_id, &draw.commitment, &part.commitment, root, &secret);
                    let signature = Some(sign(&key_of(FIXTURE_EMAIL), &message));
                    let reveal = ayo_actors::draw_actor::RevealWitness {
                        witness_id: part.witness_id,
                        secret: secret.clone(),
                        signature,
                    };
                    let answer =
                        scheduler.send(ayo_actors::scheduler::Reveal { draw_id, reveal: reveal.clone() }).await;
                    if let Ok(Err(ayo_actors::draw_actor::RevealRefused::Elsewhere)) = answer {
                        // This node stood down (a cluster drill) and the fixture has no account to reveal through the
                        // API, which would pass it to the node now running the draws: it writes it as that one would.
                        let _ = ayo_actors::draw_actor::reveal(&store, &publish, draw_id, reveal);
                    }
                    return;
                }
                tokio::time::sleep(std::time::Duration::from_millis(25)).await;
            }
        });
    }
}

impl TestApp {
    /// Runs the demo's witness inside the server (as `--demo` does) and waits until it has commitments pooled, so
    /// draws the scheduler plans are signed and sold.
    pub async fn start_witness(&self) {
        ayo::commands::demo::start_witness(&self.store, self.data_dir.path(), &self.url).unwrap();
        for _ in 0..200 {
            if self.store.witness.pooled().unwrap() > 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the witness pooled no commitment");
    }

    /// Waits until `slug`'s draw on sale is open, answering the game.
    pub async fn game_on_sale(&self, slug: &str) -> Value {
        for _ in 0..200 {
            let game = self.get(&format!("/games/{slug}"), None).await.body["data"].clone();
            if game["next_draw"]["status"] == "open" {
                return game;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{slug} has no draw on sale");
    }
}
