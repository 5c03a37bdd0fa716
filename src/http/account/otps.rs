//! `POST /otps/verify` and `POST /otps/resend` (docs/product.md §15 bodies exactly; `email` is optional on verify).

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::account::Email;
use ayo_data::seam::{OtpAction, OtpClaim, OtpIssue, OtpPurpose, OtpVerdict};
use ayo_data::user::{Role, User, UserId};

use crate::error::{ApiError, FieldErrors};
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;
use crate::mail::templates;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(verify).service(resend);
}

pub const OTP_MISSING: &str = "Make sure you entered the OTP sent to your email";

/// Draws a code and emails it. Within the resend minute nothing is sent (the earlier code still works).
pub async fn send_code(state: &AppState, user: &User, purpose: OtpPurpose) -> Result<(), ApiError> {
    let issued = state.store.otps.issue(user.id, purpose, &state.pepper, Utc::now())?;
    if let OtpIssue::Issued { code, .. } = issued {
        let mail = match purpose {
            OtpPurpose::Verification => templates::verification_code(&user.email, &user.name, &code),
            OtpPurpose::PasswordReset => templates::password_reset_code(&user.email, &user.name, &code),
        };
        state.store.flush().await?;
        state.send_mail(mail).await;
    }
    Ok(())
}

/// A 6-digit code, or the message of docs/product.md §13.
pub fn parse_code(errors: &mut FieldErrors, raw: &str) -> Option<String> {
    let code = raw.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        errors.push("otp", OTP_MISSING.to_string());
        return None;
    }
    Some(code.to_string())
}

pub fn parse_purpose(errors: &mut FieldErrors, field: &str, raw: &str) -> Option<OtpPurpose> {
    let purpose = OtpPurpose::parse(raw.trim());
    if purpose.is_none() {
        errors.push(field, format!("{field} must be 'verification' or 'password_reset'"));
    }
    purpose
}

/// Why a code was refused, in words for the player.
pub fn refusal(verdict: &OtpVerdict) -> ApiError {
    let why = match verdict {
        OtpVerdict::Expired => "This code has expired. Please request a new one.",
        OtpVerdict::Burned => TOO_MANY_MISSES,
        _ => NOT_CORRECT,
    };
    ApiError::field("otp", why)
}

const TOO_MANY_MISSES: &str = "Too many wrong codes. Please request a new one.";
const NOT_CORRECT: &str = "The code is not correct. Check the latest email we sent you.";

/// The email's miss count for codes of `purpose`.
fn misses_key(purpose: OtpPurpose, email: &Email) -> String {
    format!("otp-miss:{}:{}", purpose.as_str(), email.as_str())
}

/// A code named by its email (`/otps/verify` with an email, `/auth/reset-password`), checked for `account` (the
/// account the email names, if any and if it may use such a code). The answer depends only on the email's own
/// miss count, kept whether or not an account uses the email, and on whether the code was right: never on what the
/// store knows of the account, so an unknown email runs out of tries exactly as a real one does (issue 28). The miss
/// is counted before the code is checked, so a burst gets no more tries than the budget holds.
pub async fn redeem_for_email(
    state: &AppState,
    purpose: OtpPurpose,
    email: &Email,
    account: Option<UserId>,
    code: &str,
    action: OtpAction,
) -> Result<Box<User>, ApiError> {
    let (key, budget) = (misses_key(purpose, email), state.limits.otp_misses_per_email);
    let miss = match state.limiter.reserve(&key, budget).await {
        Ok(miss) => miss,
        Err(ApiError::RateLimited { .. }) => return Err(ApiError::field("otp", TOO_MANY_MISSES)),
        Err(other) => return Err(other),
    };
    let verdict = match account {
        Some(id) => {
            let (store, pepper, code) = (state.store.clone(), state.pepper.clone(), code.to_string());
            let redeemed = web::block(move || {
                let claim = OtpClaim { purpose, code: &code, expected: Some(id), action: &action };
                store.otps.redeem(claim, &pepper, Utc::now())
            })
            .await
            .map_err(ApiError::from)
            .and_then(|verdict| verdict.map_err(ApiError::from));
            match redeemed {
                Ok(verdict) => verdict,
                Err(e) => {
                    state.limiter.release(&miss).await;
                    return Err(e);
                }
            }
        }
        None => OtpVerdict::Invalid,
    };
    state.store.flush().await?;
    match verdict {
        OtpVerdict::Accepted(user) => {
            state.limiter.clear(&key).await;
            Ok(user)
        }
        // Only the right code can be expired: no miss, and only its owner ever sees this.
        OtpVerdict::Expired => {
            state.limiter.release(&miss).await;
            Err(refusal(&OtpVerdict::Expired))
        }
        // The store's own count (which burns the code at its fifth miss) is not what answers: the email's count is.
        OtpVerdict::Invalid | OtpVerdict::Burned if miss.count() >= budget.max => {
            Err(ApiError::field("otp", TOO_MANY_MISSES))
        }
        OtpVerdict::Invalid | OtpVerdict::Burned => Err(ApiError::field("otp", NOT_CORRECT)),
    }
}

