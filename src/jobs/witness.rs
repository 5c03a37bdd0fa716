//! `ayo witness`: the independent witness's side of a draw (docs/decisions/017, 046), run on the witness's own
//! machine against the public API. It registers its Ed25519 public key once, keeps its own pool of commitments on
//! the server, signs its commitment on each draw that takes one (before sales), reveals each draw's secret, signed,
//! once the tickets root is published, and checks that every draw carrying its name carries a commitment it made.
//!
//! Secrets need no state but one key: the secret of label `L` is `HMAC-SHA256(key, "ayo-witness|L")` and its
//! commitment `SHA-256(secret)`, so labels are random and the key file is all the witness must keep (0600). The
//! signing key is derived from it the same way (`HMAC-SHA256(key, "ayo-witness|ed25519")` is the Ed25519 seed).

use std::time::Duration;

use anyhow::{bail, Context};
use hmac::Mac;
use rand::RngCore;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use ayo_data::lotto::fair::keyed_hmac;

use super::witness_record::{Entry, Record};
use ayo_data::lotto::witness_signature::{self, commit_message, reveal_message};

/// How many commitments the witness keeps waiting on the server.
pub const POOL_TARGET: u64 = 50;
/// How often the witness looks for draws to reveal.
const POLL: Duration = Duration::from_secs(1);

/// Who the witness is and where it witnesses.
#[derive(Clone)]
pub struct Witness {
    pub base_url: String,
    pub email: String,
    pub password: String,
    pub key: [u8; 32],
    /// The key file its own record is kept next to (`<key file>.record.jsonl`); `None` keeps none (the demo's).
    pub record: Option<std::path::PathBuf>,
}

impl Witness {
    /// The secret of `label`, 64 hex.
    pub fn secret(&self, label: &str) -> String {
        let mut mac = keyed_hmac(&self.key);
        mac.update(format!("ayo-witness|{label}").as_bytes());
        hex::encode(mac.finalize().into_bytes())
    }

    /// The witness's Ed25519 signing key.
    pub fn signing_key(&self) -> ed25519_dalek::SigningKey {
        let mut mac = keyed_hmac(&self.key);
        mac.update(b"ayo-witness|ed25519");
        witness_signature::signing_key(&mac.finalize().into_bytes().into())
    }

    /// The public key registered with the witness's account, 64 hex.
    pub fn public_key(&self) -> String {
        witness_signature::public_key_hex(&self.signing_key())
    }

    /// `hex(SHA-256(secret bytes))` of `label`'s secret.
    pub fn commitment(&self, label: &str) -> String {
        let secret = hex::decode(self.secret(label)).unwrap_or_default();
        hex::encode(Sha256::digest(secret))
    }
}

/// What one round did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Round {
    pub committed: u64,
    /// Draws whose commitment it signed this round.
    pub signed: Vec<u64>,
    pub revealed: Vec<u64>,
    /// Draws that carry this witness's name with a commitment it never made.
    pub foreign: Vec<u64>,
    /// Published draws naming this witness's key that its record says it never signed.
    pub unsigned: Vec<u64>,
    /// Published draws this witness revealed (says its record) whose secret is not published.
    pub missing_reveals: Vec<u64>,
}

impl Round {
    /// What the witness must raise: a draw in its name it never signed, or a reveal of its own gone missing.
    pub fn alarm(&self) -> Option<String> {
        let mut said = Vec::new();
        if !self.foreign.is_empty() {
            said.push(format!("draws {:?} carry this witness's name with a commitment it never made", self.foreign));
        }
        if !self.unsigned.is_empty() {
            said.push(format!("draws {:?} name this witness but it never signed them", self.unsigned));
        }
        if !self.missing_reveals.is_empty() {
            said.push(format!(
                "draws {:?} were revealed by this witness but the server publishes no secret for them",
                self.missing_reveals
            ));
        }
        (!said.is_empty()).then(|| said.join("; "))
    }
}

