//! The second step of an admin login: `POST /auth/mfa/verify` with the short-lived `mfa_token` the password step
//! gave and a TOTP code (or a recovery code). The first time, the code also completes enrolment of the secret the
//! password step offered, and the answer carries the recovery codes, shown once. Enrolment also needs the one-time
//! enrolment code `ayo create-admin` printed on the host (`auth::enrolment`): the password alone enrols nothing.

use std::cell::Cell;

use actix_web::{post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::user::{EnrolmentCheck, Role, User, UserStatus};

use super::session::session_body;
use crate::auth::guesses::{Budget, Guess, OnMatch};
use crate::auth::{enrolment, totp};
use crate::error::{ApiError, FieldErrors};
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::client_ip;
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(verify);
}

/// Longer than any code or recovery code.
const CODE_MAX: usize = 32;
/// Longer than any enrolment code, however spaced.
const ENROLMENT_CODE_MAX: usize = 64;

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
        "message": "Set up two-step sign-in: scan the code with an authenticator app, then enter the code it shows and the enrolment code the operator gave you",
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
    /// At enrolment (`mfa: "enroll"`) only: the one-time code `ayo create-admin` printed on the host.
    #[schema(max_length = 64)]
    enrolment_code: String,
}

/// What checking the codes found (the verdict of the edit that was kept).
#[derive(Clone, Copy)]
enum Verdict {
    Code,
    Enrolled,
    Recovery,
    /// The authenticator or recovery code is wrong or used.
    WrongCode,
    /// Enrolling: the enrolment code was not accepted.
    Enrolment(EnrolmentCheck),
    /// Enrolling, and the host issued no enrolment code (or it was used).
    NoEnrolmentCode,
}

#[utoipa::path(
    summary = "Second step of an admin login: a TOTP code (or a recovery code)",
    tag = "accounts",
    request_body = MfaCodeBody,
    responses(
        (status = 200, description = "Like a login: data {token, expires_in, user}; at enrolment also recovery_codes (shown once)", body = Envelope),
        (status = 403, description = "Suspended account", body = ErrorBody),
        (status = 422, description = "Wrong or reused code (field code), an expired or invalid mfa_token (field mfa_token), or at enrolment a missing or wrong enrolment code (field enrolment_code; errorCode ENROLMENT_CODE_LOCKED after too many wrong ones, ENROLMENT_CODE_EXPIRED when none is current: the operator issues a new one with ayo create-admin)", body = ErrorBody),
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
    if body.enrolment_code.chars().count() > ENROLMENT_CODE_MAX {
        errors.push("enrolment_code", format!("An enrolment code is at most {ENROLMENT_CODE_MAX} characters"));
    }
    errors.finish()?;
    let user = pending_admin(&state, &body.mfa_token)?;
    if !user.second_factor.is_enrolled() && body.enrolment_code.trim().is_empty() {
        return Err(ApiError::field("enrolment_code", "Enter the enrolment code the operator gave you"));
    }
    // Counted before the codes are checked (src/auth/guesses.rs): a burst of guesses gets no more tries than the
    // budgets hold, however many arrive at once.
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
    let fresh_codes = if user.second_factor.is_enrolled() { Vec::new() } else { totp::new_recovery_codes() };
    let (after, verdict) = match redeem(&state, &user, body.code.trim(), &body.enrolment_code, &fresh_codes) {
        Ok(redeemed) => redeemed,
        Err(e) => {
            guess.give_back(&state.limiter).await;
            return Err(e);
        }
    };
    let user = match verdict {
        Verdict::Code | Verdict::Enrolled | Verdict::Recovery => after.unwrap_or(user),
        refused => {
            if matches!(refused, Verdict::WrongCode | Verdict::Enrolment(EnrolmentCheck::Wrong { .. })) {
                // A wrong guess: the counts stay, they are for this failure.
                drop(guess);
            } else {
                // Refused without a guess being judged (no current enrolment code, or it is spent).
                guess.give_back(&state.limiter).await;
            }
            if let Verdict::Enrolment(EnrolmentCheck::Wrong { .. }) = refused {
                // The miss is counted on the code itself: durable before the answer.
                state.store.flush().await?;
            }
            return Err(refusal(&state, &req, &user, refused));
        }
    };
    guess.settle(&state.limiter).await;
    state.store.flush().await?;
    state.audit(Some(&req), Some(&user), "admin.login", None, "admin signed in with password and code");
    let mut body = session_body(&state, &user, "Login successful")?;
    match verdict {
        Verdict::Enrolled => {
            let how = "authenticator app enrolled, with the enrolment code issued on the host";
            state.audit(Some(&req), Some(&user), "mfa.enrolled", None, how);
            body["data"]["recovery_codes"] = json!(fresh_codes);
        }
        Verdict::Recovery => {
            let left = user.second_factor.recovery.len();
            state.audit(Some(&req), Some(&user), "mfa.recovery_used", None, format!("{left} recovery codes left"));
        }
        _ => {}
    }
    Ok(HttpResponse::Ok().json(body))
}

