//! The back office API under `/admin`: every handler takes `AdminUser`, so the role is checked on the server.

mod adjust;
mod audit_filter;
mod compliance;
mod games;
mod identity;
mod money;
mod notices;
mod operator;
mod queues;
mod reports;
mod risk;
mod users;

use actix_web::{get, post, web, HttpResponse};
use serde_json::json;

use actix_web::HttpRequest;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::http::account::auth::{change_password_of, ChangePasswordBody};
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(
        utoipa_actix_web::scope("/admin")
            .service(dashboard)
            .service(change_password)
            .configure(adjust::configure)
            .service(cancel_draw)
            .configure(games::configure)
            .configure(users::configure)
            .configure(notices::configure)
            .configure(money::configure)
            .configure(compliance::configure)
            .configure(reports::configure)
            .configure(identity::configure)
            .configure(risk::configure)
            .configure(operator::configure)
            .configure(queues::configure),
    );
}

#[utoipa::path(
    summary = "Back office counters",
    responses(
        (status = 200, description = "data: {players_total, players_new_today, players_verified, deposits, stakes, wins, ggr, today, pending_withdrawals, this_month: {month, tax_withheld}, series}; days and months are WAT (UTC+01:00) calendar ones", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
        (status = 403, description = "Wrong role, unverified or suspended account", body = ErrorBody),
    )
)]
#[get("/dashboard")]
async fn dashboard(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let figures = web::block(move || crate::jobs::dashboard::figures(&store)).await?.map_err(ApiError::internal)?;
    Ok(HttpResponse::Ok().json(json!({ "data": figures })))
}

#[utoipa::path(
    summary = "Change the admin's password",
    request_body = ChangePasswordBody,
    responses(
        (status = 200, description = "data: {token, expires_in, user}", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
        (status = 403, description = "Wrong role, unverified or suspended account", body = ErrorBody),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/change-password")]
async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(user): AdminUser,
    JsonBody(body): JsonBody<ChangePasswordBody>,
) -> Result<HttpResponse, ApiError> {
    change_password_of(&req, &state, user, body).await
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct CancelBody {
    #[schema(required = true, min_length = 5, max_length = 500)]
    reason: String,
    /// Required once sales have closed: the seed and the would-be balls are published with the refunds.
    emergency: bool,
}

/// Cancels a draw that has not been drawn: every ticket is refunded in full.
#[utoipa::path(
    summary = "Cancel a draw and refund every ticket; after sales close only with emergency: true (the seed and would-be balls are published)",
    request_body = CancelBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 409, description = "The witness has revealed: the result is knowable, so the draw is no longer cancelled (docs/fairness.md)", body = ErrorBody),
    )
)]
#[post("/draws/{id}/cancel")]
async fn cancel_draw(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<CancelBody>,
) -> Result<HttpResponse, ApiError> {
    let reason = body.reason.trim().to_string();
    if !(5..=500).contains(&reason.chars().count()) {
        return Err(ApiError::field("reason", "Give a reason (5 to 500 characters)"));
    }
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    if draw.result_knowable() {
        return Err(ApiError::Conflict(ayo_data::draw::NO_VOID_AFTER_REVEAL.to_string()));
    }
    // Audited where it is carried out, this node or the one running the draws (`bus::lead::cancel_audited`).
    let asker = crate::bus::lead::Asker {
        admin_id: admin.id,
        admin_email: admin.email.clone(),
        ip: Some(crate::http::state::client_ip(&req)),
        node: None,
    };
    let would_be = state
        .bus
        .cancel_draw(&state.engine.scheduler, &state.store, asker, *id, reason, body.emergency)
        .await
        .map_err(|why| ApiError::field("draw", why))?;
    Ok(HttpResponse::Ok().json(json!({
        "data": { "would_be_numbers": would_be },
        "message": "Draw cancelled; every ticket is being refunded",
    })))
}
