//! The risk desk's API (docs/decisions/048-exact-liability.md): a draw's live liability against its game's reserve,
//! and closing or reopening numbers for a draw (audited with a reason). Closing refuses every later sale picking the
//! number at once, on every node, and every open play page hears of it (`draw.closed_numbers`): the embedded store
//! keeps the live liability in its one node, a cluster node brings its own up to date from the sales every node
//! recorded in PostgreSQL (docs/decisions/056-draw-risk-row-in-cluster-mode.md).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::draw::Draw;
use ayo_data::lotto::{MAX_NUMBER, MIN_NUMBER};

use crate::error::ApiError;
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

/// The share of its reserve a draw's worst case takes (per cent): set here when the desk reads a draw, and after
/// every sale by the live push (`crate::jobs::risk_live`, the same name).
const RESERVE_USED: &str = "ayo_risk_reserve_used_percent";

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(draw_risk).service(close_numbers).service(reopen_numbers);
}

fn find_draw(state: &AppState, id: u64) -> Result<Draw, ApiError> {
    state.store.games.draw(id)?.ok_or(ApiError::NotFound("Draw"))
}

#[utoipa::path(
    summary = "A draw's live liability: worst_case_payout (gross, before tax) against the reserve, stakes, expected payout and margin, per-number stakes and payouts, the riskiest numbers, pairs and triples, closed numbers (kobo)",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: {worst_case_payout, worst_case_balls, reserve, reserve_used_percent, stakes, expected_payout, expected_margin, tickets, exact, limits, numbers, top_numbers, top_pairs, top_triples, closed_numbers}", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[get("/draws/{id}/risk")]
async fn draw_risk(state: web::Data<AppState>, _: AdminUser, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = find_draw(&state, *id)?;
    let game = state.store.games.game(draw.game_id)?;
    let risk = state.store.risk.clone();
    // Off the sale path: an unknown worst case is searched for on a copy, outside the risk lock.
    let report = web::block(move || risk.report(draw.id, game.as_ref()).map_err(ApiError::from)).await??;
    if let Some(used) = report.reserve_used_percent {
        // The desk reads every open draw every few seconds: the gauge an alert rule watches (docs/decisions/053).
        metrics::gauge!(RESERVE_USED, "draw" => draw.id.to_string()).set(used);
    }
    let mut data = serde_json::to_value(&report).map_err(ApiError::internal)?;
    data["draw_id"] = json!(draw.id);
    data["game_id"] = json!(draw.game_id);
    data["status"] = json!(draw.status);
    Ok(HttpResponse::Ok().json(json!({ "data": data })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct NumbersBody {
    #[schema(required = true, min_items = 1)]
    numbers: Vec<u8>,
    #[schema(required = true, min_length = 5, max_length = 500)]
    reason: String,
}

impl NumbersBody {
    /// The numbers and reason, checked: at least one number, each on the board, and a reason.
    fn checked(self) -> Result<(Vec<u8>, String), ApiError> {
        if self.numbers.is_empty() {
            return Err(ApiError::field("numbers", "Name at least one number"));
        }
        if let Some(off) = self.numbers.iter().find(|n| !(MIN_NUMBER..=MAX_NUMBER).contains(*n)) {
            return Err(ApiError::field("numbers", format!("Numbers are from 1 to 90; {off} is not")));
        }
        let reason = self.reason.trim().to_string();
        if !(5..=500).contains(&reason.chars().count()) {
            return Err(ApiError::field("reason", "Give a reason (5 to 500 characters)"));
        }
        Ok((self.numbers, reason))
    }
}

async fn set_closed(
    req: HttpRequest,
    state: web::Data<AppState>,
    admin: ayo_data::user::User,
    id: u64,
    body: NumbersBody,
    close: bool,
) -> Result<HttpResponse, ApiError> {
    let (numbers, reason) = body.checked()?;
    let draw = find_draw(&state, id)?;
    let (risk, chosen) = (state.store.risk.clone(), numbers.clone());
    let closed = web::block(move || risk.set_closed(draw.id, &chosen, close)).await??;
    let (action, verb) = if close { ("draw.numbers_closed", "closed") } else { ("draw.numbers_reopened", "reopened") };
    // Stored and flushed above: every open play page marks them now, before its player picks one.
    state.bus.publisher().publish(Event {
        topic: Topic::Draws,
        kind: EventKind::DrawClosedNumbers,
        data: json!({ "draw_id": draw.id, "closed_numbers": closed }),
    });
    let listed: Vec<String> = numbers.iter().map(u8::to_string).collect();
    state.audit(
        Some(&req),
        Some(&admin),
        action,
        Some(format!("draw:{}", draw.id)),
        format!("{}: {reason}", listed.join(", ")),
    );
    Ok(HttpResponse::Ok().json(json!({
        "data": { "draw_id": draw.id, "closed_numbers": closed },
        "message": format!("Numbers {verb} for draw #{}", draw.id),
    })))
}

#[utoipa::path(
    summary = "Close numbers for a draw: every later sale picking one is refused (409 LIABILITY_LIMIT); audited with the reason",
    request_body = NumbersBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: {draw_id, closed_numbers}", body = Envelope),
        (status = 422, description = "Invalid input; errors names each field", body = ErrorBody),
    )
)]
#[post("/draws/{id}/close-numbers")]
async fn close_numbers(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<NumbersBody>,
) -> Result<HttpResponse, ApiError> {
    set_closed(req, state, admin, *id, body, true).await
}

#[utoipa::path(
    summary = "Reopen numbers closed for a draw; audited with the reason",
    request_body = NumbersBody,
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: {draw_id, closed_numbers}", body = Envelope),
        (status = 422, description = "Invalid input; errors names each field", body = ErrorBody),
    )
)]
#[post("/draws/{id}/reopen-numbers")]
async fn reopen_numbers(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<NumbersBody>,
) -> Result<HttpResponse, ApiError> {
    set_closed(req, state, admin, *id, body, false).await
}
