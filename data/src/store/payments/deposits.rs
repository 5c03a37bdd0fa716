//! Deposits: a record per gateway reference, and the one transaction that credits it.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::super::codec::{decode, encode, id_key};
use super::super::keys::{last_id, tagged};
use super::super::users::abort;
use super::super::wallets::{put_entry, read_balance, Moved};
use super::PaymentStore;
use crate::deposit::{Deposit, DepositStatus};
use crate::error::{StoreError, StoreResult};
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::money::Kobo;
use crate::seam::payments::CreditRefused;
use crate::user::UserId;

const DEPOSIT: u8 = b'd';
const BY_REFERENCE: u8 = b'r';
const BY_USER: u8 = b'u';

fn reference_key(reference: &str) -> Vec<u8> {
    let mut key = vec![BY_REFERENCE];
    key.extend_from_slice(reference.as_bytes());
    key
}

fn read_by_reference(tree: &TransactionalTree, reference: &str) -> Result<Option<Deposit>, Conflict<StoreError>> {
    let Some(id) = tree.get(reference_key(reference))? else { return Ok(None) };
    let Some(id) = last_id(&id) else { return Ok(None) };
    tree.get(tagged(DEPOSIT, &[id]))?.map(|b| decode(&b).map_err(abort)).transpose()
}

fn put(tree: &TransactionalTree, deposit: &Deposit) -> Result<(), Conflict<StoreError>> {
    tree.insert(tagged(DEPOSIT, &[deposit.id]), encode(deposit).map_err(abort)?)?;
    Ok(())
}

impl PaymentStore {
    pub(super) fn insert_deposit(&self, deposit: &Deposit) -> StoreResult<()> {
        let _gate = super::super::backup::writing();
        self.deposits.transaction(|tree| {
            if tree.get(reference_key(&deposit.reference))?.is_some() {
                return Err(abort(StoreError::Corrupt { tree: "deposits", detail: "reference reused".into() }));
            }
            put(tree, deposit)?;
            tree.insert(reference_key(&deposit.reference), &id_key(deposit.id))?;
            tree.insert(tagged(BY_USER, &[deposit.user_id, deposit.id]), &[])?;
            Ok(())
        })?;
        Ok(())
    }

    pub(super) fn deposit(&self, reference: &str) -> StoreResult<Option<Deposit>> {
        let _gate = super::super::backup::writing();
        Ok(self.deposits.transaction(|tree| read_by_reference(tree, reference))?)
    }

    pub(super) fn deposits_of_user(&self, user: UserId) -> StoreResult<Vec<Deposit>> {
        let mut out = Vec::new();
        for key in self.deposits.scan_prefix(tagged(BY_USER, &[user])).keys().rev() {
            let Some(id) = last_id(&key?) else { continue };
            if let Some(bytes) = self.deposits.get(tagged(DEPOSIT, &[id]))? {
                out.push(decode(&bytes)?);
            }
        }
        Ok(out)
    }

    pub(super) fn set_authorization_url(
        &self,
        reference: &str,
        url: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Deposit>> {
        let _gate = super::super::backup::writing();
        Ok(self.deposits.transaction(|tree| {
            let Some(mut deposit) = read_by_reference(tree, reference)? else { return Ok(None) };
            deposit.authorization_url = Some(url.to_string());
            deposit.updated_at = now;
            put(tree, &deposit)?;
            Ok(Some(deposit))
        })?)
    }

    pub(super) fn fail_deposit(
        &self,
        reference: &str,
        reason: &str,
        now: DateTime<Utc>,
    ) -> StoreResult<Option<Deposit>> {
        let _gate = super::super::backup::writing();
        Ok(self.deposits.transaction(|tree| {
            let Some(mut deposit) = read_by_reference(tree, reference)? else { return Ok(None) };
            if deposit.status == DepositStatus::Pending {
                deposit.status = DepositStatus::Failed;
                deposit.failure_reason = Some(reason.to_string());
                deposit.updated_at = now;
                put(tree, &deposit)?;
            }
            Ok(Some(deposit))
        })?)
    }

    pub(super) fn credit_deposit(
        &self,
        reference: &str,
        paid: Kobo,
        entry_id: u64,
        now: DateTime<Utc>,
    ) -> StoreResult<Result<Moved<Deposit>, CreditRefused>> {
        let _gate = super::super::backup::writing();
        let result = (&self.deposits, &self.balances, &self.ledger).transaction(|(tree, balances, ledger)| {
            let Some(mut deposit) = read_by_reference(tree, reference)? else {
                return Ok(Err(CreditRefused::UnknownReference));
            };
            let balance = read_balance(balances, deposit.user_id)?;
            if deposit.status == DepositStatus::Success {
                return Ok(Ok(Moved { value: deposit, entries: vec![], balance, replayed: true }));
            }
            if paid != deposit.amount {
                return Ok(Err(CreditRefused::AmountMismatch { expected: deposit.amount, paid }));
            }
            let after = balance
                .checked_add(deposit.amount)
                .ok_or_else(|| abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() }))?;
            let entry = deposit_entry(&deposit, entry_id, after, now);
            deposit.status = DepositStatus::Success;
            deposit.entry_id = Some(entry_id);
            deposit.failure_reason = None;
            deposit.updated_at = now;
            put(tree, &deposit)?;
            balances.insert(&id_key(deposit.user_id), &after.as_i64().to_be_bytes())?;
            put_entry(ledger, &entry)?;
            Ok(Ok(Moved { value: deposit, entries: vec![entry], balance: after, replayed: false }))
        })?;
        Ok(result)
    }
}

