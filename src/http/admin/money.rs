//! The back office's money pages under `/admin`: every player's transactions, withdrawals to approve or reject,
//! and players' bank accounts. Every handler takes `AdminUser`; every decision is audited and pushed live to the
//! player (`wallet.updated`).

use std::collections::HashMap;

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use utoipa::{IntoParams, ToSchema};

use ayo_data::ledger::{EntryKind, LedgerEntry};
use ayo_data::user::{User, UserId};
use ayo_data::withdrawal::{Withdrawal, WithdrawalStatus};

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::flows::payout;
use crate::http::json::JsonBody;
use crate::http::paging::{TableQuery, CREATION_ORDER};
use crate::http::player::transactions::{row, Filters, SEARCHABLE};
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;
use crate::http::views::money as views;

/// Registered inside the `/admin` scope.
pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(transactions).service(withdrawals).service(approve).service(reject).service(accounts);
}

/// The players rows mention, each read once.
#[derive(Default)]
pub(super) struct Players(HashMap<UserId, Option<User>>);

impl Players {
    pub(super) fn get(&mut self, state: &AppState, id: UserId) -> Option<&User> {
        self.0.entry(id).or_insert_with(|| state.store.users.get(id).ok().flatten()).as_ref()
    }
}

/// A back-office row with its player: `player {id, name, email}`, and `player_name`/`player_email` to search.
pub(super) fn with_player(mut row: Value, user_id: UserId, player: Option<&User>) -> Value {
    row["player"] = json!({ "id": user_id, "name": player.map(|u| &u.name), "email": player.map(|u| &u.email) });
    row["player_name"] = player.map(|u| u.name.clone()).into();
    row["player_email"] = player.map(|u| u.email.clone()).into();
    row
}

