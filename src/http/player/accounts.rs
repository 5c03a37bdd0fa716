//! `GET /accounts/banks`: Nigerian banks and their CBN codes (docs/product.md §15: bearer).

use actix_web::{get, HttpResponse};
use serde_json::json;

use crate::http::extract::AuthUser;
use crate::http::schema::{Envelope, ErrorBody, ServiceConfig};

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(banks);
}

#[utoipa::path(
    summary = "Nigerian banks with CBN codes",
    tag = "accounts",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "data: [{name, code, slug}]", body = Envelope),
        (status = 401, description = "Missing, expired or invalid token (errorCode N403), or wrong credentials", body = ErrorBody),
    )
)]
#[get("/accounts/banks")]
async fn banks(_: AuthUser) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "private, max-age=86400"))
        .json(json!({ "data": ayo_data::banks::all() }))
}