/// The answer (and the audit entry) for codes that were not accepted.
fn refusal(state: &AppState, req: &HttpRequest, user: &User, verdict: Verdict) -> ApiError {
    let ask = "Ask the operator for a new one (they run ayo create-admin again).";
    match verdict {
        Verdict::Enrolment(EnrolmentCheck::Wrong { left }) if left > 0 => {
            let detail = format!("wrong enrolment code; {left} tries left");
            state.audit(Some(req), Some(user), "mfa.enrolment_code_failed", None, detail);
            ApiError::field(
                "enrolment_code",
                format!("That enrolment code is not right. After {left} more wrong tries it stops working."),
            )
        }
        Verdict::Enrolment(EnrolmentCheck::Wrong { .. }) => {
            let detail = "wrong enrolment code; the code is spent";
            state.audit(Some(req), Some(user), "mfa.enrolment_code_locked", None, detail);
            locked(ask)
        }
        Verdict::Enrolment(EnrolmentCheck::Locked) => {
            state.audit(Some(req), Some(user), "mfa.enrolment_refused", None, "enrolment code spent by wrong tries");
            locked(ask)
        }
        Verdict::Enrolment(EnrolmentCheck::Expired) | Verdict::NoEnrolmentCode => {
            state.audit(Some(req), Some(user), "mfa.enrolment_refused", None, "no current enrolment code");
            let hours = enrolment::LIFETIME_HOURS;
            let message = format!("This account has no current enrolment code (they last {hours} hours). {ask}");
            ApiError::coded("enrolment_code", message, "ENROLMENT_CODE_EXPIRED")
        }
        _ => {
            state.audit(Some(req), Some(user), "mfa.failed", None, "wrong or reused code");
            ApiError::field("code", "That code is not right. Enter the current code from your authenticator app.")
        }
    }
}

fn locked(ask: &str) -> ApiError {
    let message = format!("This enrolment code stopped working after too many wrong tries. {ask}");
    ApiError::coded("enrolment_code", message, "ENROLMENT_CODE_LOCKED")
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

/// Checks the codes and stores what they used up, in one atomic edit of the account: while enrolling, the
/// enrolment code first (a wrong one counts against it, so a burst of guesses is cut off at
/// `EnrolmentCode::MISSES_ALLOWED` however many arrive at once), then the authenticator's code against the enrolled
/// secret (or the one offered for enrolment), or an unused recovery code. A step's code works once, a recovery code
/// once, the enrolment code once. Answers the account as stored afterwards (when the edit was kept) and the verdict.
fn redeem(
    state: &AppState,
    user: &User,
    typed: &str,
    typed_enrolment: &str,
    fresh_codes: &[String],
) -> Result<(Option<User>, Verdict), ApiError> {
    let now = Utc::now();
    let fresh_tags: Vec<String> =
        fresh_codes.iter().map(|c| state.pepper.tag("recovery", &totp::canonical_recovery(c))).collect();
    let typed_tag = state.pepper.tag("recovery", &totp::canonical_recovery(typed));
    let enrolment_digest = enrolment::digest(user.id, typed_enrolment);
    let typed = typed.to_string();
    // The edit may run more than once (a store retries on a conflict): the verdict of its last run is the one kept.
    let verdict = Cell::new(Verdict::WrongCode);
    let outcome = state.store.users.update(user.id, |u| {
        let factor = &mut u.second_factor;
        let enrolling = !factor.is_enrolled();
        if enrolling {
            let Some(code) = factor.enrolment_code.as_mut() else {
                verdict.set(Verdict::NoEnrolmentCode);
                return false;
            };
            match code.check(&enrolment_digest, now) {
                EnrolmentCheck::Accepted => {}
                wrong @ EnrolmentCheck::Wrong { .. } => {
                    verdict.set(Verdict::Enrolment(wrong));
                    return true;
                }
                refused => {
                    verdict.set(Verdict::Enrolment(refused));
                    return false;
                }
            }
        }
        verdict.set(Verdict::WrongCode);
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
                factor.enrolment_code = None;
                verdict.set(Verdict::Enrolled);
            } else {
                verdict.set(Verdict::Code);
            }
            return true;
        }
        match factor.recovery.iter().position(|tag| *tag == typed_tag) {
            Some(at) if !enrolling => {
                factor.recovery.remove(at);
                verdict.set(Verdict::Recovery);
                true
            }
            _ => false,
        }
    })?;
    let after = outcome.filter(|(_, kept)| *kept).map(|(after, _)| after);
    Ok((after, verdict.get()))
}