/// Every player's transactions: the docs/product.md §15 table plus filters `type`, `status`, `from`, `to`, `user_id`;
/// each row carries the player and, for withdrawals, the withdrawal (status, bank account, reason).
#[utoipa::path(
    summary = "Every player's transactions, with the player and (for withdrawals) the withdrawal",
    params(TableQuery, Filters, OwnerFilter),
    responses(
        (status = 200, description = "data: [Transaction + player], meta", body = Envelope),
    )
)]
#[get("/transactions")]
async fn transactions(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
    filters: web::Query<Filters>,
    owner: web::Query<OwnerFilter>,
) -> Result<HttpResponse, ApiError> {
    let matches = filters.matcher()?;
    let owner = owner.user_id;
    let state = state.into_inner();
    let answer = web::block(move || {
        let mut players = Players::default();
        let mut admin_row = |e: &LedgerEntry| {
            let mut r = with_player(row(e), e.user_id, players.get(&state, e.user_id));
            if e.kind == EntryKind::Withdrawal {
                let id = r["withdrawal_id"].as_u64();
                let w = id.and_then(|id| state.store.payments.withdrawal(id).ok().flatten());
                r["withdrawal"] = w.as_ref().map_or(Value::Null, views::withdrawal);
            }
            r
        };
        if filters.is_empty() && table.reads_index(&CREATION_ORDER) {
            let page = match owner {
                Some(user) => state.store.books.entries_of_user_page(user, table.slice())?,
                None => state.store.books.entries_page(table.slice())?,
            };
            return Ok::<_, ApiError>(table.answer_page(page.rows.iter().map(&mut admin_row).collect(), page.total));
        }
        let entries: Box<dyn Iterator<Item = _>> = match owner {
            Some(user) => Box::new(state.store.books.entries_of_user(user)?.into_iter().map(Ok)),
            None => Box::new(state.store.books.entries_newest_first()),
        };
        let rows = entries.filter(|e| e.as_ref().map_or(true, &matches)).map(|e| e.map(|e| admin_row(&e)));
        let fields: Vec<&str> = SEARCHABLE.iter().copied().chain(["player_name", "player_email"]).collect();
        Ok(table.answer_stream(rows, &fields, Some("created_at"))?)
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct OwnerFilter {
    #[param(value_type = Option<u64>)]
    user_id: Option<UserId>,
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct WithdrawalFilter {
    #[param(inline, value_type = Option<WithdrawalStatus>)]
    status: Option<String>,
}

/// Every withdrawal (filter `status`: pending, processing, success, failed, rejected, reversed) with its player.
#[utoipa::path(
    summary = "Every withdrawal, with its player",
    params(TableQuery, WithdrawalFilter),
    responses(
        (status = 200, description = "data: [Withdrawal + player], meta", body = Envelope),
    )
)]
#[get("/withdrawals")]
async fn withdrawals(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
    filter: web::Query<WithdrawalFilter>,
) -> Result<HttpResponse, ApiError> {
    let status = match filter.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(raw) => Some(WithdrawalStatus::parse(raw).ok_or_else(|| {
            ApiError::field("status", "status is one of pending, processing, success, failed, rejected, reversed")
        })?),
    };
    let state = state.into_inner();
    let answer = web::block(move || {
        let mut players = Players::default();
        let mut admin_row =
            |w: &Withdrawal| with_player(views::withdrawal(w), w.user_id, players.get(&state, w.user_id));
        let payments = &state.store.payments;
        if status.is_none() && table.reads_index(&CREATION_ORDER) {
            let page = payments.withdrawals_page(table.slice())?;
            return Ok::<_, ApiError>(table.answer_page(page.rows.iter().map(&mut admin_row).collect(), page.total));
        }
        let rows = payments
            .withdrawals_newest_first()
            .filter(|w| w.as_ref().map_or(true, |w| status.is_none_or(|s| w.status == s)))
            .map(|w| w.map(|w| admin_row(&w)));
        let fields = ["status", "bank_name", "account_number", "account_name", "player_name", "player_email", "id"];
        Ok(table.answer_stream(rows, &fields, Some("created_at"))?)
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

fn answer(decided: payout::Decided, state: &AppState) -> Result<HttpResponse, ApiError> {
    let w = &decided.withdrawal;
    let balance = state.store.books.balance(w.user_id)?;
    let transaction = state
        .store
        .books
        .entries_of_user(w.user_id)?
        .into_iter()
        .find(|e| e.id == w.entry_id)
        .map(|e| ayo_actors::views::entry(&e));
    Ok(HttpResponse::Ok().json(json!({
        "data": views::withdrawal(w),
        "transaction": transaction,
        "balance": balance,
        "message": decided.message,
    })))
}

/// Approves a pending withdrawal (sends the transfer), or re-checks one left processing.
#[utoipa::path(
    summary = "Approve a withdrawal: send the gateway transfer (or re-check one left processing)",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Withdrawal, transaction, balance, message", body = Envelope),
        (status = 422, description = "Not pending, or this admin adjusted the player's wallet (errorCode FOUR_EYES)", body = ErrorBody),
    )
)]
#[post("/withdrawals/{id}/approve")]
async fn approve(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    if let Some(withdrawal) = state.store.payments.withdrawal(*id)? {
        if super::adjust::adjusted_by(&state, withdrawal.user_id, admin.id)? {
            let message = "You adjusted this player's wallet: another admin must approve their withdrawal";
            return Err(ApiError::coded("withdrawal", message, "FOUR_EYES"));
        }
    }
    let decided = payout::approve(&state, &req, &admin, *id).await?;
    answer(decided, &state)
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct RejectBody {
    #[schema(required = true, min_length = 5, max_length = 300)]
    reason: String,
}

/// Rejects a pending withdrawal with a reason the player sees; the money returns to their balance.
#[utoipa::path(
    summary = "Reject a pending withdrawal: the money returns to the player",
    request_body = RejectBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Withdrawal, transaction, balance, message", body = Envelope),
        (status = 422, description = "reason, or WITHDRAWAL_DECIDED", body = ErrorBody),
    )
)]
#[post("/withdrawals/{id}/reject")]
async fn reject(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<RejectBody>,
) -> Result<HttpResponse, ApiError> {
    let reason = body.reason.split_whitespace().collect::<Vec<_>>().join(" ");
    if !(5..=300).contains(&reason.chars().count()) {
        return Err(ApiError::field("reason", "Give the player a reason (5 to 300 characters)"));
    }
    let decided = payout::reject(&state, &req, &admin, *id, &reason).await?;
    answer(decided, &state)
}

/// Players' saved bank accounts, with the player.
#[utoipa::path(
    summary = "Players' saved bank accounts",
    params(TableQuery),
    responses(
        (status = 200, description = "data: [BankAccount + player], meta", body = Envelope),
    )
)]
#[get("/accounts")]
async fn accounts(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut players = Players::default();
    let rows = state
        .store
        .payments
        .all_bank_accounts()?
        .iter()
        .map(|a| {
            let mut r = with_player(views::bank_account(a), a.user_id, players.get(&state, a.user_id));
            r["user_id"] = a.user_id.into();
            r
        })
        .collect();
    let fields = ["bank_name", "account_number", "account_name", "player_name", "player_email"];
    Ok(HttpResponse::Ok().json(table.answer(rows, &fields)))
}
