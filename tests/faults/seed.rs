//! What a run starts from, written straight into the cluster's database before and while the nodes run: a paused
//! game (so no scheduler adds draws of its own), its draws, and funded players with a token each.

use chrono::{DateTime, Utc};

use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus, Schedule};
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;
use ayo_data::seam::SignUp;
use ayo_data::user::NewPlayer;
use ayo_data::Store;

use crate::node::{JWT_SECRET, SEED_KEY};

/// Every player's funding: far more than a run can stake.
pub const FUNDING: i64 = 10_000_000_000;

pub struct Player {
    pub id: u64,
    pub token: String,
}

/// The cluster's store, as a node opens it (blocking: call from `spawn_blocking`).
pub fn store(url: &str) -> Store {
    Store::cluster(url, &hex::decode(SEED_KEY).expect("hex")).expect("the cluster's store opens")
}

/// A paused game and `players` funded players.
pub fn game_and_players(store: &Store, players: u64) -> (Game, Vec<Player>) {
    let id = store.games.next_id().expect("an id");
    let game = Game {
        description: "the fault harness's game".into(),
        status: GameStatus::Paused,
        close_before_secs: 1,
        ..Game::new(id, "faults", "Faults", Schedule::Interval { every_minutes: 60 }, Utc::now())
    };
    store.games.put_game(&game).expect("the game is stored");
    let tokens = ayo::auth::Tokens::new(JWT_SECRET.as_bytes(), 3 * 3600);
    let players = (0..players)
        .map(|n| {
            let now = Utc::now();
            let new = NewPlayer {
                name: PersonName::parse("Fault Player").expect("a name"),
                email: Email::parse(&format!("f{n}@example.com")).expect("an email"),
                phone: PhoneNumber::parse(&format!("+234805{n:07}")).expect("a phone"),
                dob: DateOfBirth::parse("1990-01-01", now.date_naive()).expect("a birthday"),
                password_hash: "unused: the run signs its tokens".into(),
                state: None,
            };
            let SignUp::Created(user) = store.users.sign_up(new).expect("signed up") else { panic!("a new player") };
            let funding = LedgerEntry {
                id: store.ids.next_id().expect("an id"),
                user_id: user.id,
                kind: EntryKind::Adjustment,
                status: EntryStatus::Success,
                amount: Kobo(FUNDING),
                balance_after: Kobo::ZERO,
                reference: "faults".into(),
                description: "fault harness funding".into(),
                created_at: now,
            };
            store.money.apply_once(funding, None).expect("funded").expect("funded once");
            Player { id: user.id, token: tokens.issue(&user).expect("a token") }
        })
        .collect();
    (game, players)
}

/// A draw of `game` on sale now, its sales closing at `closes_at` and drawn a second later.
pub fn open_draw(store: &Store, game: &Game, closes_at: DateTime<Utc>) -> Draw {
    let now = Utc::now();
    let draws_at = closes_at + chrono::Duration::seconds(1);
    let mut draw =
        Draw::schedule(store.games.next_id().expect("an id"), game, now - chrono::Duration::minutes(1), draws_at);
    draw.closes_at = closes_at;
    draw.status = DrawStatus::Open;
    store.games.put_draw(&draw).expect("the draw is stored");
    draw
}
