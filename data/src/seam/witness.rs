//! The independent witness's pool of commitments (docs/decisions/017): each draw takes the next one when it is
//! scheduled, so the witness's secret is fixed before any ticket of that draw is sold.

use crate::error::StoreResult;
use crate::store::PooledCommitment;

pub trait WitnessPool: Send + Sync {
    /// Adds commitments to the end of the pool, in order.
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<()>;

    /// Takes the oldest commitment out of the pool: each one goes to one caller only, whatever node takes at once.
    fn take(&self) -> StoreResult<Option<PooledCommitment>>;

    /// How many commitments are waiting.
    fn pooled(&self) -> StoreResult<usize>;
}
