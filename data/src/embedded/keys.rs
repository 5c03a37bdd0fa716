//! Composite keys: a one-byte tag then big-endian ids, so that sled's byte order is id order and a prefix scan
//! lists one owner's records oldest first.

pub fn tagged(tag: u8, ids: &[u64]) -> Vec<u8> {
    let mut key = Vec::with_capacity(1 + 8 * ids.len());
    key.push(tag);
    for id in ids {
        key.extend_from_slice(&id.to_be_bytes());
    }
    key
}

/// The last id of a tagged key (the record an index entry points at).
pub fn last_id(key: &[u8]) -> Option<u64> {
    let tail: [u8; 8] = key.get(key.len().checked_sub(8)?..)?.try_into().ok()?;
    Some(u64::from_be_bytes(tail))
}
