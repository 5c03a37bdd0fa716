//! Reality checks (docs/decisions/025, UKGC RTS 13): `GET /reality-check` and `POST /reality-check/update`.
//!
//! The session is the one the bearer token belongs to: it began at the token's `iat`, the login (or password change)
//! that issued it. What the player has put in, taken out, staked and won since then is read from their ledger,
//! newest first, stopping at the session's start.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::views::time;
use ayo_data::responsible::{REALITY_CHECK_DEFAULT, REALITY_CHECK_INTERVALS};
use ayo_data::user::User;

use crate::error::ApiError;
use crate::http::extract::bearer;
use crate::http::extract::PlayerUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(reality_check).service(update_reality_check);
}

/// The reality check of the session `req`'s token belongs to.
fn view(state: &AppState, req: &HttpRequest, user: &User) -> Result<serde_json::Value, ApiError> {
    let token = bearer(req).ok_or(ApiError::Unauthenticated)?;
    let started = state.tokens.issued_at(&token).ok_or(ApiError::Unauthenticated)?;
    let interval = state.store.responsible.get(user.id)?.reality_check_minutes;
    let money = state.store.books.session_money(user.id, started)?;
    // `last_login_at` is this session's login unless another login (another device) came since: then the previous
    // login shown is the one before this session's, as far as the account knows.
    let previous = match user.last_login_at {
        Some(last) if last > started + chrono::Duration::seconds(1) => Some(last),
        _ => user.previous_login_at,
    };
    Ok(json!({
        "interval_minutes": interval,
        "intervals": REALITY_CHECK_INTERVALS,
        "session_started_at": time(started),
        "previous_login_at": previous.map(time),
        "server_time": time(Utc::now()),
        "deposits": money.deposits,
        "withdrawals": money.withdrawals,
        "stakes": money.stakes,
        "wins": money.wins,
        "net_deposits": money.net_deposits(),
        "net": money.net(),
    }))
}

#[utoipa::path(
    summary = "My reality check: the chosen interval, when this session began, and its money in kobo",
    description = "deposits, withdrawals, stakes (less refunds) and wins are the player's successful ledger \
        entries since the session began (the login that issued the bearer token); net_deposits = deposits − \
        withdrawals, net = wins − stakes (negative: lost). interval_minutes 0 means off.",
    tag = "money",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: RealityCheck", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403)", body = ErrorBody),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[get("/reality-check")]
async fn reality_check(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(json!({ "data": view(&state, &req, &user)? })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct RealityCheckBody {
    /// Minutes between reality checks: 0 (off), 15, 30, 45 or 60.
    #[schema(required = true, value_type = i64, minimum = 0, maximum = 60)]
    interval_minutes: Option<i64>,
}

#[utoipa::path(
    summary = "Choose how often the reality check appears (0 turns it off); applies at once",
    tag = "money",
    security(("bearer" = [])),
    request_body = RealityCheckBody,
    responses(
        (status = 200, description = "data: RealityCheck, message", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
        (status = 422, description = "interval_minutes missing or not one offered", body = ErrorBody),
    )
)]
#[post("/reality-check/update")]
async fn update_reality_check(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<RealityCheckBody>,
) -> Result<HttpResponse, ApiError> {
    let offered = || REALITY_CHECK_INTERVALS.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
    let minutes = body
        .interval_minutes
        .and_then(|m| u32::try_from(m).ok())
        .filter(|m| REALITY_CHECK_INTERVALS.contains(m))
        .ok_or_else(|| {
            ApiError::field(
                "interval_minutes",
                format!("Choose one of {} minutes (0 turns reality checks off)", offered()),
            )
        })?;
    let now = Utc::now();
    let changed = state.store.responsible.change(user.id, now, |rg| {
        rg.reality_check_minutes = minutes;
        Ok::<_, ()>(())
    })?;
    if changed.is_err() {
        return Err(ApiError::internal(anyhow::anyhow!("reality check not changed")));
    }
    state.store.flush().await?;
    let message = match minutes {
        0 => "Reality checks are off.".to_string(),
        m => format!("You will see a reality check every {m} minutes."),
    };
    debug_assert!(REALITY_CHECK_INTERVALS.contains(&REALITY_CHECK_DEFAULT));
    Ok(HttpResponse::Ok().json(json!({ "data": view(&state, &req, &user)?, "message": message })))
}
