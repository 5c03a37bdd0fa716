//! `GET /fairness/receipt-key`: the public key every sold ticket's `signature` verifies under (docs/fairness.md,
//! "Signed receipts"), so a player can prove to anyone that a ticket was sold, with no help from us.

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::error::ApiError;
use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(receipt_key);
}

#[utoipa::path(
    summary = "The operator's Ed25519 public key that signs every sold ticket",
    tag = "lotto",
    responses(
        (status = 200, description = "data: {algorithm: \"ed25519\", public_key: 64 hex, signed_text: \"ayo-lotto/v2|receipt|{leaf}|{commitment}\"}", body = Envelope),
    )
)]
#[get("/fairness/receipt-key")]
async fn receipt_key(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "algorithm": "ed25519",
        "public_key": state.signer.key.public_hex(),
        "signed_text": "ayo-lotto/v2|receipt|{leaf}|{commitment}",
    }})))
}
