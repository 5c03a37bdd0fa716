//! The independent witness's API (docs/decisions/017, 046): `PUT /witness/key` registers their Ed25519 public key
//! once, `POST /witness/commitments` tops up their own pool of commitments (a new draw takes one of the witness
//! whose turn it is), `GET /witness/draws` lists the unfinished draws that hold one, `POST /witness/draws/{id}/sign`
//! signs the commitment on a draw before its sales, and `POST /witness/draws/{id}/reveal` reveals the secret, signed,
//! once the draw's tickets root is published.

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::draw_actor::{RevealRefused, RevealWitness, SignCommitment};
use ayo_actors::views;
use ayo_data::draw::{DrawId, DrawStatus};
use ayo_data::lotto::canonical::parse_hex32;
use ayo_data::lotto::witness_signature;
use ayo_data::seam::{PooledCommitment, WitnessEntry};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::WitnessUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(register_key).service(add_commitments).service(draws).service(sign).service(reveal);
}

/// Commitments one request may add.
const MAX_PER_REQUEST: usize = 500;
/// Commitments one witness's pool may hold: enough for days of three-minute draws.
const MAX_POOLED: usize = 10_000;
const LABEL_MAX: usize = 64;

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct CommitmentsBody {
    #[schema(required = true, min_items = 1, max_items = 500)]
    commitments: Vec<CommitmentItem>,
}

#[derive(Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
struct CommitmentItem {
    #[schema(required = true, min_length = 1, max_length = 64)]
    label: String,
    /// SHA-256 of the witness's secret: 64 lowercase hex, the one spelling every verifier accepts.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    commitment: String,
}

#[utoipa::path(
    summary = "The witness adds commitments to their pool; each new draw takes the next one",
    tag = "witness",
    security(("bearer" = [])),
    request_body = CommitmentsBody,
    responses(
        (status = 201, description = "data: {pooled}", body = Envelope),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the witness", body = ErrorBody),
        (status = 409, description = "A commitment pooled before (errors names `commitments.{i}.commitment`), or no public key registered yet: none added", body = ErrorBody),
    )
)]
#[post("/witness/commitments")]
async fn add_commitments(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    JsonBody(body): JsonBody<CommitmentsBody>,
) -> Result<HttpResponse, ApiError> {
    if !state.store.witness.entries()?.iter().any(|e| e.witness_id == witness.id) {
        // A draw names its witness by key: a commitment nobody can sign for could never be sold.
        return Err(ApiError::Conflict("Register your public key first (PUT /witness/key)".into()));
    }
    let mut errors = FieldErrors::default();
    let count = body.commitments.len();
    if !(1..=MAX_PER_REQUEST).contains(&count) {
        errors.push("commitments", format!("Send from 1 to {MAX_PER_REQUEST} commitments"));
    } else if state.store.witness.pooled_of(witness.id)? + count > MAX_POOLED {
        errors.push("commitments", format!("The pool holds at most {MAX_POOLED} commitments"));
    }
    for (i, item) in body.commitments.iter().enumerate() {
        let label_ok = (1..=LABEL_MAX).contains(&item.label.len()) && item.label.bytes().all(|b| b.is_ascii_graphic());
        if !label_ok {
            errors.push(&format!("commitments.{i}.label"), format!("1 to {LABEL_MAX} printable characters"));
        }
        if let Err(e) = parse_hex32(&item.commitment) {
            errors.push(&format!("commitments.{i}.commitment"), format!("The commitment {e}"));
        }
    }
    errors.finish()?;
    let pooled: Vec<PooledCommitment> = body
        .commitments
        .into_iter()
        .map(|item| PooledCommitment { witness_id: witness.id, label: item.label, commitment: item.commitment })
        .collect();
    if let Err(duplicate) = state.store.witness.add(&pooled)? {
        let field = format!("commitments.{}.commitment", duplicate.index);
        return Err(ApiError::FieldConflict { field, message: duplicate.to_string() });
    }
    state.store.flush().await?;
    state.audit(Some(&req), Some(&witness), "witness.committed", None, format!("{count} commitment(s)"));
    Ok(HttpResponse::Created().json(json!({ "data": { "pooled": state.store.witness.pooled_of(witness.id)? } })))
}

