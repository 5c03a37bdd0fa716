//! What a run starts from, written straight into the cluster's database before and while the nodes run: a paused
//! game (so no scheduler adds draws of its own), its draws, and funded players with a token each, each ready to
//! deposit (a state of residence) and to withdraw (a verified identity and a payout account saved long enough ago).

use chrono::{DateTime, Utc};

use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::bank_account::BankAccount;
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus, Schedule};
use ayo_data::identity::{Identity, IdentityStatus};
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
                state: Some("LA"),
            };
            let SignUp::Created(user) = store.users.sign_up(new).expect("signed up") else { panic!("a new player") };
            ready_to_withdraw(store, user.id, n, now);
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

/// A payout account (a GTBank NUBAN the sandbox pays) saved a day ago, and an identity verified for its name: what a
/// withdrawal asks of a player (src/http/player/withdrawals.rs), without the sign-in the HTTP route to it needs.
fn ready_to_withdraw(store: &Store, user_id: u64, n: u64, now: DateTime<Utc>) {
    let account_number = format!("01{n:08}");
    let account_name = ayo::payments::sandbox::name_for(&account_number);
    let saved = now - chrono::Duration::days(2);
    let account = BankAccount {
        user_id,
        bank_code: "058".into(),
        bank_name: "GTBank".into(),
        account_number,
        account_name: account_name.clone(),
        created_at: saved,
        updated_at: saved,
        withdrawals_held_until: None,
    };
    store.payments.save_bank_account(account, saved).expect("the payout account is saved");
    let identity = Identity {
        user_id,
        status: IdentityStatus::Verified,
        kind: "nin".into(),
        masked: "•••••••6789".into(),
        sealed: None,
        provider: "sandbox".into(),
        name_on_id: account_name.clone(),
        player_name: "Fault Player".into(),
        account_name: Some(account_name),
        score: 100,
        match_reason: "the fault harness's own".into(),
        decided_by: None,
        decision_reason: None,
        submitted_at: saved,
        updated_at: saved,
    };
    store.identities.put(&identity).expect("the identity is stored");
}
