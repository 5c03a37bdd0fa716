//! `GET /tax-rates`: the withholding tax on winnings in force today, by state, so the bet slip can say what a win
//! pays after tax before the player buys (issue 32, docs/decisions/026). Public: a guest reads what Lagos withholds.

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use ayo_data::lagos::lagos_day;
use ayo_data::residence::{state_name, STATES};

use crate::error::ApiError;
use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(tax_rates);
}

#[utoipa::path(
    summary = "Withholding tax on net winnings in force today (Lagos day): the default and every state that differs",
    tag = "public",
    responses((
        status = 200,
        description = "data: {day, default_bp, states: [{state, state_name, rate_bp}]}; the tax is rate_bp / 10000 of a ticket's winnings less its stake, rounded down to the kobo",
        body = Envelope
    ))
)]
#[get("/tax-rates")]
async fn tax_rates(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let table = state.store.meta.tax_table()?;
    let day = lagos_day(chrono::Utc::now());
    let default_bp = table.rate(None, day);
    let states: Vec<_> = STATES
        .iter()
        .map(|(code, _)| (*code, table.rate(Some(code), day)))
        .filter(|(_, rate)| *rate != default_bp)
        .map(|(code, rate_bp)| json!({ "state": code, "state_name": state_name(code), "rate_bp": rate_bp }))
        .collect();
    Ok(HttpResponse::Ok().json(json!({ "data": { "day": day, "default_bp": default_bp, "states": states } })))
}
