//! Regulator, tax and AML reports from the ledger (issue 15, docs/compliance.md). Each report reads the ledger
//! entries of one window (a Lagos calendar month or year), newest first from the end of the window until before its
//! start, and looks up each ticket's game and each player's state once. They run on the blocking pool.

pub mod csv;

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, NaiveDate, Utc};

use ayo_data::lagos::lagos_midnight;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::seam::back_to;
use ayo_data::user::UserId;
use ayo_data::{Store, StoreResult};

use crate::reports::csv::{field, line, naira};

/// NFIU's currency transaction threshold for individuals (Money Laundering Act 2022): ₦5,000,000.
pub const LARGE_TRANSACTION_KOBO: i64 = 500_000_000;
/// Deposits at or above this share of the threshold, but under it, count as "just under" it.
const JUST_UNDER_PERCENT: i64 = 90;
/// That many deposits just under the threshold in one window are flagged as possible structuring.
const STRUCTURING_DEPOSITS: usize = 3;
/// A player who withdraws after staking less than this share of what they deposited is flagged.
const LITTLE_PLAY_PERCENT: i64 = 20;

/// `amount × part / whole` without overflow, rounded down (saturating at the ends of `i64`).
fn share(amount: i64, part: i64, whole: i64) -> i64 {
    let exact = i128::from(amount) * i128::from(part) / i128::from(whole.max(1));
    i64::try_from(exact).unwrap_or(if exact < 0 { i64::MIN } else { i64::MAX })
}

/// A span of time, `from` inclusive, `to` exclusive.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
}

/// A Lagos calendar month from `YYYY-MM`.
pub fn month(raw: &str) -> Option<Window> {
    let first = NaiveDate::parse_from_str(&format!("{}-01", raw.trim()), "%Y-%m-%d").ok()?;
    let next = if first.month() == 12 {
        NaiveDate::from_ymd_opt(first.year() + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(first.year(), first.month() + 1, 1)?
    };
    Some(Window { from: lagos_midnight(first), to: lagos_midnight(next) })
}

/// A Lagos calendar year.
pub fn year(year: i32) -> Option<Window> {
    Some(Window {
        from: lagos_midnight(NaiveDate::from_ymd_opt(year, 1, 1)?),
        to: lagos_midnight(NaiveDate::from_ymd_opt(year + 1, 1, 1)?),
    })
}

/// The entries of `entries` (newest first) written in `window`: the read stops just before the window's start
/// (`back_to`).
pub fn within(
    window: Window,
    entries: impl Iterator<Item = StoreResult<LedgerEntry>>,
) -> StoreResult<Vec<LedgerEntry>> {
    let mut out = Vec::new();
    for entry in back_to(window.from, entries) {
        let entry = entry?;
        if entry.created_at >= window.from && entry.created_at < window.to {
            out.push(entry);
        }
    }
    Ok(out)
}

/// Every ledger entry written in `window`, newest first.
pub fn entries_in(store: &Store, window: Window) -> StoreResult<Vec<LedgerEntry>> {
    within(window, store.books.entries_newest_first())
}

/// The ticket an entry is about (`ticket:42`).
fn ticket_of(entry: &LedgerEntry) -> Option<u64> {
    entry.reference.strip_prefix("ticket:").and_then(|id| id.parse().ok())
}

/// Games, tickets and players, each read once.
pub struct Lookup<'a> {
    store: &'a Store,
    games: HashMap<u64, String>,
    ticket_games: HashMap<u64, u64>,
    players: HashMap<UserId, (String, String)>,
}

impl<'a> Lookup<'a> {
    pub fn new(store: &'a Store) -> Self {
        Self { store, games: HashMap::new(), ticket_games: HashMap::new(), players: HashMap::new() }
    }

