//! Responsible gaming (docs/product.md §8), enforced here and in the wallet: `GET /limits`, `POST /limits/update`,
//! `GET /exclusions`, `POST /exclusions/create`, and the check that keeps an excluded player from buying tickets.
//!
//! Deposit limits use rolling windows (24 hours, 7 days, 30 days); a decrease applies at once, a raise or removal
//! after 24 hours. A time-out or self-exclusion starts at once and cannot be ended early.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::deposit::DepositStatus;
use ayo_data::lagos::lagos_time;
use ayo_data::money::Kobo;
use ayo_data::responsible::{excluded_message, ExclusionError, LimitChange, Period, ResponsibleGaming, LIMIT_MAX};
use ayo_data::user::User;

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::{AuthUser, PlayerUser};
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::money as views;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(limits).service(update_limits).service(current_exclusion).service(exclude);
}

/// 403 `EXCLUDED` while the player is on a time-out or self-exclusion.
pub fn refuse_if_excluded(state: &AppState, user: &User) -> Result<(), ApiError> {
    let now = Utc::now();
    let settings = state.store.responsible.at(user.id, now)?;
    match settings.active_exclusion(now) {
        Some(e) => {
            Err(ApiError::Excluded { message: excluded_message(e.ends_at), until: ayo_actors::views::time(e.ends_at) })
        }
        None => Ok(()),
    }
}

/// The limits in force, pending raises and what each window has used.
fn limits_view(
    state: &AppState,
    user: &User,
    rg: &ResponsibleGaming,
    now: DateTime<Utc>,
) -> Result<serde_json::Value, ApiError> {
    let deposits = state.store.payments.deposits_of_user(user.id)?;
    let mut view = views::limits(rg);
    view["used"] = views::used(|p| ResponsibleGaming::used(&deposits, p, now).as_i64());
    view["window"] = "rolling".into();
    // The deposit page offers limits before a first deposit (docs/decisions/025).
    view["has_deposited"] = deposits.iter().any(|d| d.status == DepositStatus::Success).into();
    Ok(view)
}

#[utoipa::path(
    summary = "My deposit limits, pending raises and what each rolling window has used",
    tag = "money",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: Limits", body = Envelope),
    )
)]
#[get("/limits")]
async fn limits(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let rg = state.store.responsible.at(user.id, now)?;
    Ok(HttpResponse::Ok().json(json!({ "data": limits_view(&state, &user, &rg, now)? })))
}

/// Absent → `None` (leave it), `null` → `Some(None)` (no limit), a number → `Some(Some(n))`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct LimitsBody {
    /// Kobo; `null` removes the limit, absent keeps it.
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 10000000000_i64)]
    daily: Option<Option<i64>>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 10000000000_i64)]
    weekly: Option<Option<i64>>,
    #[serde(deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 10000000000_i64)]
    monthly: Option<Option<i64>>,
}

fn sentence(period: Period, wanted: Option<Kobo>, change: LimitChange) -> Option<String> {
    let name = period.as_str();
    let what = wanted.map_or("no limit".to_string(), |k| k.to_string());
    match change {
        LimitChange::Unchanged => None,
        LimitChange::Applied => Some(format!("Your {name} limit is now {what}.")),
        LimitChange::Pending(at) => Some(match wanted {
            Some(_) => {
                format!("Your {name} limit becomes {what} on {} (raising a limit takes 24 hours).", lagos_time(at))
            }
            None => {
                format!("Your {name} limit will be removed on {} (removing a limit takes 24 hours).", lagos_time(at))
            }
        }),
    }
}

