//! `GET /accounts/banks`: Nigerian banks and their CBN codes (SPEC §7: bearer).

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::auth::AuthUser;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/accounts/banks", web::get().to(banks));
}

async fn banks(_: AuthUser) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header(("Cache-Control", "private, max-age=86400"))
        .json(json!({ "data": ayo_data::banks::all() }))
}
