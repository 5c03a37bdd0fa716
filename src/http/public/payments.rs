//! `POST /payments/{gateway}/webhook` and the sandbox gateway's checkout page
//! (`GET`/`POST /payments/sandbox/checkout/{reference}`).
//!
//! A webhook is believed only as far as it can be checked: the signature over the raw body first (constant-time),
//! then the event is matched to our records and the transaction re-verified with the gateway server to server.
//! Anything that does not check out changes no balance and is written to the audit log as a security event
//! (`webhook.forged`, `webhook.malformed`, `webhook.unknown_reference`, `webhook.mismatch`, `webhook.replay`,
//! `webhook.unconfirmed`). Answers follow what Paystack expects: 400 for a bad signature, 200 for every event we
//! read (even ones we ignore, so it stops retrying), 5xx only when we could not process it and want a retry.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use actix_web::http::header;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::http::flows::confirm_deposit::{confirm_deposit, Confirmation};
use crate::http::flows::payout;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::payments::protocol::{signature_valid, GatewayError, SIGNATURE_HEADER};
use crate::payments::sandbox::{CheckoutAction, CHECKOUT_PATH};
use crate::payments::{checkout_page, Gateway};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(webhook).service(checkout).service(checkout_choice);
}

/// A gateway's event, in Paystack's format.
#[derive(Deserialize, ToSchema)]
struct WebhookEvent {
    #[schema(examples("charge.success", "transfer.success", "transfer.failed", "transfer.reversed"))]
    event: String,
    #[serde(default)]
    #[schema(value_type = WebhookData)]
    data: Value,
}

/// The part of an event's `data` the server reads.
#[derive(ToSchema)]
#[allow(dead_code)] // describes `WebhookEvent::data`, which is read as loose JSON
struct WebhookData {
    reference: String,
    amount: i64,
    currency: String,
    status: String,
}

