//! `GET /witnesses`: the public list of named witnesses (docs/decisions/046) — who may be named on a draw, the key
//! their signatures on it verify with, and since when. A draw naming a key not listed here does not verify.

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use ayo_actors::views;

use crate::error::ApiError;
use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(witnesses);
}

#[utoipa::path(
    summary = "The named witnesses: name, Ed25519 public key (64 hex), since when, and a note on who runs it",
    tag = "lotto",
    responses(
        (status = 200, description = "data: {witnesses: [{id, name, public_key, since, note}]}, in account order", body = Envelope),
    )
)]
#[get("/witnesses")]
async fn witnesses(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let rows: Vec<_> = state
        .store
        .witness
        .entries()?
        .into_iter()
        .map(|e| {
            json!({
                "id": e.witness_id,
                "name": e.name,
                "public_key": e.public_key,
                "since": views::time(e.since),
                "note": e.note,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "data": { "witnesses": rows } })))
}
