//! The back office API under `/admin`: every handler takes `AdminUser`, so the role is checked on the server.

use actix_web::{web, HttpResponse};
use serde_json::json;

use actix_web::HttpRequest;
use chrono::Utc;
use serde::Deserialize;

use ayo_actors::scheduler::Cancel;
use ayo_actors::views;
use ayo_actors::wallet::ApplyEntry;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;

use super::auth::{change_password_of, ChangePasswordBody};
use crate::auth::AdminUser;
use crate::error::ApiError;
use crate::error::FieldErrors;
use crate::json::JsonBody;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/admin")
            .route("/dashboard", web::get().to(dashboard))
            .route("/change-password", web::post().to(change_password))
            .route("/users/{id}/adjust", web::post().to(adjust))
            .route("/draws/{id}/cancel", web::post().to(cancel_draw))
            .configure(super::admin_games::configure)
            .configure(super::admin_users::configure)
            .configure(super::admin_notices::configure)
            .configure(super::admin_money::configure),
    );
}

async fn dashboard(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let figures = web::block(move || crate::dashboard::figures(&store)).await?.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(json!({ "data": figures })))
}

async fn change_password(
    state: web::Data<AppState>,
    AdminUser(user): AdminUser,
    JsonBody(body): JsonBody<ChangePasswordBody>,
) -> Result<HttpResponse, ApiError> {
    change_password_of(&state, user, body).await
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct AdjustBody {
    amount: Option<i64>,
    reason: String,
}

/// The largest single manual adjustment (₦10,000,000): a typo of extra zeros should not mint a fortune.
const ADJUST_MAX: i64 = 1_000_000_000;

/// A manual credit (positive) or debit (negative) with a mandatory reason: one `adjustment` ledger entry.
async fn adjust(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<AdjustBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let amount = body.amount.filter(|a| *a != 0 && a.abs() <= ADJUST_MAX);
    if amount.is_none() {
        errors.push("amount", "Enter a non-zero amount in kobo, at most ₦10,000,000.00 either way".into());
    }
    let reason = body.reason.trim().to_string();
    if reason.len() < 5 || reason.len() > 500 {
        errors.push("reason", "Give a reason (5 to 500 characters)".into());
    }
    errors.finish()?;
    let amount = amount.unwrap_or_default();
    let player = state.store.users.get(*id)?.ok_or(ApiError::NotFound("User"))?;
    let entry = LedgerEntry {
        id: state.store.wallets.next_id()?,
        user_id: player.id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: Kobo(amount),
        balance_after: Kobo::ZERO,
        reference: format!("adjustment:{}", admin.id),
        description: reason,
        created_at: Utc::now(),
    };
    let moved = state
        .engine
        .wallets
        .get(player.id)
        .send(ApplyEntry(entry))
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))?
        .ok_or_else(|| ApiError::field("amount", "This would take the balance below zero"))?;
    let detail = format!("{} kobo: {}", amount, moved.value.description);
    state.audit(Some(&req), Some(&admin), "wallet.adjusted", Some(format!("user:{}", player.id)), detail);
    Ok(HttpResponse::Ok().json(json!({
        "data": { "balance": moved.balance, "transaction": views::entry(&moved.value) },
        "message": "Wallet adjusted",
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CancelBody {
    reason: String,
}

/// Cancels a draw that has not been drawn: every ticket is refunded in full.
async fn cancel_draw(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<CancelBody>,
) -> Result<HttpResponse, ApiError> {
    let reason = body.reason.trim().to_string();
    if reason.len() < 5 {
        return Err(ApiError::field("reason", "Give a reason (at least 5 characters)"));
    }
    state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    state
        .engine
        .scheduler
        .send(Cancel { draw_id: *id, reason })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("scheduler mailbox: {e}")))?
        .map_err(|why| ApiError::field("draw", why))?;
    state.audit(Some(&req), Some(&admin), "draw.cancelled", Some(format!("draw:{}", *id)), body.reason.trim());
    Ok(HttpResponse::Ok().json(json!({ "message": "Draw cancelled; every ticket is being refunded" })))
}
