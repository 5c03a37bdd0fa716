//! `POST /auth/login`, `POST /auth/logout`, `GET /auth/profiles`, `POST /auth/change-password`.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::account::{Email, Password, PhoneNumber};
use ayo_data::seam::OtpPurpose;
use ayo_data::user::{Role, User, UserId, UserStatus};

use super::otps::send_code;
use super::session::session_response;
use crate::auth::guesses::{Budget, Guess, OnMatch};
use crate::auth::password;
use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AuthUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;
use crate::http::views;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(login).service(logout).service(profile).service(change_password);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
struct LoginBody {
    /// Email or phone number.
    #[schema(required = true, min_length = 1, max_length = 100)]
    user_identity: String,
    #[schema(required = true, min_length = 1, max_length = 128)]
    password: String,
}

/// The account a login names: by email when it has an `@`, else by phone in any of its usual forms.
fn find_account(state: &AppState, identity: &str) -> Result<(String, Option<User>), ApiError> {
    if identity.contains('@') {
        return Ok(match Email::parse(identity) {
            Ok(email) => (email.as_str().to_string(), state.store.users.find_by_email(&email)?),
            Err(_) => (identity.trim().to_lowercase(), None),
        });
    }
    Ok(match PhoneNumber::from_login(identity) {
        Some(phone) => (phone.as_str().to_string(), state.store.users.find_by_phone(&phone)?),
        None => (identity.trim().to_string(), None),
    })
}

/// Shortest password an admin may have (players follow docs/product.md §13).
pub const ADMIN_PASSWORD_MIN: usize = 12;

/// Longest identity a login accepts (emails are at most 50, phones at most 16 characters).
const IDENTITY_MAX: usize = 100;

#[utoipa::path(
    summary = "Log in with email or phone",
    tag = "accounts",
    request_body = LoginBody,
    responses(
        (status = 200, description = "A player: data {token, expires_in, user}. An admin: data {mfa_token, mfa: 'required' | 'enroll', otpauth_uri (enrol only)} and no token; finish with POST /auth/mfa/verify", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
        (status = 403, description = "Wrong role, unverified or suspended account", body = ErrorBody),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/auth/login")]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<LoginBody>,
) -> Result<HttpResponse, ApiError> {
    let source = client_ip(&req);
    let source_key = format!("login-ip:{source}");
    state.limiter.check(&source_key, state.limits.login_per_ip).await?;
    let mut errors = FieldErrors::default();
    errors.required("userIdentity", &body.user_identity, "All fields are required");
    errors.required("password", &body.password, "All fields are required");
    if body.user_identity.chars().count() > IDENTITY_MAX {
        errors.push("userIdentity", format!("Email or phone number must be at most {IDENTITY_MAX} characters"));
    }
    errors.finish()?;

    let (identity_key, account) = find_account(&state, &body.user_identity)?;
    // Failures count against the account (whichever identity names it), or the identity typed when none exists.
    let identity = match &account {
        Some(user) => format!("user:{}", user.id),
        None => format!("id:{identity_key}"),
    };
    // Counted before the hash (src/auth/guesses.rs): the address's failures, this identity's failures from this
    // address (both refuse when full), and this identity's failures from anywhere (which only slow it down, so
    // nobody can lock a player out of their own account).
    let per_identity = state.limits.login_failures_per_identity;
    let budgets = vec![
        Budget::new(source_key, state.limits.login_per_ip, OnMatch::GiveBack),
        Budget::new(format!("login-fail:{identity}@{source}"), per_identity, OnMatch::Forget),
        Budget::unbounded(format!("login-fail:{identity}"), per_identity, OnMatch::Forget),
    ];
    let guess = match Guess::reserve(&state.limiter, budgets).await {
        Ok(guess) => guess,
        Err(refused) => {
            if refused.budget == 1 {
                state.audit(Some(&req), account.as_ref(), "login.locked", None, format!("identity {identity_key}"));
            }
            return Err(refused.into());
        }
    };
    slow_down(&state, guess.counted(2).saturating_sub(1)).await;
    let stored = account.as_ref().map(|u| u.password_hash.clone()).unwrap_or_else(|| password::decoy_hash().into());
    let matches = guess.check(&state.hashing, &state.limiter, &source, &body.password, &stored).await?;
    let user = match account {
        Some(user) if matches => user,
        _ => {
            tracing::warn!(ip = source, "failed login");
            state.audit(Some(&req), account.as_ref(), "login.failed", None, format!("identity {identity_key}"));
            return Err(ApiError::InvalidCredentials);
        }
    };
    if user.status == UserStatus::Suspended {
        return Err(ApiError::Suspended);
    }
    if !user.is_verified() {
        send_code(&state, &user, OtpPurpose::Verification).await?;
        return Err(ApiError::Unverified { email: user.email });
    }
    if user.role == Role::Admin {
        return super::mfa::challenge(&state, &user).await;
    }
    // "Last login" (docs/decisions/025): this login becomes the last, the one before it the previous.
    let now = chrono::Utc::now();
    let user = state.store.users.update(user.id, |u| {
        u.logged_in(now);
        true
    })?;
    let user = user.map(|(user, _)| user).ok_or(ApiError::InvalidCredentials)?;
    state.store.flush().await?;
    session_response(&state, &user, "Login successful")
}

/// Signs the account out everywhere: every token it holds stops working (its token version moves on), and its
/// sockets' private topics end.
#[utoipa::path(
    summary = "Log out everywhere: every token of the account stops working and its sockets' private topics end",
    tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: null", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403)", body = ErrorBody),
    )
)]
#[post("/auth/logout")]
async fn logout(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
) -> Result<HttpResponse, ApiError> {
    state.store.users.update(user.id, |u| {
        u.token_version = u.token_version.wrapping_add(1);
        true
    })?;
    state.store.flush().await?;
    end_sessions(&state, user.id);
    state.audit(Some(&req), Some(&user), "auth.logout", None, "signed out everywhere");
    Ok(HttpResponse::Ok().json(json!({ "data": null, "message": "You are logged out" })))
}

