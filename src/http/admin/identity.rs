//! `/admin/identity-reviews`: identity checks whose names did not clearly match, for an admin to approve or reject
//! (decision 024). The admin sees the three names side by side, the score and the masked number, never the NIN.
//! A decision reaches the player's open pages at once as `identity.updated` (docs/api-lotto.md, "WebSocket").

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::identity::{Identity, IdentityStatus};

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::flows::identity_check as check;
use crate::http::json::JsonBody;
use crate::http::paging::TableQuery;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(queue).service(approve).service(reject);
}

fn row(state: &AppState, identity: &Identity) -> Result<Value, ApiError> {
    let player = state.store.users.get(identity.user_id)?;
    Ok(json!({
        "id": identity.user_id,
        "user_id": identity.user_id,
        "email": player.as_ref().map(|p| p.email.clone()),
        "status": check::status_name(identity.status),
        "kind": identity.kind,
        "masked_nin": identity.masked,
        "provider": identity.provider,
        "player_name": identity.player_name,
        "name_on_id": identity.name_on_id,
        "account_name": identity.account_name,
        "score": identity.score,
        "match_reason": identity.match_reason,
        "decision_reason": identity.decision_reason,
        "submitted_at": identity.submitted_at,
        "updated_at": identity.updated_at,
    }))
}

#[utoipa::path(
    summary = "Identity checks waiting for an admin, oldest player first",
    tag = "admin",
    params(TableQuery),
    responses(
        (status = 200, description = "data: [{id, user_id, email, kind, masked_nin, provider, player_name, name_on_id, account_name, score, match_reason, submitted_at}], meta", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[get("/identity-reviews")]
async fn queue(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut slice = table.slice();
    slice.oldest_first = true;
    let page = state.store.identities.reviews(slice)?;
    let rows = page.rows.iter().map(|i| row(&state, i)).collect::<Result<Vec<_>, _>>()?;
    Ok(HttpResponse::Ok().json(table.answer_page(rows, page.total)))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct DecisionBody {
    /// Why: kept in the audit log; a rejection's reason is shown to the player.
    #[schema(required = true, min_length = 5, max_length = 300)]
    reason: String,
}

async fn decide(
    req: &HttpRequest,
    state: &AppState,
    admin: &ayo_data::user::User,
    user_id: u64,
    body: DecisionBody,
    to: IdentityStatus,
) -> Result<HttpResponse, ApiError> {
    let reason = body.reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if !(5..=300).contains(&reason.chars().count()) {
        return Err(ApiError::field("reason", "Give a reason (5 to 300 characters)"));
    }
    let admin_id = admin.id;
    let decided = state.store.identities.decide(user_id, IdentityStatus::Review, |i| {
        i.status = to;
        i.decided_by = Some(admin_id);
        i.decision_reason = Some(reason.clone());
        i.updated_at = Utc::now();
    })?;
    let Some(identity) = decided else {
        return Err(match state.store.identities.get(user_id)? {
            Some(_) => ApiError::Conflict("This identity check is not waiting for review (already decided?)".into()),
            None => ApiError::NotFound("Identity review"),
        });
    };
    state.store.flush().await?;
    let action = if to == IdentityStatus::Verified { "identity.approved" } else { "identity.rejected" };
    let detail = format!("{} {}: {reason}", identity.kind, identity.masked);
    state.audit(Some(req), Some(admin), action, Some(format!("user:{user_id}")), detail);
    // The player's open pages learn the decision now, as they learn a withdrawal's (issue 32, item 3).
    state.bus.publish(Event {
        topic: Topic::User(user_id),
        kind: EventKind::IdentityUpdated,
        data: crate::http::player::identity::view(state, Some(&identity)),
    });
    let message = if to == IdentityStatus::Verified { "Identity approved" } else { "Identity rejected" };
    Ok(HttpResponse::Ok().json(json!({ "data": row(state, &identity)?, "message": message })))
}

#[utoipa::path(
    summary = "Approve an identity check under review: the player may withdraw",
    tag = "admin",
    request_body = DecisionBody,
    params(("id" = u64, Path, description = "The player's id")),
    responses(
        (status = 200, description = "data: the review, message", body = Envelope),
        (status = 404, description = "No identity check for this player", body = ErrorBody),
        (status = 409, description = "Not under review (already decided)", body = ErrorBody),
        (status = 422, description = "reason", body = ErrorBody),
    )
)]
#[post("/identity-reviews/{id}/approve")]
async fn approve(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<DecisionBody>,
) -> Result<HttpResponse, ApiError> {
    decide(&req, &state, &admin, *id, body, IdentityStatus::Verified).await
}

#[utoipa::path(
    summary = "Reject an identity check under review, with a reason the player sees; they may try again",
    tag = "admin",
    request_body = DecisionBody,
    params(("id" = u64, Path, description = "The player's id")),
    responses(
        (status = 200, description = "data: the review, message", body = Envelope),
        (status = 404, description = "No identity check for this player", body = ErrorBody),
        (status = 409, description = "Not under review (already decided)", body = ErrorBody),
        (status = 422, description = "reason", body = ErrorBody),
    )
)]
#[post("/identity-reviews/{id}/reject")]
async fn reject(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<DecisionBody>,
) -> Result<HttpResponse, ApiError> {
    decide(&req, &state, &admin, *id, body, IdentityStatus::Rejected).await
}
