//! The back-office dashboard: player counts and money totals, today and over 30 days, and the tax withheld this
//! Lagos month. Also pushed live to admins
//! (`dashboard.updated`) whenever the figures change.
//!
//! Days are Nigerian days: midnight to midnight WAT (Africa/Lagos, UTC+01:00 all year, no daylight saving), because
//! that is the day an operator in Lagos means by "today". A stake at 00:30 WAT is today's, though it is still
//! yesterday in UTC.

use std::time::Duration;

use chrono::{DateTime, Datelike, Utc};
use serde_json::{json, Value};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::lagos::{lagos_day, lagos_midnight};
use ayo_data::Store;

/// How often the live counters are recomputed for admins (only published when they changed).
const LIVE_EVERY: Duration = Duration::from_secs(5);

/// How many days the charts cover, today included.
const SERIES_DAYS: i64 = 30;

pub fn figures(store: &Store) -> anyhow::Result<Value> {
    let now = Utc::now();
    let players = store.users.player_counts(start_of_wat_day(now))?;
    let this_day = lagos_day(now);
    let days = store.books.money_by_day(this_day - chrono::Duration::days(SERIES_DAYS - 1), this_day)?;
    let all = store.books.money_all_time()?;
    let (pending_count, pending_amount) = store.books.pending_withdrawals()?;
    let today = days.last().map(|(_, t)| *t).unwrap_or_default();
    let first_of_month = this_day.with_day(1).unwrap_or(this_day);
    let month = store.books.money_by_day(first_of_month, this_day)?;
    let tax_this_month: i64 = month.iter().map(|(_, t)| t.tax).sum();
    Ok(json!({
        "players_total": players.total,
        "players_new_today": players.new_today,
        "players_verified": players.verified,
        "deposits": all.deposits,
        "stakes": all.stakes,
        "wins": all.wins,
        "ggr": all.ggr(),
        "today": { "deposits": today.deposits, "stakes": today.stakes, "wins": today.wins, "ggr": today.ggr() },
        "pending_withdrawals": { "count": pending_count, "amount": pending_amount },
        // The Lagos calendar month so far: what the tax-remittance report will owe for it (docs/compliance.md).
        "this_month": { "month": first_of_month.format("%Y-%m").to_string(), "tax_withheld": tax_this_month },
        "series": days.iter().map(|(day, t)| json!({
            "date": day.to_string(),
            "deposits": t.deposits,
            "stakes": t.stakes,
            "wins": t.wins,
            "ggr": t.ggr(),
        })).collect::<Vec<_>>(),
    }))
}

/// The instant today began in Lagos (00:00 WAT is 23:00 UTC the day before).
fn start_of_wat_day(now: DateTime<Utc>) -> DateTime<Utc> {
    lagos_midnight(lagos_day(now))
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

    fn at(rfc3339: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn a_wat_day_starts_at_23_00_utc_the_day_before() {
        assert_eq!(start_of_wat_day(at("2026-11-22T23:30:00Z")), at("2026-11-22T23:00:00Z"));
        assert_eq!(start_of_wat_day(at("2026-11-22T22:59:59Z")), at("2026-11-21T23:00:00Z"));
    }
}
