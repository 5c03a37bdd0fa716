//! The JSON of draws, tickets and ledger entries as clients see them (API.md). Shared by HTTP answers and events so
//! the two never disagree.

use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{json, Value};

use ayo_data::draw::Draw;
use ayo_data::game::Game;
use ayo_data::ledger::LedgerEntry;
use ayo_data::ticket::Ticket;

pub fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A draw. The seed appears only once the balls are out.
pub fn draw(draw: &Draw, game: Option<&Game>) -> Value {
    json!({
        "id": draw.id,
        "game_id": draw.game_id,
        "game_name": game.map(|g| g.name.as_str()),
        "game_slug": game.map(|g| g.slug.as_str()),
        "status": draw.status.as_str(),
        "opens_at": time(draw.opens_at),
        "closes_at": time(draw.closes_at),
        "draws_at": time(draw.draws_at),
        "commitment": draw.commitment,
        "tickets_hash": draw.tickets_hash,
        "ticket_count": draw.ticket_count,
        "numbers": draw.numbers,
        "machine_numbers": draw.machine_numbers,
        "seed": draw.revealed_seed(),
        "cancelled_reason": draw.cancelled_reason,
        "server_time": time(Utc::now()),
    })
}

pub fn ticket(ticket: &Ticket, draw: Option<&Draw>, game: Option<&Game>) -> Value {
    let spec = ticket.bet.to_spec();
    json!({
        "id": ticket.id,
        "draw_id": ticket.draw_id,
        "game_id": ticket.game_id,
        "game_name": game.map(|g| g.name.as_str()),
        "bet_type": spec.bet_type,
        "numbers": spec.numbers,
        "top": spec.top,
        "bottom": spec.bottom,
        "lines": ticket.lines,
        "stake_per_line": ticket.stake_per_line,
        "total_stake": ticket.total_stake,
        "potential_win": ticket.max_win,
        "status": ticket.status,
        "lines_won": ticket.lines_won,
        "winnings": ticket.winnings,
        "created_at": time(ticket.created_at),
        "settled_at": ticket.settled_at.map(time),
        "draw": draw.map(|d| json!({
            "status": d.status.as_str(),
            "draws_at": time(d.draws_at),
            "numbers": d.numbers,
            "machine_numbers": d.machine_numbers,
        })),
    })
}

pub fn entry(entry: &LedgerEntry) -> Value {
    json!({
        "id": entry.id,
        "type": entry.kind,
        "status": entry.status,
        "amount": entry.amount,
        "balance_after": entry.balance_after,
        "reference": entry.reference,
        "description": entry.description,
        "created_at": time(entry.created_at),
    })
}

/// A game with its rules, and its next draw on sale if any.
pub fn game(game: &Game, next_draw: Option<&Draw>) -> Value {
    json!({
        "id": game.id,
        "slug": game.slug,
        "name": game.name,
        "description": game.description,
        "status": game.status,
        "schedule": game.schedule,
        "close_before_secs": game.close_before_secs,
        "bet_types": game.bet_types,
        "multipliers": game.multipliers,
        "stake_rules": game.stake_rules,
        "next_draw": next_draw.map(|d| draw(d, Some(game))),
    })
}