struct Session {
    client: reqwest::Client,
    witness: Witness,
    token: Option<String>,
    /// Whether the public key is registered (checked once per run).
    registered: bool,
    record: Record,
}

impl Session {
    async fn call(&mut self, method: reqwest::Method, path: &str, body: Option<Value>) -> anyhow::Result<Value> {
        for _ in 0..2 {
            if self.token.is_none() {
                self.token = Some(self.login().await?);
            }
            let url = format!("{}/api/v1{path}", self.witness.base_url);
            let mut request =
                self.client.request(method.clone(), &url).bearer_auth(self.token.as_deref().unwrap_or(""));
            if let Some(body) = &body {
                request = request.json(body);
            }
            let response = request.send().await.with_context(|| format!("{method} {url}"))?;
            let status = response.status();
            let answer: Value = response.json().await.unwrap_or(Value::Null);
            if status == reqwest::StatusCode::UNAUTHORIZED {
                self.token = None;
                continue;
            }
            if !status.is_success() {
                bail!("{method} {path}: {status}: {}", answer["message"].as_str().unwrap_or("no message"));
            }
            return Ok(answer["data"].clone());
        }
        bail!("{method} {path}: the server keeps refusing the witness's login")
    }

    async fn login(&self) -> anyhow::Result<String> {
        let url = format!("{}/api/v1/auth/login", self.witness.base_url);
        let body = json!({ "userIdentity": self.witness.email, "password": self.witness.password });
        let answer: Value = self.client.post(&url).json(&body).send().await?.json().await?;
        answer["data"]["token"]
            .as_str()
            .map(str::to_string)
            .with_context(|| format!("witness login refused: {}", answer["message"].as_str().unwrap_or("no message")))
    }
}

/// Registers the witness's public key, or confirms it is the one registered; a different key on the account means
/// someone else registered for it: the witness must not carry on.
async fn register(session: &mut Session) -> anyhow::Result<()> {
    let public_key = session.witness.public_key();
    let entry = session
        .call(reqwest::Method::PUT, "/witness/key", Some(json!({ "public_key": public_key })))
        .await
        .context("registering this witness's public key (is another key registered for this account?)")?;
    if entry["public_key"].as_str() != Some(public_key.as_str()) {
        bail!("the server lists another public key for this witness account: {}", entry["public_key"]);
    }
    session.registered = true;
    Ok(())
}

