//! `POST /tickets/create`, `GET /tickets`, `GET /tickets/{id}`: a player's tickets.
//!
//! A purchase is validated here (bet shape, game rules, stake limits), then handed to the player's WalletActor,
//! which checks the draw is still selling by the server's clock and the balance covers it, all in one transaction.

use actix_web::{get, post, web, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::views;
use ayo_actors::wallet::{BuyTicket, WalletError};
use ayo_data::draw::NO_WITNESS_ON_SALE;
use ayo_data::lotto::{price, Bet};
use ayo_data::money::Kobo;
use ayo_data::seam::{Purchase, PurchaseError};
use ayo_data::signed_receipt::TicketSigner;
use ayo_data::ticket::{Order, Terms, Ticket};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::{AuthUser, PlayerUser};
use crate::http::json::JsonBody;
use crate::http::paging::{TableQuery, CREATION_ORDER};
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(create).service(list).service(one);
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct TicketBody {
    #[schema(required = true)]
    draw_id: Option<u64>,
    #[schema(required = true, schema_with = crate::http::schema::bet_type)]
    bet_type: String,
    /// The picks of a NAP or PERM bet.
    #[schema(schema_with = crate::http::schema::balls)]
    numbers: Vec<u8>,
    /// BANKER's one ball, or AGAINST's first set.
    #[schema(schema_with = crate::http::schema::balls)]
    top: Vec<u8>,
    /// AGAINST's second set.
    #[schema(schema_with = crate::http::schema::balls)]
    bottom: Vec<u8>,
    /// Kobo.
    #[schema(required = true)]
    stake_per_line: Option<i64>,
    #[schema(required = true, min_length = 1, max_length = 100)]
    idempotency_key: String,
}

const KEY_MAX: usize = 100;

#[utoipa::path(
    summary = "Buy a ticket (idempotent by idempotency_key)",
    tag = "lotto",
    security(("bearer" = [])),
    request_body = TicketBody,
    responses(
        (status = 200, description = "Replay: the first ticket", body = Envelope),
        (status = 201, description = "data: Ticket, balance"),
        (status = 403, description = "Wrong role", body = ErrorBody),
    )
)]
#[post("/tickets/create")]
async fn create(
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    JsonBody(body): JsonBody<TicketBody>,
) -> Result<HttpResponse, ApiError> {
    super::responsible::refuse_if_excluded(&state, &user)?;
    super::residence::refuse_play_outside_licence(&state, &user)?;
    let mut errors = FieldErrors::default();
    let key = body.idempotency_key.trim().to_string();
    if key.is_empty() || key.len() > KEY_MAX {
        errors.push("idempotency_key", "idempotency_key is required (at most 100 characters)".into());
    }
    let Some(draw_id) = body.draw_id else {
        errors.push("draw_id", "Choose a draw".into());
        return Err(errors.finish().err().unwrap_or(ApiError::field("draw_id", "Choose a draw")));
    };
    let Some(stake) = body.stake_per_line else {
        errors.push("stake_per_line", "Enter a stake per line".into());
        return Err(errors.finish().err().unwrap_or(ApiError::field("stake_per_line", "Enter a stake per line")));
    };
    let bet = match Bet::parse(&body.bet_type, &body.numbers, &body.top, &body.bottom) {
        Ok(bet) => Some(bet),
        Err(e) => {
            errors.push(e.field.as_str(), e.message.clone());
            None
        }
    };
    errors.finish()?;
    let Some(bet) = bet else { return Err(ApiError::field("bet_type", "Invalid bet")) };

    let draw =
        state.store.games.draw(draw_id)?.ok_or_else(|| ApiError::field("draw_id", "This draw does not exist"))?;
    let game = state.store.games.game(draw.game_id)?.ok_or(ApiError::NotFound("Game"))?;
    if draw.held_for_witness(Utc::now()) {
        return Err(ApiError::NoWitness(NO_WITNESS_ON_SALE.to_string()));
    }
    if !game.allows(bet.bet_type()) {
        return Err(ApiError::field("bet_type", format!("{} does not offer {}", game.name, bet.bet_type().as_str())));
    }
    let priced = price(&bet, Kobo(stake), &game.stake_rules, &game.multipliers)
        .map_err(|e| ApiError::field(e.field(), e.to_string()))?;
    let now = Utc::now();
    let terms = Terms::of(&game, &bet);
    let ticket = Ticket::sold(
        state.store.ids.next_id()?,
        Order { user_id: user.id, draw_id, game_id: game.id, bet, stake_per_line: Kobo(stake), idempotency_key: key },
        &priced,
        now,
        Some(terms),
    );
    let purchase = Purchase { ticket, entry_id: state.store.ids.next_id()?, now };
    let moved = state
        .engine
        .wallets
        .get(user.id)
        .send(BuyTicket(purchase))
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!("wallet mailbox: {e}")))?;
    let moved = moved.map_err(|e| match e {
        WalletError::Refused(refused @ PurchaseError::InsufficientFunds { .. }) => {
            ApiError::coded("stake_per_line", refused.to_string(), "INSUFFICIENT_FUNDS")
        }
        WalletError::Refused(PurchaseError::DrawNotSelling) => {
            ApiError::coded("draw_id", "Sales for this draw are closed", "DRAW_CLOSED")
        }
        WalletError::Refused(PurchaseError::NoSuchDraw) => ApiError::field("draw_id", "This draw does not exist"),
        WalletError::Refused(PurchaseError::LiabilityLimit { message, largest_stake_per_line }) => {
            ApiError::LiabilityLimit { message, largest_stake_per_line }
        }
        other => ApiError::internal(other),
    })?;
    let (status, message) = if moved.replayed {
        (actix_web::http::StatusCode::OK, "This ticket was already bought")
    } else {
        metrics::counter!("ayo_purchases_total").increment(1);
        metrics::counter!("ayo_stakes_kobo_total").increment(moved.value.total_stake.as_i64().unsigned_abs());
        (actix_web::http::StatusCode::CREATED, "Ticket bought. Good luck!")
    };
    let mut data = views::ticket(&moved.value, Some(&draw), Some(&game));
    sign_into(&mut data, &state.signer, &moved.value, Some(&draw), Some(&game));
    Ok(HttpResponse::build(status).json(json!({
        "data": data,
        "balance": moved.balance,
        "message": message,
    })))
}

