//! For drills against the real binary: writing straight into a data directory while no server runs (a paused
//! game, an open draw, funded players), starting `ayo serve` as a child process, killing it (SIGKILL) and reopening
//! its store.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use chrono::{DateTime, Utc};

use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus, Schedule};
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::lotto::{BetType, Multipliers, StakeRules};
use ayo_data::money::Kobo;
use ayo_data::seam::SignUp;
use ayo_data::user::{NewPlayer, User};
use ayo_data::Store;

use crate::helpers::JWT_SECRET;

/// A paused game (so the scheduler adds no draws of its own), every bet type, default rules.
pub fn paused_game(store: &Store, slug: &str, close_before_secs: i64) -> Game {
    let game = Game {
        id: store.games.next_id().unwrap(),
        slug: slug.into(),
        name: format!("Test game {slug}"),
        description: "a game for tests".into(),
        status: GameStatus::Paused,
        schedule: Schedule::Interval { every_minutes: 60 },
        close_before_secs,
        bet_types: BetType::ALL.to_vec(),
        multipliers: Multipliers::default(),
        stake_rules: StakeRules::default(),
        risk_limits: ayo_data::risk_limits::RiskLimits::default(),
        created_at: Utc::now(),
        independent_party: Default::default(),
    };
    store.games.put_game(&game).unwrap();
    game
}

/// A draw of `game` on sale since `opens_at`, drawn at `draws_at` (sales close by the game's rule).
pub fn open_draw(store: &Store, game: &Game, opens_at: DateTime<Utc>, draws_at: DateTime<Utc>) -> Draw {
    let mut draw = Draw::schedule(store.games.next_id().unwrap(), game, opens_at, draws_at);
    draw.status = DrawStatus::Open;
    store.games.put_draw(&draw).unwrap();
    draw
}

/// A verified-enough player (`n` makes the email and phone unique) whose wallet holds `kobo`.
pub fn funded_player(store: &Store, n: u64, kobo: i64) -> User {
    let now = Utc::now();
    let new = NewPlayer {
        name: PersonName::parse("Drill Player").unwrap(),
        email: Email::parse(&format!("p{n}@example.com")).unwrap(),
        phone: PhoneNumber::parse(&format!("+234803{n:07}")).unwrap(),
        dob: DateOfBirth::parse("1990-01-01", now.date_naive()).unwrap(),
        password_hash: "unused: drills sign their tokens".into(),
        state: None,
    };
    let SignUp::Created(user) = store.users.sign_up(new).unwrap() else { panic!("a new player") };
    let funding = LedgerEntry {
        id: store.ids.next_id().unwrap(),
        user_id: user.id,
        kind: EntryKind::Adjustment,
        status: EntryStatus::Success,
        amount: Kobo(kobo),
        balance_after: Kobo::ZERO,
        reference: "drill".into(),
        description: "drill funding".into(),
        created_at: now,
    };
    store.money.apply_once(funding, None).unwrap().unwrap();
    user
}

/// `ayo serve` on port 0 over `dir`, signing tokens with the tests' secret: the child and its URL.
pub fn start_server(dir: &Path) -> (Child, String) {
    start_server_with(dir, &[], &[])
}

/// `start_server` with more arguments (`--store …`) and environment variables; `AYO_STORE_URL` and `AYO_BUS_URL`
/// come only from these, never from the test's environment.
pub fn start_server_with(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .env("AYO_PAYMENTS", "sandbox")
        .arg(dir)
        .args(args)
        .env("AYO_JWT_SECRET", JWT_SECRET)
        .env_remove("AYO_BIND")
        .env_remove("AYO_DATA_DIR")
        .env_remove("AYO_STORE_URL")
        .env_remove("AYO_BUS_URL")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("Ayo Lotto listening on ").expect("the server prints its URL").to_string();
    (child, url)
}

pub fn kill(mut child: Child) {
    child.kill().unwrap(); // SIGKILL: no shutdown code runs
    child.wait().unwrap();
}

/// The store of a killed server (its flusher thread may hold the lock an instant longer).
pub fn reopen(dir: &Path) -> Store {
    (0..50)
        .find_map(|_| {
            let settings = ayo::server::config::Settings::new(String::new(), dir.to_path_buf(), false);
            ayo::server::startup::open_store(&settings).ok().or_else(|| {
                std::thread::sleep(Duration::from_millis(100));
                None
            })
        })
        .expect("the database opens after the server is gone")
}

pub async fn wait_settled(url: &str, draw_id: u64) {
    let client = reqwest::Client::new();
    for _ in 0..600 {
        if let Ok(resp) = client.get(format!("{url}/api/v1/draws/{draw_id}")).send().await {
            let body: serde_json::Value = resp.json().await.unwrap_or_default();
            if body["data"]["status"] == "settled" {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("draw {draw_id} was not settled after restart");
}
