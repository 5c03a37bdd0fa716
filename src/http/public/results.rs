//! The public proof of fairness, for anyone: `GET /results` (every past draw, newest first, filtered and paged by a
//! cursor), `GET /games/{id}/frequency` (hot and cold numbers) and `GET /draws/{id}/leaves` (the leaves of a
//! closed draw's ticket tree, to rebuild its root).

use actix_web::{get, web, HttpResponse};
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use ayo_actors::views;
use ayo_data::draw::{Draw, DrawId};
use ayo_data::lagos::lagos_day;
use ayo_data::lotto::{MAX_NUMBER, MIN_NUMBER};
use ayo_data::seam::PastDraws;

use super::games::find_game;
use crate::error::{ApiError, FieldErrors};
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(results).service(frequency).service(leaves);
}

/// Draws read at most per `/results` page: a rare filter answers a short page and a cursor to go on from.
const SCAN_PER_PAGE: usize = 2_000;
const RESULTS_PER_PAGE: usize = 20;
const MAX_RESULTS_PER_PAGE: usize = 100;

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct ResultsQuery {
    game_id: Option<u64>,
    /// The first Lagos (WAT) calendar day of draws to show, `YYYY-MM-DD`.
    #[param(format = Date)]
    from: Option<String>,
    /// The last Lagos (WAT) calendar day of draws to show, `YYYY-MM-DD`.
    #[param(format = Date)]
    to: Option<String>,
    /// Only draws with this winning ball.
    #[param(minimum = 1, maximum = 90)]
    number: Option<u64>,
    /// The cursor: `next_before` of the previous page.
    #[param(value_type = Option<u64>)]
    before: Option<DrawId>,
    #[param(minimum = 1, maximum = 100)]
    limit: Option<usize>,
}

fn date(errors: &mut FieldErrors, field: &str, raw: Option<&str>) -> Option<NaiveDate> {
    let raw = raw.map(str::trim).filter(|s| !s.is_empty())?;
    let parsed = NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok();
    if parsed.is_none() {
        errors.push(field, format!("{field} must be a date like 2026-11-25"));
    }
    parsed
}

