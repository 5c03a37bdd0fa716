//! Deposits, withdrawals and bank accounts (`deposits`, `withdrawals`, `bank_accounts` trees).
//!
//! A money move here (crediting a deposit, holding or returning a withdrawal) is one sled transaction over its own
//! record, the wallet balance and the ledger, so the record's status, the entry and the balance are never apart and
//! a replay finds the status already moved and changes nothing. The player's WalletActor is the only caller of the
//! moving methods for that player.

mod deposits;
mod withdrawals;

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use super::wallets::WalletStore;
use crate::bank_account::BankAccount;
use crate::error::StoreResult;
use crate::user::UserId;

pub use deposits::CreditRefused;
pub use withdrawals::WithdrawalRefused;

#[derive(Clone)]
pub struct PaymentStore {
    deposits: sled::Tree,
    withdrawals: sled::Tree,
    accounts: sled::Tree,
    balances: sled::Tree,
    ledger: sled::Tree,
}

impl PaymentStore {
    pub(super) fn open(db: &sled::Db, wallets: &WalletStore) -> StoreResult<Self> {
        Ok(Self {
            deposits: db.open_tree("deposits")?,
            withdrawals: db.open_tree("withdrawals")?,
            accounts: db.open_tree("bank_accounts")?,
            balances: wallets.balances.clone(),
            ledger: wallets.ledger.clone(),
        })
    }

    /// The player's saved bank account.
    pub fn bank_account(&self, user: UserId) -> StoreResult<Option<BankAccount>> {
        self.accounts.get(id_key(user))?.map(|b| decode(&b)).transpose()
    }

    /// Saves or replaces the player's bank account; a replacement keeps the first `created_at`.
    pub fn save_bank_account(&self, mut account: BankAccount, now: DateTime<Utc>) -> StoreResult<BankAccount> {
        if let Some(previous) = self.bank_account(account.user_id)? {
            account.created_at = previous.created_at;
        }
        account.updated_at = now;
        self.accounts.insert(id_key(account.user_id), encode(&account)?)?;
        Ok(account)
    }

    /// Every saved bank account, by player id.
    pub fn all_bank_accounts(&self) -> StoreResult<Vec<BankAccount>> {
        self.accounts.iter().values().map(|v| decode(&v?)).collect()
    }
}
