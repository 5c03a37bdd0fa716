//! Pages of a list read straight from an ordered index: the keys are skipped, never the records decoded, so the
//! cost of a page is its own rows plus a walk over the keys before it, whatever the list's length.

use super::keys::last_id;
use crate::error::{StoreError, StoreResult};
use crate::seam::Slice;

/// The ids (each key's last eight bytes) of the slice of `keys`, which come in ascending order.
pub fn ids(keys: impl DoubleEndedIterator<Item = sled::Result<sled::IVec>>, slice: Slice) -> StoreResult<Vec<u64>> {
    let ordered: Box<dyn Iterator<Item = _>> = if slice.oldest_first { Box::new(keys) } else { Box::new(keys.rev()) };
    let mut out = Vec::with_capacity(slice.limit.min(100));
    for key in ordered.skip(slice.offset).take(slice.limit) {
        out.extend(last_id(&key?));
    }
    Ok(out)
}

/// How many keys an index holds under a prefix (a player's own lists: short, and keys only).
pub fn count(keys: impl Iterator<Item = sled::Result<sled::IVec>>) -> StoreResult<u64> {
    let mut n = 0;
    for key in keys {
        key?;
        n += 1;
    }
    Ok(n)
}

/// The records the keys point at (each key's last eight bytes), read one at a time as the keys come, leaving out
/// any that vanished: for searches and filters that walk a whole index.
pub fn stream<'a, T>(
    keys: impl Iterator<Item = sled::Result<sled::IVec>> + 'a,
    read: impl Fn(u64) -> StoreResult<Option<T>> + 'a,
) -> impl Iterator<Item = StoreResult<T>> + 'a {
    keys.filter_map(move |key| {
        key.map_err(StoreError::from).and_then(|k| last_id(&k).map_or(Ok(None), &read)).transpose()
    })
}

/// Reads the records of `ids` in order, leaving out any that vanished.
pub fn records<T>(ids: Vec<u64>, read: impl Fn(u64) -> StoreResult<Option<T>>) -> StoreResult<Vec<T>> {
    let mut out = Vec::with_capacity(ids.len());
    for id in ids {
        out.extend(read(id)?);
    }
    Ok(out)
}
