//! Manual wallet adjustments: `POST /admin/users/{id}/adjust` and, above `AYO_ADJUST_APPROVAL_ABOVE`, a second
//! admin's decision (`GET /admin/adjustments`, `POST /admin/adjustments/{id}/approve|reject`).
//!
//! Every request carries the admin's `idempotency_key`: a replay answers the first result and moves nothing. An
//! adjustment over the threshold, or one that would take the day's sum of what its admin asked for that player, or
//! moved alone across every player, over it (`ayo_data::adjustment::FourEyes`, docs/security.md), is only filed
//! (202, `data.approval_id`, `data.adjustment.held_because` saying why) and moves money once another admin
//! approves it; the ledger entry's reference names both admins, and neither may then approve that player's
//! withdrawals (see `admin_money`).

use actix_web::{get, http::StatusCode, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use ayo_actors::views;
use ayo_actors::wallet::{Adjust, ApplyEntry};
use ayo_data::adjustment::{Adjusted, ApprovalStatus, Decision, FourEyes, HeldBecause, PendingAdjustment};
use ayo_data::ledger::Moved;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;
use ayo_data::user::{Role, User};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(adjust).service(list).service(approve).service(reject);
}

/// The largest single manual adjustment (₦10,000,000): a typo of extra zeros should not mint a fortune.
const ADJUST_MAX: i64 = 1_000_000_000;
const KEY_MAX: usize = 100;

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct AdjustBody {
    /// Signed kobo, not zero.
    #[schema(required = true, minimum = -1000000000, maximum = 1000000000)]
    amount: Option<i64>,
    #[schema(required = true, min_length = 5, max_length = 500)]
    reason: String,
    #[schema(required = true, min_length = 1, max_length = 100)]
    idempotency_key: String,
}

/// A manual credit (positive) or debit (negative) with a mandatory reason: one `adjustment` ledger entry, at once
/// or after a second admin's approval.
#[utoipa::path(
    summary = "Manual wallet adjustment with a reason; above AYO_ADJUST_APPROVAL_ABOVE (alone or summed over the admin's Lagos day) it waits for a second admin",
    request_body = AdjustBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "Applied: data {balance, transaction, replayed}; a replay of the key answers the first result", body = Envelope),
        (status = 202, description = "Above the approval limit, by itself or with the admin's other adjustments today (for this player, or in total): data {approval_id, adjustment (held_because: amount | player_day | admin_day)}; nothing moved yet", body = Envelope),
    )
)]
#[post("/users/{id}/adjust")]
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
    if reason.chars().count() < 5 || reason.chars().count() > 500 {
        errors.push("reason", "Give a reason (5 to 500 characters)".into());
    }
    let key = body.idempotency_key.trim().to_string();
    if key.is_empty() || key.len() > KEY_MAX {
        errors.push("idempotency_key", format!("idempotency_key is required (at most {KEY_MAX} characters)"));
    }
    errors.finish()?;
    let amount = amount.unwrap_or_default();
    let player = state.store.users.get(*id)?.filter(|u| u.role == Role::User).ok_or(ApiError::NotFound("User"))?;
    let id = state.store.adjustments.next_id()?;
    let asked = PendingAdjustment::asked(id, player.id, Kobo(amount), reason, admin.id, key, Utc::now());
    // One threshold for the request and for the admin's day (docs/security.md, "Adjustments").
    let limits = FourEyes::at(state.adjust_approval_above);
    let decided = state
        .engine
        .wallets
        .get(player.id)
        .send(Adjust { asked, entry_id: state.store.ids.next_id()?, limits })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)?;
    match decided {
        Adjusted::Applied(moved) => {
            if !moved.replayed {
                let detail = format!("{amount} kobo: {}", moved.value.description);
                state.audit(Some(&req), Some(&admin), "wallet.adjusted", Some(format!("user:{}", player.id)), detail);
            }
            let data = json!({
                "balance": moved.balance, "transaction": views::entry(&moved.value), "replayed": moved.replayed,
            });
            Ok(HttpResponse::Ok().json(json!({ "data": data, "message": "Wallet adjusted" })))
        }
        Adjusted::Filed(filed, new) => {
            if new {
                metrics::counter!("ayo_adjustments_held_total", "because" => filed.held_because.as_str()).increment(1);
                let detail = format!(
                    "{amount} kobo awaiting a second admin ({}): {}",
                    held_message(filed.held_because),
                    filed.reason
                );
                let target = Some(format!("user:{}", player.id));
                state.audit(Some(&req), Some(&admin), "wallet.adjustment_requested", target, detail);
            }
            Ok(HttpResponse::build(StatusCode::ACCEPTED).json(json!({
                "data": { "approval_id": filed.id, "adjustment": view(&filed) },
                "message": format!("{}: another admin must approve this adjustment", held_message(filed.held_because)),
            })))
        }
        Adjusted::Overdrawn => Err(ApiError::field("amount", "This would take the balance below zero")),
    }
}

/// Why an adjustment waits, in the answer's message and the audit entry; the totals are the asking admin's (of
/// today, Lagos time), counting what they asked for this player or moved alone, so a split request adds up.
fn held_message(because: HeldBecause) -> &'static str {
    match because {
        HeldBecause::Amount => "Above the approval limit",
        HeldBecause::PlayerDay => "Today's total for this player would pass the approval limit",
        HeldBecause::AdminDay => "Your total for today across every player would pass the approval limit",
    }
}

