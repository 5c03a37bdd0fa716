//! `GET /accounts`, `POST /accounts/resolve`, `POST /accounts/create`: the player's bank account for withdrawals
//! (one per player, replaceable).
//!
//! The number is checked first (bank in the list, 10 digits, NUBAN check digit where it applies), then the account
//! name is resolved through the gateway and compared with the player's (`flows::payout_name`), so a mismatch is
//! said before saving; saving resolves again on the server, so the stored name is always the bank's, never what a
//! client sent.
//!
//! Replacing a saved account is what a thief with a stolen session would do first, so it asks for the password
//! again, emails the player, and holds withdrawals for 24 hours (`docs/decisions/013-changing-where-winnings-go.md`).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::bank_account::{self, BankAccount};
use ayo_data::banks::Bank;
use ayo_data::user::User;

use crate::error::ApiError;
use crate::http::account::auth::password_matches;
use crate::http::extract::{AuthUser, PlayerUser};
use crate::http::flows::payout_name;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::money as views;
use crate::payments::protocol::GatewayError;
use crate::rate_limit::Limit;

/// Name look-ups per player: each one is a call to the bank network.
const RESOLVE_LIMIT: Limit = Limit::per_minute(10);

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(mine).service(resolve).service(create);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct AccountBody {
    /// A code from `GET /accounts/banks`.
    #[schema(required = true)]
    bank_code: String,
    #[schema(required = true, pattern = "^[0-9]{10}$")]
    account_number: String,
    /// The player's current password, required to replace an existing account (not read by `/accounts/resolve`);
    /// `password` is accepted as its older name. Named like `change-password`'s field, so both checks of a
    /// current password answer on the same field.
    #[schema(max_length = 128)]
    #[serde(alias = "password")]
    current_password: String,
}

#[utoipa::path(
    summary = "My bank account (or null)",
    tag = "money",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: BankAccount | null", body = Envelope),
    )
)]
#[get("/accounts")]
async fn mine(state: web::Data<AppState>, AuthUser(user): AuthUser) -> Result<HttpResponse, ApiError> {
    let account = state.store.payments.bank_account(user.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": account.as_ref().map(views::bank_account) })))
}

/// Checks the input and asks the gateway whose account it is.
async fn look_up(state: &AppState, user: &User, body: &AccountBody) -> Result<(Bank, String, String), ApiError> {
    let (bank, number) = bank_account::check(&body.bank_code, &body.account_number)
        .map_err(|refused| ApiError::field(refused.field, refused.message))?;
    state.limiter.hit(&format!("bank-resolve:{}", user.id), RESOLVE_LIMIT).await?;
    match state.payments.gateway.resolve_account(&bank.code, &number).await {
        Ok(name) => Ok((bank, number, name)),
        Err(GatewayError::Refused(_) | GatewayError::NotFound) => Err(ApiError::coded(
            "account_number",
            format!("We could not find this account at {}. Check the number and the bank.", bank.name),
            "ACCOUNT_NOT_FOUND",
        )),
        Err(GatewayError::Unavailable(why)) => {
            tracing::warn!(error = %why, "account name not resolved");
            Err(ApiError::GatewayUnavailable(
                "We could not reach the bank to check this account. Please try again in a moment.".into(),
            ))
        }
    }
}

#[utoipa::path(
    summary = "Resolve an account's name through the gateway",
    tag = "money",
    security(("bearer" = [])),
    request_body = AccountBody,
    responses(
        (status = 200, description = "data: {bank_code, bank_name, account_number, account_name, name_check: {verdict (match, unsure, mismatch), compared_with, compared_with_kind (nin, registered), review_needed, message}}", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
        (status = 422, description = "Invalid bank or number, or ACCOUNT_NOT_FOUND", body = ErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 503, description = "The payment gateway gave no usable answer (errorCode GATEWAY_UNAVAILABLE); try again", body = ErrorBody),
    )
)]
#[post("/accounts/resolve")]
async fn resolve(
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<AccountBody>,
) -> Result<HttpResponse, ApiError> {
    let (bank, number, name) = look_up(&state, &user, &body).await?;
    // Said before saving: a name that does not clearly match the player's sends their withdrawals to a review.
    let identity = state.store.identities.get(user.id)?;
    let name_check = payout_name::check(user.name.as_str(), identity.as_ref(), &name);
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "bank_code": bank.code,
        "bank_name": bank.name,
        "account_number": number,
        "account_name": name,
        "name_check": name_check,
    }})))
}

