//! The JSON of draws, tickets and ledger entries as clients see them (docs/api-lotto.md). Shared by HTTP answers and
//! events so the two never disagree.

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;
use serde_json::{json, Value};

use ayo_data::draw::Draw;
use ayo_data::game::Game;
use ayo_data::ledger::LedgerEntry;
use ayo_data::lotto::{Balls, Bet};
use ayo_data::money::Kobo;
use ayo_data::notice::Marquee;
use ayo_data::ticket::{Terms, Ticket, TicketStatus};

use crate::events::SettledTickets;

pub fn time(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A draw. The seed appears only once the balls are out.
pub fn draw(draw: &Draw, game: Option<&Game>) -> Value {
    let mut view = draw_fields(draw, game);
    // A top-level object only on a draw fixed to a drand round (docs/fairness.md, "The drand beacon"), else absent.
    if let Some(beacon) = &draw.beacon {
        view["beacon"] = json!({
            "network": beacon.network,
            "chain_hash": beacon.chain_hash,
            "round": beacon.round,
            "deadline": time(beacon.deadline),
            "signature": beacon.signature,
            "randomness": beacon.randomness,
        });
    }
    view
}

fn draw_fields(draw: &Draw, game: Option<&Game>) -> Value {
    json!({
        "id": draw.id,
        // Its place among its game's draws, for people ("Lotto Classic draw 128"); `id` stays the key.
        "number": draw.number,
        "game_id": draw.game_id,
        "game_name": game.map(|g| g.name.as_str()),
        "game_slug": game.map(|g| g.slug.as_str()),
        "status": draw.status.as_str(),
        "opens_at": time(draw.opens_at),
        "closes_at": time(draw.closes_at),
        "draws_at": time(draw.draws_at),
        "scheme": draw.scheme(),
        "commitment": draw.commitment,
        "tickets_hash": draw.tickets_hash,
        "tickets_root": draw.tickets_root,
        "witness": draw.witness.as_ref().map(|w| json!({
            "name": w.name,
            "public_key": w.public_key,
            "commitment": w.commitment,
            "commitment_signature": w.commitment_signature,
            "secret": w.secret,
            "reveal_signature": w.reveal_signature,
        })),
        "ticket_count": draw.ticket_count,
        "numbers": draw.numbers,
        "machine_numbers": draw.machine_numbers,
        "seed": draw.revealed_seed(),
        "cancelled_reason": draw.cancelled_reason,
        "would_be_numbers": draw.would_be_numbers,
        "settlement_halted": draw.settlement_halted.is_some(),
        // Why a draw whose sales time has come is not on sale (no signed witness commitment), else null.
        "held_reason": draw.held_for_witness(Utc::now()).then_some(ayo_data::draw::NO_WITNESS_ON_SALE),
        // The chain of draw records (docs/fairness.md, "The chain of draws").
        "prev_draw_id": draw.prev_draw_id,
        "prev_record_hash": draw.prev_record_hash,
        "record_hash": ayo_data::draw_record::record_hash(draw),
        "server_time": time(Utc::now()),
    })
}

/// A ticket (docs/api-lotto.md): its draw's state and its game's name when given.
pub fn ticket(ticket: &Ticket, draw: Option<&Draw>, game: Option<&Game>) -> Value {
    let draws_at = draw.map(|d| time(d.draws_at));
    serde_json::to_value(TicketView::new(ticket, draw, draws_at.as_deref(), game, None)).unwrap_or_default()
}

/// The same JSON as `ticket` for each ticket, written straight from the tickets (no intermediate `Value`, the
/// draw's fields and the shared settlement time formatted once) into one `SettledTickets` for the Hub to frame per
/// ticket or batched; `None` for no tickets. Its draw is `draw`'s, else the first ticket's.
pub fn settled_tickets(tickets: &[Ticket], draw: Option<&Draw>, game: Option<&Game>) -> Option<SettledTickets> {
    let first = tickets.first()?;
    let draw_id = draw.map_or(first.draw_id, |d| d.id);
    let draws_at = draw.map(|d| time(d.draws_at));
    let mut settled = SettledTickets::new(draw_id);
    for view in pushed_views(tickets, draw, draws_at.as_deref(), game) {
        settled.push(&view);
    }
    Some(settled)
}

/// Each ticket's view for a push; the settlement time most tickets share is formatted once.
fn pushed_views<'a>(
    tickets: &'a [Ticket],
    draw: Option<&'a Draw>,
    draws_at: Option<&'a str>,
    game: Option<&'a Game>,
) -> impl Iterator<Item = TicketView<'a>> {
    let mut settled: Option<(DateTime<Utc>, String)> = None;
    tickets.iter().map(move |ticket| {
        let settled_at = ticket.settled_at.map(|at| match &settled {
            Some((known, text)) if *known == at => text.clone(),
            _ => settled.insert((at, time(at))).1.clone(),
        });
        TicketView::new(ticket, draw, draws_at, game, settled_at)
    })
}