/// A code is being sent to `email` (or would be, were an account using it): its tries start again, as a new code's
/// do, whether or not an account uses the email.
pub async fn fresh_tries(state: &AppState, purpose: OtpPurpose, email: &Email) {
    state.limiter.clear(&misses_key(purpose, email)).await;
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct OtpCheckBody {
    #[schema(required = true, pattern = "^[0-9]{6}$")]
    otp: String,
    #[serde(rename = "type")]
    #[schema(required = true, value_type = OtpPurpose)]
    kind: String,
    /// Required for a password reset code.
    #[schema(format = Email)]
    email: Option<String>,
}

/// A code is checked against the account its email names. The call shape of docs/product.md §15 has no email, so the
/// emailless form is kept for verification codes only: it never says whose code it was, its misses cannot be aimed at
/// (or burn) anyone's code, and they count against one budget shared by every address. A reset code is only ever
/// checked together with its email (`docs/decisions/011-otp-codes-are-checked-with-their-email.md`).
#[utoipa::path(
    summary = "Verify a code (email optional)",
    tag = "accounts",
    request_body = OtpCheckBody,
    responses(
        (status = 200, description = "Verified", body = Envelope),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/otps/verify")]
async fn verify(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<OtpCheckBody>,
) -> Result<HttpResponse, ApiError> {
    state.limiter.hit(&format!("otp-verify-ip:{}", client_ip(&req)), state.limits.otp_verify_per_ip).await?;
    let mut errors = FieldErrors::default();
    let code = parse_code(&mut errors, &body.otp);
    let purpose = parse_purpose(&mut errors, "type", &body.kind);
    let email = match body.email.as_deref().filter(|e| !e.trim().is_empty()) {
        Some(raw) => errors.check("email", Email::parse(raw)),
        None => {
            if purpose == Some(OtpPurpose::PasswordReset) {
                errors.push("email", "Email is required to check a password reset code".into());
            }
            None
        }
    };
    errors.finish()?;
    let (Some(code), Some(purpose)) = (code, purpose) else {
        return Err(ApiError::field("otp", OTP_MISSING));
    };
    let action = match purpose {
        OtpPurpose::Verification => OtpAction::VerifyEmail,
        OtpPurpose::PasswordReset => OtpAction::Check,
    };
    match &email {
        Some(email) => {
            // Admins and witnesses are never reset through the public flow (`ayo create-admin|create-witness` does it).
            let account = state.store.users.find_by_email(email)?;
            let account = account.filter(|u| !(purpose == OtpPurpose::PasswordReset && u.role != Role::User));
            redeem_for_email(&state, purpose, email, account.map(|u| u.id), &code, action).await?;
        }
        None => {
            // Counted before the check, like every guess (src/auth/guesses.rs): the shared budget holds however many
            // arrive at once.
            let miss = state.limiter.reserve(ANONYMOUS_MISSES, state.limits.otp_verify_anonymous).await?;
            let verdict = state.store.otps.redeem(
                OtpClaim { purpose, code: &code, expected: None, action: &action },
                &state.pepper,
                Utc::now(),
            )?;
            state.store.flush().await?;
            if !matches!(verdict, OtpVerdict::Accepted(_)) {
                return Err(refusal(&verdict));
            }
            state.limiter.release(&miss).await;
        }
    }
    let message = match purpose {
        OtpPurpose::Verification => "Your email is verified. You can now log in.",
        OtpPurpose::PasswordReset => "Code confirmed. Choose a new password.",
    };
    // Only the email the caller gave is echoed: a code alone never tells whose it was.
    let data = match &email {
        Some(email) => json!({ "email": email.as_str(), "verified": true }),
        None => json!({ "verified": true }),
    };
    Ok(HttpResponse::Ok().json(json!({ "data": data, "message": message })))
}

/// The budget every emailless code check shares.
const ANONYMOUS_MISSES: &str = "otp-verify-anonymous";

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ResendBody {
    #[schema(required = true, format = Email)]
    email: String,
    #[schema(required = true, value_type = OtpPurpose)]
    purpose: String,
}

#[utoipa::path(
    summary = "Send a new code (at most one a minute)",
    tag = "accounts",
    request_body = ResendBody,
    responses(
        (status = 200, description = "Sent if due", body = Envelope),
        (status = 429, description = "Rate limited (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/otps/resend")]
async fn resend(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<ResendBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let email = errors
        .required("email", &body.email, "Email is required")
        .then(|| errors.check("email", Email::parse(&body.email)))
        .flatten();
    let purpose = parse_purpose(&mut errors, "purpose", &body.purpose);
    errors.finish()?;
    let (Some(email), Some(purpose)) = (email, purpose) else {
        return Err(ApiError::field("email", "Email is required"));
    };
    send_code_if_due(&req, &state, &email, purpose).await?;
    Ok(HttpResponse::Ok().json(json!({
        "data": { "email": email.as_str() },
        "message": "If the account needs a code, we have sent a new one to your email.",
    })))
}

/// Rate-limits by address and by email (whether or not the account exists, so a 429 reveals nothing), then sends
/// a code only where one makes sense: verification for an unverified account, a reset for a verified player (never
/// an admin). The lookup, the code and the mail happen after the answer, so its timing is the same whether or not
/// the account exists.
pub async fn send_code_if_due(
    req: &HttpRequest,
    state: &web::Data<AppState>,
    email: &Email,
    purpose: OtpPurpose,
) -> Result<(), ApiError> {
    state.limiter.hit(&format!("otp-send-ip:{}", client_ip(req)), state.limits.otp_send_per_ip).await?;
    state
        .limiter
        .hit(&format!("otp-send:{}:{}", purpose.as_str(), email.as_str()), state.limits.otp_send_per_email)
        .await?;
    fresh_tries(state, purpose, email).await;
    let (job, email) = (state.clone(), email.clone());
    state.background.spawn(async move {
        if let Err(e) = send_if_due(&job, &email, purpose).await {
            tracing::error!(error = %e, purpose = purpose.as_str(), "could not send a code");
        }
    });
    Ok(())
}

async fn send_if_due(state: &AppState, email: &Email, purpose: OtpPurpose) -> Result<(), ApiError> {
    let Some(user) = state.store.users.find_by_email(email)? else {
        return Ok(());
    };
    let due = match purpose {
        OtpPurpose::Verification => !user.is_verified(),
        OtpPurpose::PasswordReset => user.is_verified() && user.role == Role::User,
    };
    if due {
        send_code(state, &user, purpose).await?;
    }
    Ok(())
}
