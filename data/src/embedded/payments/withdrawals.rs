//! Withdrawals: the hold, and every later move of the state machine (see `crate::withdrawal`), each one sled
//! transaction over the withdrawal, its ledger entry and the balance.

use chrono::{DateTime, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};
use sled::Transactional;

use super::super::codec::abort;
use super::super::codec::{decode, encode, id_key};
use super::super::keys::{last_id, tagged};
use super::super::listing;
use super::super::wallets::{put_entry, read_balance, read_entry, rewrite_entry};
use super::PaymentStore;
use crate::error::{StoreError, StoreResult};
use crate::ledger::Moved;
use crate::seam::hold_entry;
use crate::seam::WithdrawalRefused;
use crate::seam::{Page, Slice};
use crate::user::UserId;
use crate::withdrawal::{Withdrawal, WithdrawalId, WithdrawalMove};

const WITHDRAWAL: u8 = b'w';
const BY_USER: u8 = b'u';
const BY_KEY: u8 = b'k';
const BY_TRANSFER: u8 = b't';

fn key_index(user: UserId, key: &str) -> Vec<u8> {
    let mut k = tagged(BY_KEY, &[user]);
    k.extend_from_slice(key.as_bytes());
    k
}

fn transfer_index(reference: &str) -> Vec<u8> {
    let mut k = vec![BY_TRANSFER];
    k.extend_from_slice(reference.as_bytes());
    k
}

fn read(tree: &TransactionalTree, id: WithdrawalId) -> Result<Option<Withdrawal>, Conflict<StoreError>> {
    tree.get(tagged(WITHDRAWAL, &[id]))?.map(|b| decode(&b).map_err(abort)).transpose()
}

fn put(tree: &TransactionalTree, w: &Withdrawal) -> Result<(), Conflict<StoreError>> {
    tree.insert(tagged(WITHDRAWAL, &[w.id]), encode(w).map_err(abort)?)?;
    Ok(())
}

impl PaymentStore {
    pub(super) fn hold_withdrawal(&self, w: &Withdrawal) -> StoreResult<Result<Moved<Withdrawal>, WithdrawalRefused>> {
        let _gate = super::super::backup::writing();
        let result = (&self.withdrawals, &self.balances, &self.ledger).transaction(|(tree, balances, ledger)| {
            let balance = read_balance(balances, w.user_id)?;
            if let Some(first) = tree.get(key_index(w.user_id, &w.idempotency_key))? {
                if let Some(existing) = last_id(&first).map(|id| read(tree, id)).transpose()?.flatten() {
                    return Ok(Ok(Moved { value: existing, entries: vec![], balance, replayed: true }));
                }
            }
            let Some(after) = balance.checked_sub(w.amount).filter(|b| !b.is_negative()) else {
                return Ok(Err(WithdrawalRefused::InsufficientFunds { balance, needed: w.amount }));
            };
            let entry = hold_entry(w, after);
            put(tree, w)?;
            tree.insert(tagged(BY_USER, &[w.user_id, w.id]), &[])?;
            tree.insert(key_index(w.user_id, &w.idempotency_key), &id_key(w.id))?;
            tree.insert(transfer_index(&w.transfer_reference), &id_key(w.id))?;
            balances.insert(&id_key(w.user_id), &after.as_i64().to_be_bytes())?;
            put_entry(ledger, &entry)?;
            Ok(Ok(Moved { value: w.clone(), entries: vec![entry], balance: after, replayed: false }))
        })?;
        Ok(result)
    }

