//! `GET /health`: liveness and version, for load balancers and the benchmark's baseline.

use actix_web::{web, HttpResponse};
use serde_json::json;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health));
}

async fn health() -> HttpResponse {
    HttpResponse::Ok().json(json!({ "data": { "status": "ok", "version": env!("CARGO_PKG_VERSION") } }))
}