#[utoipa::path(
    summary = "The unfinished draws holding one of the witness's commitments",
    tag = "witness",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: {pooled (this witness's own), draws: [{draw_id, status, label, commitment, seed_commitment, signed, needs_signature, revealed, ready_to_reveal, closes_at, draws_at, tickets_root}]}", body = Envelope),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the witness", body = ErrorBody),
    )
)]
#[get("/witness/draws")]
async fn draws(state: web::Data<AppState>, WitnessUser(witness): WitnessUser) -> Result<HttpResponse, ApiError> {
    let mut rows = Vec::new();
    for draw in state.store.games.unfinished_draws()? {
        let Some(part) = draw.witness.as_ref().filter(|w| w.witness_id == witness.id) else { continue };
        rows.push(json!({
            "draw_id": draw.id,
            "status": draw.status.as_str(),
            "label": part.label,
            "commitment": part.commitment,
            "seed_commitment": draw.commitment,
            "signed": part.commitment_signature.is_some(),
            "needs_signature": draw.status == DrawStatus::Scheduled && part.commitment_signature.is_none(),
            "revealed": part.secret.is_some(),
            "ready_to_reveal": draw.status == DrawStatus::Closed && draw.tickets_root.is_some() && part.secret.is_none(),
            "closes_at": views::time(draw.closes_at),
            "draws_at": views::time(draw.draws_at),
            "tickets_root": draw.tickets_root,
        }));
    }
    let pooled = state.store.witness.pooled_of(witness.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": { "pooled": pooled, "draws": rows } })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct RevealBody {
    /// The 32-byte secret as 64 lowercase hex: it enters the balls' HMAC as text, so no other spelling is taken.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    secret: String,
    /// Ed25519 over `ayo-lotto/v2|witness-reveal|{draw_id}|{commitment}|{witness.commitment}|{tickets_root}|{secret}`
    /// (docs/fairness.md), 128 lowercase hex; required of a witness with a registered key.
    #[schema(pattern = "^[0-9a-f]{128}$")]
    signature: Option<String>,
}

#[utoipa::path(
    summary = "The witness reveals a draw's secret after its sales closed, before its draw time",
    tag = "witness",
    security(("bearer" = [])),
    request_body = RevealBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Draw", body = Envelope),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the witness", body = ErrorBody),
        (status = 409, description = "Not in the state this needs yet (still on sale, or the tickets root not yet published)", body = ErrorBody),
        (status = 422, description = "`secret` is not 64 lowercase hex or not the committed secret, or `signature` does not verify", body = ErrorBody),
    )
)]
#[post("/witness/draws/{id}/reveal")]
async fn reveal(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    id: web::Path<DrawId>,
    JsonBody(body): JsonBody<RevealBody>,
) -> Result<HttpResponse, ApiError> {
    // Refused, not repaired: trimming or lower-casing here would let two texts stand for one secret
    // (docs/fairness.md, "Encodings").
    if let Err(e) = parse_hex32(&body.secret) {
        return Err(ApiError::field("secret", format!("The secret {e}")));
    }
    let reveal = RevealWitness { witness_id: witness.id, secret: body.secret, signature: body.signature };
    let act = crate::bus::lead::WitnessAct::Reveal(reveal);
    let answer = state.bus.witness(&state.engine.scheduler, &state.store, *id, act).await;
    let draw = answer.map_err(|e| refused(e, "Draw awaiting your secret"))?;
    state.audit(Some(&req), Some(&witness), "witness.revealed", Some(format!("draw:{}", draw.id)), "");
    let game = state.store.games.game(draw.game_id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })))
}

