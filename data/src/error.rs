//! Storage errors. Domain validation errors live beside their types.

/// Something went wrong below the model: sled, encoding, or a broken invariant on disk.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sled: {0}")]
    Sled(#[from] sled::Error),
    #[error("encoding: {0}")]
    Encoding(#[from] serde_json::Error),
    #[error("making writes durable: {0}")]
    Flush(String),
    /// A transaction shared by several callers failed (see `store::purchases`).
    #[error("transaction: {0}")]
    Transaction(String),
    #[error("corrupt record in {tree}: {detail}")]
    Corrupt { tree: &'static str, detail: String },
    /// The store refused a request that would harm it, and says why (a restore over an existing database).
    #[error("{0}")]
    Refused(String),
    /// The cluster mode's database (PostgreSQL) failed or could not be reached.
    #[error("database: {0}")]
    Database(String),
}

impl From<sled::transaction::TransactionError<StoreError>> for StoreError {
    fn from(e: sled::transaction::TransactionError<StoreError>) -> Self {
        match e {
            sled::transaction::TransactionError::Abort(inner) => inner,
            sled::transaction::TransactionError::Storage(s) => StoreError::Sled(s),
        }
    }
}

pub type StoreResult<T> = Result<T, StoreError>;
