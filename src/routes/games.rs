//! `GET /games`, `GET /games/{id}`, `GET /draws`, `GET /draws/{id}`, `GET /draws/{id}/ticket-ids`: public reads.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::json;

use ayo_actors::views;
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus};

use crate::error::ApiError;
use crate::paging::TableQuery;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/games", web::get().to(list_games))
        .route("/games/{id}", web::get().to(one_game))
        .route("/draws", web::get().to(list_draws))
        .route("/draws/{id}", web::get().to(one_draw))
        .route("/draws/{id}/ticket-ids", web::get().to(ticket_ids));
}

/// The draw of a game on sale now, else the next one scheduled (`next_draw` of every game view, public or admin).
pub(crate) fn next_draw(draws: &[Draw]) -> Option<&Draw> {
    let mut live: Vec<&Draw> =
        draws.iter().filter(|d| matches!(d.status, DrawStatus::Open | DrawStatus::Scheduled)).collect();
    live.sort_by_key(|d| d.closes_at);
    live.into_iter().next()
}

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

#[derive(Deserialize, Default)]
#[serde(default)]
struct DrawFilter {
    game_id: Option<u64>,
    status: Option<String>,
}

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

/// A table of draws, of one game or all, optionally of one status: SPEC §7 paging, by draw time unless asked.
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

async fn one_draw(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    let game = state.store.games.game(draw.game_id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": views::draw(&draw, game.as_ref()) })))
}

/// The ordered ticket ids that `tickets_hash` (and the leaves under `tickets_root`) cover; known once sales have
/// closed.
async fn ticket_ids(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    if draw.tickets_hash.is_none() && draw.tickets_root.is_none() {
        return Err(ApiError::BadRequest("The ticket list is fixed when sales close".into()));
    }
    let ids = state.store.wallets.ticket_ids_of_draw(draw.id)?;
    Ok(HttpResponse::Ok().json(json!({ "data": ids, "meta": { "total": ids.len() } })))
}
