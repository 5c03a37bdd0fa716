//! `GET /health`: liveness, version and the payment gateway in use (the web app shows a SANDBOX banner), for load
//! balancers and the benchmark's baseline; `GET /ready`: readiness (store open, draws resumed, not draining).

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/health", web::get().to(health)).route("/ready", web::get().to(ready));
}

/// Readiness: 200 once the store answers and the draws engine has resumed every unfinished draw; 503 before that
/// and while draining after SIGTERM, so a load balancer sends new work elsewhere.
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

async fn health(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok().json(json!({ "data": {
        "status": "ok",
        "version": env!("CARGO_PKG_VERSION"),
        "payments": state.payments.gateway.name(),
    }}))
}