/// The `deposit` entry crediting `deposit`, the balance then being `after` (both engines write this one).
pub(crate) fn deposit_entry(deposit: &Deposit, entry_id: u64, after: Kobo, now: DateTime<Utc>) -> LedgerEntry {
    LedgerEntry {
        id: entry_id,
        user_id: deposit.user_id,
        kind: EntryKind::Deposit,
        status: EntryStatus::Success,
        amount: deposit.amount,
        balance_after: after,
        reference: deposit.reference.clone(),
        description: format!("Deposit via {}", gateway_title(&deposit.gateway)),
        created_at: now,
    }
}

fn gateway_title(gateway: &str) -> &str {
    match gateway {
        "paystack" => "Paystack",
        "sandbox" => "the sandbox gateway",
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    fn store_with_deposit(amount: i64) -> (Store, Deposit) {
        let store = Store::temporary().unwrap_or_else(|e| panic!("{e}"));
        let d = Deposit::pending(1, "ref-1".into(), 7, Kobo(amount), "sandbox", Utc::now());
        store.payments.insert_deposit(&d).unwrap_or_else(|e| panic!("{e}"));
        (store, d)
    }

    #[test]
    fn a_deposit_is_credited_once_however_often_it_is_confirmed() {
        let (store, d) = store_with_deposit(50_000);
        let first = store.payments.credit_deposit(&d.reference, Kobo(50_000), 100, Utc::now());
        let first = first.ok().and_then(Result::ok).map(|m| (m.balance, m.replayed, m.entries.len()));
        assert_eq!(first, Some((Kobo(50_000), false, 1)));
        let again = store.payments.credit_deposit(&d.reference, Kobo(50_000), 101, Utc::now());
        let again = again.ok().and_then(Result::ok).map(|m| (m.balance, m.replayed, m.entries.len()));
        assert_eq!(again, Some((Kobo(50_000), true, 0)));
        assert_eq!(store.wallets().unwrap().balance(7).ok(), Some(50_000));
        assert_eq!(store.wallets().unwrap().entries_of_user(7).map(|e| e.len()).ok(), Some(1));
    }

    #[test]
    fn a_wrong_amount_or_reference_credits_nothing() {
        let (store, d) = store_with_deposit(50_000);
        let wrong = store.payments.credit_deposit(&d.reference, Kobo(5_000), 100, Utc::now()).ok();
        assert_eq!(wrong, Some(Err(CreditRefused::AmountMismatch { expected: Kobo(50_000), paid: Kobo(5_000) })));
        let unknown = store.payments.credit_deposit("nope", Kobo(50_000), 100, Utc::now()).ok();
        assert_eq!(unknown, Some(Err(CreditRefused::UnknownReference)));
        assert_eq!(store.wallets().unwrap().balance(7).ok(), Some(0));
    }

    #[test]
    fn a_failed_deposit_stays_failed_but_can_still_be_credited_if_the_money_arrives() {
        let (store, d) = store_with_deposit(50_000);
        let failed = store.payments.fail_deposit(&d.reference, "Declined", Utc::now()).ok().flatten();
        assert_eq!(failed.map(|d| d.status), Some(DepositStatus::Failed));
        let credited = store.payments.credit_deposit(&d.reference, Kobo(50_000), 100, Utc::now()).ok();
        assert_eq!(credited.and_then(Result::ok).map(|m| m.value.status), Some(DepositStatus::Success));
        // Failing a credited deposit changes nothing.
        let after = store.payments.fail_deposit(&d.reference, "late", Utc::now()).ok().flatten();
        assert_eq!(after.map(|d| d.status), Some(DepositStatus::Success));
    }
}
