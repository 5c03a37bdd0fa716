//! `GET /health`: liveness, version and the payment gateway in use (the web app shows a SANDBOX banner), for load
//! balancers and the benchmark's baseline; `GET /ready`: readiness (store open, draws resumed, not draining).

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(health).service(ready);
}

/// Readiness: 200 once the store answers and the draws engine has resumed every unfinished draw; 503 before that
/// and while draining after SIGTERM, so a load balancer sends new work elsewhere.
#[utoipa::path(
    summary = "Readiness: 200 once the store is open and every unfinished draw resumed; 503 before, and while draining after SIGTERM",
    tag = "public",
    responses(
        (status = 200, description = "data: {ready: true, draining, store, draws_resumed}", body = Envelope),
        (status = 503, description = "data: {ready: false, draining, store, draws_resumed}", body = Envelope),
    )
)]
#[get("/ready")]
async fn ready(state: web::Data<AppState>) -> HttpResponse {
    let draining = state.draining.load(std::sync::atomic::Ordering::SeqCst);
    let store_open = state.store.meta.payments_mode().is_ok();
    let resumed = state.engine.scheduler.send(ayo_actors::scheduler::Resumed).await.unwrap_or(false);
    let ready = !draining && store_open && resumed;
    let body =
        json!({ "data": { "ready": ready, "draining": draining, "store": store_open, "draws_resumed": resumed }});
    if ready {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

#[utoipa::path(
    summary = "Liveness and version",
    tag = "public",
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/health")]
async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "data": {
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "payments": state.payments.gateway.name(),
        "identity": state.identity.name(),
    }}))
}
