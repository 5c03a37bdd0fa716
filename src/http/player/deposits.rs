//! `POST /deposits/create`, `GET /deposits/{reference}`, `GET /deposits`: money in through the payment gateway.
//!
//! Creating a deposit checks the per-deposit bounds here, then asks the player's WalletActor to open it (which
//! refuses an excluded player or one over a deposit limit, and persists the pending deposit), then starts the
//! gateway's checkout. The balance moves only when the gateway confirms the payment (webhook or the player's return).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use rand::RngCore;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::wallet::OpenDeposit;
use ayo_data::deposit::{self, Deposit};
use ayo_data::money::Kobo;
use ayo_data::responsible::{excluded_message, DepositRefused};

use crate::error::ApiError;
use crate::http::extract::{AuthUser, PlayerUser};
use crate::http::flows::confirm_deposit::{confirm_deposit, Confirmation};
use crate::http::json::JsonBody;
use crate::http::paging::TableQuery;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::money as views;
use crate::payments::protocol::{Checkout, GatewayError};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create).service(list).service(one);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct DepositBody {
    /// Kobo.
    #[schema(required = true, minimum = 10000, maximum = 100000000)]
    amount: Option<i64>,
}

/// `AYO-<id>-<12 hex>`: unique by the id, unguessable by the random part (the sandbox checkout page is public).
fn new_reference(id: u64) -> String {
    let mut random = [0u8; 6];
    rand::rngs::OsRng.fill_bytes(&mut random);
    format!("AYO-{id}-{}", hex::encode_upper(random))
}

/// A reference as we make them: what a checkout URL or a lookup may contain.
pub(crate) fn plausible_reference(reference: &str) -> bool {
    (1..=100).contains(&reference.len())
        && reference.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'=' | b'_'))
}

#[utoipa::path(
    summary = "Start a deposit: returns the gateway's checkout URL",
    tag = "money",
    security(("bearer" = [])),
    request_body = DepositBody,
    responses(
        (status = 201, description = "data: Deposit with reference and authorization_url", body = Envelope),
        (status = 403, description = "EXCLUDED (time-out or self-exclusion) or FORBIDDEN (not a player)", body = ErrorBody),
        (status = 422, description = "amount out of bounds, or DEPOSIT_LIMIT", body = ErrorBody),
        (status = 503, description = "The payment gateway gave no usable answer (errorCode GATEWAY_UNAVAILABLE); try again", body = ErrorBody),
    )
)]
#[post("/deposits/create")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<DepositBody>,
) -> Result<HttpResponse, ApiError> {
    super::residence::refuse_deposit_outside_licence(&state, &user)?;
    let amount = body.amount.ok_or_else(|| ApiError::field("amount", "Enter the amount to deposit"))?;
    let amount = deposit::check_amount(Kobo(amount)).map_err(|why| ApiError::field("amount", why))?;
    let now = Utc::now();
    let id = state.store.ids.next_id()?;
    let gateway = &state.payments.gateway;
    let pending = Deposit::pending(id, new_reference(id), user.id, amount, gateway.name(), now)
        .open_for(state.payments.checkout_ttl);
    let opened = state
        .engine
        .wallets
        .get(user.id)
        .send(OpenDeposit { deposit: pending, now })
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)?;
    let opened = opened.map_err(|refused| match refused {
        DepositRefused::Excluded { until, .. } => {
            ApiError::Excluded { message: excluded_message(until), until: ayo_actors::views::time(until) }
        }
        over @ DepositRefused::OverLimit { .. } => ApiError::coded("amount", over.to_string(), "DEPOSIT_LIMIT"),
    })?;
    let callback = format!("{}/user/deposit", state.payments.site(&req, &state.trusted_proxies));
    let url = match gateway
        .initialize(Checkout { reference: &opened.reference, amount, email: &user.email, callback_url: &callback })
        .await
    {
        Ok(url) => url,
        Err(e) => {
            tracing::error!(reference = %opened.reference, error = %e, "checkout not started");
            state.store.payments.fail_deposit(&opened.reference, "The payment could not be started", Utc::now())?;
            state.store.flush().await?;
            return Err(ApiError::GatewayUnavailable(match e {
                GatewayError::Refused(why) => format!("The payment provider refused this payment: {why}"),
                _ => "We could not reach the payment provider. Please try again in a moment.".into(),
            }));
        }
    };
    let deposit = state.store.payments.set_authorization_url(&opened.reference, &url, Utc::now())?.unwrap_or(opened);
    Ok(HttpResponse::Created().json(json!({
        "data": views::deposit(&deposit, Utc::now()),
        "message": "Continue to the payment page to complete your deposit",
    })))
}

/// One of my deposits. A pending one is checked with the gateway first (the player has just come back from the
/// checkout), which credits it if paid, so a lost webhook never loses a deposit. That includes one whose checkout has
/// expired: a late payment is still credited, once.
#[utoipa::path(
    summary = "One of my deposits; a pending one is verified with the gateway first",
    tag = "money",
    security(("bearer" = [])),
    params(("reference" = String, Path)),
    responses(
        (status = 200, description = "data: Deposit, balance", body = Envelope),
    )
)]
#[get("/deposits/{reference}")]
async fn one(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    reference: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let deposit = plausible_reference(&reference)
        .then(|| state.store.payments.deposit(&reference))
        .transpose()?
        .flatten()
        .filter(|d| d.user_id == user.id)
        .ok_or(ApiError::NotFound("Deposit"))?;
    let deposit = if deposit.status.is_final() { deposit } else { refresh(&req, &state, deposit).await? };
    let balance = state.store.books.balance(user.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::deposit(&deposit, Utc::now()), "balance": balance })))
}

async fn refresh(req: &HttpRequest, state: &web::Data<AppState>, deposit: Deposit) -> Result<Deposit, ApiError> {
    let verified = match state.payments.gateway.verify(&deposit.reference).await {
        Ok(v) => v,
        Err(e) => {
            tracing::info!(reference = %deposit.reference, error = %e, "deposit not verified on return");
            return Ok(deposit);
        }
    };
    Ok(match confirm_deposit(state, deposit, &verified).await? {
        Confirmation::Credited(d, _)
        | Confirmation::AlreadyDecided(d)
        | Confirmation::Held(d)
        | Confirmation::Failed(d) => d,
        Confirmation::NotYet(d, _) => d,
        Confirmation::Mismatch(d, detail) => {
            let target = Some(format!("deposit:{}", d.reference));
            state.audit(Some(req), None, "deposit.mismatch", target, detail);
            d
        }
    })
}

/// My deposits (a docs/product.md §15 table), newest first.
#[utoipa::path(
    summary = "My deposits",
    tag = "money",
    security(("bearer" = [])),
    params(TableQuery),
    responses(
        (status = 200, description = "data: [Deposit], meta", body = Envelope),
    )
)]
#[get("/deposits")]
async fn list(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let now = Utc::now();
    let rows = state.store.payments.deposits_of_user(user.id)?.iter().map(|d| views::deposit(d, now)).collect();
    Ok(HttpResponse::Ok().json(table.answer(rows, &["reference", "status", "gateway"])))
}
