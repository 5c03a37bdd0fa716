//! `POST /draws/{id}/beacon`: anyone may hand a closed draw its drand round (docs/fairness.md, "The drand beacon").
//!
//! The rule cancels a beacon draw whose round is not verified by its deadline. Without this route only the operator
//! fetches the round, so an operator that read the round elsewhere and disliked the result could turn it into a
//! refund by "failing" to fetch it. Now a player, a journalist or a regulator can post the round themselves as soon
//! as drand publishes it: the server takes it exactly as it takes its own fetch (the round fixed at scheduling, the
//! network's BLS signature on it), so a withheld fetch no longer voids the draw, and a refusal is on record.
//!
//! Nothing posted is trusted. The cheap checks (the draw awaits this round, the text is 96 lowercase hex) come before
//! the BLS check, and only one posted round is verified at a time on a node (a pairing costs about a millisecond of
//! a core): a flood waits with 429, and the operator's own fetch does not queue behind it.

use actix_web::{post, web, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::draw_actor::{BeaconRefused, TakeBeacon};
use ayo_actors::scheduler::Beacon;
use ayo_data::draw::{DrawId, DrawStatus};
use ayo_data::lotto::beacon::BeaconError;

use crate::error::ApiError;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use ayo_actors::views;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(submit);
}

/// One BLS verification of a posted round at a time on this node.
static VERIFYING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(1);

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct RoundBody {
    /// The quicknet round, which must be the draw's (`beacon.round` in the draw's JSON).
    #[schema(required = true)]
    round: u64,
    /// The round's BLS signature as drand publishes it: 96 lowercase hex.
    #[schema(required = true, pattern = "^[0-9a-f]{96}$")]
    signature: String,
}

#[utoipa::path(
    summary = "Anyone hands a closed beacon draw its drand round; it is taken only if it is the draw's round and carries the network's signature",
    tag = "lotto",
    request_body = RoundBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Draw (the round taken, or taken already)", body = Envelope),
        (status = 404, description = "No such draw, or the draw has no beacon", body = ErrorBody),
        (status = 409, description = "The draw is not waiting for its round (still on sale, or already decided)", body = ErrorBody),
        (status = 422, description = "`round` is not the draw's round, or `signature` is not 96 lowercase hex or not the network's signature on it", body = ErrorBody),
        (status = 429, description = "Another posted round is being checked: try again in a second", body = ErrorBody),
    )
)]
#[post("/draws/{id}/beacon")]
async fn submit(
    state: web::Data<AppState>,
    id: web::Path<DrawId>,
    JsonBody(body): JsonBody<RoundBody>,
) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    let Some(part) = draw.beacon.as_ref() else { return Err(ApiError::NotFound("Draw with a drand beacon")) };
    if body.round != part.round {
        return Err(ApiError::field(
            "round",
            format!("This draw is fixed to round {}, not {}", part.round, body.round),
        ));
    }
    if body.signature.len() != 96 || !body.signature.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)) {
        return Err(ApiError::field("signature", "The signature must be 96 lowercase hex, as drand publishes it"));
    }
    let game = state.store.games.game(draw.game_id)?;
    if part.randomness.is_some() {
        // Taken already: posting it again changes nothing.
        return Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })));
    }
    if draw.status != DrawStatus::Closed || draw.tickets_root.is_none() {
        return Err(ApiError::Conflict(match draw.status {
            DrawStatus::Scheduled | DrawStatus::Open | DrawStatus::Closed => {
                "The round is taken after sales close and the tickets root is published".into()
            }
            _ => "This draw is not waiting for its round".into(),
        }));
    }
    let Ok(_turn) = VERIFYING.try_acquire() else { return Err(ApiError::RateLimited { retry_after_secs: 1 }) };
    let take = TakeBeacon { round: body.round, signature: body.signature };
    let answer = state.engine.scheduler.send(Beacon { draw_id: draw.id, take }).await;
    let taken = answer.unwrap_or(Err(BeaconRefused::NotSaved)).map_err(refused)?;
    tracing::info!(draw = taken.id, round = part.round, "a drand round posted from outside was verified and taken");
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&taken, game.as_ref()) })))
}

fn refused(e: BeaconRefused) -> ApiError {
    match e {
        BeaconRefused::WrongRound { .. } => ApiError::field("round", e.to_string()),
        BeaconRefused::Refused(BeaconError::BadKey) => ApiError::internal(anyhow::anyhow!(e)),
        BeaconRefused::Refused(_) => ApiError::field("signature", e.to_string()),
        BeaconRefused::TooEarly | BeaconRefused::NotAwaited => ApiError::Conflict(e.to_string()),
        BeaconRefused::NotSaved => ApiError::Conflict(format!("{e}: try again in a few seconds")),
    }
}
