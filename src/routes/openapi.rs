//! `GET /openapi.json`: the API description, kept beside the code and checked by a test that calls every
//! operation it lists.

use actix_web::{web, HttpResponse};

const OPENAPI: &str = include_str!("../openapi.json");

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/openapi.json", web::get().to(openapi));
}

async fn openapi() -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(OPENAPI)
}
