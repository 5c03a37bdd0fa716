//! The edge of Ayo Lotto: configuration, start-up, command line, HTTP routes, auth, mail and the embedded app.
//! It knows actix-web and owns no business rule.

pub mod assets;
pub mod audit_detail;
pub mod audit_retention;
pub mod auth;
pub mod bus;
pub mod cli;
pub mod client_ip;
pub mod cluster_backup;
pub mod config;
pub mod control;
pub mod csv;
pub mod dashboard;
pub mod demo;
pub mod demo_games;
pub mod error;
pub mod front;
pub mod http;
pub mod identity;
pub mod leadership;
pub mod mail;
pub mod metrics;
pub mod migrate;
pub mod payments;
pub mod rate_limit;
pub mod reports;
pub mod secret_strength;
pub mod secrets;
pub mod security_headers;
pub mod startup;
pub mod verify;
pub mod witness_client;
