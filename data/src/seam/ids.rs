//! Ids for tickets and ledger entries: one increasing sequence in the embedded store; on PostgreSQL unique across
//! nodes (each node takes a block of the shared `ids` sequence) and increasing within a node.

use crate::error::StoreResult;

pub trait Ids: Send + Sync {
    fn next_id(&self) -> StoreResult<u64>;
}

impl Ids for crate::store::WalletStore {
    fn next_id(&self) -> StoreResult<u64> {
        crate::store::WalletStore::next_id(self)
    }
}

impl Ids for crate::pg::blocking::PgSync {
    fn next_id(&self) -> StoreResult<u64> {
        crate::pg::blocking::PgSync::next_id(self)
    }
}
