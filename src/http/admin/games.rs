//! Back office: games (create, edit, pause), each game's draws and its players' tickets.

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::views;
use ayo_data::game::{Game, GameStatus, IndependentParty, Schedule};
use ayo_data::lotto::{BetType, Multipliers, StakeRules};
use ayo_data::risk_limits::RiskLimits;
use ayo_data::ticket::Ticket;

use super::money::{with_player, Players};
use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::paging::{TableQuery, CREATION_ORDER};
use crate::http::public::games::{find_game, next_draw};
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(list).service(create).service(update).service(players).service(game_draws);
}

#[utoipa::path(
    summary = "Games with their next draw (on sale now, else the next scheduled) and 10 newest draws",
    params(TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 422, description = "Invalid input; errors names each field", body = ErrorBody),
    )
)]
#[get("/games")]
async fn list(
    state: web::Data<AppState>,
    _: AdminUser,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let mut out = Vec::new();
    for game in state.store.games.games()? {
        let draws = state.store.games.draws_of_game(game.id, 10)?;
        // The 10 newest by draw time include every draw still ahead (the scheduler keeps two), so the one on
        // sale is among them.
        let mut view = views::game(&game, next_draw(&draws));
        view["draws"] = draws.iter().map(|d| views::draw(d, Some(&game))).collect();
        view["created_at"] = json!(views::time(game.created_at));
        view["risk_limits"] = json!(game.risk_limits);
        out.push(view);
    }
    Ok(HttpResponse::Ok().json(table.answer(out, &["name", "slug", "status"])))
}

/// Every field of a game an admin may set. Omitted fields keep their value (on edit) or default (on create).
#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct GameBody {
    name: Option<String>,
    description: Option<String>,
    status: Option<GameStatus>,
    schedule: Option<Schedule>,
    close_before_secs: Option<i64>,
    #[schema(schema_with = crate::http::schema::bet_types)]
    bet_types: Option<Vec<BetType>>,
    multipliers: Option<Multipliers>,
    stake_rules: Option<StakeRules>,
    /// Kobo or null per limit (decision 048); applies at once to the game's open draws.
    risk_limits: Option<RiskLimits>,
    /// `witness`, `beacon` (the drand quicknet round after close) or `both`; applies to draws scheduled from then on.
    independent_party: Option<IndependentParty>,
}

fn slugify(name: &str) -> String {
    let slug: String = name.to_lowercase().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    slug.split('-').filter(|p| !p.is_empty()).collect::<Vec<_>>().join("-")
}

/// Applies the body to a game and checks the result as a whole.
fn apply(game: &mut Game, body: GameBody) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    if let Some(name) = body.name {
        let name = name.trim().to_string();
        if name.is_empty() || name.chars().count() > 60 {
            errors.push("name", "A game needs a name of at most 60 characters".into());
        }
        game.slug = slugify(&name);
        game.name = name;
    }
    if let Some(description) = body.description {
        if description.chars().count() > 500 {
            errors.push("description", "At most 500 characters".into());
        }
        game.description = description.trim().to_string();
    }
    if let Some(status) = body.status {
        game.status = status;
    }
    if let Some(schedule) = body.schedule {
        if let Err(why) = schedule.validate() {
            // The part of the schedule at fault, as the form names its inputs.
            let field = match schedule {
                Schedule::Interval { .. } => "schedule.every_minutes",
                Schedule::Weekly { .. } => "schedule.slots",
            };
            errors.push(field, why.into());
        }
        game.schedule = schedule;
    }
    if let Some(secs) = body.close_before_secs {
        if !(0..=86_400).contains(&secs) {
            errors.push("close_before_secs", "Sales close between 0 seconds and 24 hours before the draw".into());
        }
        game.close_before_secs = secs;
    }
    if let Some(bet_types) = body.bet_types {
        if bet_types.is_empty() {
            errors.push("bet_types", "Offer at least one bet type".into());
        }
        game.bet_types = bet_types;
    }
    if let Some(multipliers) = body.multipliers {
        if let Err(e) = multipliers.validate() {
            errors.push(&format!("multipliers.{}", e.key.field()), e.to_string());
        }
        game.multipliers = multipliers;
    }
    if let Some(rules) = body.stake_rules {
        if let Err(e) = rules.validate() {
            errors.push(&format!("stake_rules.{}", e.field), e.to_string());
        }
        game.stake_rules = rules;
    }
    if let Some(limits) = body.risk_limits {
        if let Err(e) = limits.validate() {
            errors.push(&format!("risk_limits.{}", e.field), e.to_string());
        }
        game.risk_limits = limits;
    }
    if let Some(party) = body.independent_party {
        game.independent_party = party;
    }
    errors.finish()
}

