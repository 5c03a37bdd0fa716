//! The money's books as read (`seam::Books`): the same moves made on each engine (`seam::Money`), then read back
//! through that engine's books, must answer the same. `embedded_*` in every `cargo test`; `cluster_*` on a throwaway
//! PostgreSQL (scripts/test.sh), the lottery moved there by `ayo migrate`'s import first.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;

use chrono::{Duration, Utc};

use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::Game;
use ayo_data::lagos::lagos_day;
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::lotto::Bet;
use ayo_data::money::Kobo;
use ayo_data::pg::{blocking::PgSync, books::PgBooks};
use ayo_data::seam::Books;
use ayo_data::seam::{Outcome, Payout, Refund, Slice};
use ayo_data::ticket::{Ticket, TicketStatus};
use ayo_data::user::User;
use ayo_data::Store;

mod common;
use common::{game_and_draw, next_draw, player, purchase_of, FUNDING};

const STAKE: i64 = 5_000;

struct Lottery {
    store: Store,
    game: Game,
    draw: Draw,
    other: Draw,
    ada: User,
    bola: User,
}

fn lottery() -> Lottery {
    let store = Store::temporary().unwrap();
    let (game, draw) = game_and_draw(&store);
    let other = next_draw(&store, &draw, DrawStatus::Open);
    let (ada, bola) = (player(&store, 1), player(&store, 2));
    Lottery { store, game, draw, other, ada, bola }
}

/// What the moves made: Ada's three tickets, Bola's two in the draw, and Bola's refunded one in the other draw.
struct Moves {
    ada: Vec<Ticket>,
    bola: Vec<Ticket>,
    refunded: Ticket,
}

async fn buy(engine: &Store, l: &Lottery, user: &User, draw: &Draw, n: u8) -> Ticket {
    let bet = Bet::parse("NAP1", &[n], &[], &[]).unwrap();
    let mut purchase = purchase_of(&l.store, &l.game, draw, user, bet, &format!("{}-{n}", user.id));
    purchase.ticket.id = engine.ids.next_id().unwrap();
    purchase.entry_id = engine.ids.next_id().unwrap();
    engine.money.buy(purchase).await.unwrap().unwrap().value
}

fn entry(engine: &Store, user: &User, kind: EntryKind, status: EntryStatus, amount: i64) -> LedgerEntry {
    LedgerEntry {
        id: engine.ids.next_id().unwrap(),
        user_id: user.id,
        kind,
        status,
        amount: Kobo(amount),
        balance_after: Kobo::ZERO,
        reference: format!("{kind:?}-{}", user.id),
        description: String::new(),
        created_at: Utc::now(),
    }
}

/// Six purchases, Ada's settlement (her first ticket wins ₦200), Bola's refund, a deposit and a pending withdrawal.
async fn make_moves(engine: &Store, l: &Lottery) -> Moves {
    let mut ada = Vec::new();
    for n in 1..=3 {
        ada.push(buy(engine, l, &l.ada, &l.draw, n).await);
    }
    let bola = vec![buy(engine, l, &l.bola, &l.draw, 4).await, buy(engine, l, &l.bola, &l.draw, 5).await];
    let refunded = buy(engine, l, &l.bola, &l.other, 6).await;
    let win = Outcome::untaxed(ada[0].id, 1, Kobo(20_000));
    let ids = vec![engine.ids.next_id().unwrap()];
    engine
        .money
        .settle(Payout { user: l.ada.id, draw: l.draw.id, outcomes: &[win], entry_ids: &ids }, Utc::now())
        .unwrap();
    let ids = vec![engine.ids.next_id().unwrap()];
    engine.money.refund(Refund { user: l.bola.id, tickets: &[refunded.id], entry_ids: &ids }, Utc::now()).unwrap();
    let deposit = entry(engine, &l.bola, EntryKind::Deposit, EntryStatus::Success, 100_000);
    engine.money.apply_once(deposit, Some("dep-1")).unwrap().unwrap();
    let withdrawal = entry(engine, &l.ada, EntryKind::Withdrawal, EntryStatus::Pending, -30_000);
    engine.money.apply_once(withdrawal, Some("wd-1")).unwrap().unwrap();
    Moves { ada, bola, refunded }
}

fn ids(tickets: &[Ticket]) -> Vec<u64> {
    tickets.iter().map(|t| t.id).collect()
}

fn kinds(entries: &[LedgerEntry]) -> Vec<EntryKind> {
    entries.iter().map(|e| e.kind).collect()
}

