//! The witness's pool of commitments (`seam::WitnessPool`) in the embedded store: the `witness_pool` tree, in the
//! order they were added.

use super::codec::{decode, encode, id_key};
use crate::error::StoreResult;
use crate::seam::PooledCommitment;
use crate::seam::WitnessPool;

#[derive(Clone)]
pub struct WitnessStore {
    db: sled::Db,
    pool: sled::Tree,
}

impl WitnessStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { db: db.clone(), pool: db.open_tree("witness_pool")? })
    }

    /// Every commitment waiting, oldest first: what `ayo migrate` copies.
    pub(crate) fn waiting(&self) -> StoreResult<Vec<PooledCommitment>> {
        self.pool.iter().values().map(|v| decode(&v?)).collect()
    }
}

impl WitnessPool for WitnessStore {
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<()> {
        let mut batch = sled::Batch::default();
        for commitment in commitments {
            batch.insert(&id_key(self.db.generate_id()?), encode(commitment)?);
        }
        let _gate = super::backup::writing();
        self.pool.apply_batch(batch)?;
        Ok(())
    }

    // `pop_min` is atomic: two draws never share one.
    fn take(&self) -> StoreResult<Option<PooledCommitment>> {
        self.pool.pop_min()?.map(|(_, value)| decode(&value)).transpose()
    }

    fn pooled(&self) -> StoreResult<usize> {
        Ok(self.pool.len())
    }
}
