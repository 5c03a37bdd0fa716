//! Settling a draw against the real sled store: each player's tickets are settled together, once, by one record
//! written with the winnings; every read of a ticket shows it won or lost from then on; the draw's tickets are
//! read back as cards for settlement.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;

use chrono::Utc;

use ayo_data::game::Game;
use ayo_data::ledger::EntryKind;
use ayo_data::lotto::{outcome, Bet};
use ayo_data::seam::{Outcome, Purchase};
use ayo_data::ticket::{Ticket, TicketCard, TicketStatus};
use ayo_data::Store;

mod common;
use common::{buy, game_and_draw, player, FUNDING};

fn decided(cards: &[TicketCard], game: &Game, drawn: &[u8; 5]) -> Vec<Outcome> {
    cards
        .iter()
        .map(|c| {
            let (lines_won, winnings) =
                outcome(&c.bet, c.stake_per_line, drawn, &game.multipliers, game.stake_rules.payout_cap);
            Outcome::untaxed(c.id, lines_won, winnings)
        })
        .collect()
}

#[test]
fn a_draws_tickets_read_back_as_cards_in_id_order_whatever_the_number_of_readers() {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let (ada, bayo) = (player(&store, 1), player(&store, 2));
    let mut bought = Vec::new();
    for n in 1..=40u8 {
        let who = if n % 3 == 0 { &bayo } else { &ada };
        let bet = match n % 4 {
            0 => Bet::Nap { numbers: vec![n] },
            1 => Bet::Perm { k: 2, numbers: vec![n, n + 1, n + 2] },
            2 => Bet::Banker { banker: n },
            _ => Bet::Against { top: vec![n], bottom: vec![n + 1, n + 2] },
        };
        bought.push(buy(&store, &game, &draw, who, bet, &format!("k{n}")));
    }
    let want: Vec<TicketCard> = bought.iter().map(TicketCard::of).collect();
    for threads in [1, 2, 3, 7, 64] {
        assert_eq!(store.wallets().unwrap().pending_cards_of_draw(draw.id, &HashSet::new(), threads).unwrap(), want);
    }
    let skip: HashSet<u64> = [bayo.id].into();
    let only_ada: Vec<TicketCard> = want.iter().filter(|c| c.user_id == ada.id).cloned().collect();
    assert_eq!(store.wallets().unwrap().pending_cards_of_draw(draw.id, &skip, 2).unwrap(), only_ada);
    assert!(store.wallets().unwrap().pending_cards_of_draw(draw.id + 1000, &HashSet::new(), 2).unwrap().is_empty());
}

