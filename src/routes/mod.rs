//! The HTTP API under `/api/v1`, one module per resource.

mod accounts;
mod admin;
mod admin_adjust;
mod admin_compliance;
mod admin_games;
mod admin_identity;
mod admin_money;
mod admin_notices;
mod admin_reports;
mod admin_users;
mod auth;
pub use auth::ADMIN_PASSWORD_MIN;
mod bank_accounts;
mod deposits;
mod games;
mod health;
mod identity;
mod mfa;
mod notices;
mod openapi;
mod otps;
mod password_reset;
mod payments;
mod reality_check;
mod residence;
mod responsible;
mod results;
mod session;
mod tax_statement;
mod tickets;
mod transactions;
mod users;
mod withdrawals;
mod witness;

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::{web, HttpRequest};

use crate::error::ApiError;
use crate::state::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(api());
}

/// Every API route, each with its description (`crate::api_doc`).
pub fn api() -> utoipa_actix_web::scope::Scope<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse, Error = actix_web::Error, InitError = ()>,
> {
    utoipa_actix_web::scope(crate::api_doc::BASE)
        .configure(health::configure)
        .configure(openapi::configure)
        .configure(users::configure)
        .configure(residence::configure)
        .configure(otps::configure)
        .configure(auth::configure)
        .configure(mfa::configure)
        .configure(password_reset::configure)
        .configure(accounts::configure)
        .configure(games::configure)
        .configure(results::configure)
        .configure(notices::configure)
        .configure(tickets::configure)
        .configure(bank_accounts::configure)
        .configure(deposits::configure)
        .configure(identity::configure)
        .configure(withdrawals::configure)
        .configure(transactions::configure)
        .configure(tax_statement::configure)
        .configure(responsible::configure)
        .configure(reality_check::configure)
        .configure(payments::configure)
        .configure(witness::configure)
        .configure(admin::configure)
        .default_service(web::to(|| async { Err::<String, _>(ApiError::NotFound("Endpoint")) }))
}

/// The client a limit or an audit entry is about: the peer, or the forwarded client behind a trusted proxy
/// (`crate::client_ip`), with IPv6 bucketed by /64.
pub fn client_ip(req: &HttpRequest) -> String {
    let peer = req.peer_addr().map(|a| a.ip());
    let client = match req.app_data::<web::Data<AppState>>() {
        Some(state) => state.trusted_proxies.client(peer, req.headers()),
        None => peer,
    };
    client.map(crate::client_ip::bucket).unwrap_or_else(|| "unknown".into())
}
