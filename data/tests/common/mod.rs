//! Players, a game with an open draw, and purchases, on the real store: shared by the store's integration tests.
#![allow(clippy::unwrap_used, clippy::expect_used, dead_code)] // a failed unwrap is a failed test

use chrono::{Duration, Utc};

use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus, Schedule};
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::lotto::{price, Bet};
use ayo_data::money::Kobo;
use ayo_data::seam::{Purchase, SignUp};
use ayo_data::ticket::{Order, Ticket};
use ayo_data::user::{NewPlayer, User};
use ayo_data::Store;

pub mod bets;
pub mod nodes;

pub const FUNDING: i64 = 10_000_000;

/// Player number `n`'s sign-up: an adult with an email and a Nigerian phone number of their own.
pub fn new_player(n: u32) -> NewPlayer {
    NewPlayer {
        name: PersonName::parse("Ada Obi").unwrap(),
        email: Email::parse(&format!("p{n}@example.com")).unwrap(),
        phone: PhoneNumber::parse(&format!("+234801{n:07}")).unwrap(),
        dob: DateOfBirth::parse("1990-01-01", Utc::now().date_naive()).unwrap(),
        password_hash: "$argon2id$placeholder".into(),
        state: None,
    }
}

pub fn player(store: &Store, n: u32) -> User {
    let SignUp::Created(user) = store.users.sign_up(new_player(n)).unwrap() else { panic!("a new player") };
    let funding = LedgerEntry {
        id: store.wallets().unwrap().next_id().unwrap(),
        user_id: user.id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: Kobo(FUNDING),
        balance_after: Kobo::ZERO,
        reference: "test".into(),
        description: "funding".into(),
        created_at: Utc::now(),
    };
    store.wallets().unwrap().apply(funding).unwrap().unwrap();
    user
}

/// A paused game, not yet stored.
pub fn a_game(id: u64, slug: &str) -> Game {
    let schedule = Schedule::Interval { every_minutes: 60 };
    Game { status: GameStatus::Paused, ..Game::new(id, slug, &format!("Game {slug}"), schedule, Utc::now()) }
}

/// A scheduled draw of `game` at `draws_at` (whole seconds), opening an hour before, not yet stored.
pub fn a_draw(id: u64, game: &Game, draws_at: chrono::DateTime<Utc>) -> Draw {
    use chrono::SubsecRound;
    let draws_at = draws_at.trunc_subsecs(0);
    Draw::schedule(id, game, draws_at - Duration::hours(1), draws_at)
}

pub fn game_and_draw(store: &Store) -> (Game, Draw) {
    let game = Game { name: "Test Game".into(), ..a_game(store.games.next_id().unwrap(), "test") };
    store.games.put_game(&game).unwrap();
    let now = Utc::now();
    let mut draw =
        Draw::schedule(store.games.next_id().unwrap(), &game, now - Duration::hours(1), now + Duration::hours(1));
    draw.status = DrawStatus::Open;
    store.games.put_draw(&draw).unwrap();
    (game, draw)
}

/// The game's draw after `draw` (five minutes later: one draw per game and time), stored with `status`.
pub fn next_draw(store: &Store, draw: &Draw, status: DrawStatus) -> Draw {
    let mut next = draw.clone();
    next.id = store.games.next_id().unwrap();
    next.status = status;
    next.draws_at += Duration::minutes(5);
    next.closes_at += Duration::minutes(5);
    store.games.put_draw(&next).unwrap();
    next
}

/// A priced purchase of `bet` at ₦50 a line, not yet bought.
pub fn purchase_of(store: &Store, game: &Game, draw: &Draw, user: &User, bet: Bet, key: &str) -> Purchase {
    let priced = price(&bet, Kobo(5_000), &game.stake_rules, &game.multipliers).unwrap();
    let now = Utc::now();
    let ticket = Ticket::sold(
        store.wallets().unwrap().next_id().unwrap(),
        Order {
            user_id: user.id,
            draw_id: draw.id,
            game_id: game.id,
            bet,
            stake_per_line: Kobo(5_000),
            idempotency_key: key.into(),
        },
        &priced,
        now,
        None,
    );
    Purchase { ticket, entry_id: store.wallets().unwrap().next_id().unwrap(), now }
}

pub fn buy(store: &Store, game: &Game, draw: &Draw, user: &User, bet: Bet, key: &str) -> Ticket {
    store.wallets().unwrap().purchase(&purchase_of(store, game, draw, user, bet, key)).unwrap().unwrap().value
}

/// The store at a path a handle just let go of: sled releases the database's file lock once its own I/O threads have
/// finished with the dropped handle, which can be a moment after the drop (seen in CI as "could not acquire lock").
pub fn reopened<T>(open: impl Fn() -> ayo_data::StoreResult<T>) -> T {
    for _ in 0..400 {
        match open() {
            Ok(store) => return store,
            Err(e) if e.to_string().contains("could not acquire lock") => {
                std::thread::sleep(std::time::Duration::from_millis(25))
            }
            Err(e) => panic!("{e}"),
        }
    }
    panic!("the database's file lock was never released");
}
