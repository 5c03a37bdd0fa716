//! What can go wrong on PostgreSQL: the one error every file of `pg/` answers with, at the bottom of the folder so
//! that each of them can name it without reaching up to the folder's top (`mod.rs`, which assembles a node).

/// What can go wrong talking to PostgreSQL or moving a store into it.
#[derive(Debug, thiserror::Error)]
pub enum PgError {
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    #[error(transparent)]
    Store(#[from] crate::error::StoreError),
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
