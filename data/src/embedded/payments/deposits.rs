//! Deposits: a record per gateway reference, the transaction that opens one within the player's deposit limits, and
//! the one that credits it (or holds it, when the limits no longer allow it) once.
//!
//! A sled transaction cannot scan, so the deposits a player's limits may count are listed in one record per player,
//! the limit book (tag `l`): the ids of their open checkouts and of the deposits credited within the longest limit
//! window. Opening and crediting read it, the settings and those deposits, decide, and write the book back, all in
//! one transaction (docs/decisions/007).

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::super::codec::abort;
use super::super::codec::{decode, encode, id_key};
use super::super::keys::{last_id, tagged};
use super::super::responsible::settings_in;
use super::super::wallets::{put_entry, read_balance};
use super::PaymentStore;
use crate::deposit::{Deposit, DepositStatus};
use crate::error::{StoreError, StoreResult};
use crate::ledger::Moved;
use crate::money::Kobo;
use crate::responsible::{held_reason, longest_window, DepositRefused};
use crate::seam::deposit_entry;
use crate::seam::{CreditRefused, DepositCredited};
use crate::user::UserId;

const DEPOSIT: u8 = b'd';
const BY_REFERENCE: u8 = b'r';
const BY_USER: u8 = b'u';
const LIMIT_BOOK: u8 = b'l';

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

/// Records a new deposit and its indexes; a reference already taken is refused as corrupt.
fn put_new(tree: &TransactionalTree, deposit: &Deposit) -> Result<(), Conflict<StoreError>> {
    if tree.get(reference_key(&deposit.reference))?.is_some() {
        return Err(abort(StoreError::Corrupt { tree: "deposits", detail: "reference reused".into() }));
    }
    put(tree, deposit)?;
    tree.insert(reference_key(&deposit.reference), &id_key(deposit.id))?;
    tree.insert(tagged(BY_USER, &[deposit.user_id, deposit.id]), &[])?;
    Ok(())
}

/// The deposits a player's limits may count at `now`: those the limit book lists (or `seed`, the player's deposit
/// ids, for a player whose book was never written), still counting.
fn counted(
    tree: &TransactionalTree,
    user: UserId,
    seed: &[u64],
    now: DateTime<Utc>,
) -> Result<Vec<Deposit>, Conflict<StoreError>> {
    let ids: Vec<u64> = match tree.get(tagged(LIMIT_BOOK, &[user]))? {
        Some(book) => decode(&book).map_err(abort)?,
        None => seed.to_vec(),
    };
    let mut deposits = Vec::with_capacity(ids.len());
    for id in ids {
        if let Some(bytes) = tree.get(tagged(DEPOSIT, &[id]))? {
            let deposit: Deposit = decode(&bytes).map_err(abort)?;
            if may_count(&deposit, now) {
                deposits.push(deposit);
            }
        }
    }
    Ok(deposits)
}

/// Whether a deposit can count towards a limit at `now` or later: an open checkout, or one credited within the
/// longest window.
fn may_count(deposit: &Deposit, now: DateTime<Utc>) -> bool {
    deposit.is_open(now) || deposit.credited_at().is_some_and(|at| at > now - longest_window())
}

/// Writes the player's limit book: the ids of `deposits` that can still count.
fn write_book(
    tree: &TransactionalTree,
    user: UserId,
    deposits: &[&Deposit],
    now: DateTime<Utc>,
) -> Result<(), Conflict<StoreError>> {
    let ids: Vec<u64> = deposits.iter().filter(|d| may_count(d, now)).map(|d| d.id).collect();
    tree.insert(tagged(LIMIT_BOOK, &[user]), encode(&ids).map_err(abort)?)?;
    Ok(())
}

impl PaymentStore {
    /// Every deposit id of `user` if their limit book was never written (a store from before the book existed),
    /// else nothing: the book's first writer fills it from these. Read before the transaction, which cannot scan;
    /// any deposit recorded after this writes the book, which the transaction then reads instead.
    fn book_seed(&self, user: UserId) -> StoreResult<Vec<u64>> {
        if self.deposits.contains_key(tagged(LIMIT_BOOK, &[user]))? {
            return Ok(Vec::new());
        }
        let mut ids = Vec::new();
        for key in self.deposits.scan_prefix(tagged(BY_USER, &[user])).keys() {
            ids.extend(last_id(&key?));
        }
        Ok(ids)
    }

    pub(super) fn insert_deposit(&self, deposit: &Deposit) -> StoreResult<()> {
        let _gate = super::super::backup::writing();
        let (user, now) = (deposit.user_id, deposit.created_at);
        let seed = self.book_seed(user)?;
        self.deposits.transaction(|tree| {
            let standing = counted(tree, user, &seed, now)?;
            put_new(tree, deposit)?;
            write_book(tree, user, &standing.iter().chain([deposit]).collect::<Vec<_>>(), now)
        })?;
        Ok(())
    }

    pub(super) fn open_deposit(
        &self,
        deposit: &Deposit,
        now: DateTime<Utc>,
    ) -> StoreResult<Result<(), DepositRefused>> {
        let _gate = super::super::backup::writing();
        let user = deposit.user_id;
        let seed = self.book_seed(user)?;
        Ok((&self.deposits, &self.responsible).transaction(|(tree, settings)| {
            let standing = counted(tree, user, &seed, now)?;
            if let Err(refused) = settings_in(settings, user)?.at(now).check_deposit(&standing, deposit.amount, now) {
                return Ok(Err(refused));
            }
            put_new(tree, deposit)?;
            write_book(tree, user, &standing.iter().chain([deposit]).collect::<Vec<_>>(), now)?;
            Ok(Ok(()))
        })?)
    }

