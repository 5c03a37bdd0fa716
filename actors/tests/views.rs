//! The ticket JSON pushed at settlement is exactly the ticket JSON of the HTTP API, whichever way it is written.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use chrono::{Duration, SecondsFormat, Utc};
use serde_json::{json, Value};

use ayo_actors::views;
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, Schedule};
use ayo_data::lotto::Bet;
use ayo_data::money::Kobo;
use ayo_data::ticket::{Ticket, TicketCard, TicketStatus};

/// The ticket object of docs/api-lotto.md as the first version of `views::ticket` wrote it.
fn reference(ticket: &Ticket, draw: Option<&Draw>, game: Option<&Game>) -> Value {
    let time = |t: chrono::DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Millis, true);
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
        "terms": ticket.terms,
        "status": ticket.status,
        "lines_won": ticket.lines_won,
        "winnings": ticket.winnings,
        "tax": ticket.tax,
        "net_winnings": ticket.winnings.as_i64() - ticket.tax.as_i64(),
        "created_at": time(ticket.created_at),
        "settled_at": ticket.settled_at.map(time),
        "draw": draw.map(|d| json!({
            "number": d.number,
            "status": d.status.as_str(),
            "draws_at": time(d.draws_at),
            "numbers": d.numbers,
            "machine_numbers": d.machine_numbers,
        })),
    })
}

fn game() -> Game {
    let schedule = Schedule::Interval { every_minutes: 5 };
    Game { close_before_secs: 20, ..Game::new(3, "ayo-express", "Ayo \"Express\"", schedule, Utc::now()) }
}

fn ticket(id: u64, bet: Bet, status: TicketStatus) -> Ticket {
    let settled = status != TicketStatus::Pending;
    Ticket {
        id,
        user_id: 9,
        draw_id: 5,
        game_id: 3,
        bet,
        stake_per_line: Kobo(1_000),
        lines: 10,
        total_stake: Kobo(10_000),
        max_win: Kobo(2_400_000),
        status,
        lines_won: if status == TicketStatus::Won { 1 } else { 0 },
        winnings: if status == TicketStatus::Won { Kobo(240_000) } else { Kobo::ZERO },
        tax: Kobo::ZERO,
        idempotency_key: "key".into(),
        created_at: Utc::now() - Duration::minutes(3),
        settled_at: settled.then(Utc::now),
        terms: Some(ayo_data::ticket::Terms { multiplier: 240, payout_cap: Kobo(500_000_000) }),
    }
}

#[test]
fn settled_tickets_are_pushed_as_the_api_shows_them() {
    let game = game();
    let mut draw = Draw::schedule(5, &game, Utc::now() - Duration::hours(1), Utc::now());
    draw.number = Some(128);
    draw.status = DrawStatus::Drawn;
    draw.numbers = Some([7, 8, 9, 10, 11]);
    draw.machine_numbers = Some([1, 2, 3, 4, 5]);
    let tickets = vec![
        ticket(1, Bet::Nap { numbers: vec![7] }, TicketStatus::Won),
        ticket(2, Bet::Perm { k: 2, numbers: vec![1, 2, 3, 4, 5] }, TicketStatus::Lost),
        ticket(3, Bet::Banker { banker: 90 }, TicketStatus::Lost),
        ticket(4, Bet::Against { top: vec![1, 2], bottom: vec![3, 4, 5] }, TicketStatus::Refunded),
        ticket(5, Bet::Nap { numbers: vec![1, 2] }, TicketStatus::Pending),
    ];
    for (draw, game) in [(Some(&draw), Some(&game)), (None, None)] {
        let settled = views::settled_tickets(&tickets, draw, game).unwrap();
        let texts: Vec<&str> = settled.tickets().collect();
        assert_eq!(texts.len(), tickets.len());
        for (t, text) in tickets.iter().zip(texts) {
            let pushed: Value = serde_json::from_str(text).unwrap();
            assert_eq!(pushed, reference(t, draw, game), "ticket {}", t.id);
            assert_eq!(views::ticket(t, draw, game), pushed, "ticket {}", t.id);
        }
    }
}

#[test]
fn settled_tickets_hold_the_same_json_per_ticket_and_as_one_batch() {
    let game = game();
    let mut draw = Draw::schedule(5, &game, Utc::now() - Duration::hours(1), Utc::now());
    draw.status = DrawStatus::Drawn;
    draw.numbers = Some([7, 8, 9, 10, 11]);
    let tickets = vec![
        ticket(1, Bet::Nap { numbers: vec![7] }, TicketStatus::Won),
        ticket(2, Bet::Against { top: vec![1, 2], bottom: vec![3, 4, 5] }, TicketStatus::Lost),
    ];
    assert!(views::settled_tickets(&[], Some(&draw), Some(&game)).is_none(), "nothing settled, nothing to push");
    for (draw, game) in [(Some(&draw), Some(&game)), (None, None)] {
        let settled = views::settled_tickets(&tickets, draw, game).unwrap();
        let texts: Vec<&str> = settled.tickets().collect();
        assert_eq!(texts.len(), tickets.len());
        let mut batch = String::new();
        settled.write_batch(&mut batch);
        let batch: Value = serde_json::from_str(&batch).unwrap();
        let each: Vec<Value> = texts.iter().map(|text| serde_json::from_str(text).unwrap()).collect();
        assert_eq!(batch, json!({ "draw_id": tickets[0].draw_id, "tickets": each }));
    }
}

#[test]
fn a_ticket_rebuilt_from_its_card_pushes_what_the_stored_ticket_shows() {
    let game = game();
    let draw = Draw::schedule(5, &game, Utc::now() - Duration::hours(1), Utc::now());
    let bought = ticket(8, Bet::Perm { k: 3, numbers: vec![10, 20, 30, 40] }, TicketStatus::Pending);
    let at = Utc::now();
    let rebuilt = TicketCard::of(&bought).settled(5, 3, (2, Kobo(500), Kobo::ZERO), at);
    let stored =
        Ticket { status: TicketStatus::Won, lines_won: 2, winnings: Kobo(500), settled_at: Some(at), ..bought };
    assert_eq!(views::ticket(&rebuilt, Some(&draw), Some(&game)), views::ticket(&stored, Some(&draw), Some(&game)));
}