    pub(super) fn move_withdrawal(
        &self,
        id: WithdrawalId,
        step: &WithdrawalMove,
        now: DateTime<Utc>,
    ) -> StoreResult<Result<Moved<Withdrawal>, WithdrawalRefused>> {
        let _gate = super::super::backup::writing();
        let result = (&self.withdrawals, &self.balances, &self.ledger).transaction(|(tree, balances, ledger)| {
            let Some(mut w) = read(tree, id)? else { return Ok(Err(WithdrawalRefused::NotFound)) };
            let balance = read_balance(balances, w.user_id)?;
            if w.status == step.target() {
                return Ok(Ok(Moved { value: w, entries: vec![], balance, replayed: true }));
            }
            if !step.allowed_from(w.status) {
                return Ok(Err(WithdrawalRefused::WrongState(w.status)));
            }
            step.apply(&mut w, now);
            let after = if step.returns_money() {
                balance
                    .checked_add(w.amount)
                    .ok_or_else(|| abort(StoreError::Corrupt { tree: "wallets", detail: "balance overflow".into() }))?
            } else {
                balance
            };
            let before = read_entry(ledger, w.entry_id)?.ok_or_else(|| {
                abort(StoreError::Corrupt { tree: "ledger", detail: format!("entry of withdrawal {id} missing") })
            })?;
            let mut entry = before.clone();
            entry.status = w.status.entry_status();
            entry.description = w.describe();
            put(tree, &w)?;
            rewrite_entry(ledger, &before, &entry)?;
            balances.insert(&id_key(w.user_id), &after.as_i64().to_be_bytes())?;
            Ok(Ok(Moved { value: w, entries: vec![entry], balance: after, replayed: false }))
        })?;
        Ok(result)
    }

    pub(super) fn withdrawal(&self, id: WithdrawalId) -> StoreResult<Option<Withdrawal>> {
        self.withdrawals.get(tagged(WITHDRAWAL, &[id]))?.map(|b| decode(&b)).transpose()
    }

    pub(super) fn withdrawal_by_transfer(&self, reference: &str) -> StoreResult<Option<Withdrawal>> {
        match self.withdrawals.get(transfer_index(reference))?.and_then(|id| last_id(&id)) {
            Some(id) => self.withdrawal(id),
            None => Ok(None),
        }
    }

    pub(super) fn withdrawals_of_user(&self, user: UserId) -> StoreResult<Vec<Withdrawal>> {
        let mut out = Vec::new();
        for key in self.withdrawals.scan_prefix(tagged(BY_USER, &[user])).keys().rev() {
            if let Some(w) = last_id(&key?).map(|id| self.withdrawal(id)).transpose()?.flatten() {
                out.push(w);
            }
        }
        Ok(out)
    }

    pub(super) fn withdrawals_page(&self, slice: Slice) -> StoreResult<Page<Withdrawal>> {
        let ids = listing::ids(self.withdrawals.scan_prefix([WITHDRAWAL]).keys(), slice)?;
        Ok(Page {
            rows: listing::records(ids, |id| self.withdrawal(id))?,
            total: listing::count(self.withdrawals.scan_prefix([WITHDRAWAL]).keys())?,
        })
    }

    pub(super) fn withdrawals_newest_first(&self) -> impl Iterator<Item = StoreResult<Withdrawal>> + '_ {
        self.withdrawals.scan_prefix([WITHDRAWAL]).values().rev().map(|v| decode(&v?))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Fixture as Store;
    use super::*;
    use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
    use crate::money::Kobo;
    use crate::withdrawal::WithdrawalStatus;

    fn funded(balance: i64) -> Store {
        let store = Store::new().unwrap();
        let entry = LedgerEntry {
            id: 1,
            user_id: 7,
            kind: EntryKind::Adjustment,
            status: EntryStatus::Success,
            amount: Kobo(balance),
            balance_after: Kobo::ZERO,
            reference: "test".into(),
            description: "test".into(),
            created_at: Utc::now(),
        };
        store.wallets.apply(entry).unwrap();
        store
    }

    fn request(id: u64, amount: i64, key: &str) -> Withdrawal {
        let now = Utc::now();
        Withdrawal {
            id,
            user_id: 7,
            amount: Kobo(amount),
            status: WithdrawalStatus::Pending,
            bank_code: "058".into(),
            bank_name: "GTBank".into(),
            account_number: "0123456785".into(),
            account_name: "ADA OBI".into(),
            idempotency_key: key.into(),
            entry_id: id + 1000,
            transfer_reference: Withdrawal::transfer_reference_for(id),
            reason: None,
            decided_by: None,
            created_at: now,
            updated_at: now,
        }
    }

