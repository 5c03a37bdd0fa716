//! The edge of Ayo Lotto: configuration, start-up, command line, HTTP routes, auth, mail and the embedded app.
//! It knows actix-web and owns no business rule.

pub mod api_doc;
pub mod assets;
pub mod audit;
pub mod audit_retention;
pub mod auth;
pub mod bus;
pub mod cli;
pub mod client_ip;
pub mod config;
pub mod control;
pub mod csv;
pub mod dashboard;
pub mod demo;
pub mod demo_games;
pub mod error;
pub mod front;
pub mod identity;
pub mod json;
pub mod mail;
pub mod metrics;
pub mod migrate;
pub mod paging;
pub mod payments;
pub mod rate_limit;
pub mod realtime;
pub mod receipt;
pub mod reports;
pub mod routes;
pub mod secrets;
pub mod security_headers;
pub mod startup;
pub mod state;
pub mod verify;
pub mod views;
pub mod witness_client;