#[utoipa::path(
    summary = "Every past draw (drawn, settled, cancelled), newest first, filtered and paged by cursor",
    tag = "lotto",
    params(ResultsQuery),
    responses(
        (status = 200, description = "data: {results: [Draw], next_before: id|null}", body = Envelope),
        (status = 400, description = "Malformed request", body = ErrorBody),
    )
)]
#[get("/results")]
async fn results(state: web::Data<AppState>, query: web::Query<ResultsQuery>) -> Result<HttpResponse, ApiError> {
    let query = query.into_inner();
    let mut errors = FieldErrors::default();
    let from = date(&mut errors, "from", query.from.as_deref());
    let to = date(&mut errors, "to", query.to.as_deref());
    if let (Some(from), Some(to)) = (from, to) {
        if from > to {
            errors.push("to", "to must not be before from".into());
        }
    }
    let number = query.number.map(|n| u8::try_from(n).unwrap_or(0));
    if number.is_some_and(|n| !(MIN_NUMBER..=MAX_NUMBER).contains(&n)) {
        errors.push("number", format!("number must be from {MIN_NUMBER} to {MAX_NUMBER}"));
    }
    let limit = query.limit.unwrap_or(RESULTS_PER_PAGE);
    if !(1..=MAX_RESULTS_PER_PAGE).contains(&limit) {
        errors.push("limit", format!("limit must be from 1 to {MAX_RESULTS_PER_PAGE}"));
    }
    errors.finish()?;
    // Days are Lagos days, as the results show their times (WAT).
    let keep = move |draw: &Draw| {
        query.game_id.is_none_or(|g| draw.game_id == g)
            && from.is_none_or(|d| lagos_day(draw.draws_at) >= d)
            && to.is_none_or(|d| lagos_day(draw.draws_at) <= d)
            && number.is_none_or(|n| draw.numbers.is_some_and(|balls| balls.contains(&n)))
    };
    let store = state.store.clone();
    let before = query.before.unwrap_or(DrawId::MAX);
    let (draws, next) =
        web::block(move || store.games.past_draws(PastDraws { before, limit, scan: SCAN_PER_PAGE, keep: &keep }))
            .await??;
    let games = state.store.games.games()?;
    let rows: Vec<_> = draws.iter().map(|d| views::draw(d, games.iter().find(|g| g.id == d.game_id))).collect();
    Ok(HttpResponse::Ok().json(json!({ "data": { "results": rows, "next_before": next } })))
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct FrequencyQuery {
    #[param(minimum = 1, maximum = 1000)]
    last: Option<usize>,
}

const MAX_FREQUENCY_DRAWS: usize = 1_000;

#[utoipa::path(
    summary = "How often each number was a winning ball over a game's last N draws (hot and cold numbers)",
    tag = "lotto",
    params(("id" = String, Path), FrequencyQuery),
    responses(
        (status = 200, description = "data: {game_id, last, draws, counts: [90], hot: [5], cold: [5]}", body = Envelope),
        (status = 400, description = "Malformed request", body = ErrorBody),
    )
)]
#[get("/games/{id}/frequency")]
async fn frequency(
    state: web::Data<AppState>,
    id: web::Path<String>,
    query: web::Query<FrequencyQuery>,
) -> Result<HttpResponse, ApiError> {
    let last = query.last.unwrap_or(100);
    if !(1..=MAX_FREQUENCY_DRAWS).contains(&last) {
        return Err(ApiError::field("last", format!("last must be from 1 to {MAX_FREQUENCY_DRAWS}")));
    }
    let game = find_game(&state, &id)?;
    let store = state.store.clone();
    let drawn = web::block(move || store.games.recent_results(game.id, last)).await??;
    let mut counts = [0u64; MAX_NUMBER as usize];
    for number in drawn.iter().flatten() {
        counts[usize::from(number - 1)] += 1;
    }
    let mut by_count: Vec<(u8, u64)> = (MIN_NUMBER..=MAX_NUMBER).zip(counts).collect();
    by_count.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let hot: Vec<u8> = by_count.iter().take(5).map(|(n, _)| *n).collect();
    by_count.sort_by(|a, b| a.1.cmp(&b.1).then(a.0.cmp(&b.0)));
    let cold: Vec<u8> = by_count.iter().take(5).map(|(n, _)| *n).collect();
    Ok(HttpResponse::Ok().json(json!({
        "data": { "game_id": game.id, "last": last, "draws": drawn.len(), "counts": counts.to_vec(), "hot": hot, "cold": cold }
    })))
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct LeavesQuery {
    #[param(minimum = 0)]
    offset: Option<usize>,
    #[param(minimum = 1, maximum = 10000)]
    limit: Option<usize>,
}

const LEAVES_PER_PAGE: usize = 1_000;
const MAX_LEAVES_PER_PAGE: usize = 10_000;

#[utoipa::path(
    summary = "The Merkle leaves of a closed draw's tickets, in ticket-id order (rebuild tickets_root)",
    tag = "lotto",
    params(("id" = u64, Path), LeavesQuery),
    responses(
        (status = 200, description = "data: {draw_id, tree_size, tickets_root, offset, leaves: [hex], next_offset: number|null}", body = Envelope),
        (status = 400, description = "Malformed request", body = ErrorBody),
        (status = 409, description = "Not in the state this needs yet (e.g. still on sale)", body = ErrorBody),
    )
)]
#[get("/draws/{id}/leaves")]
async fn leaves(
    state: web::Data<AppState>,
    id: web::Path<DrawId>,
    query: web::Query<LeavesQuery>,
) -> Result<HttpResponse, ApiError> {
    let limit = query.limit.unwrap_or(LEAVES_PER_PAGE);
    if !(1..=MAX_LEAVES_PER_PAGE).contains(&limit) {
        return Err(ApiError::field("limit", format!("limit must be from 1 to {MAX_LEAVES_PER_PAGE}")));
    }
    let offset = query.offset.unwrap_or(0);
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    let Some(root) = draw.tickets_root else {
        return Err(ApiError::Conflict("The ticket tree is built when sales close".into()));
    };
    let store = state.store.clone();
    let all = web::block(move || store.games.leaves(draw.id)).await??.unwrap_or_default();
    let page: Vec<String> = all.iter().skip(offset).take(limit).map(|(_, leaf)| hex::encode(leaf)).collect();
    let end = offset.saturating_add(page.len());
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "draw_id": draw.id,
        "tree_size": all.len(),
        "tickets_root": root,
        "offset": offset,
        "leaves": page,
        "next_offset": (end < all.len()).then_some(end),
    }})))
}
