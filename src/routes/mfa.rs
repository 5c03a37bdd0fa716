//! The second step of an admin login: `POST /auth/mfa/verify` with the short-lived `mfa_token` the password step
//! gave and a TOTP code (or a recovery code). The first time, the code also completes enrolment of the secret the
//! password step offered, and the answer carries the recovery codes, shown once.

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::user::{Role, User, UserStatus};

use super::client_ip;
use super::session::session_body;
use crate::api_doc::{Envelope, ErrorBody, ServiceConfig};
use crate::auth::guesses::{Budget, Guess, OnMatch};
use crate::auth::totp;
use crate::error::{ApiError, FieldErrors};
use crate::json::JsonBody;
use crate::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(verify);
}

/// Longer than any code or recovery code.
const CODE_MAX: usize = 32;

/// What the password step answers an admin: no session yet, a token for the code step, and at first login the
/// secret to enrol (as the `otpauth://` URI an authenticator app scans).
pub async fn challenge(state: &AppState, user: &User) -> Result<HttpResponse, ApiError> {
    let mfa_token = state.tokens.issue_mfa(user).map_err(ApiError::internal)?;
    if user.second_factor.is_enrolled() {
        return Ok(HttpResponse::Ok().json(json!({
            "data": { "mfa_token": mfa_token, "mfa": "required" },
            "message": "Enter the code from your authenticator app",
        })));
    }
    let secret = totp::new_secret();
    let offered = secret.clone();
    state.store.users.update(user.id, move |u| {
        u.second_factor.pending = Some(offered.clone());
        true
    })?;
    state.store.flush().await?;
    Ok(HttpResponse::Ok().json(json!({
        "data": { "mfa_token": mfa_token, "mfa": "enroll", "otpauth_uri": totp::otpauth_uri(totp::ISSUER, &user.email, &secret) },
        "message": "Set up two-step sign-in: scan the code with an authenticator app, then enter the code it shows",
    })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct MfaCodeBody {
    #[schema(required = true, min_length = 1, max_length = 2000)]
    mfa_token: String,
    /// 6 digits from the authenticator app, or a recovery code.
    #[schema(required = true, min_length = 1, max_length = 32)]
    code: String,
}

/// How a code was accepted.
enum Accepted {
    Code,
    Enrolled(Vec<String>),
    Recovery,
}

#[utoipa::path(
    summary = "Second step of an admin login: a TOTP code (or a recovery code)",
    tag = "accounts",
    request_body = MfaCodeBody,
    responses(
        (status = 200, description = "Like a login: data {token, expires_in, user}; at enrolment also recovery_codes (shown once)", body = Envelope),
        (status = 403, description = "Suspended account", body = ErrorBody),
        (status = 422, description = "Wrong or reused code (field code), or an expired or invalid mfa_token (field mfa_token)", body = ErrorBody),
        (status = 429, description = "Too many wrong codes (Retry-After header)", body = ErrorBody),
    )
)]
#[post("/auth/mfa/verify")]
async fn verify(
    req: HttpRequest,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<MfaCodeBody>,
) -> Result<HttpResponse, ApiError> {
    let source_key = format!("mfa-ip:{}", client_ip(&req));
    state.limiter.check(&source_key, state.limits.login_per_ip).await?;
    let mut errors = FieldErrors::default();
    errors.required("mfa_token", &body.mfa_token, "All fields are required");
    errors.required("code", &body.code, "Enter the code from your authenticator app");
    if body.code.chars().count() > CODE_MAX {
        errors.push("code", format!("A code is at most {CODE_MAX} characters"));
    }
    errors.finish()?;
    let user = pending_admin(&state, &body.mfa_token)?;
    // Counted before the code is checked (src/auth/guesses.rs, issue 28): a burst of guesses gets no more tries
    // than the budgets hold, however many arrive at once.
    let failures_key = format!("mfa-fail:{}", user.id);
    let budgets = vec![
        Budget::new(source_key, state.limits.login_per_ip, OnMatch::GiveBack),
        Budget::new(failures_key, state.limits.login_failures_per_identity, OnMatch::Forget),
    ];
    let guess = match Guess::reserve(&state.limiter, budgets).await {
        Ok(guess) => guess,
        Err(refused) => {
            if refused.budget == 1 {
                state.audit(Some(&req), Some(&user), "mfa.locked", None, "too many wrong codes");
            }
            return Err(refused.into());
        }
    };
    let redeemed = match redeem(&state, &user, body.code.trim()) {
        Ok(redeemed) => redeemed,
        Err(e) => {
            guess.give_back(&state.limiter).await;
            return Err(e);
        }
    };
    let Some((user, accepted)) = redeemed else {
        // The counts stay: this was the failure they are for.
        drop(guess);
        state.audit(Some(&req), Some(&user), "mfa.failed", None, "wrong or reused code");
        return Err(ApiError::field(
            "code",
            "That code is not right. Enter the current code from your authenticator app.",
        ));
    };
    guess.settle(&state.limiter).await;
    state.store.flush().await?;
    state.audit(Some(&req), Some(&user), "admin.login", None, "admin signed in with password and code");
    let mut body = session_body(&state, &user, "Login successful")?;
    match accepted {
        Accepted::Enrolled(codes) => {
            state.audit(Some(&req), Some(&user), "mfa.enrolled", None, "authenticator app enrolled");
            body["data"]["recovery_codes"] = json!(codes);
        }
        Accepted::Recovery => {
            let left = user.second_factor.recovery.len();
            state.audit(Some(&req), Some(&user), "mfa.recovery_used", None, format!("{left} recovery codes left"));
        }
        Accepted::Code => {}
    }
    Ok(HttpResponse::Ok().json(body))
}

/// The admin a valid, current second-step token names.
fn pending_admin(state: &AppState, token: &str) -> Result<User, ApiError> {
    let expired = || ApiError::field("mfa_token", "Your sign-in took too long. Enter your password again.");
    let (id, version) = state.tokens.verify_mfa(token).ok_or_else(expired)?;
    let user = state.store.users.get(id)?.filter(|u| u.token_version == version && u.role == Role::Admin);
    let user = user.ok_or_else(expired)?;
    if user.status == UserStatus::Suspended {
        return Err(ApiError::Suspended);
    }
    Ok(user)
}

/// Checks the code against the enrolled secret (or the one offered for enrolment) and the unused recovery codes,
/// and stores what it used up, in one transaction: a step's code works once, a recovery code once.
fn redeem(state: &AppState, user: &User, typed: &str) -> Result<Option<(User, Accepted)>, ApiError> {
    let now = Utc::now();
    let fresh_codes = if user.second_factor.is_enrolled() { Vec::new() } else { totp::new_recovery_codes() };
    let fresh_tags: Vec<String> =
        fresh_codes.iter().map(|c| state.pepper.tag("recovery", &totp::canonical_recovery(c))).collect();
    let typed_tag = state.pepper.tag("recovery", &totp::canonical_recovery(typed));
    let typed = typed.to_string();
    let outcome = state.store.users.update(user.id, move |u| {
        let factor = &mut u.second_factor;
        let enrolling = !factor.is_enrolled();
        let key = factor.secret.as_deref().or(factor.pending.as_deref()).and_then(totp::decode_secret);
        if let Some(step) = key.and_then(|key| totp::matching_step(&key, &typed, now.timestamp())) {
            if step <= factor.last_step {
                return false;
            }
            factor.last_step = step;
            if enrolling {
                factor.secret = factor.pending.take();
                factor.enrolled_at = Some(now);
                factor.recovery.clone_from(&fresh_tags);
            }
            return true;
        }
        match factor.recovery.iter().position(|tag| *tag == typed_tag) {
            Some(at) if !enrolling => {
                factor.recovery.remove(at);
                true
            }
            _ => false,
        }
    })?;
    Ok(match outcome {
        Some((after, true)) => {
            let accepted = if !user.second_factor.is_enrolled() {
                Accepted::Enrolled(fresh_codes)
            } else if after.second_factor.recovery.len() < user.second_factor.recovery.len() {
                Accepted::Recovery
            } else {
                Accepted::Code
            };
            Some((after, accepted))
        }
        _ => None,
    })
}