#[derive(Serialize)]
struct TicketView<'a> {
    id: u64,
    draw_id: u64,
    game_id: u64,
    game_name: Option<&'a str>,
    bet_type: &'static str,
    numbers: &'a [u8],
    top: &'a [u8],
    bottom: &'a [u8],
    lines: u64,
    stake_per_line: Kobo,
    total_stake: Kobo,
    potential_win: Kobo,
    /// The multiplier and payout cap the ticket was sold under (and is paid by); `null` for tickets from before
    /// terms were recorded.
    terms: Option<Terms>,
    status: TicketStatus,
    lines_won: u64,
    /// Gross winnings; `tax` is the withholding tax taken from them, `net_winnings` what the player was paid.
    winnings: Kobo,
    tax: Kobo,
    net_winnings: Kobo,
    created_at: String,
    settled_at: Option<String>,
    draw: Option<TicketDrawView<'a>>,
}

#[derive(Serialize)]
struct TicketDrawView<'a> {
    /// The draw's number within its game (`Draw::number`).
    number: Option<u64>,
    status: &'static str,
    draws_at: &'a str,
    numbers: Option<Balls>,
    machine_numbers: Option<Balls>,
}

impl<'a> TicketView<'a> {
    /// `draws_at`: the draw's time as `time` writes it; `settled_at`: the ticket's, if already formatted.
    fn new(
        ticket: &'a Ticket,
        draw: Option<&Draw>,
        draws_at: Option<&'a str>,
        game: Option<&'a Game>,
        settled_at: Option<String>,
    ) -> Self {
        // The wire shape of the bet (`Bet::to_spec`), borrowed rather than copied.
        let (numbers, top, bottom): (&[u8], &[u8], &[u8]) = match &ticket.bet {
            Bet::Nap { numbers } | Bet::Perm { numbers, .. } => (numbers, &[], &[]),
            Bet::Banker { banker } => (std::slice::from_ref(banker), &[], &[]),
            Bet::Against { top, bottom } => (&[], top, bottom),
        };
        Self {
            id: ticket.id,
            draw_id: ticket.draw_id,
            game_id: ticket.game_id,
            game_name: game.map(|g| g.name.as_str()),
            bet_type: ticket.bet.bet_type().as_str(),
            numbers,
            top,
            bottom,
            lines: ticket.lines,
            stake_per_line: ticket.stake_per_line,
            total_stake: ticket.total_stake,
            potential_win: ticket.max_win,
            terms: ticket.terms,
            status: ticket.status,
            lines_won: ticket.lines_won,
            winnings: ticket.winnings,
            tax: ticket.tax,
            net_winnings: Kobo(ticket.winnings.as_i64() - ticket.tax.as_i64()),
            created_at: time(ticket.created_at),
            settled_at: settled_at.or_else(|| ticket.settled_at.map(time)),
            draw: draw.zip(draws_at).map(|(d, draws_at)| TicketDrawView {
                number: d.number,
                status: d.status.as_str(),
                draws_at,
                numbers: d.numbers,
                machine_numbers: d.machine_numbers,
            }),
        }
    }
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
        // Who fixes the balls with the operator: `witness`, `beacon` (drand quicknet) or `both`.
        "independent_party": game.independent_party,
        "next_draw": next_draw.map(|d| draw(d, Some(game))),
    })
}

/// A marquee message as the admin pages and the live feed show it.
pub fn marquee(m: &Marquee) -> Value {
    json!({
        "id": m.id,
        "text": m.text,
        "active": m.active,
        "starts_at": m.starts_at.map(time),
        "ends_at": m.ends_at.map(time),
        "priority": m.priority,
        "created_at": time(m.created_at),
        "updated_at": time(m.updated_at),
    })
}