#[utoipa::path(
    summary = "My tickets",
    tag = "lotto",
    security(("bearer" = [])),
    params(TableQuery),
    responses(
        (status = 200, description = "data: [Ticket], meta", body = Envelope),
    )
)]
#[get("/tickets")]
async fn list(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let (store, signer) = (state.store.clone(), state.signer.clone());
    Ok(HttpResponse::Ok().json(web::block(move || tickets_table(&store, Some(&signer), user.id, &table)).await??))
}

/// Adds the operator's signed receipt to a ticket's JSON (docs/fairness.md, "Signed receipts"): `signature` (128 hex)
/// and what it signs, `signed: {leaf_data, leaf, commitment}`; `null` when the draw is unknown.
fn sign_into(
    body: &mut serde_json::Value,
    signer: &TicketSigner,
    ticket: &Ticket,
    draw: Option<&ayo_data::draw::Draw>,
    game: Option<&ayo_data::game::Game>,
) {
    let Some(draw) = draw else {
        body["signature"] = serde_json::Value::Null;
        return;
    };
    let signed = signer.sign(ticket, &draw.commitment, game);
    body["signature"] = signed.signature.into();
    body["signed"] = json!({ "leaf_data": signed.leaf_data, "leaf": signed.leaf, "commitment": signed.commitment });
}

pub const TICKET_SEARCH: [&str; 5] = ["game_name", "bet_type", "status", "id", "draw_id"];

/// A player's tickets as a docs/product.md §15 table (their own list, signed by `signer`, and the back office's view
/// of them).
pub fn tickets_table(
    store: &ayo_data::Store,
    signer: Option<&TicketSigner>,
    user: ayo_data::user::UserId,
    table: &TableQuery,
) -> Result<serde_json::Value, ApiError> {
    let games = store.games.games()?;
    let view = |t: &ayo_data::ticket::Ticket| {
        let draw = store.games.draw(t.draw_id).ok().flatten();
        let game = games.iter().find(|g| g.id == t.game_id);
        let mut body = views::ticket(t, draw.as_ref(), game);
        if let Some(signer) = signer {
            sign_into(&mut body, signer, t, draw.as_ref(), game);
        }
        body
    };
    if table.reads_index(&CREATION_ORDER) {
        let page = store.books.tickets_of_user_page(user, table.slice())?;
        return Ok(table.answer_page(page.rows.iter().map(view).collect(), page.total));
    }
    let rows = store.books.tickets_of_user(user)?.iter().map(view).collect();
    Ok(table.answer(rows, &TICKET_SEARCH))
}

#[utoipa::path(
    summary = "One of my tickets",
    tag = "lotto",
    security(("bearer" = [])),
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Ticket", body = Envelope),
    )
)]
#[get("/tickets/{id}")]
async fn one(
    state: web::Data<AppState>,
    AuthUser(user): AuthUser,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let ticket = state.store.books.ticket(*id)?.filter(|t| t.user_id == user.id).ok_or(ApiError::NotFound("Ticket"))?;
    let draw = state.store.games.draw(ticket.draw_id)?;
    let game = state.store.games.game(ticket.game_id)?;
    let mut body = views::ticket(&ticket, draw.as_ref(), game.as_ref());
    sign_into(&mut body, &state.signer, &ticket, draw.as_ref(), game.as_ref());
    if let Some(draw) = draw {
        let store = state.store.clone();
        body["receipt"] =
            web::block(move || crate::http::views::receipt::of(&store, &ticket, &draw, game.as_ref())).await??;
    }
    Ok(HttpResponse::Ok().json(json!({ "data": body })))
}