#[utoipa::path(
    summary = "Change deposit limits: a decrease applies at once, a raise after 24 hours",
    tag = "money",
    security(("bearer" = [])),
    request_body = LimitsBody,
    responses(
        (status = 200, description = "data: Limits, message", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[post("/limits/update")]
async fn update_limits(
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<LimitsBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let mut wanted = Vec::new();
    let mut invalid = false;
    for (period, value) in [(Period::Daily, body.daily), (Period::Weekly, body.weekly), (Period::Monthly, body.monthly)]
    {
        match value {
            None => {}
            Some(None) => wanted.push((period, None)),
            Some(Some(kobo)) if (0..=LIMIT_MAX.as_i64()).contains(&kobo) => wanted.push((period, Some(Kobo(kobo)))),
            Some(Some(_)) => {
                invalid = true;
                errors.push(
                    period.as_str(),
                    format!("Enter a {} limit between ₦0.00 and {LIMIT_MAX}, or null for no limit", period.as_str()),
                );
            }
        }
    }
    if wanted.is_empty() && !invalid {
        errors.push("daily", "Set at least one of daily, weekly or monthly".into());
    }
    errors.finish()?;
    let now = Utc::now();
    let changed = state.store.responsible.change(user.id, now, |rg| {
        Ok::<_, ()>(wanted.iter().map(|(p, w)| (*p, *w, rg.request_limit(*p, *w, now))).collect::<Vec<_>>())
    })?;
    let Ok((rg, changes)) = changed else { return Err(ApiError::internal(anyhow::anyhow!("limits not changed"))) };
    state.store.flush().await?;
    let sentences: Vec<String> = changes.into_iter().filter_map(|(p, w, c)| sentence(p, w, c)).collect();
    let message = if sentences.is_empty() { "Your limits are unchanged.".to_string() } else { sentences.join(" ") };
    Ok(HttpResponse::Ok().json(json!({ "data": limits_view(&state, &user, &rg, now)?, "message": message })))
}

#[utoipa::path(
    summary = "My time-out or self-exclusion in force (or null)",
    tag = "money",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: Exclusion | null", body = Envelope),
    )
)]
#[get("/exclusions")]
async fn current_exclusion(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let rg = state.store.responsible.at(user.id, now)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::exclusion(&rg, now) })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ExclusionBody {
    #[schema(required = true, pattern = "^(timeout|self_exclusion)$")]
    kind: String,
    /// timeout: 24h, 7d, 30d; self_exclusion: 6m, 1y, 5y.
    #[schema(required = true, pattern = "^(24h|7d|30d|6m|1y|5y)$")]
    period: String,
}

#[utoipa::path(
    summary = "Start a time-out or self-exclusion (cannot be ended early)",
    tag = "money",
    security(("bearer" = [])),
    request_body = ExclusionBody,
    responses(
        (status = 201, description = "data: Exclusion, message", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[post("/exclusions/create")]
async fn exclude(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<ExclusionBody>,
) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let (kind, period) = (body.kind.trim().to_string(), body.period.trim().to_string());
    let result = state.store.responsible.change(user.id, now, |rg| rg.exclude(&kind, &period, now))?;
    let (rg, exclusion) = result.map_err(|e| match e {
        ExclusionError::UnknownKind => ApiError::field("kind", "Choose timeout or self_exclusion"),
        other @ ExclusionError::UnknownPeriod(_) => ApiError::field("period", other.to_string()),
        other @ ExclusionError::WouldShorten(_) => ApiError::field("period", other.to_string()),
    })?;
    state.store.flush().await?;
    // No marketing to a player taking a break: their open sockets, on every node, leave the marquee now
    // (docs/decisions/025).
    state.bus.stop_marketing(user.id);
    let detail =
        format!("{} for {} until {}", exclusion.kind.as_str(), exclusion.period, exclusion.ends_at.to_rfc3339());
    state.audit(Some(&req), Some(&user), "player.excluded", Some(format!("user:{}", user.id)), detail);
    let message = format!(
        "Your break has started and lasts until {}. Tickets and deposits are paused until then; you can still \
         withdraw your balance. A break cannot be ended early.",
        lagos_time(exclusion.ends_at)
    );
    Ok(HttpResponse::Created().json(json!({ "data": views::exclusion(&rg, now), "message": message })))
}