    /// The ledger invariant: the balance is the sum of entries that are pending or successful.
    fn invariant_holds(store: &Store) -> bool {
        let sum: i64 = store
            .wallets
            .entries_of_user(7)
            .unwrap()
            .iter()
            .filter(|e| matches!(e.status, EntryStatus::Success | EntryStatus::Pending))
            .map(|e| e.amount.as_i64())
            .sum();
        store.wallets.balance(7).unwrap() == sum
    }

    #[test]
    fn a_hold_lowers_the_balance_once_per_idempotency_key_and_never_below_zero() {
        let store = funded(500_000);
        let held = store.payments.hold_withdrawal(&request(10, 200_000, "k1")).unwrap().unwrap();
        assert_eq!((held.balance, held.replayed), (Kobo(300_000), false));
        let again = store.payments.hold_withdrawal(&request(11, 200_000, "k1")).unwrap().unwrap();
        assert_eq!((again.balance, again.replayed, again.value.id), (Kobo(300_000), true, 10));
        let too_much = store.payments.hold_withdrawal(&request(12, 300_001, "k2")).unwrap();
        assert_eq!(
            too_much.err(),
            Some(WithdrawalRefused::InsufficientFunds { balance: Kobo(300_000), needed: Kobo(300_001) })
        );
        assert!(invariant_holds(&store));
    }

    #[test]
    fn a_rejected_hold_comes_back_exactly_once_and_cannot_then_be_approved() {
        let store = funded(500_000);
        store.payments.hold_withdrawal(&request(10, 200_000, "k1")).unwrap().unwrap();
        let reject = WithdrawalMove::Reject { by: 1, reason: "Name mismatch".into() };
        let moved = store.payments.move_withdrawal(10, &reject, Utc::now()).unwrap().unwrap();
        assert_eq!((moved.balance, moved.value.status), (Kobo(500_000), WithdrawalStatus::Rejected));
        assert_eq!(moved.entries[0].status, EntryStatus::Reversed);
        let replay = store.payments.move_withdrawal(10, &reject, Utc::now()).unwrap().unwrap();
        assert!(replay.replayed);
        let claim = store.payments.move_withdrawal(10, &WithdrawalMove::Claim { by: 1 }, Utc::now()).unwrap();
        assert_eq!(claim.err(), Some(WithdrawalRefused::WrongState(WithdrawalStatus::Rejected)));
        assert_eq!(store.wallets.balance(7).unwrap(), 500_000);
        assert!(invariant_holds(&store));
    }

    #[test]
    fn a_paid_withdrawal_keeps_the_money_out_and_a_failed_one_returns_it() {
        let store = funded(500_000);
        store.payments.hold_withdrawal(&request(10, 200_000, "k1")).unwrap().unwrap();
        store.payments.hold_withdrawal(&request(11, 100_000, "k2")).unwrap().unwrap();
        for id in [10, 11] {
            store.payments.move_withdrawal(id, &WithdrawalMove::Claim { by: 1 }, Utc::now()).unwrap().unwrap();
        }
        let paid = store.payments.move_withdrawal(10, &WithdrawalMove::Paid, Utc::now()).unwrap().unwrap();
        assert_eq!((paid.balance, paid.entries[0].status), (Kobo(200_000), EntryStatus::Success));
        let fail = WithdrawalMove::Fail { reason: "Bank declined".into() };
        let failed = store.payments.move_withdrawal(11, &fail, Utc::now()).unwrap().unwrap();
        assert_eq!((failed.balance, failed.entries[0].status), (Kobo(300_000), EntryStatus::Failed));
        assert!(failed.entries[0].description.contains("money returned"));
        assert!(invariant_holds(&store));
        assert_eq!(store.payments.withdrawal_by_transfer("ayo-withdrawal-0000000011").unwrap().map(|w| w.id), Some(11));
    }
}
