//! The anti-money-laundering rules (Money Laundering Act 2022, NFIU; docs/compliance.md): which deposits and
//! withdrawals are large enough to file, and which patterns in a window of the ledger an AML officer should look at.
//! Pure rules over ledger entries; the report floor (`src/reports`, `src/http/admin/reports.rs`) reads the window
//! and words what they find.

use std::collections::BTreeMap;

use crate::ledger::{EntryKind, EntryStatus, LedgerEntry};
use crate::money::share;
use crate::user::UserId;

/// NFIU's currency transaction threshold for individuals (Money Laundering Act 2022): ₦5,000,000.
pub const LARGE_TRANSACTION_KOBO: i64 = 500_000_000;
/// Deposits at or above this share of the threshold, but under it, count as "just under" it.
const JUST_UNDER_PERCENT: i64 = 90;
/// That many deposits just under the threshold in one window are flagged as possible structuring.
const STRUCTURING_DEPOSITS: usize = 3;
/// A player who withdraws after staking less than this share of what they deposited is flagged.
const LITTLE_PLAY_PERCENT: i64 = 20;

/// Deposits and withdrawals of at least `threshold` kobo (not failed ones), in the order given: for NFIU filing.
pub fn large_transactions(entries: &[LedgerEntry], threshold: i64) -> Vec<&LedgerEntry> {
    entries
        .iter()
        .filter(|e| matches!(e.kind, EntryKind::Deposit | EntryKind::Withdrawal))
        .filter(|e| matches!(e.status, EntryStatus::Success | EntryStatus::Pending))
        .filter(|e| e.amount.as_i64().abs() >= threshold)
        .collect()
}

/// A pattern an AML officer should look at, with the figures that made it (kobo).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pattern {
    /// Possible structuring: `deposits` deposits from `from` up to just below `threshold`.
    Structuring { deposits: usize, from: i64, threshold: i64 },
    /// Asked to withdraw after staking little of what was deposited.
    LittlePlay { deposited: i64, staked: i64, withdrawn: i64 },
}

impl Pattern {
    /// The pattern's name in the API (`kind`).
    pub fn kind(&self) -> &'static str {
        match self {
            Pattern::Structuring { .. } => "structuring",
            Pattern::LittlePlay { .. } => "little_play",
        }
    }
}

/// One player's pattern.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    pub user: UserId,
    pub pattern: Pattern,
}

/// Possible structuring (several deposits just under the threshold) and deposit-then-withdraw with little play, by
/// player (lowest id first).
pub fn aml_flags(entries: &[LedgerEntry], threshold: i64) -> Vec<Flag> {
    #[derive(Default)]
    struct Player {
        just_under: usize,
        deposits: i64,
        stakes: i64,
        withdrawals: i64,
    }
    let mut players: BTreeMap<UserId, Player> = BTreeMap::new();
    let floor = share(threshold, JUST_UNDER_PERCENT, 100);
    for e in entries.iter().filter(|e| matches!(e.status, EntryStatus::Success | EntryStatus::Pending)) {
        let p = players.entry(e.user_id).or_default();
        let amount = e.amount.as_i64().abs();
        match (e.kind, e.status) {
            (EntryKind::Deposit, EntryStatus::Success) => {
                p.deposits = p.deposits.saturating_add(amount);
                p.just_under += usize::from(amount >= floor && amount < threshold);
            }
            (EntryKind::Stake, EntryStatus::Success) => p.stakes = p.stakes.saturating_add(amount),
            (EntryKind::Refund, EntryStatus::Success) => p.stakes = p.stakes.saturating_sub(amount),
            (EntryKind::Withdrawal, _) => p.withdrawals = p.withdrawals.saturating_add(amount),
            _ => {}
        }
    }
    let mut flags = Vec::new();
    for (user, p) in players {
        if p.just_under >= STRUCTURING_DEPOSITS {
            flags.push(Flag { user, pattern: Pattern::Structuring { deposits: p.just_under, from: floor, threshold } });
        }
        if p.withdrawals > 0 && p.deposits > 0 && p.stakes < share(p.deposits, LITTLE_PLAY_PERCENT, 100) {
            let pattern =
                Pattern::LittlePlay { deposited: p.deposits, staked: p.stakes.max(0), withdrawn: p.withdrawals };
            flags.push(Flag { user, pattern });
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use chrono::Utc;

    use super::*;
    use crate::money::Kobo;

    fn entry(id: u64, user: UserId, kind: EntryKind, amount: i64, status: EntryStatus) -> LedgerEntry {
        LedgerEntry {
            id,
            user_id: user,
            kind,
            status,
            amount: Kobo(amount),
            balance_after: Kobo(0),
            reference: format!("ref{id}"),
            description: String::new(),
            created_at: Utc::now(),
        }
    }

    #[test]
    fn deposits_just_under_the_threshold_and_withdrawing_without_playing_are_flagged() {
        use EntryKind::*;
        use EntryStatus::*;
        let t = 1_000_000;
        let entries = vec![
            entry(1, 1, Deposit, 950_000, Success),
            entry(2, 1, Deposit, 990_000, Success),
            entry(3, 1, Deposit, 900_000, Success),
            entry(4, 1, Stake, -2_000_000, Success),
            entry(5, 2, Deposit, 500_000, Success),
            entry(6, 2, Stake, -50_000, Success),
            entry(7, 2, Withdrawal, -400_000, Pending),
            entry(8, 3, Deposit, 950_000, Success),
            entry(9, 3, Deposit, 960_000, Failed),
            entry(10, 3, Stake, -800_000, Success),
            entry(11, 3, Withdrawal, -100_000, Success),
        ];
        let flags = aml_flags(&entries, t);
        let kinds: Vec<(UserId, &str)> = flags.iter().map(|f| (f.user, f.pattern.kind())).collect();
        assert_eq!(kinds, vec![(1, "structuring"), (2, "little_play")]);
        assert_eq!(flags[0].pattern, Pattern::Structuring { deposits: 3, from: 900_000, threshold: t });
        assert_eq!(flags[1].pattern, Pattern::LittlePlay { deposited: 500_000, staked: 50_000, withdrawn: 400_000 });
        let edge = [entry(1, 1, Deposit, t, Success), entry(2, 1, Deposit, t - 1, Success)];
        assert_eq!(large_transactions(&edge, t).len(), 1, "the threshold itself is large");
        let huge: Vec<&str> = aml_flags(&entries, i64::MAX).iter().map(|f| f.pattern.kind()).collect();
        assert_eq!(huge, vec!["little_play"], "no deposit comes near the largest threshold");
    }
}
