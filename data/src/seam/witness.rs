//! The independent witness's pool of commitments (docs/decisions/017): each draw takes the next one when it is
//! scheduled, so the witness's secret is fixed before any ticket of that draw is sold.

use crate::error::StoreResult;
use crate::store::PooledCommitment;

/// A commitment pooled before (waiting, or already taken by a draw), or twice in one request: refused, because a
/// secret used twice lets whoever saw its first reveal know it before the later draw (issue 30). Nothing of the
/// request is pooled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("Commitment {index} of the request was pooled before: each secret may serve one draw only")]
pub struct DuplicateCommitment {
    /// Its place in the request.
    pub index: usize,
}

pub trait WitnessPool: Send + Sync {
    /// Adds commitments to the end of the pool, in order, all or none: none when any of them was ever pooled before,
    /// by any witness (each engine keeps every commitment it ever pooled).
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<Result<(), DuplicateCommitment>>;

    /// Takes the oldest commitment out of the pool: each one goes to one caller only, whatever node takes at once.
    fn take(&self) -> StoreResult<Option<PooledCommitment>>;

    /// How many commitments are waiting.
    fn pooled(&self) -> StoreResult<usize>;
}