    /// A player's name and state (`–` when they have not said).
    pub fn player(&mut self, id: UserId) -> StoreResult<(String, String)> {
        if let Some(found) = self.players.get(&id) {
            return Ok(found.clone());
        }
        let user = self.store.users.get(id)?;
        let found = user
            .map_or_else(|| (String::new(), "–".to_string()), |u| (u.name, u.state.unwrap_or_else(|| "–".to_string())));
        self.players.insert(id, found.clone());
        Ok(found)
    }

    /// The name of the game an entry's ticket was for.
    fn game_of(&mut self, entry: &LedgerEntry) -> StoreResult<String> {
        let Some(ticket) = ticket_of(entry) else { return Ok("–".into()) };
        let game = match self.ticket_games.get(&ticket) {
            Some(game) => *game,
            None => {
                let game = self.store.books.ticket(ticket)?.map_or(0, |t| t.game_id);
                self.ticket_games.insert(ticket, game);
                game
            }
        };
        if let Some(name) = self.games.get(&game) {
            return Ok(name.clone());
        }
        let name = self.store.games.game(game)?.map_or_else(|| format!("game {game}"), |g| g.name);
        self.games.insert(game, name.clone());
        Ok(name)
    }
}

fn succeeded(entry: &LedgerEntry) -> bool {
    entry.status == EntryStatus::Success
}

/// Sales, wins, tax and gross gaming revenue of one game in one state.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Takings {
    pub tickets: u64,
    pub sales: i64,
    pub wins: i64,
    pub tax: i64,
}

impl Takings {
    pub fn ggr(&self) -> i64 {
        self.sales - self.wins
    }
}

/// The regulator's monthly figures by (state, game). Refunds of cancelled draws take their stakes back out of sales.
pub fn takings(entries: &[LedgerEntry], lookup: &mut Lookup) -> StoreResult<BTreeMap<(String, String), Takings>> {
    let mut rows: BTreeMap<(String, String), Takings> = BTreeMap::new();
    for entry in entries.iter().filter(|e| succeeded(e)) {
        if !matches!(entry.kind, EntryKind::Stake | EntryKind::Refund | EntryKind::Win | EntryKind::Tax) {
            continue;
        }
        let key = (lookup.player(entry.user_id)?.1, lookup.game_of(entry)?);
        let row = rows.entry(key).or_default();
        let amount = entry.amount.as_i64().abs();
        match entry.kind {
            EntryKind::Stake => {
                row.tickets += 1;
                row.sales += amount;
            }
            EntryKind::Refund => {
                row.tickets = row.tickets.saturating_sub(1);
                row.sales -= amount;
            }
            EntryKind::Win => row.wins += amount,
            _ => row.tax += amount,
        }
    }
    Ok(rows)
}

/// The monthly regulator return as CSV; `levy_bp` is the levy on gross gaming revenue, if the licence sets one.
pub fn takings_csv(month: &str, rows: &BTreeMap<(String, String), Takings>, levy_bp: Option<u32>) -> String {
    let mut out = String::from(
        "month,state,game,tickets,sales_naira,wins_paid_naira,tax_withheld_naira,ggr_naira,levy_naira\r\n",
    );
    for ((state, game), row) in rows {
        let levy = levy_bp.map_or_else(String::new, |bp| naira(share(row.ggr().max(0), i64::from(bp), 10_000)));
        let cells = [
            month.to_string(),
            field(state),
            field(game),
            row.tickets.to_string(),
            naira(row.sales),
            naira(row.wins),
            naira(row.tax),
            naira(row.ggr()),
            levy,
        ];
        line(&mut out, &cells);
    }
    out
}

/// What one player had withheld in a window: for the remittance schedule.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Withheld {
    pub name: String,
    pub tickets: u64,
    pub gross: i64,
    pub tax: i64,
}

