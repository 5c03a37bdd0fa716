//! Back office: players — search, one player's whole picture, suspend and reinstate.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde_json::json;

use ayo_data::user::{Role, UserStatus};

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::paging::TableQuery;
use crate::http::player::transactions::Filters;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list).service(one).service(tickets).service(transactions).service(suspend).service(unsuspend);
}

#[utoipa::path(
    summary = "Players, each with `protection`: the time-out or self-exclusion in force ({kind, period, starts_at, ends_at}) or null",
    params(TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[get("/users")]
async fn list(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let answer = web::block(move || {
        let rows = store.users.newest_first().filter(|u| u.as_ref().map_or(true, |u| u.role == Role::User)).map(|u| {
            let user = u?;
            let mut row = views::user(&user, store.books.balance(user.id)?);
            row["protection"] = views::money::protection(&store.responsible.get(user.id)?, chrono::Utc::now());
            Ok::<_, ApiError>(row)
        });
        table.answer_stream(rows, &["name", "email", "phoneNumber", "id"], Some("created_at"))
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

/// How many of the newest audit entries a player's page looks through for theirs.
const ACTIVITY_LOOK_BACK: usize = 10_000;

#[utoipa::path(
    summary = "One player: wallet, protection, identity check (NIN masked), bank account (number masked), tickets, transactions, activity",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/users/{id}")]
async fn one(state: web::Data<AppState>, _: AdminUser, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let user = state.store.users.get(*id)?.ok_or(ApiError::NotFound("User"))?;
    let store = state.store.clone();
    let body = web::block(move || {
        let mut body = views::user(&user, store.books.balance(user.id)?);
        body["protection"] = views::money::protection(&store.responsible.get(user.id)?, chrono::Utc::now());
        // Where the player stands before a withdrawal (issue 32): their NIN check and payout account, masked.
        body["identity"] = store.identities.get(user.id)?.map_or(serde_json::Value::Null, |i| {
            json!({
                "status": crate::http::flows::identity_check::status_name(i.status),
                "kind": i.kind,
                "masked_nin": i.masked,
                "updated_at": i.updated_at,
            })
        });
        body["bank_account"] = store
            .payments
            .bank_account(user.id)?
            .map_or(serde_json::Value::Null, |a| views::money::bank_account_masked(&a));
        let newest = TableQuery { per_page: Some(100), ..Default::default() };
        body["tickets"] = crate::http::player::tickets::tickets_table(&store, None, user.id, &newest)?["data"].take();
        body["transactions"] =
            crate::http::player::transactions::entries_table(&store, user.id, &Filters::default(), &newest)?["data"]
                .take();
        let about = format!("user:{}", user.id);
        let mut activities = Vec::new();
        for activity in store.activities.newest_first().take(ACTIVITY_LOOK_BACK) {
            let activity = activity?;
            if activity.actor_id == Some(user.id) || activity.target.as_deref() == Some(about.as_str()) {
                activities.push(views::activity(&activity));
                if activities.len() == 50 {
                    break;
                }
            }
        }
        body["activities"] = activities.into();
        Ok::<_, ApiError>(body)
    })
    .await??;
    Ok(HttpResponse::Ok().json(json!({ "data": body })))
}

/// A player's tickets, as their own `/tickets` table shows them.
#[utoipa::path(
    summary = "A player's tickets (as their own /tickets)",
    params(("id" = u64, Path), TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/users/{id}/tickets")]
async fn tickets(
    state: web::Data<AppState>,
    _: AdminUser,
    id: web::Path<u64>,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let user = state.store.users.get(*id)?.ok_or(ApiError::NotFound("User"))?;
    let store = state.store.clone();
    let answer =
        web::block(move || crate::http::player::tickets::tickets_table(&store, None, user.id, &table)).await??;
    Ok(HttpResponse::Ok().json(answer))
}

/// A player's ledger, as their own `/transactions` table shows it (same filters).
#[utoipa::path(
    summary = "A player's ledger (as their own /transactions; filters type, status, from, to)",
    params(("id" = u64, Path), TableQuery, Filters),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/users/{id}/transactions")]
async fn transactions(
    state: web::Data<AppState>,
    _: AdminUser,
    id: web::Path<u64>,
    table: web::Query<TableQuery>,
    filters: web::Query<Filters>,
) -> Result<HttpResponse, ApiError> {
    let user = state.store.users.get(*id)?.ok_or(ApiError::NotFound("User"))?;
    let store = state.store.clone();
    let answer =
        web::block(move || crate::http::player::transactions::entries_table(&store, user.id, &filters, &table))
            .await??;
    Ok(HttpResponse::Ok().json(answer))
}

async fn set_status(
    req: HttpRequest,
    state: web::Data<AppState>,
    admin: &ayo_data::user::User,
    id: u64,
    status: UserStatus,
) -> Result<HttpResponse, ApiError> {
    let target = state.store.users.get(id)?.ok_or(ApiError::NotFound("User"))?;
    if target.role == Role::Admin {
        return Err(ApiError::field("user", "Admins cannot be suspended here"));
    }
    let user = state.store.users.set_status(id, status)?.ok_or(ApiError::NotFound("User"))?;
    state.store.flush().await?;
    if status == UserStatus::Suspended {
        crate::http::account::auth::end_sessions(&state, id);
    }
    let action = if status == UserStatus::Suspended { "user.suspended" } else { "user.unsuspended" };
    state.audit(Some(&req), Some(admin), action, Some(format!("user:{id}")), user.email.clone());
    let balance = state.store.books.balance(id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::user(&user, balance), "message": "Saved" })))
}

#[utoipa::path(
    summary = "Suspend a player",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[post("/users/{id}/suspend")]
async fn suspend(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_status(req, state, &admin, *id, UserStatus::Suspended).await
}

#[utoipa::path(
    summary = "Reinstate a player",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[post("/users/{id}/unsuspend")]
async fn unsuspend(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_status(req, state, &admin, *id, UserStatus::Active).await
}
