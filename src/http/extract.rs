//! `AuthUser`, `PlayerUser`, `AdminUser` and `WitnessUser`: ask for one in a handler's arguments and the route is
//! guarded on the server.

use std::future::Future;
use std::pin::Pin;

use actix_web::{dev::Payload, http::header, web, FromRequest, HttpRequest};
use chrono::{DateTime, Utc};

use ayo_data::user::{Role, User, UserStatus};

use crate::error::ApiError;
use crate::http::state::AppState;

/// A signed-in account of any role, loaded fresh from storage.
pub struct AuthUser(pub User);

/// A signed-in player. Any other role gets 403, without an audit entry: staff opening a player's page is a mistake,
/// not an attack on the back office.
pub struct PlayerUser(pub User);

/// A signed-in admin. Any other role gets 403.
pub struct AdminUser(pub User);

/// The signed-in independent witness (docs/decisions/017). Any other role gets 403.
pub struct WitnessUser(pub User);

/// The bearer token of a request, if it sends one.
pub fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let token = value.strip_prefix("Bearer ").or_else(|| value.strip_prefix("bearer "))?;
    Some(token.trim().to_string())
}

async fn authenticate(req: HttpRequest) -> Result<User, ApiError> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("app state missing")))?;
    let token = bearer(&req).ok_or(ApiError::Unauthenticated)?;
    session_for_token(&state, &token).map(|(user, _)| user)
}

/// The account a token names and when the token expires, if the token is valid and current and the account not
/// suspended: the one rule for HTTP requests and the WebSocket's `auth` message.
pub fn session_for_token(state: &AppState, token: &str) -> Result<(User, DateTime<Utc>), ApiError> {
    let (id, version, expires_at) = state.tokens.verify_until(token).ok_or(ApiError::Unauthenticated)?;
    let user = state.store.users.get(id)?.ok_or(ApiError::Unauthenticated)?;
    if user.token_version != version {
        return Err(ApiError::Unauthenticated);
    }
    if user.status == UserStatus::Suspended {
        return Err(ApiError::Suspended);
    }
    Ok((user, expires_at))
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate(req).await.map(AuthUser) })
    }
}

impl FromRequest for PlayerUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let user = authenticate(req).await?;
            if user.role != Role::User {
                return Err(ApiError::Forbidden);
            }
            Ok(PlayerUser(user))
        })
    }
}

impl FromRequest for AdminUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { with_role(req, Role::Admin).await.map(AdminUser) })
    }
}

impl FromRequest for WitnessUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { with_role(req, Role::Witness).await.map(WitnessUser) })
    }
}

/// The signed-in account if it has `role`; otherwise 403, logged and audited.
async fn with_role(req: HttpRequest, role: Role) -> Result<User, ApiError> {
    let user = authenticate(req.clone()).await?;
    if user.role != role {
        tracing::warn!(user = user.id, path = req.path(), "role denied");
        if let Some(state) = req.app_data::<web::Data<AppState>>() {
            let what = format!("{} {}", req.method(), req.path());
            state.audit(Some(&req), Some(&user), "admin.role_denied", None, what);
        }
        return Err(ApiError::Forbidden);
    }
    Ok(user)
}
