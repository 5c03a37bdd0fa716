//! PostgreSQL, the cluster mode's system of record (issue 14; docs/decisions/029): connecting, the versioned
//! schema (`data/migrations/`), moving an embedded store into it (`import`, behind `ayo migrate`), the money
//! engine (`money`) and a draw's payout on it (`payout`), the draw lease with its fencing token (`lease`) and the
//! writes made under it (`draws`), rate-limit counters shared by every node (`rate`), and the store seam's
//! families (`meta`, `users`, `otps`, `payments`…) answered from PostgreSQL.

pub mod activities;
pub mod adjustments;
pub mod audit;
pub mod blocking;
pub mod books;
pub mod draws;
pub mod games;
pub mod identities;
pub mod import;
pub mod lease;
pub mod meta;
pub mod money;
pub mod moves;
pub mod notices;
pub mod otps;
mod pages;
pub mod payments;
pub mod payout;
pub mod rate;
pub mod responsible;
pub mod sandbox;
pub mod schema;
pub mod users;
pub mod witness;

pub use tokio_postgres::Client;

/// What can go wrong talking to PostgreSQL or moving a store into it.
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    #[error(transparent)]
    Store(#[from] crate::StoreError),
    #[error("PostgreSQL connections: {0}")]
    Pool(String),
    #[error("the target database already holds a lottery ({0} records): migrate into an empty database")]
    NotEmpty(i64),
    #[error("the copy does not match the store, nothing was kept:\n  {}", .0.join("\n  "))]
    Mismatch(Vec<String>),
    /// A draw's lifecycle write by a node whose lease on it is gone (taken over, run out or released): nothing of
    /// it was written.
    #[error("draw {draw}: the lease under fence {fence} is no longer held; nothing was written")]
    Fenced { draw: i64, fence: i64 },
}

impl From<deadpool_postgres::PoolError> for PgError {
    fn from(e: deadpool_postgres::PoolError) -> Self {
        Self::Pool(e.to_string())
    }
}

/// Connects to `url` (`postgres://user@host:port/db`); the connection runs on the current tokio runtime.
pub async fn connect(url: &str) -> Result<Client, PgError> {
    let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::error!(error = %e, "the PostgreSQL connection ended");
        }
    });
    Ok(client)
}

/// Creates a new, empty database named `<prefix>_<random>` on the server `server_url` names (its user must be
/// allowed to create databases); answers the new database's URL. For tests, benchmarks and drills.
pub async fn new_database(server_url: &str, prefix: &str) -> Result<String, PgError> {
    let name = format!("{prefix}_{:016x}", rand::random::<u64>());
    connect(server_url).await?.batch_execute(&format!("CREATE DATABASE {name}")).await?;
    let base = server_url.rsplit_once('/').map_or(server_url, |(base, _)| base);
    Ok(format!("{base}/{name}"))
}