/// Every read of the books, against what the moves must have left.
fn books_read_what_the_moves_left(books: &dyn Books, l: &Lottery, m: &Moves) {
    assert_eq!(books.balance(l.ada.id).unwrap(), FUNDING - 3 * STAKE + 20_000 - 30_000);
    assert_eq!(books.balance(l.bola.id).unwrap(), FUNDING - 3 * STAKE + STAKE + 100_000);
    assert_eq!(books.balance(999_999).unwrap(), 0, "no wallet, no money");

    let won = books.ticket(m.ada[0].id).unwrap().unwrap();
    assert_eq!((won.status, won.winnings, won.lines_won), (TicketStatus::Won, Kobo(20_000), 1));
    assert!(won.settled_at.is_some());
    assert_eq!(books.ticket(m.ada[1].id).unwrap().unwrap().status, TicketStatus::Lost, "not listed: lost");
    assert_eq!(books.ticket(m.refunded.id).unwrap().unwrap().status, TicketStatus::Refunded);
    assert_eq!(books.ticket(m.bola[0].id).unwrap().unwrap().status, TicketStatus::Pending);

    let mut in_draw = ids(&m.ada);
    in_draw.extend(ids(&m.bola));
    in_draw.sort_unstable();
    assert_eq!(books.ticket_ids_of_draw(l.draw.id).unwrap(), in_draw);
    assert_eq!(ids(&books.tickets_of_draw(l.draw.id).unwrap()), in_draw);
    let settled = books.settled_players(l.draw.id).unwrap();
    assert_eq!(settled, HashSet::from([l.ada.id]));
    let pending = books.pending_cards_of_draw(l.draw.id, &settled, 2).unwrap();
    assert_eq!(pending.iter().map(|c| c.id).collect::<Vec<_>>(), ids(&m.bola), "only Bola's are still to settle");
    assert!(books.pending_cards_of_draw(l.draw.id, &HashSet::from([l.ada.id, l.bola.id]), 2).unwrap().is_empty());
    let settlement = books.settlement(l.draw.id, l.ada.id).unwrap().unwrap();
    assert_eq!(settlement.outcomes.iter().map(|o| o.ticket).collect::<Vec<_>>(), [m.ada[0].id]);
    assert_eq!(books.settlement(l.draw.id, l.bola.id).unwrap(), None);

    let mut newest = ids(&m.ada);
    newest.reverse();
    assert_eq!(ids(&books.tickets_of_user(l.ada.id).unwrap()), newest);
    let page = books.tickets_of_user_page(l.bola.id, Slice { offset: 0, limit: 2, oldest_first: true }).unwrap();
    assert_eq!((page.total, ids(&page.rows)), (3, ids(&m.bola)));
    let game = books.tickets_of_game_page(l.game.id, Slice { offset: 1, limit: 2, oldest_first: false }).unwrap();
    assert_eq!((game.total, ids(&game.rows)), (6, vec![m.bola[1].id, m.bola[0].id]));
    let all: Vec<u64> = books.tickets_of_game_newest_first(l.game.id).map(|t| t.unwrap().id).collect();
    assert_eq!(all.first(), Some(&m.refunded.id));
    assert_eq!(all.len(), 6);

    let ada_entries =
        books.entries_of_user_page(l.ada.id, Slice { offset: 0, limit: 100, oldest_first: true }).unwrap();
    use EntryKind::*;
    assert_eq!(kinds(&ada_entries.rows), [Adjustment, Stake, Stake, Stake, Win, Withdrawal]);
    assert_eq!(ada_entries.total, 6);
    assert_eq!(kinds(&books.entries_of_user(l.bola.id).unwrap()), [Deposit, Refund, Stake, Stake, Stake, Adjustment]);
    let ledger = books.entries_page(Slice { offset: 0, limit: 3, oldest_first: false }).unwrap();
    assert_eq!((ledger.total, kinds(&ledger.rows)), (12, vec![Withdrawal, Deposit, Refund]));
    let everything: Vec<LedgerEntry> = books.entries_newest_first().map(Result::unwrap).collect();
    assert_eq!(everything.len(), 12);
    assert!(everything.windows(2).all(|pair| pair[0].id > pair[1].id), "newest first");

    let session = books.session_money(l.ada.id, Utc::now() - Duration::hours(1)).unwrap();
    assert_eq!(
        (session.stakes, session.wins, session.withdrawals),
        (3 * STAKE, 20_000, 0),
        "a pending withdrawal is not money out yet"
    );

    let today = lagos_day(Utc::now());
    let days = books.money_by_day(today.pred_opt().unwrap(), today.succ_opt().unwrap()).unwrap();
    assert_eq!(days.len(), 3);
    let (day, money) = days[1];
    assert_eq!(day, today);
    assert_eq!(
        (money.deposits, money.stakes, money.wins),
        (100_000, 5 * STAKE, 20_000),
        "the refunded stake is not sales"
    );
    let withheld: i64 = everything.iter().filter(|e| e.kind == Tax).map(|e| e.amount.as_i64().abs()).sum();
    assert_eq!(money.tax, withheld, "the day's tax is the tax entries'");
    assert_eq!(days[0].1.deposits + days[2].1.stakes, 0);
    assert_eq!(books.money_all_time().unwrap(), money);
    assert_eq!(books.pending_withdrawals().unwrap(), (1, 30_000));
}

#[tokio::test]
async fn embedded_books_read_what_the_moves_left() {
    let l = lottery();
    let moves = make_moves(&l.store, &l).await;
    books_read_what_the_moves_left(&*l.store.books, &l, &moves);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test.sh runs it beside a throwaway one"]
async fn cluster_books_read_what_the_moves_left() {
    let l = lottery();
    let admin = std::env::var("AYO_TEST_POSTGRES_URL").expect("AYO_TEST_POSTGRES_URL (scripts/cluster-services.sh)");
    let url = ayo_data::pg::new_database(&admin, "ayo_books").await.unwrap();
    let mut client = ayo_data::pg::connect(&url).await.unwrap();
    ayo_data::migrate::import(&l.store, &mut client).await.unwrap();
    let engine = Store::cluster(&url, &[7; 32]).unwrap();
    let moves = make_moves(&engine, &l).await;
    let books = tokio::task::spawn_blocking(move || {
        let books = PgBooks::new(PgSync::connect(&url).unwrap());
        books_read_what_the_moves_left(&books, &l, &moves);
    });
    books.await.unwrap();
}