#[utoipa::path(
    summary = "Create a game",
    request_body = GameBody,
    responses(
        (status = 200, description = "ok", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[post("/games")]
async fn create(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    JsonBody(body): JsonBody<GameBody>,
) -> Result<HttpResponse, ApiError> {
    if body.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        return Err(ApiError::field("name", "A game needs a name"));
    }
    if body.schedule.is_none() {
        return Err(ApiError::field("schedule", "A game needs a schedule"));
    }
    let mut game = Game {
        id: state.store.games.next_id()?,
        slug: String::new(),
        name: String::new(),
        description: String::new(),
        status: GameStatus::Active,
        schedule: Schedule::Interval { every_minutes: 60 },
        close_before_secs: 300,
        bet_types: BetType::ALL.to_vec(),
        multipliers: Multipliers::default(),
        stake_rules: StakeRules::default(),
        risk_limits: RiskLimits::default(),
        created_at: Utc::now(),
        independent_party: Default::default(),
    };
    apply(&mut game, body)?;
    if state.store.games.games()?.iter().any(|g| g.slug == game.slug) {
        return Err(ApiError::field("name", "Another game already has this name"));
    }
    state.store.games.put_game(&game)?;
    state.store.flush().await?;
    state.bus.refresh_draws(&state.engine.scheduler).await;
    state.audit(Some(&req), Some(&admin), "game.created", Some(format!("game:{}", game.id)), game.name.clone());
    Ok(HttpResponse::Created().json(json!({ "data": views::game(&game, None), "message": "Game created" })))
}

#[utoipa::path(
    summary = "Edit or pause a game",
    request_body = GameBody,
    params(("id" = String, Path)),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[put("/games/{id}")]
async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<String>,
    JsonBody(body): JsonBody<GameBody>,
) -> Result<HttpResponse, ApiError> {
    let mut game = find_game(&state, &id)?;
    let before = serde_json::to_value(&game).unwrap_or_default();
    apply(&mut game, body)?;
    if state.store.games.games()?.iter().any(|g| g.slug == game.slug && g.id != game.id) {
        return Err(ApiError::field("name", "Another game already has this name"));
    }
    state.store.games.put_game(&game)?;
    state.store.flush().await?;
    state.bus.refresh_draws(&state.engine.scheduler).await;
    let changed: Vec<String> = match (before, serde_json::to_value(&game)) {
        (serde_json::Value::Object(old), Ok(serde_json::Value::Object(new))) => {
            new.iter().filter(|(k, v)| old.get(*k) != Some(v)).map(|(k, _)| k.clone()).collect()
        }
        _ => vec![],
    };
    let detail = format!("changed: {}", changed.join(", "));
    state.audit(Some(&req), Some(&admin), "game.updated", Some(format!("game:{}", game.id)), detail);
    let draws = state.store.games.draws_of_game(game.id, 10)?;
    if game.risk_limits.any() {
        warm_risk(&state, &game, &draws);
    }
    let mut view = views::game(&game, next_draw(&draws));
    view["risk_limits"] = json!(game.risk_limits);
    Ok(HttpResponse::Ok().json(json!({ "data": view, "message": "Game saved" })))
}

/// Limits apply to a game's selling draws at once: their liabilities are read now, in the background, rather than
/// by their next buyer (docs/decisions/053-incremental-reserve-check.md); on a cluster, every node reads them again
/// from the draws' tickets, those sold without limits included (decision 056).
fn warm_risk(state: &AppState, game: &Game, draws: &[ayo_data::draw::Draw]) {
    use ayo_data::draw::DrawStatus;
    for draw in draws.iter().filter(|d| matches!(d.status, DrawStatus::Scheduled | DrawStatus::Open)) {
        let (risk, draw_id, game) = (state.store.risk.clone(), draw.id, game.clone());
        actix_web::rt::task::spawn_blocking(move || {
            if let Err(e) = risk.limits_set(draw_id, &game) {
                tracing::warn!(draw = draw_id, error = %e, "could not read the draw's liability");
            }
        });
    }
}

/// The tickets of a game, with their players: the back office's "players of a game".
#[utoipa::path(
    summary = "A game's tickets with their players",
    params(("id" = String, Path), TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/games/{id}/players")]
async fn players(
    state: web::Data<AppState>,
    _: AdminUser,
    id: web::Path<String>,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let game = find_game(&state, &id)?;
    let state = state.into_inner();
    let answer = web::block(move || {
        let mut players = Players::default();
        let mut row = |t: &Ticket| {
            let draw = state.store.games.draw(t.draw_id).ok().flatten();
            with_player(views::ticket(t, draw.as_ref(), Some(&game)), t.user_id, players.get(&state, t.user_id))
        };
        if table.reads_index(&CREATION_ORDER) {
            let page = state.store.books.tickets_of_game_page(game.id, table.slice())?;
            return Ok::<_, ApiError>(table.answer_page(page.rows.iter().map(&mut row).collect(), page.total));
        }
        let rows = state.store.books.tickets_of_game_newest_first(game.id).map(|t| t.map(|t| row(&t)));
        Ok(table.answer_stream(rows, &["player_name", "bet_type", "status", "id", "draw_id"], Some("created_at"))?)
    })
    .await??;
    Ok(HttpResponse::Ok().json(answer))
}

/// A game's draws, latest draw time first: the back office's table of them.
#[utoipa::path(
    summary = "A game's draws, latest draw time first (Draw rows, as public /draws)",
    params(("id" = String, Path), TableQuery),
    responses(
        (status = 200, description = "ok", body = Envelope),
    )
)]
#[get("/games/{id}/draws")]
async fn game_draws(
    state: web::Data<AppState>,
    _: AdminUser,
    id: web::Path<String>,
    table: web::Query<TableQuery>,
) -> Result<HttpResponse, ApiError> {
    let game = find_game(&state, &id)?;
    let mut table = table.into_inner();
    table.sort_by.get_or_insert_with(|| "draws_at".into());
    let store = state.store.clone();
    let answer =
        web::block(move || crate::http::public::games::draws_table(&store, Some(game.id), None, &table)).await??;
    Ok(HttpResponse::Ok().json(answer))
}
