//! `ayo serve`'s server: settings (`config`), its keys (`keys`), start-up (`startup`: the store, the actors, the
//! listeners, the background jobs), the public port that tells sockets from HTTP (`front`), the security headers,
//! the embedded app (`assets`), `/metrics` and the local control socket. It stands on `crate::http` and
//! `crate::jobs`; only `crate::commands` stands on it.

pub mod assets;
pub mod config;
pub mod control;
pub mod front;
pub mod keys;
pub mod metrics;
pub mod operator;
pub mod security_headers;
pub mod startup;