/// Whether `typed` is the account's password, for a signed-in session's actions that ask for it again (changing
/// it, replacing the payout account). A thief with a token has only these to guess with, so every such check of
/// the account shares one budget (`Limits::password_rechecks_per_account`), counted before the hash: past it the
/// answer is 429, unchecked, however many arrive at once.
pub async fn password_matches(req: &HttpRequest, state: &AppState, user: &User, typed: &str) -> Result<bool, ApiError> {
    let key = format!("password-recheck-fail:user:{}", user.id);
    let budget = Budget::new(key, state.limits.password_rechecks_per_account, OnMatch::GiveBack);
    let guess = Guess::reserve(&state.limiter, vec![budget]).await?;
    guess.check(&state.hashing, &state.limiter, &client_ip(req), typed, &user.password_hash).await
}

/// Ends the private topics of the account's open sockets, on every node (its tokens have just stopped working).
pub fn end_sessions(state: &AppState, user_id: UserId) {
    state.bus.end_sessions(user_id);
}

/// An identity with many recent failures from anywhere is slowed, right password or wrong (so the wait itself
/// tells nothing): a distributed guesser gets a few tries a minute while the owner still gets in.
async fn slow_down(state: &AppState, failures: u32) {
    let limits = &state.limits;
    let Some(excess) = failures.checked_sub(limits.login_failures_per_identity.max) else {
        return;
    };
    let delay = limits.login_delay_step.saturating_mul(excess.saturating_add(1)).min(limits.login_delay_max);
    actix_web::rt::time::sleep(delay).await;
}

#[utoipa::path(
    summary = "The signed-in user",
    tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data is the user", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
    )
)]
#[get("/auth/profiles")]
async fn profile(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let balance = state.store.books.balance(user.id)?;
    let mut data = views::user(&user, balance);
    data["responsible_gaming"] = views::responsible_gaming(&state.store.responsible.get(user.id)?);
    Ok(HttpResponse::Ok().json(json!({ "data": data })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
pub struct ChangePasswordBody {
    #[schema(required = true)]
    current_password: String,
    /// At least 6 characters for a player, 12 for an admin.
    #[schema(required = true, min_length = 6, max_length = 128)]
    password: String,
}

#[utoipa::path(
    summary = "Change password (returns a new token)",
    tag = "accounts",
    security(("bearer" = [])),
    request_body = ChangePasswordBody,
    responses(
        (status = 200, description = "data: {token, expires_in, user}", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/auth/change-password")]
async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    JsonBody(body): JsonBody<ChangePasswordBody>,
) -> Result<HttpResponse, ApiError> {
    change_password_of(&req, &state, user, body).await
}

/// Shared by players and admins: checks the current password, stores the new one and signs other sessions out.
pub async fn change_password_of(
    req: &HttpRequest,
    state: &AppState,
    user: User,
    body: ChangePasswordBody,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    errors.required("current_password", &body.current_password, "All fields are required");
    let new = errors
        .required("password", &body.password, "All fields are required")
        .then(|| errors.check("password", Password::parse(&body.password)))
        .flatten();
    if user.role != Role::User && body.password.chars().count() < ADMIN_PASSWORD_MIN {
        errors.push(
            "password",
            format!("An admin's or witness's password must be at least {ADMIN_PASSWORD_MIN} characters"),
        );
    }
    errors.finish()?;
    let Some(new) = new else {
        return Err(ApiError::field("password", "All fields are required"));
    };
    if !password_matches(req, state, &user, &body.current_password).await? {
        return Err(ApiError::field("current_password", "Your current password is not correct"));
    }
    let hash = state.hashing.hash(&client_ip(req), new.expose()).await?;
    let store = state.store.clone();
    let updated = web::block(move || store.users.set_password(user.id, &hash)).await??;
    let updated = updated.ok_or(ApiError::Unauthenticated)?;
    state.store.flush().await?;
    end_sessions(state, updated.id);
    state.audit(None, Some(&updated), "auth.password_changed", None, "signed out everywhere else");
    session_response(state, &updated, "Your password has been changed")
}
