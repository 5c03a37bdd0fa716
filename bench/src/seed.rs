//! Builds state directly in the store, with no server running (as tests/api/recovery.rs does): games, draws,
//! funded players, tickets, and the tokens the server will accept for them.

use std::path::Path;

use chrono::{DateTime, Utc};
use rand::Rng;

use ayo::auth::Tokens;
use ayo_data::account::{DateOfBirth, Email, PersonName, PhoneNumber};
use ayo_data::draw::{Draw, DrawStatus};
use ayo_data::game::{Game, GameStatus, Schedule};
use ayo_data::ledger::{EntryKind, EntryStatus, LedgerEntry};
use ayo_data::lotto::{price, Bet, BetType, Multipliers, StakeRules};
use ayo_data::money::Kobo;
use ayo_data::seam::{Purchase, SignUp};
use ayo_data::ticket::{Order, Ticket};
use ayo_data::user::{NewPlayer, Role, User};
use ayo_data::Store;

use crate::server::JWT_SECRET;

pub fn open(data_dir: &Path) -> anyhow::Result<Store> {
    std::fs::create_dir_all(data_dir)?;
    Ok(Store::open(&data_dir.join("db"))?)
}

/// Tokens the server (started with `JWT_SECRET`) accepts, valid for a day.
pub fn tokens() -> Tokens {
    Tokens::new(JWT_SECRET.as_bytes(), 24 * 3600)
}

pub fn game(
    store: &Store,
    slug: &str,
    status: GameStatus,
    every_minutes: u32,
    close_before_secs: i64,
) -> anyhow::Result<Game> {
    let game = Game {
        id: store.games.next_id()?,
        slug: slug.into(),
        name: format!("Bench {slug}"),
        description: "benchmark game".into(),
        status,
        schedule: Schedule::Interval { every_minutes },
        close_before_secs,
        bet_types: BetType::ALL.to_vec(),
        multipliers: Multipliers::default(),
        stake_rules: StakeRules::default(),
        risk_limits: ayo_data::risk_limits::RiskLimits::default(),
        created_at: Utc::now(),
        independent_party: Default::default(),
    };
    store.games.put_game(&game)?;
    Ok(game)
}

/// A draw on sale from `opens_at` until `closes_at`.
pub fn open_draw(
    store: &Store,
    game: &Game,
    opens_at: DateTime<Utc>,
    closes_at: DateTime<Utc>,
    draws_at: DateTime<Utc>,
) -> anyhow::Result<Draw> {
    let mut draw = Draw::schedule(store.games.next_id()?, game, opens_at, draws_at);
    draw.closes_at = closes_at;
    draw.status = DrawStatus::Open;
    store.games.put_draw(&draw)?;
    Ok(draw)
}

/// Players `from..from + n`, each funded with `funding` kobo by an adjustment entry.
pub fn players(store: &Store, from: usize, n: usize, funding: i64) -> anyhow::Result<Vec<User>> {
    let today = Utc::now().date_naive();
    let mut out = Vec::with_capacity(n);
    for i in from..from + n {
        let new = NewPlayer {
            name: PersonName::parse("Bench Player").map_err(|e| anyhow::anyhow!("{e:?}"))?,
            email: Email::parse(&format!("p{i}@bench.example")).map_err(|e| anyhow::anyhow!("{e:?}"))?,
            phone: PhoneNumber::parse(&format!("+234803{i:07}")).map_err(|e| anyhow::anyhow!("{e:?}"))?,
            dob: DateOfBirth::parse("1990-01-01", today).map_err(|e| anyhow::anyhow!("{e:?}"))?,
            password_hash: "not-a-hash: benchmark players sign in by token".into(),
            state: None,
        };
        let SignUp::Created(user) = store.users.sign_up(new)? else { anyhow::bail!("player {i} already exists") };
        let entry = LedgerEntry {
            id: store.ids.next_id()?,
            user_id: user.id,
            kind: EntryKind::Adjustment,
            status: EntryStatus::Success,
            amount: Kobo(funding),
            balance_after: Kobo::ZERO,
            reference: "bench".into(),
            description: "benchmark funding".into(),
            created_at: Utc::now(),
        };
        store.money.apply_once(entry, None)?.ok_or_else(|| anyhow::anyhow!("funding refused"))?;
        out.push(user);
    }
    Ok(out)
}

/// An admin account and a token for it.
pub fn admin(store: &Store) -> anyhow::Result<String> {
    let email = Email::parse("admin@bench.example").map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let (user, _) = store.users.upsert_staff(&email, "Bench Admin", "not-a-hash", Role::Admin, None)?;
    tokens().issue(&user)
}

/// Sells `count` PERM2 tickets (five numbers, ten lines of ₦10) of `draw` to `player`, as the purchase path does.
pub fn tickets(
    store: &Store,
    game: &Game,
    draw: &Draw,
    player: &User,
    count: usize,
    sold_at: DateTime<Utc>,
) -> anyhow::Result<()> {
    let mut rng = rand::thread_rng();
    for t in 0..count {
        let mut numbers: Vec<u8> = Vec::with_capacity(5);
        while numbers.len() < 5 {
            let n = rng.gen_range(1..=90u8);
            if !numbers.contains(&n) {
                numbers.push(n);
            }
        }
        let bet = Bet::parse("PERM2", &numbers, &[], &[]).map_err(|e| anyhow::anyhow!("{}", e.message))?;
        let priced =
            price(&bet, Kobo(1_000), &game.stake_rules, &game.multipliers).map_err(|e| anyhow::anyhow!("{e}"))?;
        let ticket = Ticket::sold(
            store.ids.next_id()?,
            Order {
                user_id: player.id,
                draw_id: draw.id,
                game_id: game.id,
                bet,
                stake_per_line: Kobo(1_000),
                idempotency_key: format!("seed-{t}"),
            },
            &priced,
            sold_at,
            None,
        );
        let purchase = Purchase { ticket, entry_id: store.ids.next_id()?, now: sold_at };
        store.wallets()?.purchase(&purchase)?.map_err(|e| anyhow::anyhow!("seeding a ticket: {e}"))?;
    }
    Ok(())
}
