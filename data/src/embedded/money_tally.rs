//! The ledger's running tallies: how many entries it holds, each Lagos day's deposits, stakes, wins and tax, and the
//! withdrawals still pending. Written with every entry, in its transaction (see `tally`), so the back-office
//! dashboard reads a month of figures from thirty keys instead of rescanning the ledger.
//!
//! A stake counts on the day it was placed, and stops counting when it is refunded (a cancelled draw): a refunded
//! stake never was revenue. Only successful deposits, stakes and wins count.

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use sled::transaction::{ConflictableTransactionError as Conflict, TransactionalTree};

use super::tally;
use crate::error::{StoreError, StoreResult};
use crate::lagos::lagos_day;
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::seam::MoneyDay;

const ENTRIES: u8 = b'n';
const DAY: u8 = b'd';
const PENDING_WITHDRAWALS: u8 = b'w';

fn day_key(day: NaiveDate) -> Vec<u8> {
    tally::key(DAY, &[u64::try_from(day.num_days_from_ce()).unwrap_or(0)])
}

/// A day's numbers: deposits, stakes, wins, tax withheld. A day written before tax was kept reads its tax as zero
/// until the store's upgrade rebuilds it (`upgrade`, layout 5).
type Day = [i64; 4];

/// What one entry adds to its day, written or rewritten from `before`.
fn money_of(entry: &LedgerEntry) -> Day {
    if entry.status != EntryStatus::Success {
        return [0; 4];
    }
    let amount = entry.amount.as_i64().abs();
    match entry.kind {
        EntryKind::Deposit => [amount, 0, 0, 0],
        EntryKind::Stake => [0, amount, 0, 0],
        EntryKind::Win => [0, 0, amount, 0],
        EntryKind::Tax => [0, 0, 0, amount],
        _ => [0; 4],
    }
}

fn money_day([deposits, stakes, wins, tax]: Day) -> MoneyDay {
    MoneyDay { deposits, stakes, wins, tax }
}

fn pending_withdrawal(entry: &LedgerEntry) -> [i64; 2] {
    if entry.kind == EntryKind::Withdrawal && entry.status == EntryStatus::Pending {
        [1, entry.amount.as_i64().abs()]
    } else {
        [0; 2]
    }
}

fn minus<const N: usize>(a: [i64; N], b: [i64; N]) -> [i64; N] {
    std::array::from_fn(|i| a[i] - b[i])
}

fn plus<const N: usize>(a: [i64; N], b: [i64; N]) -> [i64; N] {
    std::array::from_fn(|i| a[i] + b[i])
}

/// Keeps the tallies true as `after` is written over `before` (`None`: a new entry).
pub(super) fn entry_written(
    ledger: &TransactionalTree,
    before: Option<&LedgerEntry>,
    after: &LedgerEntry,
) -> Result<(), Conflict<StoreError>> {
    if before.is_none() {
        tally::add(ledger, &tally::key(ENTRIES, &[]), [1])?;
    }
    let money = minus(money_of(after), before.map(money_of).unwrap_or_default());
    if money != [0; 4] {
        tally::add(ledger, &day_key(lagos_day(after.created_at)), money)?;
    }
    let pending = minus(pending_withdrawal(after), before.map(pending_withdrawal).unwrap_or_default());
    if pending != [0; 2] {
        tally::add(ledger, &tally::key(PENDING_WITHDRAWALS, &[]), pending)?;
    }
    Ok(())
}

/// Takes a refunded stake off the day it was placed.
pub(super) fn stake_refunded(
    ledger: &TransactionalTree,
    staked_at: DateTime<Utc>,
    amount: i64,
) -> Result<(), Conflict<StoreError>> {
    tally::add(ledger, &day_key(lagos_day(staked_at)), [0, -amount.abs(), 0, 0])
}

pub(super) fn entry_count(ledger: &sled::Tree) -> StoreResult<u64> {
    Ok(tally::count(tally::read::<1>(ledger, &tally::key(ENTRIES, &[]))?[0]))
}

