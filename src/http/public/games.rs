//! `GET /games`, `GET /games/{id}`, `GET /draws`, `GET /draws/{id}`, `GET /draws/{id}/ticket-ids`: public reads.

use actix_web::{get, web, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use ayo_actors::views;
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus};

use crate::error::ApiError;
use crate::http::paging::TableQuery;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list_games).service(one_game).service(list_draws).service(one_draw).service(ticket_ids);
}

/// The draw of a game on sale now, else the next one scheduled (`next_draw` of every game view, public or admin).
pub(crate) fn next_draw(draws: &[Draw]) -> Option<&Draw> {
    let mut live: Vec<&Draw> =
        draws.iter().filter(|d| matches!(d.status, DrawStatus::Open | DrawStatus::Scheduled)).collect();
    live.sort_by_key(|d| d.closes_at);
    live.into_iter().next()
}

#[utoipa::path(
    summary = "Active games with their next draw",
    tag = "lotto",
    responses(
        (status = 200, description = "data: [Game]", body = Envelope),
    )
)]
#[get("/games")]
async fn list_games(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let games = state.store.games.games()?;
    let mut out = Vec::new();
    for game in games.iter().filter(|g| g.status == GameStatus::Active) {
        let draws = state.store.games.draws_of_game(game.id, 4)?;
        out.push(views::game(game, next_draw(&draws)));
    }
    Ok(HttpResponse::Ok().json(json!({ "data": out })))
}

/// A game by numeric id or slug.
pub fn find_game(state: &AppState, id: &str) -> Result<Game, ApiError> {
    let games = state.store.games.games()?;
    games
        .into_iter()
        .find(|g| g.slug == id || id.parse::<u64>().is_ok_and(|n| n == g.id))
        .ok_or(ApiError::NotFound("Game"))
}

#[utoipa::path(
    summary = "One game (id or slug) with upcoming and recent draws",
    tag = "lotto",
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "data: Game", body = Envelope),
    )
)]
#[get("/games/{id}")]
async fn one_game(state: web::Data<AppState>, id: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let game = find_game(&state, &id)?;
    let draws = state.store.games.draws_of_game(game.id, 12)?;
    let mut body = views::game(&game, next_draw(&draws));
    body["upcoming_draws"] = draws
        .iter()
        .filter(|d| matches!(d.status, DrawStatus::Open | DrawStatus::Scheduled))
        .map(|d| views::draw(d, Some(&game)))
        .collect();
    body["recent_draws"] = draws
        .iter()
        .filter(|d| !matches!(d.status, DrawStatus::Open | DrawStatus::Scheduled))
        .map(|d| views::draw(d, Some(&game)))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "data": body })))
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct DrawFilter {
    game_id: Option<u64>,
    /// scheduled, open, closed, drawn, settled or cancelled.
    #[param(inline, value_type = Option<DrawStatus>)]
    status: Option<String>,
}

#[utoipa::path(
    summary = "Draws, newest first",
    tag = "lotto",
    params(DrawFilter, TableQuery),
    responses(
        (status = 200, description = "data: [Draw], meta", body = Envelope),
    )
)]
#[get("/draws")]
async fn list_draws(
    state: web::Data<AppState>,
    filter: web::Query<DrawFilter>,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let status = match filter.status.as_deref().filter(|s| !s.is_empty()) {
        Some(raw) => Some(DrawStatus::parse(raw).ok_or_else(|| ApiError::field("status", "Unknown draw status"))?),
        None => None,
    };
    let mut table = table.into_inner();
    table.sort_by.get_or_insert_with(|| "draws_at".into());
    let store = state.store.clone();
    let game = filter.game_id;
    Ok(HttpResponse::Ok().json(web::block(move || draws_table(&store, game, status, &table)).await??))
}

/// A table of draws, of one game or all, optionally of one status: docs/product.md §15 paging, by draw time unless
/// asked.
pub fn draws_table(
    store: &ayo_data::Store,
    game: Option<u64>,
    status: Option<DrawStatus>,
    table: &TableQuery,
) -> Result<serde_json::Value, ApiError> {
    let games = store.games.games()?;
    let view = |d: &Draw| views::draw(d, games.iter().find(|g| g.id == d.game_id));
    if status.is_none() && table.reads_index(&["draws_at"]) {
        let page = store.games.draws_page(game, table.slice())?;
        return Ok(table.answer_page(page.rows.iter().map(view).collect(), page.total));
    }
    let rows = store
        .games
        .draws_latest_first(game)
        .filter(|d| d.as_ref().map_or(true, |d| status.is_none_or(|s| d.status == s)))
        .map(|d| d.map(|d| view(&d)));
    Ok(table.answer_stream(rows, &["game_name", "status", "id"], Some("draws_at"))?)
}

#[utoipa::path(
    summary = "One draw (seed only once drawn)",
    tag = "lotto",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: Draw", body = Envelope),
    )
)]
#[get("/draws/{id}")]
async fn one_draw(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    let game = state.store.games.game(draw.game_id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })))
}

/// The ordered ticket ids that `tickets_hash` (and the leaves under `tickets_root`) cover; known once sales have
/// closed.
#[utoipa::path(
    summary = "The ordered ticket ids tickets_hash covers",
    tag = "lotto",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: [id]", body = Envelope),
        (status = 400, description = "Malformed request", body = ErrorBody),
    )
)]
#[get("/draws/{id}/ticket-ids")]
async fn ticket_ids(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    if draw.tickets_hash.is_none() && draw.tickets_root.is_none() {
        return Err(ApiError::BadRequest("The ticket list is fixed when sales close".into()));
    }
    let ids = state.store.books.ticket_ids_of_draw(draw.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": ids, "meta": { "total": ids.len() } })))
}
