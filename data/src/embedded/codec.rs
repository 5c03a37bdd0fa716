//! Keys and values as sled stores them.

use serde::{de::DeserializeOwned, Serialize};

use crate::error::{StoreError, StoreResult};

pub fn id_key(id: u64) -> [u8; 8] {
    id.to_be_bytes()
}

pub fn id_from(tree: &'static str, bytes: &[u8]) -> StoreResult<u64> {
    let arr: [u8; 8] =
        bytes.try_into().map_err(|_| StoreError::Corrupt { tree, detail: format!("id of {} bytes", bytes.len()) })?;
    Ok(u64::from_be_bytes(arr))
}

pub fn encode<T: Serialize>(value: &T) -> StoreResult<Vec<u8>> {
    Ok(serde_json::to_vec(value)?)
}

pub fn decode<T: DeserializeOwned>(bytes: &[u8]) -> StoreResult<T> {
    Ok(serde_json::from_slice(bytes)?)
}

/// A store error as the abort of the sled transaction it happened in.
pub(super) fn abort(e: impl Into<StoreError>) -> sled::transaction::ConflictableTransactionError<StoreError> {
    sled::transaction::ConflictableTransactionError::Abort(e.into())
}