/// The answer to a refused signature or reveal.
fn refused(e: RevealRefused, awaiting: &'static str) -> ApiError {
    match e {
        RevealRefused::NotYours => ApiError::NotFound(awaiting),
        RevealRefused::WrongSecret => ApiError::field("secret", e.to_string()),
        RevealRefused::BadSignature(_) => ApiError::field("signature", e.to_string()),
        RevealRefused::TooEarly
        | RevealRefused::TooLate(_)
        | RevealRefused::SignedTooLate
        | RevealRefused::Elsewhere => ApiError::Conflict(e.to_string()),
        RevealRefused::NotSaved => ApiError::internal(anyhow::anyhow!(e)),
    }
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct KeyBody {
    /// The witness's Ed25519 public key, 64 lowercase hex: what their signatures on every draw verify with.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    public_key: String,
}

#[utoipa::path(
    summary = "The witness registers their Ed25519 public key, once; it is listed publicly at GET /witnesses",
    tag = "witness",
    security(("bearer" = [])),
    request_body = KeyBody,
    responses(
        (status = 200, description = "data: the public entry {id, name, public_key, since, note} (the same key again: unchanged)", body = Envelope),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the witness", body = ErrorBody),
        (status = 409, description = "This account already has another key, or another account holds this one (`public_key`)", body = ErrorBody),
        (status = 422, description = "`public_key` is not 64 lowercase hex of an Ed25519 key", body = ErrorBody),
    )
)]
#[put("/witness/key")]
async fn register_key(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    JsonBody(body): JsonBody<KeyBody>,
) -> Result<HttpResponse, ApiError> {
    if let Err(e) = witness_signature::parse_public_key(&body.public_key) {
        return Err(ApiError::field("public_key", format!("The public key: {e}")));
    }
    let entry = WitnessEntry {
        witness_id: witness.id,
        name: witness.name.clone(),
        public_key: body.public_key,
        since: chrono::Utc::now(),
        note: None,
    };
    if let Err(e) = state.store.witness.register(&entry)? {
        return Err(ApiError::FieldConflict { field: "public_key".into(), message: e.to_string() });
    }
    state.store.flush().await?;
    state.audit(Some(&req), Some(&witness), "witness.key_registered", None, entry.public_key.clone());
    let registered = state.store.witness.entries()?.into_iter().find(|e| e.witness_id == witness.id).unwrap_or(entry);
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "id": registered.witness_id,
        "name": registered.name,
        "public_key": registered.public_key,
        "since": views::time(registered.since),
        "note": registered.note,
    } })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct SignBody {
    /// Ed25519 over `ayo-lotto/v2|witness-commit|{draw_id}|{commitment}|{witness.commitment}` (docs/fairness.md),
    /// 128 lowercase hex.
    #[schema(required = true, pattern = "^[0-9a-f]{128}$")]
    signature: String,
}

#[utoipa::path(
    summary = "The witness signs their commitment on a draw (its id and the operator's seed commitment) before sales",
    tag = "witness",
    security(("bearer" = [])),
    request_body = SignBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Draw", body = Envelope),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not the witness", body = ErrorBody),
        (status = 404, description = "No draw holds a commitment of this witness", body = ErrorBody),
        (status = 409, description = "The draw is already on sale or over", body = ErrorBody),
        (status = 422, description = "`signature` does not verify with the witness's registered key", body = ErrorBody),
    )
)]
#[post("/witness/draws/{id}/sign")]
async fn sign(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    id: web::Path<DrawId>,
    JsonBody(body): JsonBody<SignBody>,
) -> Result<HttpResponse, ApiError> {
    let sign = SignCommitment { witness_id: witness.id, signature: body.signature };
    let act = crate::bus::lead::WitnessAct::Sign(sign);
    let answer = state.bus.witness(&state.engine.scheduler, &state.store, *id, act).await;
    let draw = answer.map_err(|e| refused(e, "Draw holding your commitment"))?;
    state.audit(Some(&req), Some(&witness), "witness.signed", Some(format!("draw:{}", draw.id)), "");
    let game = state.store.games.game(draw.game_id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })))
}
