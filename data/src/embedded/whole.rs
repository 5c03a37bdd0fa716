//! The whole store at once, for the tools that read all of it: the audit, the money check, and the move into
//! PostgreSQL.

use super::codec::id_from;
use super::wallets::WalletStore;
use super::Embedded;
use crate::error::StoreResult;
use crate::user::UserId;

/// One wallet's balance beside its ledger: what the standing entries sum to, and how many entries there are.
pub(crate) struct LedgerSum {
    pub user: UserId,
    pub balance: i64,
    pub ledger_sum: i64,
    pub entries: u64,
}

impl WalletStore {
    /// Every wallet's balance in kobo, by player id.
    pub(crate) fn wallet_balances(&self) -> impl Iterator<Item = StoreResult<(UserId, i64)>> + '_ {
        self.balances.iter().map(|item| {
            let (key, value) = item?;
            let balance = value.as_ref().try_into().map(i64::from_be_bytes).unwrap_or(i64::MIN);
            Ok((id_from("wallets", &key)?, balance))
        })
    }

    /// Every wallet's balance beside its ledger.
    pub(crate) fn ledger_sums(&self) -> impl Iterator<Item = StoreResult<LedgerSum>> + '_ {
        self.wallet_balances().map(|item| {
            let (user, balance) = item?;
            let entries = self.entries_of_user(user)?;
            let ledger_sum = entries.iter().filter(|e| e.stands()).map(|e| e.amount.as_i64()).sum();
            Ok(LedgerSum { user, balance, ledger_sum, entries: entries.len() as u64 })
        })
    }
}

impl Embedded {
    /// Every tree by name (sorted), each record exactly as stored.
    pub fn trees(&self) -> StoreResult<Vec<(String, sled::Tree)>> {
        let mut names = self.db.tree_names();
        names.sort();
        names
            .into_iter()
            .map(|name| Ok((String::from_utf8_lossy(&name).into_owned(), self.db.open_tree(&name)?)))
            .collect()
    }
}
