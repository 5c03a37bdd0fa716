//! The risk desk, live (issue 31 item 4): after sales on a draw whose liability is kept (a game with limits, or a
//! draw the desk follows), admins get one `risk.updated` per draw at most every `EVERY`, however many sales came
//! in between, and the reserve gauge is set from the same figures. The figures come from the draw's liability in
//! memory without a search (`RiskGlance`, O(1)); the desk refetches its full report on the event.
//!
//! When the running upper bound passes the warning share of the reserve, the exact worst case is brought forward
//! off the sale path (one search per draw at a time, docs/decisions/053-incremental-reserve-check.md), and once
//! the exact figure passes it, admins get one `admin.alert` (`risk.reserve_warning`) until it falls back under.
//! An upper bound alone never raises the alert: it can be far above the exact figure.
//!
//! On a cluster, each node pushes for the draws it sold into (those whose game has limits: the others keep no
//! liability on PostgreSQL), with the figures of its liability brought up to date with every node's committed sales
//! first: a node selling under its share of the draw knows only its own
//! (docs/decisions/067-shares-of-a-draws-headroom.md). The push goes over the bus to the admins on every node; the
//! alert is raised once per draw by each node that sees it pass (decision 064).

use std::collections::HashSet;
use std::time::Duration;

use serde_json::json;

use ayo_actors::events::{Event, EventKind, Topic};
use ayo_actors::publisher::Publisher;
use ayo_data::draw::DrawId;
use ayo_data::risk::RiskGlance;
use ayo_data::Store;

/// At most one push (and one gauge update) per draw this often, whatever the sales.
pub const EVERY: Duration = Duration::from_millis(250);

/// The share of its reserve (per cent) past which a draw is flagged; the desk uses the same figure.
pub const WARNING_PERCENT: f64 = 80.0;

/// The share of its reserve a draw's worst case takes (per cent): the exact figure, or the running upper bound
/// between searches (see `RiskGlance`).
pub const RESERVE_USED: &str = "ayo_risk_reserve_used_percent";

/// Whether a glance is past the warning share (`exact`: only if its worst case is the exact one).
fn past_warning(glance: &RiskGlance, exact: bool) -> bool {
    (!exact || glance.worst_case_known) && glance.reserve_used_percent.is_some_and(|used| used >= WARNING_PERCENT)
}

/// The `data` of `risk.updated`: the draw, its game and its headline figures (kobo).
pub fn event_data(draw: DrawId, game: u64, glance: &RiskGlance, warning: bool) -> serde_json::Value {
    json!({
        "draw_id": draw,
        "game_id": game,
        "tickets": glance.tickets,
        "stakes": glance.stakes,
        "worst_case_payout": glance.worst_case_payout,
        "worst_case_known": glance.worst_case_known,
        "reserve": glance.reserve,
        "reserve_used_percent": glance.reserve_used_percent,
        "past_warning": warning,
    })
}

/// Starts the loop. `publish` reaches the admins on every node of a cluster (`Bus::publisher`).
pub fn start(store: Store, publish: Publisher) {
    actix_web::rt::spawn(async move {
        let mut tick = actix_web::rt::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // The draws an alert was raised for and that have not fallen back under the warning share since.
        let mut warned: HashSet<DrawId> = HashSet::new();
        loop {
            tick.tick().await;
            for draw in store.risk.take_changed() {
                push(&store, &publish, &mut warned, draw);
            }
        }
    });
}

/// Sets the gauge, tells the admins (if any is connected), raises or clears the alert, and starts bringing the exact
/// figure forward when the bound says the warning share may be passed.
fn push(store: &Store, publish: &Publisher, warned: &mut HashSet<DrawId>, draw: DrawId) {
    let Ok(Some(found)) = store.games.draw(draw) else { return };
    let game = store.games.game(found.game_id).ok().flatten();
    let Some(glance) = store.risk.glance(draw, game.as_ref()) else { return };
    if let Some(used) = glance.reserve_used_percent {
        metrics::gauge!(RESERVE_USED, "draw" => draw.to_string()).set(used);
    }
    let warning = past_warning(&glance, true);
    if publish.is_listening(&Topic::Admin) {
        let data = event_data(draw, found.game_id, &glance, warning);
        publish.publish(Event { topic: Topic::Admin, kind: EventKind::RiskUpdated, data });
    }
    if warning && warned.insert(draw) {
        let used = glance.reserve_used_percent.unwrap_or_default();
        publish.publish(Event {
            topic: Topic::Admin,
            kind: EventKind::AdminAlert,
            data: json!({
                "action": "risk.reserve_warning",
                "draw_id": draw,
                "message": format!("Draw #{draw} can now cost {used}% of its reserve"),
            }),
        });
    } else if !past_warning(&glance, false) {
        warned.remove(&draw);
    }
    if glance.worst_case_known || !past_warning(&glance, false) {
        return;
    }
    if glance.searching {
        // Someone else's search (the desk's, the warm-up's) is running: look again next tick, when it may be done.
        store.risk.mark_changed(draw);
    } else {
        // Off the sale path, one search per draw at a time (a second ask answers at once); its answer is pushed on
        // a later tick.
        let store = store.clone();
        actix_web::rt::task::spawn_blocking(move || {
            if store.risk.report(draw, game.as_ref()).is_ok() {
                store.risk.mark_changed(draw);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ayo_data::money::Kobo;

    fn glance(worst: i64, known: bool) -> RiskGlance {
        RiskGlance {
            tickets: 3,
            stakes: Kobo(300),
            worst_case_payout: Kobo(worst),
            worst_case_known: known,
            reserve: Some(Kobo(1_000)),
            reserve_used_percent: ayo_data::risk::report::used_percent(worst, Some(Kobo(1_000))),
            searching: false,
        }
    }

    #[test]
    fn only_an_exact_worst_case_past_the_share_raises_the_alert() {
        assert!(past_warning(&glance(800, true), true));
        assert!(!past_warning(&glance(950, false), true), "an upper bound alone is no alarm");
        assert!(past_warning(&glance(950, false), false), "but it is worth a search");
        assert!(!past_warning(&glance(799, true), true));
    }
}
