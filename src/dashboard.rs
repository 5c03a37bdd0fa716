//! The back-office dashboard: player counts and money totals, today and over 30 days. Also pushed live to admins
//! (`dashboard.updated`) whenever the figures change.
//!
//! Days are Nigerian days: midnight to midnight WAT (Africa/Lagos, UTC+01:00 all year, no daylight saving), because
//! that is the day an operator in Lagos means by "today". A stake at 00:30 WAT is today's, though it is still
//! yesterday in UTC.

use std::collections::{BTreeMap, HashSet};
use std::time::Duration;

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use serde_json::{json, Value};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::game::wat;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::Store;

/// How often the live counters are recomputed for admins (only published when they changed).
const LIVE_EVERY: Duration = Duration::from_secs(5);

/// How many days the charts cover, today included.
const SERIES_DAYS: i64 = 30;

pub fn figures(store: &Store) -> anyhow::Result<Value> {
    let now = Utc::now();
    let players = store.users.player_counts(start_of_wat_day(now))?;
    let entries = store.wallets.all_entries()?;
    let (days, all) = daily_totals(&entries, now, SERIES_DAYS);
    let pending: Vec<i64> = entries
        .iter()
        .filter(|e| e.kind == EntryKind::Withdrawal && e.status == EntryStatus::Pending)
        .map(|e| e.amount.as_i64().abs())
        .collect();
    let today = days.last().map(|(_, t)| *t).unwrap_or_default();
    Ok(json!({
        "players_total": players.total,
        "players_new_today": players.new_today,
        "players_verified": players.verified,
        "deposits": all.deposits,
        "stakes": all.stakes,
        "wins": all.wins,
        "ggr": all.ggr(),
        "today": { "deposits": today.deposits, "stakes": today.stakes, "wins": today.wins, "ggr": today.ggr() },
        "pending_withdrawals": { "count": pending.len(), "amount": pending.iter().sum::<i64>() },
        "series": days.iter().map(|(day, t)| json!({
            "date": day.to_string(),
            "deposits": t.deposits,
            "stakes": t.stakes,
            "wins": t.wins,
            "ggr": t.ggr(),
        })).collect::<Vec<_>>(),
    }))
}

/// The WAT calendar day of an instant.
fn wat_day(t: DateTime<Utc>) -> NaiveDate {
    t.with_timezone(&wat()).date_naive()
}

/// The instant today began in Lagos (00:00 WAT is 23:00 UTC the day before).
fn start_of_wat_day(now: DateTime<Utc>) -> DateTime<Utc> {
    wat_day(now).and_time(NaiveTime::MIN).and_utc() - chrono::Duration::seconds(i64::from(wat().local_minus_utc()))
}

/// Money totals of one day, or of all time (kobo).
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct DayTotals {
    deposits: i64,
    stakes: i64,
    wins: i64,
}

impl DayTotals {
    /// Gross gaming revenue: stakes kept minus winnings paid (refunded stakes never count as stakes).
    fn ggr(&self) -> i64 {
        self.stakes - self.wins
    }
}

/// Money totals per WAT day for the last `days` days up to `now`, oldest first, plus the all-time totals. Only
/// successful entries count, and a stake later refunded (a cancelled draw) never counts as a stake.
fn daily_totals(entries: &[LedgerEntry], now: DateTime<Utc>, days: i64) -> (Vec<(NaiveDate, DayTotals)>, DayTotals) {
    let first = wat_day(now) - chrono::Duration::days(days - 1);
    let mut by_day: BTreeMap<NaiveDate, DayTotals> =
        (0..days).map(|d| (first + chrono::Duration::days(d), DayTotals::default())).collect();
    let refunded: HashSet<&str> =
        entries.iter().filter(|e| e.kind == EntryKind::Refund).map(|e| e.reference.as_str()).collect();
    let mut all = DayTotals::default();
    for entry in entries.iter().filter(|e| e.status == EntryStatus::Success) {
        let amount = entry.amount.as_i64().abs();
        let add = |t: &mut DayTotals| match entry.kind {
            EntryKind::Deposit => t.deposits += amount,
            EntryKind::Stake if !refunded.contains(entry.reference.as_str()) => t.stakes += amount,
            EntryKind::Win => t.wins += amount,
            _ => {}
        };
        add(&mut all);
        if let Some(day) = by_day.get_mut(&wat_day(entry.created_at)) {
            add(day);
        }
    }
    (by_day.into_iter().collect(), all)
}

/// Recomputes the figures every few seconds while an admin is connected and pushes them when they change.
pub fn start_live(store: Store, publish: ayo_actors::publisher::Publisher) {
    actix_web::rt::spawn(async move {
        let mut last = Value::Null;
        let mut tick = actix_web::rt::time::interval(LIVE_EVERY);
        loop {
            tick.tick().await;
            // Nobody on the back office: no ledger scan (the page fetches the figures when it opens).
            if !publish.is_listening(&Topic::Admin) {
                last = Value::Null;
                continue;
            }
            let store = store.clone();
            let Ok(Ok(now)) = actix_web::rt::task::spawn_blocking(move || figures(&store)).await else { continue };
            if now != last {
                publish.publish(Event { topic: Topic::Admin, kind: EventKind::DashboardUpdated, data: now.clone() });
                last = now;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use ayo_data::money::Kobo;

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    fn entry(id: u64, kind: EntryKind, kobo: i64, reference: &str, created_at: &str) -> LedgerEntry {
        LedgerEntry {
            id,
            user_id: 1,
            kind,
            status: EntryStatus::Success,
            amount: Kobo(kobo),
            balance_after: Kobo::ZERO,
            reference: reference.into(),
            description: String::new(),
            created_at: at(created_at),
        }
    }

    #[test]
    fn a_wat_day_starts_at_23_00_utc_the_day_before() {
        assert_eq!(start_of_wat_day(at("2026-11-22T23:30:00Z")), at("2026-11-22T23:00:00Z"));
        assert_eq!(start_of_wat_day(at("2026-11-22T22:59:59Z")), at("2026-11-21T23:00:00Z"));
    }

    #[test]
    fn money_after_midnight_in_lagos_counts_for_the_new_day() {
        let now = at("2026-11-23T10:00:00Z");
        let entries = [
            // 00:30 WAT on the 23rd, still the 22nd in UTC.
            entry(1, EntryKind::Deposit, 10_000, "d1", "2026-11-22T23:30:00Z"),
            // 23:30 WAT on the 22nd.
            entry(2, EntryKind::Deposit, 5_000, "d2", "2026-11-22T22:30:00Z"),
            entry(3, EntryKind::Stake, -2_000, "t1", "2026-11-22T23:45:00Z"),
            entry(4, EntryKind::Stake, -1_000, "t2", "2026-11-23T08:00:00Z"),
            entry(5, EntryKind::Refund, 1_000, "t2", "2026-11-23T09:00:00Z"),
        ];
        let (days, all) = daily_totals(&entries, now, 30);
        assert_eq!(days.len(), 30);
        let (today, totals) = days[29];
        assert_eq!(today, NaiveDate::from_ymd_opt(2026, 11, 23).unwrap());
        assert_eq!((totals.deposits, totals.stakes), (10_000, 2_000), "refunded stakes never count");
        assert_eq!(days[28].1.deposits, 5_000);
        assert_eq!((all.deposits, all.stakes), (15_000, 2_000));
    }
}