    pub(super) fn set_checkout_expiry(
        &self,
        reference: &str,
        expires_at: DateTime<Utc>,
    ) -> StoreResult<Option<Deposit>> {
        let _gate = super::super::backup::writing();
        Ok(self.deposits.transaction(|tree| {
            let Some(mut deposit) = read_by_reference(tree, reference)? else { return Ok(None) };
            deposit.expires_at = Some(expires_at);
            put(tree, &deposit)?;
            Ok(Some(deposit))
        })?)
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
    ) -> DepositCredited {
        let _gate = super::super::backup::writing();
        // The player is known only from the record: read it first for the seed (a deposit's player never changes).
        let seed = match self.deposit(reference)? {
            Some(deposit) => self.book_seed(deposit.user_id)?,
            None => Vec::new(),
        };
        let trees = (&self.deposits, &self.balances, &self.ledger, &self.responsible);
        let result = trees.transaction(|(tree, balances, ledger, settings)| {
            let Some(mut deposit) = read_by_reference(tree, reference)? else {
                return Ok(Err(CreditRefused::UnknownReference));
            };
            let user = deposit.user_id;
            let balance = read_balance(balances, user)?;
            if deposit.status.is_final() {
                return Ok(Ok(Moved { value: deposit, entries: vec![], balance, replayed: true }));
            }
            if paid != deposit.amount {
                return Ok(Err(CreditRefused::AmountMismatch { expected: deposit.amount, paid }));
            }
            let standing = counted(tree, user, &seed, now)?;
            if let Err(refused) = settings_in(settings, user)?.at(now).check_credit(&standing, &deposit, now) {
                deposit.held_reason = Some(held_reason(&deposit, &refused, now));
                deposit.status = DepositStatus::Held;
                deposit.updated_at = now;
                put(tree, &deposit)?;
                write_book(tree, user, &standing.iter().filter(|d| d.id != deposit.id).collect::<Vec<_>>(), now)?;
                return Ok(Ok(Moved { value: deposit, entries: vec![], balance, replayed: false }));
            }
            let after = balance
                .checked_add(deposit.amount)
                .ok_or_else(|| abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() }))?;
            let entry = deposit_entry(&deposit, entry_id, after, now);
            deposit.status = DepositStatus::Success;
            deposit.entry_id = Some(entry_id);
            deposit.failure_reason = None;
            deposit.credited_at = Some(now);
            deposit.updated_at = now;
            put(tree, &deposit)?;
            let others = standing.iter().filter(|d| d.id != deposit.id);
            write_book(tree, user, &others.chain([&deposit]).collect::<Vec<_>>(), now)?;
            balances.insert(&id_key(user), &after.as_i64().to_be_bytes())?;
            put_entry(ledger, &entry)?;
            Ok(Ok(Moved { value: deposit, entries: vec![entry], balance: after, replayed: false }))
        })?;
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Fixture as Store;
    use super::*;

    fn store_with_deposit(amount: i64) -> (Store, Deposit) {
        let store = Store::new().unwrap_or_else(|e| panic!("{e}"));
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
        assert_eq!(store.wallets.balance(7).ok(), Some(50_000));
        assert_eq!(store.wallets.entries_of_user(7).map(|e| e.len()).ok(), Some(1));
    }

    #[test]
    fn a_player_whose_limit_book_was_never_written_is_counted_from_their_deposits() {
        use crate::responsible::Period;
        let (store, d) = store_with_deposit(50_000);
        let now = d.created_at;
        let limited = store
            .responsible
            .change(7, now, |rg| Ok::<_, ()>(rg.request_limit(Period::Daily, Some(Kobo(50_000)), now)));
        assert!(matches!(limited, Ok(Ok(_))));
        // As a store written before the limit book existed: the deposit is there, its book is not.
        let tree = store.db.open_tree("deposits").ok();
        let removed = tree.map(|t| t.remove(tagged(LIMIT_BOOK, &[7])).ok().flatten().is_some());
        assert_eq!(removed, Some(true));
        let more = Deposit::pending(2, "ref-2".into(), 7, Kobo(100), "sandbox", now);
        let refused = store.payments.open_deposit(&more, now).ok();
        assert!(matches!(refused, Some(Err(DepositRefused::OverLimit { .. }))), "{refused:?}");
        // Crediting the first writes the book; from then on it is what counts.
        let credited = store.payments.credit_deposit(&d.reference, Kobo(50_000), 100, now).ok().and_then(Result::ok);
        assert_eq!(credited.map(|m| m.value.status), Some(DepositStatus::Success));
        let tree = store.db.open_tree("deposits").ok();
        assert!(tree.and_then(|t| t.get(tagged(LIMIT_BOOK, &[7])).ok().flatten()).is_some());
        assert!(matches!(store.payments.open_deposit(&more, now).ok(), Some(Err(DepositRefused::OverLimit { .. }))));
    }

    #[test]
    fn a_wrong_amount_or_reference_credits_nothing() {
        let (store, d) = store_with_deposit(50_000);
        let wrong = store.payments.credit_deposit(&d.reference, Kobo(5_000), 100, Utc::now()).ok();
        assert_eq!(wrong, Some(Err(CreditRefused::AmountMismatch { expected: Kobo(50_000), paid: Kobo(5_000) })));
        let unknown = store.payments.credit_deposit("nope", Kobo(50_000), 100, Utc::now()).ok();
        assert_eq!(unknown, Some(Err(CreditRefused::UnknownReference)));
        assert_eq!(store.wallets.balance(7).ok(), Some(0));
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
