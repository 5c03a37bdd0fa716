//! The independent witness's API (docs/decisions/017): `POST /witness/commitments` tops up their pool of
//! commitments (each new draw takes the next one when scheduled), `GET /witness/draws` lists the unfinished draws
//! that hold one, and `POST /witness/draws/{id}/reveal` reveals a secret once the draw's sales have closed.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use ayo_actors::draw_actor::{RevealRefused, RevealWitness};
use ayo_actors::scheduler::Reveal;
use ayo_actors::views;
use ayo_data::draw::{DrawId, DrawStatus};
use ayo_data::store::PooledCommitment;

use crate::auth::WitnessUser;
use crate::error::{ApiError, FieldErrors};
use crate::json::JsonBody;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/witness/commitments", web::post().to(add_commitments))
        .route("/witness/draws", web::get().to(draws))
        .route("/witness/draws/{id}/reveal", web::post().to(reveal));
}

/// Commitments one request may add.
const MAX_PER_REQUEST: usize = 500;
/// Commitments the pool may hold: enough for days of three-minute draws.
const MAX_POOLED: usize = 10_000;
const LABEL_MAX: usize = 64;

#[derive(Deserialize, Default)]
#[serde(default)]
struct CommitmentsBody {
    commitments: Vec<CommitmentItem>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CommitmentItem {
    label: String,
    commitment: String,
}

fn is_hash(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

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
    } else if state.store.witness.pooled() + count > MAX_POOLED {
        errors.push("commitments", format!("The pool holds at most {MAX_POOLED} commitments"));
    }
    for (i, item) in body.commitments.iter().enumerate() {
        let label_ok = (1..=LABEL_MAX).contains(&item.label.len()) && item.label.bytes().all(|b| b.is_ascii_graphic());
        if !label_ok {
            errors.push(&format!("commitments.{i}.label"), format!("1 to {LABEL_MAX} printable characters"));
        }
        if !is_hash(&item.commitment) {
            errors.push(&format!("commitments.{i}.commitment"), "64 hexadecimal characters (SHA-256)".into());
        }
    }
    errors.finish()?;
    let pooled: Vec<PooledCommitment> = body
        .commitments
        .into_iter()
        .map(|item| PooledCommitment {
            witness_id: witness.id,
            label: item.label,
            commitment: item.commitment.to_ascii_lowercase(),
        })
        .collect();
    state.store.witness.add(&pooled)?;
    state.store.flush().await?;
    state.audit(Some(&req), Some(&witness), "witness.committed", None, format!("{count} commitment(s)"));
    Ok(HttpResponse::Created().json(json!({ "data": { "pooled": state.store.witness.pooled() } })))
}

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
    Ok(HttpResponse::Ok().json(json!({ "data": { "pooled": state.store.witness.pooled(), "draws": rows } })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct RevealBody {
    secret: String,
}

async fn reveal(
    req: HttpRequest,
    state: web::Data<AppState>,
    WitnessUser(witness): WitnessUser,
    id: web::Path<DrawId>,
    JsonBody(body): JsonBody<RevealBody>,
) -> Result<HttpResponse, ApiError> {
    let reveal = RevealWitness { witness_id: witness.id, secret: body.secret.trim().to_string() };
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
