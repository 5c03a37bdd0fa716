//! Wallet balances in kobo, one per player. Money-moving writes arrive with the wallet actor; a player with no
//! wallet record yet has a balance of zero.

use super::codec::id_key;
use crate::error::{StoreError, StoreResult};
use crate::user::UserId;

#[derive(Clone)]
pub struct WalletStore {
    balances: sled::Tree,
}

impl WalletStore {
    pub(super) fn open(db: &sled::Db) -> StoreResult<Self> {
        Ok(Self { balances: db.open_tree("wallets")? })
    }

    /// The balance in kobo.
    pub fn balance(&self, user: UserId) -> StoreResult<i64> {
        match self.balances.get(id_key(user))? {
            None => Ok(0),
            Some(bytes) => {
                let arr: [u8; 8] = bytes.as_ref().try_into().map_err(|_| StoreError::Corrupt {
                    tree: "wallets",
                    detail: format!("balance of {} bytes", bytes.len()),
                })?;
                Ok(i64::from_be_bytes(arr))
            }
        }
    }
}