/// Each Lagos day's money from `first` to `last`, both included, oldest first (days without money are zero).
pub(super) fn days(ledger: &sled::Tree, first: NaiveDate, last: NaiveDate) -> StoreResult<Vec<(NaiveDate, MoneyDay)>> {
    let mut out = Vec::new();
    let mut day = first;
    while day <= last {
        out.push((day, money_day(tally::read(ledger, &day_key(day))?)));
        day = day.succ_opt().unwrap_or(NaiveDate::MAX);
    }
    Ok(out)
}

/// All days' money together (one key per day that saw money).
pub(super) fn all_time(ledger: &sled::Tree) -> StoreResult<MoneyDay> {
    let mut all = MoneyDay::default();
    for value in ledger.scan_prefix(tally::key(DAY, &[])).values() {
        all.add(money_day(tally::numbers(Some(&value?))));
    }
    Ok(all)
}

/// The withdrawals still pending: how many, and their amount in kobo.
pub(super) fn pending_withdrawals(ledger: &sled::Tree) -> StoreResult<(u64, i64)> {
    let [count, amount] = tally::read(ledger, &tally::key(PENDING_WITHDRAWALS, &[]))?;
    Ok((tally::count(count), amount))
}

/// Rebuilds every tally from the entries themselves: when a store written before the tallies is opened.
pub(super) fn rebuild(ledger: &sled::Tree, entries: impl Iterator<Item = StoreResult<LedgerEntry>>) -> StoreResult<()> {
    let mut count = 0;
    let mut by_day = std::collections::BTreeMap::<NaiveDate, Day>::new();
    let mut pending = [0i64; 2];
    let mut stakes = std::collections::HashMap::<String, (NaiveDate, i64)>::new();
    let mut refunds = Vec::new();
    for entry in entries {
        let entry = entry?;
        count += 1;
        let day = by_day.entry(lagos_day(entry.created_at)).or_default();
        *day = plus(*day, money_of(&entry));
        pending = plus(pending, pending_withdrawal(&entry));
        match entry.kind {
            EntryKind::Stake => {
                stakes.insert(entry.reference.clone(), (lagos_day(entry.created_at), entry.amount.as_i64().abs()));
            }
            EntryKind::Refund => refunds.push(entry.reference),
            _ => {}
        }
    }
    for reference in refunds {
        if let Some((day, amount)) = stakes.get(&reference) {
            by_day.entry(*day).or_default()[1] -= amount;
        }
    }
    for (day, money) in by_day {
        tally::put(ledger, &day_key(day), money)?;
    }
    tally::put(ledger, &tally::key(ENTRIES, &[]), [count])?;
    tally::put(ledger, &tally::key(PENDING_WITHDRAWALS, &[]), pending)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::money::Kobo;
    use sled::transaction::TransactionResult;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    fn entry(id: u64, kind: EntryKind, kobo: i64, created_at: &str) -> LedgerEntry {
        LedgerEntry {
            id,
            user_id: 1,
            kind,
            status: EntryStatus::Success,
            amount: Kobo(kobo),
            balance_after: Kobo::ZERO,
            reference: format!("r{id}"),
            description: String::new(),
            created_at: at(created_at),
        }
    }

    fn write(ledger: &sled::Tree, before: Option<&LedgerEntry>, after: &LedgerEntry) {
        let r: TransactionResult<(), StoreError> = ledger.transaction(|tx| entry_written(tx, before, after));
        r.unwrap();
    }

    fn day(ledger: &sled::Tree, date: &str) -> MoneyDay {
        let d = NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap();
        days(ledger, d, d).unwrap()[0].1
    }

    #[test]
    fn money_counts_on_its_lagos_day_and_a_refunded_stake_leaves_the_day_it_was_placed() {
        let ledger = sled::Config::new().temporary(true).open().unwrap().open_tree("ledger").unwrap();
        // 00:30 WAT on the 23rd, still the 22nd in UTC.
        write(&ledger, None, &entry(1, EntryKind::Deposit, 10_000, "2026-11-22T23:30:00Z"));
        // 23:30 WAT on the 22nd.
        write(&ledger, None, &entry(2, EntryKind::Deposit, 5_000, "2026-11-22T22:30:00Z"));
        write(&ledger, None, &entry(3, EntryKind::Stake, -2_000, "2026-11-22T23:45:00Z"));
        let refunded = entry(4, EntryKind::Stake, -1_000, "2026-11-22T22:50:00Z");
        write(&ledger, None, &refunded);
        write(&ledger, None, &entry(5, EntryKind::Refund, 1_000, "2026-11-23T09:00:00Z"));
        let r: TransactionResult<(), StoreError> =
            ledger.transaction(|tx| stake_refunded(tx, refunded.created_at, 1_000));
        r.unwrap();
        assert_eq!(day(&ledger, "2026-11-23"), MoneyDay { deposits: 10_000, stakes: 2_000, ..Default::default() });
        assert_eq!(day(&ledger, "2026-11-22"), MoneyDay { deposits: 5_000, ..Default::default() }, "refunded");
        assert_eq!(all_time(&ledger).unwrap(), MoneyDay { deposits: 15_000, stakes: 2_000, ..Default::default() });
        assert_eq!(entry_count(&ledger).unwrap(), 5);
    }

    #[test]
    fn a_withdrawal_is_pending_until_it_moves_on() {
        let ledger = sled::Config::new().temporary(true).open().unwrap().open_tree("ledger").unwrap();
        let mut held = entry(1, EntryKind::Withdrawal, -7_000, "2026-11-22T10:00:00Z");
        held.status = EntryStatus::Pending;
        write(&ledger, None, &held);
        assert_eq!(pending_withdrawals(&ledger).unwrap(), (1, 7_000));
        let mut paid = held.clone();
        paid.status = EntryStatus::Success;
        write(&ledger, Some(&held), &paid);
        assert_eq!(pending_withdrawals(&ledger).unwrap(), (0, 0));
        assert_eq!(entry_count(&ledger).unwrap(), 1, "a rewrite is not a new entry");
    }

    #[test]
    fn rebuilding_from_the_entries_gives_the_running_figures() {
        let db = sled::Config::new().temporary(true).open().unwrap();
        let (running, rebuilt) = (db.open_tree("a").unwrap(), db.open_tree("b").unwrap());
        let mut stake = entry(1, EntryKind::Stake, -3_000, "2026-11-20T10:00:00Z");
        stake.reference = "ticket:9".into();
        let mut refund = entry(2, EntryKind::Refund, 3_000, "2026-11-21T10:00:00Z");
        refund.reference = "ticket:9".into();
        let all = [
            entry(0, EntryKind::Deposit, 9_000, "2026-11-20T09:00:00Z"),
            stake.clone(),
            refund.clone(),
            entry(3, EntryKind::Win, 20_000, "2026-11-21T19:00:00Z"),
            entry(4, EntryKind::Tax, -975, "2026-11-21T19:00:00Z"),
        ];
        for e in &all {
            write(&running, None, e);
        }
        let r: TransactionResult<(), StoreError> =
            running.transaction(|tx| stake_refunded(tx, stake.created_at, 3_000));
        r.unwrap();
        rebuild(&rebuilt, all.iter().cloned().map(Ok)).unwrap();
        let first = NaiveDate::from_ymd_opt(2026, 11, 19).unwrap();
        let last = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        assert_eq!(days(&running, first, last).unwrap(), days(&rebuilt, first, last).unwrap());
        assert_eq!(entry_count(&rebuilt).unwrap(), 5);
        let day = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        assert_eq!(days(&running, day, day).unwrap()[0].1, MoneyDay { wins: 20_000, tax: 975, ..Default::default() });
    }
}
