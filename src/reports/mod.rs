//! Regulator, tax and AML reports from the ledger (issue 15, docs/compliance.md). Each report reads the ledger
//! entries of one window (a Lagos calendar month or year), newest first from the end of the window until before its
//! start, and looks up each ticket's game and each player's state once. They run on the blocking pool.

pub mod csv;
pub mod draws;

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Datelike, NaiveDate, Utc};
use serde_json::{json, Value};

use ayo_data::aml::Pattern;
use ayo_data::lagos::lagos_midnight;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::share;
use ayo_data::seam::back_to;
use ayo_data::user::UserId;
use ayo_data::{Store, StoreResult};

use crate::reports::csv::{field, line, naira};

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
        self.game_name(game)
    }

    /// A game's name (`game 7` for one no longer stored), read once.
    pub fn game_name(&mut self, game: u64) -> StoreResult<String> {
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

/// The monthly regulator return as JSON rows (`format=json`): the CSV's columns, amounts in kobo.
pub fn takings_rows(month: &str, rows: &BTreeMap<(String, String), Takings>, levy_bp: Option<u32>) -> Vec<Value> {
    rows.iter()
        .map(|((state, game), row)| {
            json!({
                "month": month, "state": state, "game": game, "tickets": row.tickets, "sales": row.sales,
                "wins_paid": row.wins, "tax_withheld": row.tax, "ggr": row.ggr(),
                "levy": levy_bp.map(|bp| share(row.ggr().max(0), i64::from(bp), 10_000)),
            })
        })
        .collect()
}

/// The remittance schedule as JSON rows (`format=json`): the CSV's columns, amounts in kobo.
pub fn withheld_rows(month: &str, rows: &BTreeMap<(String, UserId), Withheld>) -> Vec<Value> {
    rows.iter()
        .map(|((state, user), row)| {
            json!({
                "month": month, "state": state, "player_id": user, "player_name": row.name,
                "taxed_tickets": row.tickets, "gross_winnings": row.gross, "tax_withheld": row.tax,
            })
        })
        .collect()
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

/// How the AML officer reads a pattern (`detail`), amounts in naira.
pub fn flag_detail(pattern: &Pattern) -> String {
    match *pattern {
        Pattern::Structuring { deposits, from, threshold } => format!(
            "{deposits} deposits between ₦{} and ₦{} (just under the reporting threshold)",
            naira(from),
            naira(threshold)
        ),
        Pattern::LittlePlay { deposited, staked, withdrawn } => format!(
            "deposited ₦{}, staked ₦{}, asked to withdraw ₦{}",
            naira(deposited),
            naira(staked),
            naira(withdrawn)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_month_is_lagos_midnight_to_lagos_midnight() {
        let november = month("2026-11").unwrap();
        assert_eq!(november.from.to_rfc3339(), "2026-10-31T23:00:00+00:00");
        assert_eq!(november.to.to_rfc3339(), "2026-11-30T23:00:00+00:00");
        assert_eq!(month("2026-12").unwrap().to.to_rfc3339(), "2026-12-31T23:00:00+00:00");
        assert!(month("2026-13").is_none() && month("soon").is_none());
    }

    #[test]
    fn a_flag_is_worded_in_naira() {
        let structuring = Pattern::Structuring { deposits: 3, from: 450_000_000, threshold: 500_000_000 };
        assert_eq!(
            flag_detail(&structuring),
            "3 deposits between ₦4500000.00 and ₦5000000.00 (just under the reporting threshold)"
        );
        let little = Pattern::LittlePlay { deposited: 500_000, staked: 50_000, withdrawn: 400_000 };
        assert_eq!(flag_detail(&little), "deposited ₦5000.00, staked ₦500.00, asked to withdraw ₦4000.00");
    }
}
