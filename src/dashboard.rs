//! The back-office dashboard: player counts and money totals, today and over 30 days. Also pushed live to admins
//! (`dashboard.updated`) whenever the figures change.

use std::time::Duration;

use chrono::Utc;
use serde_json::{json, Value};

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_data::ledger::{EntryKind, EntryStatus};
use ayo_data::Store;

/// How often the live counters are recomputed for admins (only published when they changed).
const LIVE_EVERY: Duration = Duration::from_secs(5);

pub fn figures(store: &Store) -> anyhow::Result<Value> {
    let now = Utc::now();
    let players = store.users.player_counts(now.date_naive())?;
    let (days, all) = store.wallets.daily_totals(now, 30)?;
    let pending: Vec<i64> = store
        .wallets
        .all_entries()?
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

/// Recomputes the figures every few seconds and pushes them to admins when they change.
pub fn start_live(store: Store, publish: ayo_actors::publisher::Publisher) {
    actix_web::rt::spawn(async move {
        let mut last = Value::Null;
        let mut tick = actix_web::rt::time::interval(LIVE_EVERY);
        loop {
            tick.tick().await;
            let store = store.clone();
            let Ok(Ok(now)) = actix_web::rt::task::spawn_blocking(move || figures(&store)).await else { continue };
            if now != last {
                publish.publish(Event { topic: Topic::Admin, kind: EventKind::DashboardUpdated, data: now.clone() });
                last = now;
            }
        }
    });
}