#[utoipa::path(
    summary = "Webhook from the payment gateway in use (`sandbox` or `paystack`), in Paystack's format",
    tag = "payments",
    params(
        ("gateway" = String, Path, description = "sandbox or paystack: the gateway this server runs"),
        ("x-paystack-signature" = String, Header, description = "hex HMAC-SHA512 of the raw body with the gateway's secret key"),
    ),
    request_body = WebhookEvent,
    responses(
        (status = 200, description = "Event received (also for events that change nothing; see the audit log)", body = Envelope),
        (status = 400, description = "Missing or wrong x-paystack-signature, or not the gateway in use", body = ErrorBody),
        (status = 503, description = "The payment gateway gave no usable answer (errorCode GATEWAY_UNAVAILABLE); try again", body = ErrorBody),
    )
)]
#[post("/payments/{gateway}/webhook")]
async fn webhook(
    req: HttpRequest,
    state: web::Data<AppState>,
    gateway: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, ApiError> {
    let active = &state.payments.gateway;
    let signature = req.headers().get(SIGNATURE_HEADER).and_then(|v| v.to_str().ok());
    let forged = if gateway.as_str() != active.name() {
        Some(format!("webhook for '{}', which is not the gateway in use", gateway.as_str()))
    } else if signature.is_none() {
        Some("webhook without a signature".to_string())
    } else if !signature_valid(active.webhook_secret(), &body, signature) {
        Some("webhook with a wrong signature".to_string())
    } else {
        None
    };
    if let Some(why) = forged {
        // Anyone can post here: the audit log keeps a bounded number a minute (see `audit`).
        state.audit(Some(&req), None, "webhook.forged", None, format!("{why} ({} bytes)", body.len()));
        return Ok(HttpResponse::BadRequest().json(json!({ "message": "Invalid signature" })));
    }
    let Ok(event) = serde_json::from_slice::<WebhookEvent>(&body) else {
        state.audit(Some(&req), None, "webhook.malformed", None, "signed, but not a JSON event");
        return Ok(HttpResponse::BadRequest().json(json!({ "message": "Unreadable event" })));
    };
    match event.event.as_str() {
        "charge.success" => on_charge_success(&req, &state, &event.data).await?,
        "transfer.success" | "transfer.failed" | "transfer.reversed" => on_transfer(&req, &state, &event).await?,
        other => tracing::info!(event = other, "webhook event ignored"),
    }
    Ok(HttpResponse::Ok().json(json!({ "message": "Received" })))
}

fn gateway_down(e: GatewayError) -> ApiError {
    tracing::warn!(error = %e, "webhook could not be verified with the gateway; it will be retried");
    ApiError::GatewayUnavailable("Could not verify the event now; retry later".into())
}

async fn on_charge_success(req: &HttpRequest, state: &web::Data<AppState>, data: &Value) -> Result<(), ApiError> {
    let Some(reference) = data["reference"].as_str() else {
        state.audit(Some(req), None, "webhook.malformed", None, "charge.success without a reference");
        return Ok(());
    };
    let target = Some(format!("deposit:{reference}"));
    let audit = |action: &str, detail: String| state.audit(Some(req), None, action, target.clone(), detail);
    let Some(deposit) = state.store.payments.deposit(reference)? else {
        audit("webhook.unknown_reference", "charge.success for a reference we never issued".into());
        return Ok(());
    };
    if deposit.status.is_final() {
        let was = deposit.status.as_str();
        audit("webhook.replay", format!("charge.success for a deposit already {was}; nothing changed"));
        return Ok(());
    }
    let (amount, currency) = (data["amount"].as_i64(), data["currency"].as_str());
    if amount != Some(deposit.amount.as_i64()) || currency != Some("NGN") {
        let detail = format!(
            "event says {} {}; the deposit is {} NGN",
            amount.map_or("no amount".into(), |a| a.to_string()),
            currency.unwrap_or("no currency"),
            deposit.amount.as_i64()
        );
        audit("webhook.mismatch", detail);
        return Ok(());
    }
    let verified = match state.payments.gateway.verify(reference).await {
        Ok(v) => v,
        Err(GatewayError::Unavailable(why)) => return Err(gateway_down(GatewayError::Unavailable(why))),
        Err(e) => {
            audit("webhook.unconfirmed", format!("the gateway does not confirm it: {e}"));
            return Ok(());
        }
    };
    match confirm_deposit(state, deposit, &verified).await? {
        Confirmation::Credited(d, balance) => {
            tracing::info!(reference = %d.reference, user = d.user_id, balance = balance.as_i64(), "deposit credited");
        }
        Confirmation::Held(d) => {
            tracing::info!(reference = %d.reference, user = d.user_id, "deposit held: over the deposit limits");
        }
        Confirmation::AlreadyDecided(d) => {
            audit("webhook.replay", format!("{} meanwhile; nothing changed", d.status.as_str()))
        }
        Confirmation::Mismatch(_, detail) => audit("webhook.mismatch", detail),
        Confirmation::Failed(_) => audit("webhook.unconfirmed", "the gateway says the payment failed".into()),
        Confirmation::NotYet(_, why) => audit("webhook.unconfirmed", format!("not paid: {why}")),
    }
    Ok(())
}

async fn on_transfer(req: &HttpRequest, state: &AppState, event: &WebhookEvent) -> Result<(), ApiError> {
    let Some(reference) = event.data["reference"].as_str() else {
        state.audit(Some(req), None, "webhook.malformed", None, format!("{} without a reference", event.event));
        return Ok(());
    };
    let Some(w) = state.store.payments.withdrawal_by_transfer(reference)? else {
        let detail = format!("{} for a transfer we never sent ({reference})", event.event);
        state.audit(Some(req), None, "webhook.unknown_reference", None, detail);
        return Ok(());
    };
    let target = Some(format!("withdrawal:{}", w.id));
    let checked = match state.payments.gateway.verify_transfer(reference).await {
        Ok(Some(checked)) => checked,
        Ok(None) => {
            state.audit(Some(req), None, "webhook.unconfirmed", target, "the gateway has no such transfer");
            return Ok(());
        }
        Err(GatewayError::Unavailable(why)) => return Err(gateway_down(GatewayError::Unavailable(why))),
        Err(e) => {
            state.audit(Some(req), None, "webhook.unconfirmed", target, e.to_string());
            return Ok(());
        }
    };
    let (outcome, amount) = checked;
    if amount != w.amount.as_i64() {
        let detail = format!("the gateway's transfer is {amount} kobo; the withdrawal is {}", w.amount.as_i64());
        state.audit(Some(req), None, "webhook.mismatch", target, detail);
        return Ok(());
    }
    payout::apply_outcome(state, Some(req), None, w, Ok(outcome)).await?;
    Ok(())
}

fn html(status: actix_web::http::StatusCode, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
        ))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .body(body)
}

/// The sandbox gateway, if it is the one in use.
fn sandbox(state: &AppState) -> Option<&crate::payments::sandbox::Sandbox> {
    match &state.payments.gateway {
        Gateway::Sandbox(s) => Some(s),
        Gateway::Paystack(_) => None,
    }
}

fn sandbox_off() -> HttpResponse {
    html(
        actix_web::http::StatusCode::NOT_FOUND,
        checkout_page::problem("Sandbox checkout is off", "Payments on this site go through Paystack."),
    )
}

fn bad_link() -> HttpResponse {
    html(
        actix_web::http::StatusCode::BAD_REQUEST,
        checkout_page::problem("This payment link is not valid", "Start your deposit again from Ayo Lotto."),
    )
}