#[test]
fn a_players_tickets_are_settled_once_and_every_read_shows_them_won_or_lost() {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let ada = player(&store, 1);
    let drawn = [7, 8, 9, 10, 11];
    let winner = buy(&store, &game, &draw, &ada, Bet::Nap { numbers: vec![7] }, "win");
    let perm = buy(&store, &game, &draw, &ada, Bet::Perm { k: 2, numbers: vec![8, 9, 50] }, "perm");
    let loser = buy(&store, &game, &draw, &ada, Bet::Nap { numbers: vec![90] }, "lose");
    let staked = winner.total_stake.as_i64() + perm.total_stake.as_i64() + loser.total_stake.as_i64();
    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), FUNDING - staked);

    let cards = store.wallets().unwrap().pending_cards_of_draw(draw.id, &HashSet::new(), 2).unwrap();
    let outcomes = decided(&cards, &game, &drawn);
    let wins: Vec<&Outcome> = outcomes.iter().filter(|o| o.winnings.is_positive()).collect();
    assert_eq!(wins.len(), 2, "the NAP1 on the first ball and the PERM2 with two balls");
    let won: i64 = wins.iter().map(|o| o.winnings.as_i64()).sum();
    let ids: Vec<u64> = wins.iter().map(|_| store.wallets().unwrap().next_id().unwrap()).collect();
    let at = Utc::now();

    let moved = store.wallets().unwrap().settle(ada.id, draw.id, &outcomes, &ids, at).unwrap();
    assert!(!moved.replayed);
    assert_eq!(moved.value.len(), 3);
    assert_eq!(moved.entries.len(), 2);
    assert_eq!(moved.balance.as_i64(), FUNDING - staked + won);
    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), FUNDING - staked + won);

    // Again (a rerun after a crash, even with fresh entry ids): nothing is paid twice.
    let again: Vec<u64> = wins.iter().map(|_| store.wallets().unwrap().next_id().unwrap()).collect();
    let rerun = store.wallets().unwrap().settle(ada.id, draw.id, &outcomes, &again, Utc::now()).unwrap();
    assert!(rerun.replayed);
    assert!(rerun.value.is_empty() && rerun.entries.is_empty());
    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), FUNDING - staked + won);
    assert_eq!(store.wallets().unwrap().settled_players(draw.id).unwrap(), [ada.id].into());
    assert!(store.wallets().unwrap().pending_cards_of_draw(draw.id, &[ada.id].into(), 2).unwrap().is_empty());

    let entries = store.wallets().unwrap().entries_of_user(ada.id).unwrap();
    let sum: i64 = entries.iter().map(|e| e.amount.as_i64()).sum();
    assert_eq!(sum, store.wallets().unwrap().balance(ada.id).unwrap(), "the ledger sums to the balance");
    let mut win_refs: Vec<String> =
        entries.iter().filter(|e| e.kind == EntryKind::Win).map(|e| e.reference.clone()).collect();
    win_refs.sort();
    let mut want_refs = vec![format!("ticket:{}", winner.id), format!("ticket:{}", perm.id)];
    want_refs.sort();
    assert_eq!(win_refs, want_refs, "one win entry per winning ticket");

    let check = |t: &Ticket| {
        let o = outcomes.iter().find(|o| o.ticket == t.id).unwrap();
        assert_eq!((t.lines_won, t.winnings), (o.lines_won, o.winnings), "ticket {}", t.id);
        let status = if o.winnings.is_positive() { TicketStatus::Won } else { TicketStatus::Lost };
        assert_eq!(t.status, status);
        assert_eq!(t.settled_at, Some(at));
    };
    for id in [winner.id, perm.id, loser.id] {
        check(&store.wallets().unwrap().ticket(id).unwrap().unwrap());
    }
    store.wallets().unwrap().tickets_of_user(ada.id).unwrap().iter().for_each(check);
    store.wallets().unwrap().tickets_of_draw(draw.id).unwrap().iter().for_each(check);
    let every = ayo_data::seam::Slice { offset: 0, limit: 100, oldest_first: false };
    let of_game = store.wallets().unwrap().tickets_of_game_page(draw.game_id, every).unwrap();
    assert_eq!(of_game.total, 3);
    of_game.rows.iter().for_each(check);
    let streamed: Vec<Ticket> =
        store.wallets().unwrap().tickets_of_game_newest_first(draw.game_id).map(Result::unwrap).collect();
    assert_eq!(streamed, of_game.rows, "the game's page and its stream agree, newest first");
    let settlement = store.wallets().unwrap().settlement(draw.id, ada.id).unwrap().unwrap();
    assert_eq!(settlement.outcomes.len(), 2, "only tickets that won a line are listed");

    // A settled ticket cannot be refunded afterwards.
    let refund_ids = vec![store.wallets().unwrap().next_id().unwrap()];
    let refunded = store.wallets().unwrap().refund(ada.id, &[loser.id], &refund_ids, Utc::now()).unwrap();
    assert!(refunded.value.is_empty());
    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), FUNDING - staked + won);

    // The card rebuilds the ticket a player is told about, as every read shows it.
    let card = cards.iter().find(|c| c.id == perm.id).unwrap();
    let o = outcomes.iter().find(|o| o.ticket == perm.id).unwrap();
    let mut told = card.settled(draw.id, game.id, (o.lines_won, o.winnings, o.tax), at);
    told.idempotency_key = perm.idempotency_key.clone();
    assert_eq!(told, store.wallets().unwrap().ticket(perm.id).unwrap().unwrap());
}

