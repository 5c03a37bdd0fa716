//! `GET /draws/{id}/closed-numbers`: the numbers an admin has closed for a draw (docs/decisions/048-exact-liability.md,
//! 053). The play page reads them every few seconds while the draw is on sale and marks them on its board before the
//! player picks them; a sale picking one is refused anyway (409 `LIABILITY_LIMIT`). The closed numbers live in the
//! embedded store's risk desk, or in PostgreSQL for every node of a cluster (decision 056).

use actix_web::{get, web, HttpResponse};
use serde_json::json;

use crate::error::ApiError;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};
use crate::http::state::AppState;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(closed_numbers);
}

#[utoipa::path(
    summary = "The numbers closed for a draw: a sale picking one is refused (409 LIABILITY_LIMIT)",
    tag = "lotto",
    params(("id" = u64, Path)),
    responses(
        (status = 200, description = "data: {draw_id, closed_numbers}", body = Envelope),
        (status = 404, description = "Not found", body = ErrorBody),
    )
)]
#[get("/draws/{id}/closed-numbers")]
async fn closed_numbers(state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let draw = state.store.games.draw(*id)?.ok_or(ApiError::NotFound("Draw"))?;
    let risk = state.store.risk.clone();
    let closed: Vec<u8> = web::block(move || risk.closed(draw.id)).await??.into_iter().collect();
    Ok(HttpResponse::Ok().json(json!({ "data": { "draw_id": draw.id, "closed_numbers": closed } })))
}
