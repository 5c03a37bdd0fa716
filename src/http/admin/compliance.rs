//! Back office: the states the operator is licensed in and the withholding-tax rules (docs/decisions/026).

use actix_web::{get, post, web, HttpRequest, HttpResponse};
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::json;
use utoipa::ToSchema;

use ayo_data::lagos::lagos_day;
use ayo_data::residence::{parse_state, Licence};
use ayo_data::tax::{TaxRule, WHOLE};

use crate::error::{ApiError, FieldErrors};
use crate::http::extract::AdminUser;
use crate::http::json::JsonBody;
use crate::http::player::residence::states_view;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(licensed_states).service(update_licence).service(tax_rules).service(create_tax_rule);
}

#[utoipa::path(
    summary = "The states the operator is licensed in",
    responses((status = 200, description = "data: [{code, name, licensed}]", body = Envelope))
)]
#[get("/licence")]
async fn licensed_states(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(states_view(&state.store.meta.licence()?)))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct LicenceBody {
    /// ISO 3166-2:NG codes; empty for every state.
    states: Vec<String>,
}

#[utoipa::path(
    summary = "Set the states the operator is licensed in (empty: every state); AYO_LICENSED_STATES at start wins",
    request_body = LicenceBody,
    responses(
        (status = 200, description = "data: [{code, name, licensed}]", body = Envelope),
        (status = 422, description = "Not a state's code", body = ErrorBody),
    )
)]
#[post("/licence/update")]
async fn update_licence(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    JsonBody(body): JsonBody<LicenceBody>,
) -> Result<HttpResponse, ApiError> {
    let licence = Licence::parse(&body.states.join(","))
        .map_err(|bad| ApiError::field("states", format!("{bad:?} is not a state's code")))?;
    state.store.meta.set_licence(&licence)?;
    state.store.flush().await?;
    let detail =
        licence.states.as_ref().map_or("every state".into(), |s| s.iter().cloned().collect::<Vec<_>>().join(","));
    state.audit(Some(&req), Some(&admin), "licence.updated", None, detail);
    Ok(HttpResponse::Ok().json(states_view(&licence)))
}

fn rule_view(rule: &TaxRule) -> serde_json::Value {
    json!({ "state": rule.state, "rate_bp": rule.rate_bp, "from": rule.from })
}

#[utoipa::path(
    summary = "Withholding-tax rules on winnings, by state and effective date",
    responses((status = 200, description = "data: [{state (null: every other state), rate_bp, from}]", body = Envelope))
)]
#[get("/tax-rules")]
async fn tax_rules(state: web::Data<AppState>, _: AdminUser) -> Result<HttpResponse, ApiError> {
    let table = state.store.meta.tax_table()?;
    Ok(HttpResponse::Ok().json(json!({ "data": table.rules.iter().map(rule_view).collect::<Vec<_>>() })))
}

#[derive(Deserialize, Default, ToSchema)]
#[serde(default)]
struct TaxRuleBody {
    /// ISO 3166-2:NG code; empty for every state without a rule of its own.
    state: String,
    /// Basis points of the net win: 500 is 5 %.
    #[schema(required = true, maximum = 10000)]
    rate_bp: Option<u32>,
    /// The first Lagos day whose draws it applies to: today or later.
    #[schema(required = true, format = Date)]
    from: String,
}

#[utoipa::path(
    summary = "Add a withholding-tax rule (from today or a later day: past draws keep the tax they bore)",
    request_body = TaxRuleBody,
    responses(
        (status = 201, description = "data: every rule", body = Envelope),
        (status = 422, description = "A field is wrong", body = ErrorBody),
    )
)]
#[post("/tax-rules/create")]
async fn create_tax_rule(
    req: HttpRequest,
    state: web::Data<AppState>,
    AdminUser(admin): AdminUser,
    JsonBody(body): JsonBody<TaxRuleBody>,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::default();
    let code = match body.state.trim() {
        "" => None,
        raw => {
            let code = parse_state(raw);
            if code.is_none() {
                errors.push("state", "Choose a state (or none for every state)".into());
            }
            code
        }
    };
    let rate = body.rate_bp.filter(|r| *r <= WHOLE);
    if rate.is_none() {
        errors.push("rate_bp", "Enter a rate in basis points from 0 to 10000 (500 is 5 %)".into());
    }
    let today = lagos_day(chrono::Utc::now());
    let from = NaiveDate::parse_from_str(body.from.trim(), "%Y-%m-%d").ok().filter(|d| *d >= today);
    if from.is_none() {
        errors.push("from", format!("Enter a day from today ({today}) on, as YYYY-MM-DD"));
    }
    errors.finish()?;
    let (Some(rate_bp), Some(from)) = (rate, from) else { return Err(ApiError::field("from", "Enter a day")) };
    let rule = TaxRule { state: code.map(str::to_string), rate_bp, from };
    let mut table = state.store.meta.tax_table()?;
    table.rules.push(rule.clone());
    state.store.meta.set_tax_table(&table)?;
    state.store.flush().await?;
    let detail = format!("{} {} bp from {}", code.unwrap_or("every state"), rate_bp, from);
    state.audit(Some(&req), Some(&admin), "tax_rule.created", None, detail);
    Ok(HttpResponse::Created().json(json!({ "data": table.rules.iter().map(rule_view).collect::<Vec<_>>() })))
}
