//! Running counts and sums kept beside the records they describe, so that a list's size or a day's money is one
//! read instead of a scan. A tally key starts with `#`, a tag no record key uses, and is written in the same
//! transaction as the records it counts, so the two never disagree, even after a crash.

use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};

use super::codec::abort;
use crate::error::{StoreError, StoreResult};

pub const TAG: u8 = b'#';

/// A tally key: `#`, a one-byte name, then big-endian ids.
pub fn key(name: u8, ids: &[u64]) -> Vec<u8> {
    let mut key = vec![TAG, name];
    for id in ids {
        key.extend_from_slice(&id.to_be_bytes());
    }
    key
}

/// The numbers stored under a tally key (missing numbers read as zero).
pub fn numbers<const N: usize>(bytes: Option<&[u8]>) -> [i64; N] {
    let mut out = [0i64; N];
    for (slot, chunk) in out.iter_mut().zip(bytes.unwrap_or_default().chunks_exact(8)) {
        *slot = chunk.try_into().map(i64::from_be_bytes).unwrap_or_default();
    }
    out
}

fn bytes_of<const N: usize>(numbers: [i64; N]) -> Vec<u8> {
    numbers.iter().flat_map(|n| n.to_be_bytes()).collect()
}

/// Adds `by` to the numbers under `key`, inside a transaction.
pub fn add<const N: usize>(tx: &TransactionalTree, key: &[u8], by: [i64; N]) -> Result<(), Conflict<StoreError>> {
    let mut now: [i64; N] = numbers(tx.get(key)?.as_deref());
    for (n, b) in now.iter_mut().zip(by) {
        *n = n.checked_add(b).ok_or_else(|| abort(StoreError::Corrupt { tree: "tally", detail: "overflow".into() }))?;
    }
    tx.insert(key, bytes_of(now))?;
    Ok(())
}

/// Reads the numbers under `key` outside a transaction.
pub fn read<const N: usize>(tree: &sled::Tree, key: &[u8]) -> StoreResult<[i64; N]> {
    Ok(numbers(tree.get(key)?.as_deref()))
}

/// Writes numbers outright: for rebuilding tallies when an older store is opened (`upgrade`).
pub fn put<const N: usize>(tree: &sled::Tree, key: &[u8], numbers: [i64; N]) -> StoreResult<()> {
    tree.insert(key, bytes_of(numbers))?;
    Ok(())
}

/// A count that cannot be negative, as the lists report it.
pub fn count(n: i64) -> u64 {
    u64::try_from(n).unwrap_or(0)
}
