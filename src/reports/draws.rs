//! The month's settled draws, one by one and by game (issue 31, docs/decisions/063-draw-takings.md): what each took
//! in stakes, paid in gross winnings, withheld in tax, and the house's result. A draw belongs to the Lagos month of
//! its draw time. Each draw's figures are those written when it was settled; a draw settled before they were kept
//! is summed from its tickets here.

use std::collections::BTreeMap;

use chrono::SecondsFormat;
use serde_json::{json, Value};

use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::draw_settlement::add_settled;
use ayo_data::draw_takings::DrawTakings;
use ayo_data::lagos::wat;
use ayo_data::{Store, StoreResult};

use crate::reports::{Lookup, Window};

/// The CSV's columns, in order; those in [`KOBO_COLUMNS`] are written in naira.
pub const COLUMNS: [&str; 12] = [
    "month",
    "game",
    "draw_id",
    "draw_number",
    "draws_at",
    "tickets",
    "winners",
    "stakes",
    "payouts",
    "tax_withheld",
    "net_paid",
    "house_result",
];
pub const KOBO_COLUMNS: [&str; 5] = ["stakes", "payouts", "tax_withheld", "net_paid", "house_result"];

/// One settled draw of the month and its figures.
pub struct SettledDraw {
    pub draw: Draw,
    pub game: String,
    pub takings: DrawTakings,
}

/// The settled draws whose draw time falls in `window`, latest first: read from the latest draw time back, stopping
/// at the window's start.
pub fn settled_in(store: &Store, window: Window) -> StoreResult<Vec<SettledDraw>> {
    let mut lookup = Lookup::new(store);
    let mut out = Vec::new();
    for draw in store.games.draws_latest_first(None) {
        let draw = draw?;
        if draw.draws_at < window.from {
            break;
        }
        if draw.draws_at >= window.to || draw.status != DrawStatus::Settled {
            continue;
        }
        let takings = match draw.takings {
            Some(takings) => takings,
            None => {
                // Settled before the figures were kept: its tickets as stored.
                let mut takings = DrawTakings::default();
                add_settled(&mut takings, &store.books.tickets_of_draw(draw.id)?);
                takings
            }
        };
        let game = lookup.game_name(draw.game_id)?;
        out.push(SettledDraw { draw, game, takings });
    }
    Ok(out)
}

/// A draw's (or a game's) figures as JSON, in kobo.
fn figures(takings: &DrawTakings) -> Value {
    json!({
        "tickets": takings.tickets,
        "winners": takings.winners,
        "stakes": takings.stakes,
        "payouts": takings.payouts,
        "tax_withheld": takings.tax,
        "net_paid": takings.net_paid(),
        "house_result": takings.house_result(),
    })
}

/// One row per settled draw, latest first.
pub fn rows(month: &str, draws: &[SettledDraw]) -> Vec<Value> {
    draws
        .iter()
        .map(|d| {
            let mut row = figures(&d.takings);
            row["month"] = month.into();
            row["game"] = d.game.clone().into();
            row["draw_id"] = d.draw.id.into();
            row["draw_number"] = d.draw.number.into();
            // Lagos time with its offset, as the month is Lagos's (and the transactions CSV writes its times).
            let at = d.draw.draws_at.with_timezone(&wat()).to_rfc3339_opts(SecondsFormat::Secs, false);
            row["draws_at"] = at.into();
            row
        })
        .collect()
}

/// The month by game (in name order), each with its count of draws, and the month's total.
pub fn by_game(draws: &[SettledDraw]) -> Value {
    let mut games: BTreeMap<&str, (u64, DrawTakings)> = BTreeMap::new();
    let mut total = DrawTakings::default();
    for d in draws {
        let game = games.entry(d.game.as_str()).or_default();
        game.0 += 1;
        game.1 = game.1.plus(&d.takings);
        total = total.plus(&d.takings);
    }
    let games: Vec<Value> = games
        .into_iter()
        .map(|(name, (count, takings))| {
            let mut row = figures(&takings);
            row["game"] = name.into();
            row["draws"] = count.into();
            row
        })
        .collect();
    let mut total = figures(&total);
    total["draws"] = draws.len().into();
    json!({ "games": games, "total": total })
}
