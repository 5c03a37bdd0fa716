//! `GET /health`: liveness, version and the payment gateway in use (the web app shows a SANDBOX banner), for load
//! balancers and the benchmark's baseline.

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health));
}

async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "data": {
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "payments": state.payments.gateway.name(),
    }}))
}
