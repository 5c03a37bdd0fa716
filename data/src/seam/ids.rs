//! Ids for tickets and ledger entries: one increasing sequence in the embedded store; on PostgreSQL unique across
//! nodes (each node takes a block of the shared `ids` sequence) and increasing within a node.

use crate::error::StoreResult;

pub trait Ids: Send + Sync {
    fn next_id(&self) -> StoreResult<u64>;
}
