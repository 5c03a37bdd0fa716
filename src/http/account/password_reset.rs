//! `POST /auth/forgot-password` and `POST /auth/reset-password`: email → code → new password.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::account::{Email, Password};
use ayo_data::seam::{OtpAction, OtpClaim, OtpPurpose, OtpVerdict};
use ayo_data::user::Role;

use super::otps::{parse_code, redeem_for_email, refusal, send_code_if_due};
use crate::error::{ApiError, FieldErrors};
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(forgot).service(reset);
}

fn parse_email(errors: &mut FieldErrors, raw: &str) -> Option<Email> {
    errors.required("email", raw, "Email is required").then(|| errors.check("email", Email::parse(raw))).flatten()
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ForgotBody {
    #[schema(required = true, format = Email)]
    email: String,
}

#[utoipa::path(
    summary = "Email a password reset code",
    tag = "accounts",
    request_body = ForgotBody,
    responses(
        (status = 200, description = "Same answer whether or not the email exists", body = Envelope),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/auth/forgot-password")]
async fn forgot(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<ForgotBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let email = parse_email(&mut errors, &body.email);
    errors.finish()?;
    let Some(email) = email else {
        return Err(ApiError::field("email", "Email is required"));
    };
    send_code_if_due(&req, &state, &email, OtpPurpose::PasswordReset).await?;
    Ok(HttpResponse::Ok().json(json!({
        "data": { "email": email.as_str() },
        "message": "If an account uses this email, we have sent it a code to reset the password.",
    })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ResetBody {
    #[schema(required = true, format = Email)]
    email: String,
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    otp: String,
    #[schema(required = true, min_length = 6, max_length = 128)]
    password: String,
}

#[utoipa::path(
    summary = "Set a new password with the emailed code",
    tag = "accounts",
    request_body = ResetBody,
    responses(
        (status = 200, description = "Password changed", body = Envelope),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/auth/reset-password")]
async fn reset(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<ResetBody>,
) -> Result<HttpResponse, ApiError> {
    state.limiter.hit(&format!("otp-verify-ip:{}", client_ip(&req)), state.limits.otp_verify_per_ip).await?;
    let mut errors = FieldErrors::default();
    let email = parse_email(&mut errors, &body.email);
    let code = parse_code(&mut errors, &body.otp);
    let new = errors
        .required("password", &body.password, "All fields are required")
        .then(|| errors.check("password", Password::parse(&body.password)))
        .flatten();
    errors.finish()?;
    let (Some(email), Some(code), Some(new)) = (email, code, new) else {
        return Err(ApiError::field("otp", "All fields are required"));
    };
    // Cheap checks first: the code is checked (a miss counts against the email, whether or not an account uses it)
    // before any Argon2 work, and an unknown email, an admin or a witness (never reset through the public flow) or a
    // wrong code all answer alike, down to running out of tries (`redeem_for_email`).
    let account = state.store.users.find_by_email(&email)?.filter(|u| u.role == Role::User).map(|u| u.id);
    let user = redeem_for_email(&state, OtpPurpose::PasswordReset, &email, account, &code, OtpAction::Check).await?;
    let hash = state.hashing.hash(&client_ip(&req), new.expose()).await?;
    let user_id = user.id;
    let store = state.store.clone();
    let pepper = state.pepper.clone();
    let verdict = web::block(move || {
        let action = OtpAction::ResetPassword(hash);
        let claim =
            OtpClaim { purpose: OtpPurpose::PasswordReset, code: &code, expected: Some(user.id), action: &action };
        store.otps.redeem(claim, &pepper, Utc::now())
    })
    .await??;
    state.store.flush().await?;
    match verdict {
        OtpVerdict::Accepted(user) => {
            super::auth::end_sessions(&state, user_id);
            state.audit(Some(&req), Some(&user), "auth.password_reset", None, "reset by emailed code");
            Ok(HttpResponse::Ok().json(json!({
            "data": { "email": email.as_str() },
            "message": "Your password has been changed. Please log in.",
            })))
        }
        other => Err(refusal(&other)),
    }
}
