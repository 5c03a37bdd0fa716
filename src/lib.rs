//! The edge of Ayo Lotto: it knows actix-web and owns no business rule (those live in `ayo_data` and the actors of
//! `ayo_actors`). Its rooms, from the top down; each imports only rooms below it:
//!
//! - `commands`: the command line (`serve`, `create-admin`, `create-witness`, `verify-draw`, `backup`, `restore`,
//!   `migrate`, `witness`).
//! - `server`: `ayo serve` itself: settings, keys, start-up, the public port, security headers, the embedded app,
//!   `/metrics`, the control socket.
//! - `http`: the API under `/api/v1` and its WebSocket, routes grouped by who may call them (`public`, `account`,
//!   `player`, `admin`, `witness`), the extractors that guard them, the JSON views, and the OpenAPI document
//!   assembled on top of the routes.
//! - `jobs`: what runs on its own: cluster leadership, the live dashboard, audit retention, the witness client.
//! - the services handlers use: `auth` (passwords, tokens, TOTP, guess budgets), `payments` (gateways), `identity`
//!   (NIN checks), `bus` (the Hubs of every node), `mail`, `rate_limit`, `reports` (regulator, tax and AML).
//! - the ground: `secrets` (keys on disk and how strong a key must be), `client_ip` (who is really calling),
//!   `error` (the one error type handlers return), `audit_detail` (what an audit entry may hold).

pub mod audit_detail;
pub mod auth;
pub mod bus;
pub mod client_ip;
pub mod commands;
pub mod error;
pub mod http;
pub mod identity;
pub mod jobs;
pub mod mail;
pub mod payments;
pub mod rate_limit;
pub mod reports;
pub mod secrets;
pub mod server;
