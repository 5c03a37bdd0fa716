//! What login and password changes answer: a fresh token and the user (SPEC §3 "Login response").

use actix_web::HttpResponse;
use serde_json::json;

use ayo_data::user::User;

use crate::error::ApiError;
use crate::state::AppState;
use crate::views;

pub fn session_response(state: &AppState, user: &User, message: &str) -> Result<HttpResponse, ApiError> {
    let token = state.tokens.issue(user).map_err(ApiError::internal)?;
    let balance = state.store.wallets.balance(user.id)?;
    Ok(HttpResponse::Ok().json(json!({
        "data": { "token": token, "expires_in": state.tokens.ttl_secs, "user": views::user(user, balance) },
        "message": message,
    })))
}
