//! `GET /tax-statement?year=YYYY`: a player's yearly statement of withholding tax taken from their winnings, to
//! print or keep (each winning ticket's gross, tax and net, and the year's totals).

use std::collections::HashMap;

use actix_web::{get, web, HttpResponse};
use chrono::Datelike;
use serde::Deserialize;
use serde_json::json;
use utoipa::IntoParams;

use ayo_actors::views::time;
use ayo_data::ledger::{EntryKind, EntryStatus};
use ayo_data::residence::state_name;

use crate::error::ApiError;
use crate::http::extract::PlayerUser;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(statement);
}

#[derive(Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct StatementQuery {
    /// A calendar year; this year by default.
    year: Option<i32>,
}

#[utoipa::path(
    summary = "My withholding-tax statement for a year",
    tag = "money",
    security(("bearer" = [])),
    params(StatementQuery),
    responses(
        (status = 200, description = "data: {year, name, state, state_name, lines: [{ticket_id, paid_at, gross, tax, net}], totals: {gross, tax, net}}", body = Envelope),
        (status = 422, description = "year out of range", body = ErrorBody),
    )
)]
#[get("/tax-statement")]
async fn statement(
    state: web::Data<AppState>,
    PlayerUser(user): PlayerUser,
    query: web::Query<StatementQuery>,
) -> Result<HttpResponse, ApiError> {
    let year = query.year.unwrap_or_else(|| ayo_data::lagos::lagos_day(chrono::Utc::now()).year());
    let window = Some(year)
        .filter(|y| (2020..=2100).contains(y))
        .and_then(crate::reports::year)
        .ok_or_else(|| ApiError::field("year", "Choose a year from 2020 to 2100"))?;
    let store = state.store.clone();
    let id = user.id;
    let entries =
        web::block(move || crate::reports::within(window, store.books.entries_of_user_newest_first(id))).await??;
    let in_year: Vec<_> = entries.iter().filter(|e| e.status == EntryStatus::Success).collect();
    let taxes: HashMap<&str, i64> = in_year
        .iter()
        .filter(|e| e.kind == EntryKind::Tax)
        .map(|e| (e.reference.as_str(), -e.amount.as_i64()))
        .collect();
    let mut lines: Vec<_> = in_year.iter().filter(|e| e.kind == EntryKind::Win).collect();
    lines.sort_by_key(|e| (e.created_at, e.id));
    let (mut gross, mut tax) = (0i64, 0i64);
    let rows: Vec<_> = lines
        .iter()
        .map(|win| {
            let withheld = taxes.get(win.reference.as_str()).copied().unwrap_or(0);
            gross += win.amount.as_i64();
            tax += withheld;
            json!({
                "ticket_id": win.reference.strip_prefix("ticket:").and_then(|t| t.parse::<u64>().ok()),
                "paid_at": time(win.created_at),
                "gross": win.amount.as_i64(), "tax": withheld, "net": win.amount.as_i64() - withheld,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "data": {
        "year": year, "name": user.name, "state": user.state, "state_name": user.state.as_deref().map(state_name),
        "lines": rows, "totals": { "gross": gross, "tax": tax, "net": gross - tax },
    }})))
}
