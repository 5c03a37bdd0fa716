//! `GET /admin/queues`: what is waiting for an admin, counted for the back office's menu and dashboard
//! (withdrawals to approve, identity checks to review, four-eyes adjustments to approve, messages not yet
//! resolved, draws whose payout is halted). Asked when the back office opens and again when the live dashboard
//! changes, never on a timer of the server's own: each count reads a small queue, not the ledger.

use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use serde_json::json;

use ayo_data::adjustment::ApprovalStatus;
use ayo_data::seam::Slice;
use ayo_data::{Store, StoreResult};

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(queues);
}

/// How many items wait in each queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Queues {
    pub withdrawals: u64,
    pub identity_reviews: u64,
    pub approvals: u64,
    pub messages: u64,
    pub held_draws: u64,
}

pub fn count(store: &Store) -> StoreResult<Queues> {
    let (withdrawals, _amount) = store.books.pending_withdrawals()?;
    let identity_reviews = store.identities.reviews(Slice { offset: 0, limit: 1, oldest_first: true })?.total;
    let approvals = store.adjustments.all()?.iter().filter(|a| a.status == ApprovalStatus::Pending).count();
    let messages = store.notices.contacts()?.iter().filter(|c| c.resolved_at.is_none()).count();
    let held_draws = store.games.unfinished_draws()?.iter().filter(|d| d.settlement_halted.is_some()).count();
    Ok(Queues {
        withdrawals,
        identity_reviews,
        approvals: approvals as u64,
        messages: messages as u64,
        held_draws: held_draws as u64,
    })
}

#[utoipa::path(
    summary = "What waits for an admin: a count per queue",
    tag = "admin",
    responses(
        (status = 200, description = "data: {withdrawals, identity_reviews, approvals, messages, held_draws}", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403)", body = ErrorBody),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[get("/queues")]
async fn queues(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let counted = web::block(move || count(&store)).await??;
    Ok(HttpResponse::Ok().json(json!({ "data": counted })))
}