#[test]
fn a_player_with_no_winning_ticket_is_settled_without_a_ledger_entry() {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let ada = player(&store, 1);
    let t = buy(&store, &game, &draw, &ada, Bet::Nap { numbers: vec![1] }, "a");
    let before = store.wallets().unwrap().balance(ada.id).unwrap();
    let outcomes = decided(&[TicketCard::of(&t)], &game, &[2, 3, 4, 5, 6]);
    let moved = store.wallets().unwrap().settle(ada.id, draw.id, &outcomes, &[], Utc::now()).unwrap();
    assert!(moved.entries.is_empty());
    assert_eq!(store.wallets().unwrap().balance(ada.id).unwrap(), before);
    assert_eq!(store.wallets().unwrap().ticket(t.id).unwrap().unwrap().status, TicketStatus::Lost);
    // A replayed purchase shows the ticket as it stands now.
    let replay =
        Purchase { ticket: Ticket { status: TicketStatus::Pending, ..t.clone() }, entry_id: 0, now: Utc::now() };
    let replayed = store.wallets().unwrap().purchase(&replay).unwrap().unwrap();
    assert!(replayed.replayed);
    assert_eq!(replayed.value.status, TicketStatus::Lost);
}

#[test]
fn a_store_written_before_the_tallies_gets_them_rebuilt_when_opened() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let every = ayo_data::seam::Slice { offset: 0, limit: 100, oldest_first: false };
    let (game, entries, money, draws) = {
        let store = Store::open(&path).unwrap();
        let (game, draw) = game_and_draw(&store);
        let ada = player(&store, 1);
        buy(&store, &game, &draw, &ada, Bet::Nap { numbers: vec![7] }, "a");
        buy(&store, &game, &draw, &ada, Bet::Nap { numbers: vec![8] }, "b");
        let entries = store.wallets().unwrap().entries_page(every).unwrap();
        let draws = store.games.draws_page(None, every).unwrap();
        assert_eq!((entries.total, draws.total), (3, 1));
        store.flush_blocking().unwrap();
        (game, entries, store.wallets().unwrap().money_all_time().unwrap(), draws)
    };
    // As an older version left it: no tallies, no draw-time index, no game index of tickets, no layout mark.
    {
        let db = common::reopened(|| sled::open(&path).map_err(ayo_data::StoreError::from));
        for (name, derived) in
            [("ledger", &b"#"[..]), ("draws", b"#"), ("draws", b"t"), ("tickets", b"#"), ("tickets", b"g")]
        {
            let tree = db.open_tree(name).unwrap();
            for key in tree.scan_prefix(derived).keys() {
                tree.remove(key.unwrap()).unwrap();
            }
        }
        db.open_tree("meta").unwrap().remove("layout").unwrap();
        db.flush().unwrap();
    }
    let store = common::reopened(|| Store::open(&path));
    assert_eq!(store.wallets().unwrap().entries_page(every).unwrap(), entries);
    assert_eq!(store.wallets().unwrap().money_all_time().unwrap(), money);
    // The one change the upgrade makes to a record: an older store's draws are numbered within their game
    // (docs/decisions/059).
    let mut numbered = draws;
    for row in &mut numbered.rows {
        assert_eq!(row.number, None, "written before draw numbers");
        row.number = Some(1);
    }
    assert_eq!(store.games.draws_page(None, every).unwrap(), numbered);
    assert_eq!(store.wallets().unwrap().tickets_of_game_page(game.id, every).unwrap().total, 2);
}
