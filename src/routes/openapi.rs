//! `GET /openapi.json`: the API description, generated from the handlers (`crate::api_doc`).

use actix_web::{get, HttpResponse};

use crate::api_doc::ServiceConfig;

pub fn configure(cfg: &mut ServiceConfig) {
    cfg.service(openapi);
}

#[utoipa::path(
    summary = "This document",
    tag = "public",
    responses((status = 200, description = "OpenAPI 3.1", content_type = "application/json"))
)]
#[get("/openapi.json")]
async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(crate::api_doc::json())
}
