//! The HTTP API under `/api/v1`, one module per resource.

mod accounts;
mod admin;
mod admin_games;
mod admin_notices;
mod admin_users;
mod auth;
mod games;
mod health;
mod notices;
mod openapi;
mod otps;
mod password_reset;
mod session;
mod tickets;
mod users;

use actix_web::{web, HttpRequest};

use crate::error::ApiError;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api/v1")
            .configure(health::configure)
            .configure(openapi::configure)
            .configure(users::configure)
            .configure(otps::configure)
            .configure(auth::configure)
            .configure(password_reset::configure)
            .configure(accounts::configure)
            .configure(games::configure)
            .configure(notices::configure)
            .configure(tickets::configure)
            .configure(admin::configure)
            .configure(crate::realtime::configure)
            .default_service(web::to(|| async { Err::<String, _>(ApiError::NotFound("Endpoint")) })),
    );
}

/// The client's address as the socket saw it. Forwarded headers are not trusted: anyone can set them.
pub fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_else(|| "unknown".into())
}
