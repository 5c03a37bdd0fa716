//! Back office: players — search, one player's whole picture, suspend and reinstate.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::json;

use ayo_actors::views as live_views;
use ayo_data::user::{Role, UserStatus};

use crate::auth::AdminUser;
use crate::error::ApiError;
use crate::paging::TableQuery;
use crate::state::AppState;
use crate::views;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/users", web::get().to(list))
        .route("/users/{id}", web::get().to(one))
        .route("/users/{id}/suspend", web::post().to(suspend))
        .route("/users/{id}/unsuspend", web::post().to(unsuspend));
}

async fn list(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut rows = Vec::new();
    for user in state.store.users.all()?.iter().filter(|u| u.role == Role::User) {
        rows.push(views::user(user, state.store.wallets.balance(user.id)?));
    }
    Ok(HttpResponse::Ok().json(table.answer(rows, &["name", "email", "phoneNumber", "id"])))
}

async fn one(state: web::Data<AppState>, _: AdminUser, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let user = state.store.users.get(*id)?.ok_or(ApiError::NotFound("User"))?;
    let mut body = views::user(&user, state.store.wallets.balance(user.id)?);
    let games = state.store.games.games()?;
    body["tickets"] = state
        .store
        .wallets
        .tickets_of_user(user.id)?
        .iter()
        .take(100)
        .map(|t| {
            let draw = state.store.games.draw(t.draw_id).ok().flatten();
            live_views::ticket(t, draw.as_ref(), games.iter().find(|g| g.id == t.game_id))
        })
        .collect();
    body["transactions"] =
        state.store.wallets.entries_of_user(user.id)?.iter().take(100).map(live_views::entry).collect();
    let about = format!("user:{}", user.id);
    body["activities"] = state
        .store
        .activities
        .all()?
        .iter()
        .filter(|a| a.actor_id == Some(user.id) || a.target.as_deref() == Some(about.as_str()))
        .take(50)
        .map(views::activity)
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "data": body })))
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
        super::auth::end_sessions(&state, id);
    }
    let action = if status == UserStatus::Suspended { "user.suspended" } else { "user.unsuspended" };
    state.audit(Some(&req), Some(admin), action, Some(format!("user:{id}")), user.email.clone());
    let balance = state.store.wallets.balance(id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::user(&user, balance), "message": "Saved" })))
}

async fn suspend(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_status(req, state, &admin, *id, UserStatus::Suspended).await
}

async fn unsuspend(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_status(req, state, &admin, *id, UserStatus::Active).await
}
