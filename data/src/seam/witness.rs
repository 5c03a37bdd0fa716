//! The independent witness's pool of commitments (docs/decisions/017): each draw takes the next one when it is
//! scheduled, so the witness's secret is fixed before any ticket of that draw is sold.

use chrono::{DateTime, Utc};
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

    /// Takes `witness`'s oldest waiting commitment: pools are per witness, so one witness keeping its pool full
    /// never starves another (issue 30). Each commitment goes to one caller only.
    fn take_from(&self, witness: UserId) -> StoreResult<Option<PooledCommitment>>;

    /// How many of `witness`'s commitments are waiting.
    fn pooled_of(&self, witness: UserId) -> StoreResult<usize>;

    /// Registers a witness's public entry. Once only: the same key again is a no-op, another key for the account
    /// or a key another account holds is refused, so a signature in a draw always points to one witness.
    fn register(&self, entry: &WitnessEntry) -> StoreResult<Result<(), KeyRefused>>;

    /// Every registered witness, by account id: the public list of who may be named on a draw.
    fn entries(&self) -> StoreResult<Vec<WitnessEntry>>;
}

/// A witness's public entry (docs/decisions/046): who they are and the key their signatures verify with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WitnessEntry {
    pub witness_id: UserId,
    pub name: String,
    /// Ed25519 public key, 64 lowercase hex.
    pub public_key: String,
    pub since: DateTime<Utc>,
    /// What a player should know about who runs it (the demo's: run by the operator, for the demo only).
    #[serde(default)]
    pub note: Option<String>,
}

/// Why a public key was not registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum KeyRefused {
    #[error("This witness account already has another public key: a witness's key is registered once")]
    AccountHasAnother,
    #[error("Another witness account holds this public key")]
    HeldByAnother,
}

/// The registry's check, shared by both engines: `entry` may go in unless its account or its key is taken.
pub fn key_refused(entries: &[WitnessEntry], entry: &WitnessEntry) -> Option<Result<(), KeyRefused>> {
    for existing in entries {
        match (existing.witness_id == entry.witness_id, existing.public_key == entry.public_key) {
            (true, true) => return Some(Ok(())),
            (true, false) => return Some(Err(KeyRefused::AccountHasAnother)),
            (false, true) => return Some(Err(KeyRefused::HeldByAnother)),
            (false, false) => {}
        }
    }
    None
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
        WitnessPart {
            witness_id: pooled.witness_id,
            commitment: pooled.commitment,
            label: pooled.label,
            secret: None,
            name: None,
            public_key: None,
            commitment_signature: None,
            reveal_signature: None,
        }
    }
}

impl WitnessPart {
    /// The part a draw takes from a named witness's pool: named, with the key its signatures must verify with.
    pub fn named(pooled: PooledCommitment, entry: &WitnessEntry) -> Self {
        WitnessPart { name: Some(entry.name.clone()), public_key: Some(entry.public_key.clone()), ..pooled.into() }
    }
}
