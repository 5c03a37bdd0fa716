//! The HTTP edge: the API under `/api/v1` and its WebSocket, in rooms by who may call them: `public` (anyone),
//! `account` (signing up, in and out: anyone with or opening an account), `player` (a signed-in player,
//! `extract::PlayerUser`), `admin` (the back office, `extract::AdminUser`) and `witness` (the independent witness,
//! `extract::WitnessUser`). Below them: `state` (what every handler reaches), `flows` (steps several rooms share),
//! `views` (the JSON shapes), `schema` (what the OpenAPI document says of every answer). `api_doc` sits on top: it
//! assembles the document from the route tree and serves it; no route imports it.

pub mod account;
pub mod admin;
pub mod api_doc;
pub mod audit;
pub mod extract;
pub mod flows;
pub mod json;
pub mod paging;
pub mod player;
pub mod public;
pub mod realtime;
pub mod schema;
pub mod state;
pub mod views;
pub mod witness;

use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::web;

use crate::error::ApiError;

/// Every API route but the document's own (`api_doc::api` adds it), each with its description.
pub fn routes() -> utoipa_actix_web::scope::Scope<
    impl ServiceFactory<ServiceRequest, Config = (), Response = ServiceResponse, Error = actix_web::Error, InitError = ()>,
> {
    utoipa_actix_web::scope(schema::BASE)
        .configure(public::health::configure)
        .configure(account::users::configure)
        .configure(player::residence::configure)
        .configure(account::otps::configure)
        .configure(account::auth::configure)
        .configure(account::mfa::configure)
        .configure(account::password_reset::configure)
        .configure(player::accounts::configure)
        .configure(public::games::configure)
        .configure(public::beacon::configure)
        .configure(public::closed_numbers::configure)
        .configure(public::results::configure)
        .configure(public::fairness::configure)
        .configure(public::notices::configure)
        .configure(public::witnesses::configure)
        .configure(public::operator::configure)
        .configure(public::tax_rates::configure)
        .configure(player::tickets::configure)
        .configure(player::bank_accounts::configure)
        .configure(player::deposits::configure)
        .configure(player::identity::configure)
        .configure(player::withdrawals::configure)
        .configure(player::transactions::configure)
        .configure(player::tax_statement::configure)
        .configure(player::responsible::configure)
        .configure(player::reality_check::configure)
        .configure(public::payments::configure)
        .configure(witness::configure)
        .configure(admin::configure)
        .default_service(web::to(|| async { Err::<String, _>(ApiError::NotFound("Endpoint")) }))
}
