//! The independent witness's pool of commitments (docs/decisions/017): each draw takes the next one when it is
//! scheduled, so the witness's secret is fixed before any ticket of that draw is sold.

use serde::{Deserialize, Serialize};

use crate::draw::WitnessPart;
use crate::error::StoreResult;
use crate::user::UserId;

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

/// One commitment waiting for a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PooledCommitment {
    pub witness_id: UserId,
    pub label: String,
    pub commitment: String,
}

/// The part a draw takes from the pool when it is scheduled: committed, not yet revealed.
impl From<PooledCommitment> for WitnessPart {
    fn from(pooled: PooledCommitment) -> Self {
        WitnessPart { witness_id: pooled.witness_id, commitment: pooled.commitment, label: pooled.label, secret: None }
    }
}
