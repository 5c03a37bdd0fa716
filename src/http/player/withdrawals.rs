//! `POST /withdrawals/create`, `GET /withdrawals`: money out to the player's saved bank account.
//!
//! The amount is held at once by the player's WalletActor (balance down, a pending `withdrawal` transaction); an
//! admin then approves (the gateway transfer is sent) or rejects (the money comes back). Withdrawals stay open to
//! a player on a time-out or self-exclusion: their balance is theirs. Before any other rule, the player's identity
//! must be verified (403 `KYC_REQUIRED`, decision 024), and the check must cover their payout account's name.

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::wallet::HoldWithdrawal;
use ayo_data::money::Kobo;
use ayo_data::seam::WithdrawalRefused;
use ayo_data::withdrawal::{Withdrawal, WithdrawalStatus, WITHDRAWAL_MIN};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::{AuthUser, PlayerUser};
use crate::http::json::JsonBody;
use crate::http::paging::TableQuery;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::money as views;

const KEY_MAX: usize = 100;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create).service(list);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct WithdrawalBody {
    /// Kobo.
    #[schema(required = true, minimum = 100000)]
    amount: Option<i64>,
    #[schema(required = true, min_length = 1, max_length = 100)]
    idempotency_key: String,
}

#[utoipa::path(
    summary = "Request a withdrawal to my saved bank account (the amount is held at once)",
    tag = "money",
    security(("bearer" = [])),
    request_body = WithdrawalBody,
    responses(
        (status = 200, description = "Replay of the same idempotency_key: the first withdrawal", body = Envelope),
        (status = 201, description = "data: Withdrawal, transaction, balance", body = Envelope),
        (status = 403, description = "Wrong role, or KYC_REQUIRED (checked first: the NIN is not verified, is under review, or the payout account's name needs review); data.identity_status", body = ErrorBody),
        (status = 422, description = "Invalid input, INSUFFICIENT_FUNDS, NO_BANK_ACCOUNT, or BANK_ACCOUNT_HOLD (within 24 hours of a bank account change)", body = ErrorBody),
    )
)]
#[post("/withdrawals/create")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<WithdrawalBody>,
) -> Result<HttpResponse, ApiError> {
    let account = state.store.payments.bank_account(user.id)?;
    crate::http::flows::identity_check::require_verified(&state, &req, &user, account.as_ref()).await?;
    let mut errors = FieldErrors::default();
    let amount = body.amount.map(Kobo).filter(|a| *a >= WITHDRAWAL_MIN);
    if amount.is_none() {
        errors.push("amount", format!("The minimum withdrawal is {WITHDRAWAL_MIN}"));
    }
    let key = body.idempotency_key.trim().to_string();
    if key.is_empty() || key.len() > KEY_MAX {
        errors.push("idempotency_key", "idempotency_key is required (at most 100 characters)".into());
    }
    errors.finish()?;
    let amount = amount.unwrap_or(WITHDRAWAL_MIN);
    let Some(account) = account else {
        return Err(ApiError::coded("bank_account", "Add your bank account before you withdraw", "NO_BANK_ACCOUNT"));
    };
    let now = Utc::now();
    if let Some(until) = account.held_at(now) {
        let message = format!(
            "Withdrawals are paused until {} because your bank account was changed",
            until.format("%d %b %Y %H:%M UTC")
        );
        return Err(ApiError::coded("bank_account", message, "BANK_ACCOUNT_HOLD"));
    }
    let id = state.store.ids.next_id()?;
    let withdrawal = Withdrawal {
        id,
        user_id: user.id,
        amount,
        status: WithdrawalStatus::Pending,
        bank_code: account.bank_code,
        bank_name: account.bank_name,
        account_number: account.account_number,
        account_name: account.account_name,
        idempotency_key: key,
        entry_id: state.store.ids.next_id()?,
        transfer_reference: Withdrawal::transfer_reference_for(id),
        reason: None,
        decided_by: None,
        created_at: now,
        updated_at: now,
    };
    let held = state
        .engine
        .wallets
        .get(user.id)
        .send(HoldWithdrawal(withdrawal))
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?
        .map_err(ApiError::internal)?;
    let held = held.map_err(|refused| match refused {
        funds @ WithdrawalRefused::InsufficientFunds { .. } => {
            ApiError::coded("amount", funds.to_string(), "INSUFFICIENT_FUNDS")
        }
        other => ApiError::internal(other),
    })?;
    let transaction = held.entries.first().map(ayo_actors::views::entry);
    let (status, message) = if held.replayed {
        (actix_web::http::StatusCode::OK, "This withdrawal was already requested")
    } else {
        let w = &held.value;
        let detail = format!("{} kobo to {} {}", w.amount.as_i64(), w.bank_name, w.masked_account());
        state.audit(Some(&req), Some(&user), "withdrawal.requested", Some(format!("withdrawal:{}", w.id)), detail);
        (
            actix_web::http::StatusCode::CREATED,
            "Withdrawal requested. The amount is on hold until it is paid to your bank account.",
        )
    };
    Ok(HttpResponse::build(status).json(json!({
        "data": views::withdrawal(&held.value),
        "transaction": transaction,
        "balance": held.balance,
        "message": message,
    })))
}

/// My withdrawals (a docs/product.md §15 table), newest first.
#[utoipa::path(
    summary = "My withdrawals",
    tag = "money",
    security(("bearer" = [])),
    params(TableQuery),
    responses(
        (status = 200, description = "data: [Withdrawal], meta", body = Envelope),
    )
)]
#[get("/withdrawals")]
async fn list(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let rows = state.store.payments.withdrawals_of_user(user.id)?.iter().map(views::withdrawal).collect();
    Ok(HttpResponse::Ok().json(table.answer(rows, &["status", "bank_name", "account_number", "transfer_reference"])))
}
