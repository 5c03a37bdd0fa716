//! What a socket receives on connect and after `auth`: everything live now, so a client that reconnects never
//! shows a stale balance, countdown or marquee (docs/product.md §17).

use chrono::{SecondsFormat, Utc};
use serde_json::{json, Value};

use ayo_data::user::User;

use crate::http::state::AppState;

/// `{server_time, draws, marquees, wallet?}`; `wallet` only for a signed-in user (`null` if it cannot be read).
/// `marquees` is empty for a player on a time-out or self-exclusion (`receives_marketing`).
pub fn snapshot(state: &AppState, user: Option<&User>) -> Value {
    let marquees = if user.is_none_or(|u| receives_marketing(state, u)) { active_marquees(state) } else { Vec::new() };
    let mut data = json!({
        "server_time": Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        "draws": live_draws(state),
        "marquees": marquees,
    });
    if let Some(user) = user {
        data["wallet"] = wallet(state, user);
    }
    data
}

/// Every open or upcoming draw, as GET /draws shows one.
pub fn live_draws(state: &AppState) -> Vec<Value> {
    let draws = match state.store.games.unfinished_draws() {
        Ok(draws) => draws,
        Err(e) => {
            tracing::error!(error = %e, "could not read live draws for a snapshot");
            return Vec::new();
        }
    };
    let games = state.store.games.games().unwrap_or_default();
    let mut draws: Vec<_> = draws.iter().filter(|d| !d.status.is_finished()).collect();
    draws.sort_by_key(|d| d.closes_at);
    draws.into_iter().map(|d| ayo_actors::views::draw(d, games.iter().find(|g| g.id == d.game_id))).collect()
}

/// Whether marketing (the marquee) may reach this account: not while a player is on a time-out or self-exclusion
/// (docs/decisions/025). If the settings cannot be read, no: better a missing marquee than one to an excluded player.
pub fn receives_marketing(state: &AppState, user: &User) -> bool {
    let now = Utc::now();
    match state.store.responsible.at(user.id, now) {
        Ok(settings) => settings.active_exclusion(now).is_none(),
        Err(e) => {
            tracing::error!(user = user.id, error = format!("{e:#}"), "responsible-gaming settings not read");
            false
        }
    }
}

/// The marquee messages live now, as GET /marquees/active shows them.
pub fn active_marquees(state: &AppState) -> Vec<Value> {
    ayo_actors::marquee::live(&state.store)
}

fn wallet(state: &AppState, user: &User) -> Value {
    match state.store.books.balance(user.id) {
        Ok(balance) => json!({ "balance": balance }),
        Err(e) => {
            // An explicit null, not a missing key: the client must not mistake the player for a guest.
            tracing::error!(user = user.id, error = format!("{e:#}"), "wallet balance not read for a snapshot");
            Value::Null
        }
    }
}
