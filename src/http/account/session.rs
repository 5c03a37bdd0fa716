//! What login and password changes answer: a fresh token and the user (docs/product.md §12 "Login response").

use actix_web::HttpResponse;
use serde_json::{json, Value};

use ayo_data::user::User;

use crate::error::ApiError;
use crate::http::state::AppState;
use crate::http::views;

pub fn session_response(state: &AppState, user: &User, message: &str) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(session_body(state, user, message)?))
}

/// The body of `session_response`, for answers that add to it.
pub fn session_body(state: &AppState, user: &User, message: &str) -> Result<Value, ApiError> {
    let token = state.tokens.issue(user).map_err(ApiError::internal)?;
    let balance = state.store.books.balance(user.id)?;
    Ok(json!({
        "data": { "token": token, "expires_in": state.tokens.ttl_secs, "user": views::user(user, balance) },
        "message": message,
    }))
}
