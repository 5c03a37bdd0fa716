//! `GET /operator`: who runs the lottery and how to reach a person, for every page's footer, /about, /contact and
//! the tax statement (docs/decisions/049). Public: a visitor checks it before signing up.

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::error::ApiError;
use crate::http::schema::{Envelope, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(operator);
}

#[utoipa::path(
    summary = "Who runs the lottery: company, RC number, licences by state, address and support contacts",
    tag = "public",
    responses((
        status = 200,
        description = "data: {company, rc_number, licences: [{state, state_name, regulator, number}], address, support_phone, whatsapp, whatsapp_link, support_hours, reply_time, licensed}",
        body = Envelope
    ))
)]
#[get("/operator")]
async fn operator(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let operator = state.store.meta.operator()?;
    Ok(HttpResponse::Ok().json(json!({ "data": crate::http::views::operator::operator(&operator) })))
}