/// Writes the entry through the player's WalletActor, once per `once` key.
async fn move_money(
    state: &AppState,
    player: &User,
    amount: i64,
    reason: String,
    reference: String,
    once: String,
) -> Result<Moved<LedgerEntry>, ApiError> {
    let entry = LedgerEntry {
        id: state.store.ids.next_id()?,
        user_id: player.id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: Kobo(amount),
        balance_after: Kobo::ZERO,
        reference,
        description: reason,
        created_at: Utc::now(),
    };
    state
        .engine
        .wallets
        .get(player.id)
        .send(ApplyEntry { entry, once: Some(once) })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::field("amount", "This would take the balance below zero"))
}

fn view(adjustment: &PendingAdjustment) -> Value {
    json!({
        "id": adjustment.id,
        "user_id": adjustment.user_id,
        "amount": adjustment.amount,
        "reason": adjustment.reason,
        "requested_by": adjustment.requested_by,
        "status": adjustment.status.as_str(),
        "decided_by": adjustment.decided_by,
        "created_at": adjustment.created_at,
        "decided_at": adjustment.decided_at,
        "held_because": adjustment.held_because.as_str(),
    })
}

/// Every adjustment filed for approval, newest first.
#[utoipa::path(
    summary = "Adjustments filed for a second admin's approval, newest first",
    responses(
        (status = 200, description = "data: [adjustment]", body = Envelope),
    )
)]
#[get("/adjustments")]
async fn list(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let rows: Vec<Value> = state.store.adjustments.all()?.iter().map(view).collect();
    Ok(HttpResponse::Ok().json(json!({ "data": rows })))
}

/// The pending request a second admin may decide.
fn decidable(state: &AppState, admin: &User, id: u64) -> Result<PendingAdjustment, ApiError> {
    let filed = state.store.adjustments.get(id)?.ok_or(ApiError::NotFound("Adjustment"))?;
    if filed.requested_by == admin.id {
        return Err(ApiError::coded(
            "adjustment",
            "Another admin must decide an adjustment you asked for",
            "FOUR_EYES",
        ));
    }
    if filed.status != ApprovalStatus::Pending {
        return Err(ApiError::field("adjustment", format!("This adjustment is already {}", filed.status.as_str())));
    }
    Ok(filed)
}

/// Moves the money (once, whoever approves and however often), then records the decision.
#[utoipa::path(
    summary = "Approve (and apply, once) an adjustment another admin asked for",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: the adjustment as decided", body = Envelope),
        (status = 404, description = "No such adjustment", body = ErrorBody),
        (status = 422, description = "Asked for by this admin (errorCode FOUR_EYES), already decided, or would overdraw", body = ErrorBody),
    )
)]
#[post("/adjustments/{id}/approve")]
async fn approve(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let filed = decidable(&state, &admin, *id)?;
    let player = state.store.users.get(filed.user_id)?.ok_or(ApiError::NotFound("User"))?;
    let reference = format!("adjustment:{}:{}", filed.requested_by, admin.id);
    let once = format!("approval:{}", filed.id);
    let moved = move_money(&state, &player, filed.amount.as_i64(), filed.reason.clone(), reference, once).await?;
    let decided = state
        .store
        .adjustments
        .decide(filed.id, Decision { status: ApprovalStatus::Approved, by: admin.id, at: Utc::now() })?;
    state.store.flush().await?;
    let detail = format!("{} kobo requested by admin {}: {}", filed.amount.as_i64(), filed.requested_by, filed.reason);
    state.audit(Some(&req), Some(&admin), "wallet.adjustment_approved", Some(format!("user:{}", player.id)), detail);
    Ok(HttpResponse::Ok().json(json!({
        "data": {
            "adjustment": decided.as_ref().map(view),
            "balance": moved.balance,
            "transaction": views::entry(&moved.value),
        },
        "message": "Adjustment approved and applied",
    })))
}

#[utoipa::path(
    summary = "Reject an adjustment another admin asked for",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: the adjustment as decided", body = Envelope),
        (status = 404, description = "No such adjustment", body = ErrorBody),
        (status = 422, description = "Asked for by this admin (errorCode FOUR_EYES), already decided, or would overdraw", body = ErrorBody),
    )
)]
#[post("/adjustments/{id}/reject")]
async fn reject(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let filed = decidable(&state, &admin, *id)?;
    let decided = state
        .store
        .adjustments
        .decide(filed.id, Decision { status: ApprovalStatus::Rejected, by: admin.id, at: Utc::now() })?;
    state.store.flush().await?;
    let detail = format!("{} kobo requested by admin {}", filed.amount.as_i64(), filed.requested_by);
    state.audit(
        Some(&req),
        Some(&admin),
        "wallet.adjustment_rejected",
        Some(format!("user:{}", filed.user_id)),
        detail,
    );
    Ok(HttpResponse::Ok().json(json!({ "data": decided.as_ref().map(view), "message": "Adjustment rejected" })))
}

/// Whether this admin asked for or approved an adjustment of this player's wallet: such an admin may not also
/// approve that player's withdrawals.
pub fn adjusted_by(state: &AppState, player: u64, admin: u64) -> Result<bool, ApiError> {
    let entries = state.store.books.entries_of_user(player)?;
    let admin = admin.to_string();
    Ok(entries.iter().any(|e| {
        e.kind == EntryKind::Adjustment
            && e.reference.strip_prefix("adjustment:").is_some_and(|ids| ids.split(':').any(|id| id == admin))
    }))
}