/// Tax withheld by (state, player), with the gross winnings it was taken from.
pub fn withheld(entries: &[LedgerEntry], lookup: &mut Lookup) -> StoreResult<BTreeMap<(String, UserId), Withheld>> {
    let taxed: HashMap<&str, i64> = entries
        .iter()
        .filter(|e| succeeded(e) && e.kind == EntryKind::Tax)
        .map(|e| (e.reference.as_str(), e.amount.as_i64().abs()))
        .collect();
    let mut rows: BTreeMap<(String, UserId), Withheld> = BTreeMap::new();
    for win in entries.iter().filter(|e| succeeded(e) && e.kind == EntryKind::Win) {
        let Some(tax) = taxed.get(win.reference.as_str()) else { continue };
        let (name, state) = lookup.player(win.user_id)?;
        let row = rows.entry((state, win.user_id)).or_default();
        row.name = name;
        row.tickets += 1;
        row.gross += win.amount.as_i64();
        row.tax += tax;
    }
    Ok(rows)
}

pub fn withheld_csv(month: &str, rows: &BTreeMap<(String, UserId), Withheld>) -> String {
    let mut out =
        String::from("month,state,player_id,player_name,taxed_tickets,gross_winnings_naira,tax_withheld_naira\r\n");
    for ((state, user), row) in rows {
        let cells = [
            month.to_string(),
            field(state),
            user.to_string(),
            field(&row.name),
            row.tickets.to_string(),
            naira(row.gross),
            naira(row.tax),
        ];
        line(&mut out, &cells);
    }
    out
}

/// Deposits and withdrawals of at least `threshold` kobo (not failed ones), newest first: for NFIU filing.
pub fn large_transactions(entries: &[LedgerEntry], threshold: i64) -> Vec<&LedgerEntry> {
    entries
        .iter()
        .filter(|e| matches!(e.kind, EntryKind::Deposit | EntryKind::Withdrawal))
        .filter(|e| matches!(e.status, EntryStatus::Success | EntryStatus::Pending))
        .filter(|e| e.amount.as_i64().abs() >= threshold)
        .collect()
}

/// A pattern an AML officer should look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    pub user: UserId,
    pub kind: &'static str,
    pub detail: String,
}

/// Possible structuring (several deposits just under the threshold) and deposit-then-withdraw with little play.
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
            flags.push(Flag {
                user,
                kind: "structuring",
                detail: format!(
                    "{} deposits between ₦{} and ₦{} (just under the reporting threshold)",
                    p.just_under,
                    naira(floor),
                    naira(threshold)
                ),
            });
        }
        if p.withdrawals > 0 && p.deposits > 0 && p.stakes < share(p.deposits, LITTLE_PLAY_PERCENT, 100) {
            flags.push(Flag {
                user,
                kind: "little_play",
                detail: format!(
                    "deposited ₦{}, staked ₦{}, asked to withdraw ₦{}",
                    naira(p.deposits),
                    naira(p.stakes.max(0)),
                    naira(p.withdrawals)
                ),
            });
        }
    }
    flags
}

#[cfg(test)]
mod tests {
    use super::*;
    use ayo_data::money::Kobo;

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
    fn a_month_is_lagos_midnight_to_lagos_midnight() {
        let november = month("2026-11").unwrap();
        assert_eq!(november.from.to_rfc3339(), "2026-10-31T23:00:00+00:00");
        assert_eq!(november.to.to_rfc3339(), "2026-11-30T23:00:00+00:00");
        assert_eq!(month("2026-12").unwrap().to.to_rfc3339(), "2026-12-31T23:00:00+00:00");
        assert!(month("2026-13").is_none() && month("soon").is_none());
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
        let kinds: Vec<(UserId, &str)> = flags.iter().map(|f| (f.user, f.kind)).collect();
        assert_eq!(kinds, vec![(1, "structuring"), (2, "little_play")]);
        let edge = [entry(1, 1, Deposit, t, Success), entry(2, 1, Deposit, t - 1, Success)];
        assert_eq!(large_transactions(&edge, t).len(), 1, "the threshold itself is large");
        let huge: Vec<&str> = aml_flags(&entries, i64::MAX).iter().map(|f| f.kind).collect();
        assert_eq!(huge, vec!["little_play"], "no deposit comes near the largest threshold");
    }
}