/// The password again, before an existing payout account is replaced; wrong guesses count like failed logins.
async fn confirm_password(
    req: &HttpRequest,
    state: &AppState,
    user: &User,
    body: &AccountBody,
) -> Result<(), ApiError> {
    if body.current_password.is_empty() {
        return Err(ApiError::field("current_password", "Enter your password to change your bank account"));
    }
    if password_matches(req, state, user, &body.current_password).await? {
        return Ok(());
    }
    state.audit(Some(req), Some(user), "bank_account.password_failed", Some(format!("user:{}", user.id)), "");
    Err(ApiError::field("current_password", "Your password is not correct"))
}

#[utoipa::path(
    summary = "Save or replace my bank account (the name is resolved again on the server); replacing needs the password and holds withdrawals for 24 hours",
    tag = "money",
    security(("bearer" = [])),
    request_body = AccountBody,
    responses(
        (status = 200, description = "Replaced", body = Envelope),
        (status = 201, description = "Saved", body = Envelope),
        (status = 403, description = "Wrong role", body = ErrorBody),
        (status = 422, description = "Invalid bank or number, or ACCOUNT_NOT_FOUND", body = ErrorBody),
        (status = 429, description = "Rate limited", body = ErrorBody),
        (status = 503, description = "The payment gateway gave no usable answer (errorCode GATEWAY_UNAVAILABLE); try again", body = ErrorBody),
    )
)]
#[post("/accounts/create")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<AccountBody>,
) -> Result<HttpResponse, ApiError> {
    let previous = state.store.payments.bank_account(user.id)?;
    if previous.is_some() {
        confirm_password(&req, &state, &user, &body).await?;
    }
    let (bank, number, name) = look_up(&state, &user, &body).await?;
    let now = Utc::now();
    let held_until = previous.as_ref().map(|_| now + chrono::Duration::hours(bank_account::CHANGE_HOLD_HOURS));
    let account = BankAccount {
        user_id: user.id,
        bank_code: bank.code,
        bank_name: bank.name,
        account_number: number,
        account_name: name,
        created_at: now,
        updated_at: now,
        withdrawals_held_until: held_until,
    };
    let saved = state.store.payments.save_bank_account(account, now)?;
    state.store.flush().await?;
    let tail = |a: &BankAccount| format!("{} ••••{}", a.bank_name, last_digits(a));
    let detail = match &previous {
        Some(old) => format!("{} (replaces {})", tail(&saved), tail(old)),
        None => tail(&saved),
    };
    state.audit(Some(&req), Some(&user), "bank_account.saved", Some(format!("user:{}", user.id)), detail);
    // A new payout name is compared with the name on the player's NIN now, not only at their next withdrawal.
    crate::http::flows::identity_check::recheck_account(&state, Some(&req), &user, &saved).await?;
    let mail = crate::mail::templates::bank_account_changed(
        &user.email,
        &user.name,
        &format!("{} account ending {}", saved.bank_name, last_digits(&saved)),
        held_until.map(|t| t.format("%d %b %Y %H:%M UTC").to_string()).as_deref(),
    );
    let job = state.clone();
    state.background.spawn(async move { job.send_mail(mail).await });
    let (status, message) = match previous {
        Some(_) => (actix_web::http::StatusCode::OK, "Bank account replaced"),
        None => (actix_web::http::StatusCode::CREATED, "Bank account saved"),
    };
    Ok(HttpResponse::build(status).json(json!({ "data": views::bank_account(&saved), "message": message })))
}

fn last_digits(account: &BankAccount) -> &str {
    account.account_number.get(account.account_number.len().saturating_sub(4)..).unwrap_or_default()
}