fn unknown_link() -> HttpResponse {
    html(
        actix_web::http::StatusCode::NOT_FOUND,
        checkout_page::problem("We could not find this payment", "Start your deposit again from Ayo Lotto."),
    )
}

/// The sandbox's books could not be read or written: the page says so, the log says why.
fn unavailable(e: impl std::fmt::Display) -> HttpResponse {
    tracing::error!(error = %e, "sandbox checkout");
    html(
        actix_web::http::StatusCode::SERVICE_UNAVAILABLE,
        checkout_page::problem("Checkout is unavailable", "Please try again in a moment."),
    )
}

/// `{callback}?trxref=…&reference=…`, as Paystack redirects after checkout.
fn return_url(callback: &str, reference: &str) -> String {
    let glue = if callback.contains('?') { '&' } else { '?' };
    format!("{callback}{glue}trxref={reference}&reference={reference}")
}

#[utoipa::path(
    summary = "The sandbox gateway's checkout page (HTML)",
    tag = "payments",
    params(("reference" = String, Path, pattern = "^[A-Za-z0-9._=-]{1,100}$")),
    responses(
        (status = 200, description = "Checkout page", body = String, content_type = "text/html"),
        (status = 400, description = "Malformed reference", body = String, content_type = "text/html"),
        (status = 404, description = "Unknown reference, or the sandbox is not in use", body = String, content_type = "text/html"),
    )
)]
// The path is `sandbox::CHECKOUT_PATH` (an attribute takes only a literal).
#[get("/payments/sandbox/checkout/{reference}")]
async fn checkout(state: web::Data<AppState>, reference: web::Path<String>) -> HttpResponse {
    let Some(sandbox) = sandbox(&state) else { return sandbox_off() };
    if !crate::http::player::deposits::plausible_reference(&reference) {
        return bad_link();
    }
    match sandbox.charge(&reference) {
        Ok(Some(charge)) if charge.status == "abandoned" => {
            let action = format!("/api/v1{CHECKOUT_PATH}/{}", charge.reference);
            html(actix_web::http::StatusCode::OK, checkout_page::checkout(&charge, &action))
        }
        Ok(Some(charge)) => {
            let back = return_url(&charge.callback_url, &charge.reference);
            html(actix_web::http::StatusCode::OK, checkout_page::finished(&charge, &back))
        }
        Ok(None) => unknown_link(),
        Err(e) => unavailable(e),
    }
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct ChoiceForm {
    #[schema(required = true, pattern = "^(pay|cancel|fail)$")]
    action: String,
}

/// Where our own webhook endpoint listens, reachable from this process: the listener's address (loopback when it
/// listens on every interface).
fn own_webhook_url(state: &AppState) -> String {
    let mut addr = state.local_addr;
    if addr.ip().is_unspecified() {
        let loopback = match addr.ip() {
            IpAddr::V4(_) => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(_) => IpAddr::V6(Ipv6Addr::LOCALHOST),
        };
        addr.set_ip(loopback);
    }
    format!("http://{addr}/api/v1/payments/sandbox/webhook")
}

/// Pay, Cancel or Fail pressed: the sandbox records it (sending the webhook on Pay), then the browser goes back to
/// the site's deposit page with the reference, as Paystack's redirect does.
#[utoipa::path(
    summary = "Pay, cancel or fail a sandbox checkout; redirects to /user/deposit?reference=…",
    tag = "payments",
    params(("reference" = String, Path, pattern = "^[A-Za-z0-9._=-]{1,100}$")),
    request_body(content = ChoiceForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 303, description = "Back to the site's deposit page"),
        (status = 400, description = "Malformed reference or action", body = String, content_type = "text/html"),
        (status = 404, description = "Unknown reference, or the sandbox is not in use", body = String, content_type = "text/html"),
    )
)]
#[post("/payments/sandbox/checkout/{reference}")]
async fn checkout_choice(
    state: web::Data<AppState>,
    reference: web::Path<String>,
    form: Option<web::Form<ChoiceForm>>,
) -> HttpResponse {
    let Some(sandbox) = sandbox(&state) else { return sandbox_off() };
    let action = form.and_then(|f| CheckoutAction::parse(&f.action));
    let (true, Some(action)) = (crate::http::player::deposits::plausible_reference(&reference), action) else {
        return bad_link();
    };
    match sandbox.complete(&reference, action, &own_webhook_url(&state)).await {
        Ok(Some(charge)) => HttpResponse::SeeOther()
            .insert_header((header::LOCATION, return_url(&charge.callback_url, &charge.reference)))
            .insert_header((header::CACHE_CONTROL, "no-store"))
            .finish(),
        Ok(None) => unknown_link(),
        Err(e) => unavailable(e),
    }
}
