//! The independent witness's API (docs/decisions/017): `POST /witness/commitments` tops up their pool of
//! commitments (each new draw takes the next one when scheduled), `GET /witness/draws` lists the unfinished draws
//! that hold one, and `POST /witness/draws/{id}/reveal` reveals a secret once the draw's sales have closed.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::draw_actor::{RevealRefused, RevealWitness};
use ayo_actors::scheduler::Reveal;
use ayo_actors::views;
use ayo_data::draw::{DrawId, DrawStatus};
use ayo_data::lotto::canonical::parse_hex32;
use ayo_data::seam::PooledCommitment;

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::WitnessUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(add_commitments).service(draws).service(reveal);
}

/// Commitments one request may add.
const MAX_PER_REQUEST: usize = 500;
/// Commitments the pool may hold: enough for days of three-minute draws.
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
        (status = 409, description = "A commitment pooled before (errors names `commitments.{i}.commitment`): none added", body = ErrorBody),
    )
)]
#[post("/witness/commitments")]
async fn add_commitments(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    JsonBody(body): JsonBody<CommitmentsBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let count = body.commitments.len();
    if !(1..=MAX_PER_REQUEST).contains(&count) {
        errors.push("commitments", format!("Send from 1 to {MAX_PER_REQUEST} commitments"));
    } else if state.store.witness.pooled()? + count > MAX_POOLED {
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
    Ok(HttpResponse::Created().json(json!({ "data": { "pooled": state.store.witness.pooled()? } })))
}

#[utoipa::path(
    summary = "The unfinished draws holding one of the witness's commitments",
    tag = "witness",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: {pooled, draws: [{draw_id, status, label, commitment, revealed, ready_to_reveal, closes_at, draws_at, tickets_root}]}", body = Envelope),
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
            "revealed": part.secret.is_some(),
            "ready_to_reveal": draw.status == DrawStatus::Closed && part.secret.is_none(),
            "closes_at": views::time(draw.closes_at),
            "draws_at": views::time(draw.draws_at),
            "tickets_root": draw.tickets_root,
        }));
    }
    Ok(HttpResponse::Ok().json(json!({ "data": { "pooled": state.store.witness.pooled()?, "draws": rows } })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct RevealBody {
    /// The 32-byte secret as 64 lowercase hex: it enters the balls' HMAC as text, so no other spelling is taken.
    #[schema(required = true, pattern = "^[0-9a-f]{64}$")]
    secret: String,
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
        (status = 409, description = "Not in the state this needs yet (e.g. still on sale)", body = ErrorBody),
        (status = 422, description = "`secret` is not 64 lowercase hex, or not the committed secret", body = ErrorBody),
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
    let reveal = RevealWitness { witness_id: witness.id, secret: body.secret };
    let answer = state.engine.scheduler.send(Reveal { draw_id: *id, reveal }).await.map_err(ApiError::internal)?;
    let draw = match answer {
        Ok(draw) => draw,
        Err(RevealRefused::NotYours) => return Err(ApiError::NotFound("Draw awaiting your secret")),
        Err(e @ RevealRefused::WrongSecret) => return Err(ApiError::field("secret", e.to_string())),
        Err(e @ (RevealRefused::TooEarly | RevealRefused::TooLate(_))) => {
            return Err(ApiError::Conflict(e.to_string()))
        }
        Err(e @ RevealRefused::NotSaved) => return Err(ApiError::internal(anyhow::anyhow!(e))),
    };
    state.audit(Some(&req), Some(&witness), "witness.revealed", Some(format!("draw:{}", draw.id)), "");
    let game = state.store.games.game(draw.game_id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })))
}