/// One round: sign and reveal what is ready, check every draw's commitment is ours, top the pool up.
async fn round(session: &mut Session) -> anyhow::Result<Round> {
    if !session.registered {
        register(session).await?;
    }
    let mut done = Round::default();
    let listing = session.call(reqwest::Method::GET, "/witness/draws", None).await?;
    for draw in listing["draws"].as_array().into_iter().flatten() {
        let (id, label) = (draw["draw_id"].as_u64().unwrap_or(0), draw["label"].as_str().unwrap_or(""));
        if draw["commitment"].as_str() != Some(session.witness.commitment(label).as_str()) {
            tracing::error!(draw = id, "a draw carries this witness's name with a commitment it never made");
            done.foreign.push(id);
            continue;
        }
        let (commitment, seed_commitment) =
            (draw["commitment"].as_str().unwrap_or(""), draw["seed_commitment"].as_str().unwrap_or(""));
        if draw["needs_signature"] == true {
            let signature = witness_signature::sign(
                &session.witness.signing_key(),
                &commit_message(id, seed_commitment, commitment),
            );
            let path = format!("/witness/draws/{id}/sign");
            match session.call(reqwest::Method::POST, &path, Some(json!({ "signature": signature }))).await {
                Ok(_) => {
                    let entry = Entry {
                        draw_id: id,
                        event: "signed".into(),
                        commitment: commitment.into(),
                        seed_commitment: seed_commitment.into(),
                        tickets_root: None,
                    };
                    session.record.add(entry)?;
                    done.signed.push(id);
                }
                Err(e) => tracing::warn!(draw = id, error = %e, "could not sign the commitment"),
            }
        }
        if draw["ready_to_reveal"] == true {
            let secret = session.witness.secret(label);
            let root = draw["tickets_root"].as_str().unwrap_or("");
            let message = reveal_message(id, seed_commitment, commitment, root, &secret);
            let signature = witness_signature::sign(&session.witness.signing_key(), &message);
            let path = format!("/witness/draws/{id}/reveal");
            let body = json!({ "secret": secret, "signature": signature });
            match session.call(reqwest::Method::POST, &path, Some(body)).await {
                Ok(_) => {
                    let entry = Entry {
                        draw_id: id,
                        event: "revealed".into(),
                        commitment: commitment.into(),
                        seed_commitment: seed_commitment.into(),
                        tickets_root: Some(root.into()),
                    };
                    session.record.add(entry)?;
                    done.revealed.push(id);
                }
                Err(e) => tracing::warn!(draw = id, error = %e, "could not reveal yet"),
            }
        }
    }
    let pooled = listing["pooled"].as_u64().unwrap_or(0);
    if pooled < POOL_TARGET {
        let fresh: Vec<Value> = (pooled..POOL_TARGET)
            .map(|_| {
                let mut raw = [0u8; 12];
                rand::rngs::OsRng.fill_bytes(&mut raw);
                let label = hex::encode(raw);
                json!({ "label": label, "commitment": session.witness.commitment(&label) })
            })
            .collect();
        done.committed = fresh.len() as u64;
        session.call(reqwest::Method::POST, "/witness/commitments", Some(json!({ "commitments": fresh }))).await?;
    }
    if session.record.kept() {
        check_archive(session, &mut done).await?;
    }
    Ok(done)
}

/// Checks the public archive (the newest page of `GET /results`) against the witness's own record.
async fn check_archive(session: &mut Session, done: &mut Round) -> anyhow::Result<()> {
    let public_key = session.witness.public_key();
    let url = format!("{}/api/v1/results?limit=100", session.witness.base_url);
    let answer: Value = session.client.get(&url).send().await.with_context(|| format!("GET {url}"))?.json().await?;
    for draw in answer["data"]["results"].as_array().into_iter().flatten() {
        if draw["witness"]["public_key"].as_str() != Some(public_key.as_str()) {
            continue;
        }
        let id = draw["id"].as_u64().unwrap_or(0);
        if !session.record.signed(id) {
            tracing::error!(draw = id, "a published draw names this witness, which never signed it");
            done.unsigned.push(id);
        } else if session.record.revealed(id) && draw["witness"]["secret"].is_null() {
            tracing::error!(draw = id, "this witness revealed the draw's secret, but the server does not publish it");
            done.missing_reveals.push(id);
        }
    }
    Ok(())
}

/// Runs rounds every second, for ever (or one round with `once`). Errors of a round are logged and retried.
pub async fn run(witness: Witness, once: bool) -> anyhow::Result<Round> {
    let client = reqwest::Client::builder().timeout(Duration::from_secs(15)).build()?;
    let record = match &witness.record {
        Some(path) => Record::beside(path)?,
        None => Record::default(),
    };
    let mut session = Session { client, witness, token: None, registered: false, record };
    loop {
        match round(&mut session).await {
            Ok(done) if once => match done.alarm() {
                Some(alarm) => bail!("{alarm}"),
                None => return Ok(done),
            },
            Ok(done) => {
                if let Some(alarm) = done.alarm() {
                    tracing::error!(alarm, "the public archive disagrees with this witness");
                }
                if !done.revealed.is_empty() || !done.signed.is_empty() || done.committed > 0 {
                    let (signed, revealed) = (&done.signed, &done.revealed);
                    tracing::info!(?signed, ?revealed, committed = done.committed, "witness round");
                }
            }
            Err(e) if once => return Err(e),
            Err(e) => tracing::warn!(error = %e, "witness round failed; retrying"),
        }
        tokio::time::sleep(POLL).await;
    }
}
