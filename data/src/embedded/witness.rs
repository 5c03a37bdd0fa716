//! The witness's pool of commitments (`seam::WitnessPool`) in the embedded store: the `witness_pool` tree, in the
//! order they were added, and `witness_commitments`, every commitment ever pooled (kept after a draw takes it), by
//! which a commitment is pooled once only.

use std::collections::HashSet;
use std::convert::Infallible;

use sled::transaction::{ConflictableTransactionError, TransactionError};
use sled::Transactional;

use super::codec::{decode, encode, id_key};
use super::games::GameStore;
use crate::error::StoreResult;
use crate::seam::{key_refused, DuplicateCommitment, KeyRefused, PooledCommitment, WitnessEntry, WitnessPool};
use crate::user::UserId;

/// In `witness_commitments`, the key whose presence says the tree holds every commitment of the store's past
/// (filled once from the pool and the draws when a store older than it is opened). No commitment is empty.
const FILLED: &[u8] = b"";

#[derive(Clone)]
pub struct WitnessStore {
    db: sled::Db,
    pool: sled::Tree,
    /// Every commitment ever pooled, to the id it was pooled under.
    used: sled::Tree,
    /// Witness id → `WitnessEntry`: the public registry of witnesses and their keys.
    keys: sled::Tree,
}

impl WitnessStore {
    pub(super) fn open(db: &sled::Db, games: &GameStore) -> StoreResult<Self> {
        let store = Self {
            db: db.clone(),
            pool: db.open_tree("witness_pool")?,
            used: db.open_tree("witness_commitments")?,
            keys: db.open_tree("witness_keys")?,
        };
        if store.used.get(FILLED)?.is_none() {
            store.fill_from_the_past(games)?;
        }
        Ok(store)
    }

    /// A store from before the record of used commitments: every commitment its draws hold, then the waiting ones
    /// in pool order. A waiting one already used (a duplicate the old code let in) can never be taken safely, so it
    /// leaves the pool, with a warning.
    fn fill_from_the_past(&self, games: &GameStore) -> StoreResult<()> {
        for commitment in games.witness_commitments()? {
            self.used.insert(commitment.as_bytes(), &[])?;
        }
        for entry in self.pool.iter() {
            let (key, value) = entry?;
            let pooled: PooledCommitment = decode(&value)?;
            if self.used.insert(pooled.commitment.as_bytes(), &key)?.is_some() {
                tracing::warn!(
                    label = pooled.label,
                    "a commitment pooled twice before duplicates were refused: dropped"
                );
                self.pool.remove(&key)?;
            }
        }
        self.used.insert(FILLED, &[])?;
        Ok(())
    }

    /// Every commitment waiting, oldest first: what `ayo migrate` copies.
    pub(crate) fn waiting(&self) -> StoreResult<Vec<PooledCommitment>> {
        self.pool.iter().values().map(|v| decode(&v?)).collect()
    }
}

impl WitnessPool for WitnessStore {
    fn add(&self, commitments: &[PooledCommitment]) -> StoreResult<Result<(), DuplicateCommitment>> {
        let mut rows = Vec::with_capacity(commitments.len());
        for commitment in commitments {
            rows.push((commitment.commitment.as_bytes(), id_key(self.db.generate_id()?), encode(commitment)?));
        }
        let _gate = super::backup::writing();
        // One transaction over both trees: two requests adding the same commitment at once cannot both get it in.
        let added = (&self.pool, &self.used).transaction(|(pool, used)| {
            let mut seen = HashSet::new();
            for (index, (commitment, _, _)) in rows.iter().enumerate() {
                if !seen.insert(*commitment) || used.get(commitment)?.is_some() {
                    return Ok(Err(DuplicateCommitment { index }));
                }
            }
            for (commitment, key, value) in &rows {
                used.insert(*commitment, key.as_slice())?;
                pool.insert(key.as_slice(), value.as_slice())?;
            }
            Ok::<_, ConflictableTransactionError<Infallible>>(Ok(()))
        });
        match added {
            Ok(outcome) => Ok(outcome),
            Err(TransactionError::Storage(e)) => Err(e.into()),
            Err(TransactionError::Abort(never)) => match never {},
        }
    }

    // `pop_min` is atomic: two draws never share one.
    fn take(&self) -> StoreResult<Option<PooledCommitment>> {
        self.pool.pop_min()?.map(|(_, value)| decode(&value)).transpose()
    }

    fn pooled(&self) -> StoreResult<usize> {
        Ok(self.pool.len())
    }

    // The pool keeps one order for every witness; a witness's oldest is the first of theirs. `remove` answers the
    // value only to the caller that removed it, so two takers never share one.
    fn take_from(&self, witness: UserId) -> StoreResult<Option<PooledCommitment>> {
        for entry in self.pool.iter() {
            let (key, value) = entry?;
            let pooled: PooledCommitment = decode(&value)?;
            if pooled.witness_id == witness && self.pool.remove(&key)?.is_some() {
                return Ok(Some(pooled));
            }
        }
        Ok(None)
    }

    fn pooled_of(&self, witness: UserId) -> StoreResult<usize> {
        let mut count = 0;
        for value in self.pool.iter().values() {
            count += usize::from(decode::<PooledCommitment>(&value?)?.witness_id == witness);
        }
        Ok(count)
    }

    fn register(&self, entry: &WitnessEntry) -> StoreResult<Result<(), KeyRefused>> {
        // Registrations are rare and the embedded store has one process: one at a time, so two accounts
        // registering one key at once cannot both get it.
        static REGISTERING: parking_lot::Mutex<()> = parking_lot::Mutex::new(());
        let _one = REGISTERING.lock();
        if let Some(outcome) = key_refused(&self.entries()?, entry) {
            return Ok(outcome);
        }
        let _gate = super::backup::writing();
        self.keys.insert(id_key(entry.witness_id), encode(entry)?)?;
        Ok(Ok(()))
    }

    fn entries(&self) -> StoreResult<Vec<WitnessEntry>> {
        self.keys.iter().values().map(|v| decode(&v?)).collect()
    }
}
