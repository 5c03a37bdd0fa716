//! Read-only views across every player for the back office: the whole ledger, every ticket, daily totals.

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;

use super::codec::decode;
use super::wallets::{Settlements, WalletStore};
use crate::error::StoreResult;
use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::ticket::Ticket;

const ENTRY: u8 = b'e';
const TICKET: u8 = b't';

/// Money totals of one day (kobo).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct DayTotals {
    pub deposits: i64,
    pub stakes: i64,
    pub wins: i64,
    pub withdrawals: i64,
}

impl DayTotals {
    /// Gross gaming revenue: stakes kept minus winnings paid (refunded stakes never count as stakes).
    pub fn ggr(&self) -> i64 {
        self.stakes - self.wins
    }
}

impl WalletStore {
    /// Every ledger entry of every player, newest first.
    pub fn all_entries(&self) -> StoreResult<Vec<LedgerEntry>> {
        self.ledger.scan_prefix([ENTRY]).values().rev().map(|v| decode(&v?)).collect()
    }

    /// Every ticket as it stands (settlements applied), newest first.
    pub fn all_tickets(&self) -> StoreResult<Vec<Ticket>> {
        let mut settlements = Settlements::default();
        self.tickets.scan_prefix([TICKET]).values().rev().map(|v| settlements.apply(self, decode(&v?)?)).collect()
    }

    /// Totals per day (UTC) for the last `days` days up to `now`, oldest first, plus the all-time totals.
    pub fn daily_totals(&self, now: DateTime<Utc>, days: i64) -> StoreResult<(Vec<(NaiveDate, DayTotals)>, DayTotals)> {
        let first = (now - Duration::days(days - 1)).date_naive();
        let mut by_day: BTreeMap<NaiveDate, DayTotals> =
            (0..days).map(|d| (first + Duration::days(d), DayTotals::default())).collect();
        let mut all = DayTotals::default();
        let refunded: std::collections::HashSet<String> = self
            .ledger
            .scan_prefix([ENTRY])
            .values()
            .filter_map(|v| v.ok().and_then(|v| decode::<LedgerEntry>(&v).ok()))
            .filter(|e| e.kind == EntryKind::Refund)
            .map(|e| e.reference)
            .collect();
        for value in self.ledger.scan_prefix([ENTRY]).values() {
            let entry: LedgerEntry = decode(&value?)?;
            if entry.status != EntryStatus::Success {
                continue;
            }
            let amount = entry.amount.as_i64().abs();
            let add = |t: &mut DayTotals| match entry.kind {
                EntryKind::Deposit => t.deposits += amount,
                EntryKind::Stake if !refunded.contains(&entry.reference) => t.stakes += amount,
                EntryKind::Win => t.wins += amount,
                EntryKind::Withdrawal => t.withdrawals += amount,
                _ => {}
            };
            add(&mut all);
            if let Some(day) = by_day.get_mut(&entry.created_at.date_naive()) {
                add(day);
            }
        }
        Ok((by_day.into_iter().collect(), all))
    }
}
