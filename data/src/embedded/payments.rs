//! Deposits, withdrawals and bank accounts (`seam::Payments`) in the embedded store: the `deposits`,
//! `withdrawals` and `bank_accounts` trees.
//!
//! A money move here (crediting a deposit, holding or returning a withdrawal) is one sled transaction over its own
//! record, the wallet balance and the ledger, so the record's status, the entry and the balance are never apart and
//! a replay finds the status already moved and changes nothing. Opening and crediting a deposit read the player's
//! deposit limits (the `responsible_gaming` tree) in that same transaction.

mod deposits;
mod withdrawals;

use chrono::{DateTime, Utc};

use super::codec::{decode, encode, id_key};
use super::wallets::WalletStore;
use crate::bank_account::BankAccount;
use crate::deposit::Deposit;
use crate::error::StoreResult;
use crate::money::Kobo;
use crate::responsible::DepositRefused;
use crate::seam::Payments;
use crate::seam::{count_withdrawal, DepositCredited, WithdrawalMoved};
use crate::seam::{Page, Slice};
use crate::user::UserId;
use crate::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove};

#[derive(Clone)]
pub struct PaymentStore {
    deposits: sled::Tree,
    withdrawals: sled::Tree,
    accounts: sled::Tree,
    balances: sled::Tree,
    ledger: sled::Tree,
    /// The players' responsible-gaming settings, read in the transaction that opens or credits a deposit.
    responsible: sled::Tree,
}

impl PaymentStore {
    pub(super) fn open(db: &sled::Db, wallets: &WalletStore) -> StoreResult<Self> {
        Ok(Self {
            deposits: db.open_tree("deposits")?,
            withdrawals: db.open_tree("withdrawals")?,
            accounts: db.open_tree("bank_accounts")?,
            balances: wallets.balances.clone(),
            ledger: wallets.ledger.clone(),
            responsible: db.open_tree("responsible_gaming")?,
        })
    }
}

/// The deposit and withdrawal methods are the inherent ones of `deposits.rs` and `withdrawals.rs`.
impl Payments for PaymentStore {
    fn bank_account(&self, user: UserId) -> StoreResult<Option<BankAccount>> {
        self.accounts.get(id_key(user))?.map(|b| decode(&b)).transpose()
    }

    fn save_bank_account(&self, mut account: BankAccount, now: DateTime<Utc>) -> StoreResult<BankAccount> {
        if let Some(previous) = self.bank_account(account.user_id)? {
            account.created_at = previous.created_at;
        }
        account.updated_at = now;
        self.accounts.insert(id_key(account.user_id), encode(&account)?)?;
        Ok(account)
    }

    fn all_bank_accounts(&self) -> StoreResult<Vec<BankAccount>> {
        self.accounts.iter().values().map(|v| decode(&v?)).collect()
    }

    fn insert_deposit(&self, deposit: &Deposit) -> StoreResult<()> {
        PaymentStore::insert_deposit(self, deposit)
    }

    fn open_deposit(&self, deposit: &Deposit, now: DateTime<Utc>) -> StoreResult<Result<(), DepositRefused>> {
        PaymentStore::open_deposit(self, deposit, now)
    }

    fn set_checkout_expiry(&self, reference: &str, expires_at: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        PaymentStore::set_checkout_expiry(self, reference, expires_at)
    }

    fn deposit(&self, reference: &str) -> StoreResult<Option<Deposit>> {
        PaymentStore::deposit(self, reference)
    }

    fn deposits_of_user(&self, user: UserId) -> StoreResult<Vec<Deposit>> {
        PaymentStore::deposits_of_user(self, user)
    }

    fn set_authorization_url(&self, reference: &str, url: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        PaymentStore::set_authorization_url(self, reference, url, now)
    }

    fn fail_deposit(&self, reference: &str, reason: &str, now: DateTime<Utc>) -> StoreResult<Option<Deposit>> {
        PaymentStore::fail_deposit(self, reference, reason, now)
    }

    fn credit_deposit(&self, reference: &str, paid: Kobo, entry_id: u64, now: DateTime<Utc>) -> DepositCredited {
        PaymentStore::credit_deposit(self, reference, paid, entry_id, now)
    }

    fn hold_withdrawal(&self, w: &Withdrawal) -> WithdrawalMoved {
        let result = PaymentStore::hold_withdrawal(self, w);
        count_withdrawal(&result);
        result
    }

    fn move_withdrawal(&self, id: WithdrawalId, step: &WithdrawalMove, now: DateTime<Utc>) -> WithdrawalMoved {
        let result = PaymentStore::move_withdrawal(self, id, step, now);
        count_withdrawal(&result);
        result
    }

    fn withdrawal(&self, id: WithdrawalId) -> StoreResult<Option<Withdrawal>> {
        PaymentStore::withdrawal(self, id)
    }

    fn withdrawal_by_transfer(&self, reference: &str) -> StoreResult<Option<Withdrawal>> {
        PaymentStore::withdrawal_by_transfer(self, reference)
    }

    fn withdrawals_of_user(&self, user: UserId) -> StoreResult<Vec<Withdrawal>> {
        PaymentStore::withdrawals_of_user(self, user)
    }

    fn withdrawals_page(&self, slice: Slice) -> StoreResult<Page<Withdrawal>> {
        PaymentStore::withdrawals_page(self, slice)
    }

    fn withdrawals_newest_first(&self) -> Box<dyn Iterator<Item = StoreResult<Withdrawal>> + Send + '_> {
        Box::new(PaymentStore::withdrawals_newest_first(self))
    }
}

/// The embedded trees a payments test works on, opened in a throw-away database.
#[cfg(test)]
pub(super) struct Fixture {
    pub db: sled::Db,
    pub payments: PaymentStore,
    pub responsible: Box<dyn crate::seam::Responsible>,
    pub wallets: WalletStore,
}

#[cfg(test)]
impl Fixture {
    pub fn new() -> StoreResult<Self> {
        let db = sled::Config::new().temporary(true).open()?;
        let games = super::games::GameStore::open(&db, None)?;
        let wallets = WalletStore::open(&db, &games)?;
        let payments = PaymentStore::open(&db, &wallets)?;
        let responsible = super::responsible::ResponsibleStore::open(&db)?;
        Ok(Self { db, payments, responsible: Box::new(responsible), wallets })
    }
}
