//! `GET /identity`, `POST /identity/create`: the player's identity check before their first withdrawal
//! (decision 024). The number is checked for format here, then by the identity provider (`crate::identity`); the
//! answer shows it masked only, and says when the provider is the sandbox.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use ayo_data::identity::{IdNumber, Identity, IdentityStatus};

use crate::error::ApiError;
use crate::http::extract::PlayerUser;
use crate::http::flows::identity_check as check;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::rate_limit::Limit;

/// Checks per player: each one is a paid call to the identity register, and a stream of guesses is someone
/// looking for a NIN that carries their name.
const CHECK_LIMIT: Limit = Limit::per(10, 3600);

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(mine).service(create);
}

/// The player's view of their check.
pub fn view(state: &AppState, identity: Option<&Identity>) -> Value {
    let status = identity.map_or(IdentityStatus::None, |i| i.status);
    json!({
        "status": check::status_name(status),
        "kind": identity.map(|i| i.kind.clone()),
        "masked_nin": identity.map(|i| i.masked.clone()),
        "provider": identity.map_or(state.identity.name(), |i| if i.provider == "sandbox" { "sandbox" } else { "dojah" }),
        "sandbox": identity.map_or(state.identity.is_sandbox(), |i| i.provider == "sandbox"),
        "reason": identity.and_then(|i| i.decision_reason.clone()),
        "message": check::message(identity),
        "updated_at": identity.map(|i| i.updated_at),
    })
}

#[utoipa::path(
    summary = "My identity check: status (none, verified, review, rejected), masked NIN, and what to do next",
    tag = "identity",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: {status, kind, masked_nin, provider, sandbox, reason, message, updated_at}", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[get("/identity")]
async fn mine(state: web::Data<AppState>, PlayerUser(user): PlayerUser) -> Result<HttpResponse, ApiError> {
    let identity = state.store.identities.get(user.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": view(&state, identity.as_ref()) })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct IdentityBody {
    /// 11 digits. Give this or `vnin`.
    #[schema(pattern = "^[0-9]{11}$")]
    nin: Option<String>,
    /// A virtual NIN from the NIMC app: 2 letters, 12 digits, 2 letters.
    #[schema(pattern = "^[A-Za-z]{2}[0-9]{12}[A-Za-z]{2}$")]
    vnin: Option<String>,
}

#[utoipa::path(
    summary = "Check my NIN (or virtual NIN) with the identity provider; a clear name match verifies me, anything else goes to an admin's review",
    tag = "identity",
    security(("bearer" = [])),
    request_body = IdentityBody,
    responses(
        (status = 201, description = "data: as GET /identity (status verified or review)", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
        (status = 409, description = "Already verified, or under review", body = ErrorBody),
        (status = 422, description = "nin or vnin: bad format, or NIN_NOT_FOUND", body = ErrorBody),
        (status = 429, description = "Rate limited (10 checks an hour)", body = ErrorBody),
        (status = 503, description = "The identity provider gave no usable answer (errorCode GATEWAY_UNAVAILABLE); try again", body = ErrorBody),
    )
)]
#[post("/identity/create")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<IdentityBody>,
) -> Result<HttpResponse, ApiError> {
    let given = |v: &Option<String>| v.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let number = match (given(&body.nin), given(&body.vnin)) {
        (Some(nin), None) => IdNumber::nin(&nin).map_err(|why| ApiError::field("nin", why))?,
        (None, Some(vnin)) => IdNumber::vnin(&vnin).map_err(|why| ApiError::field("vnin", why))?,
        (None, None) => return Err(ApiError::field("nin", "Enter your NIN (11 digits)")),
        (Some(_), Some(_)) => return Err(ApiError::field("nin", "Give either your NIN or a virtual NIN, not both")),
    };
    state.limiter.hit(&format!("identity-check:{}", user.id), CHECK_LIMIT).await?;
    let identity = check::submit(&state, &req, &user, number).await?;
    Ok(HttpResponse::Created().json(json!({
        "data": view(&state, Some(&identity)),
        "message": check::message(Some(&identity)),
    })))
}
