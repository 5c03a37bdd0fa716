//! The back office API under `/admin`: every handler takes `AdminUser`, so the role is checked on the server.

use actix_web::{web, HttpResponse};
use serde_json::json;

use super::auth::{change_password_of, ChangePasswordBody};
use crate::auth::AdminUser;
use crate::error::ApiError;
use crate::json::JsonBody;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/admin")
            .route("/dashboard", web::get().to(dashboard))
            .route("/change-password", web::post().to(change_password)),
    );
}

async fn dashboard(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let store = state.store.clone();
    let today = state.today();
    let counts = web::block(move || store.users.player_counts(today)).await??;
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "players_total": counts.total,
        "players_new_today": counts.new_today,
        "players_verified": counts.verified,
    }})))
}

async fn change_password(
    state: web::Data<AppState>,
    AdminUser(user): AdminUser,
    JsonBody(body): JsonBody<ChangePasswordBody>,
) -> Result<HttpResponse, ApiError> {
    change_password_of(&state, user, body).await
}
