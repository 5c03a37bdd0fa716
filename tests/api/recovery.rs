//! Crash drills against the real binary: a draw that fell due while the server was down is drawn and settled at
//! start-up, and killing the process (SIGKILL) at random moments of settlement never pays a ticket twice.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use chrono::Utc;
use rand::Rng;

use ayo_data::draw::DrawStatus;
use ayo_data::ledger::EntryKind;
use ayo_data::lotto::{price, winnings, Bet};
use ayo_data::money::Kobo;
use ayo_data::seam::Purchase;
use ayo_data::ticket::{Order, Ticket, TicketStatus};
use ayo_data::Store;

use crate::offline::{funded_player, kill, open_draw, paused_game, reopen, start_server, wait_settled};

const PLAYERS: u64 = 30;
const TICKETS_EACH: u64 = 40;
const FUNDING: i64 = 10_000_000;

/// Writes, with no server running, a draw whose sales closed a minute ago and its tickets.
fn seed_overdue_draw(dir: &Path) -> u64 {
    let store = Store::open(&dir.join("db")).unwrap();
    let game = paused_game(&store, "drill", 60);
    let now = Utc::now();
    let draw = open_draw(&store, &game, now - chrono::Duration::minutes(10), now - chrono::Duration::seconds(30));
    let sold_at = draw.opens_at + chrono::Duration::seconds(1);
    let mut rng = rand::thread_rng();
    for p in 0..PLAYERS {
        let user = funded_player(&store, p, FUNDING);
        for t in 0..TICKETS_EACH {
            // PERM2 on five numbers: 10 lines, so most draws have winners at 240x.
            let mut numbers: Vec<u8> = Vec::new();
            while numbers.len() < 5 {
                let n = rng.gen_range(1..=90u8);
                if !numbers.contains(&n) {
                    numbers.push(n);
                }
            }
            let bet = Bet::parse("PERM2", &numbers, &[], &[]).unwrap();
            let priced = price(&bet, Kobo(1_000), &game.stake_rules, &game.multipliers).unwrap();
            let ticket = Ticket::sold(
                store.ids.next_id().unwrap(),
                Order {
                    user_id: user.id,
                    draw_id: draw.id,
                    game_id: game.id,
                    bet,
                    stake_per_line: Kobo(1_000),
                    idempotency_key: format!("{p}-{t}"),
                },
                &priced,
                sold_at,
                None,
            );
            let purchase = Purchase { ticket, entry_id: store.ids.next_id().unwrap(), now: sold_at };
            store.wallets().unwrap().purchase(&purchase).unwrap().unwrap();
        }
    }
    store.flush_blocking().unwrap();
    draw.id
}

/// Checks the books after the dust settles: every ticket settled once and paid what its numbers say, every
/// wallet's ledger equal to its balance.
fn audit(dir: &Path, draw_id: u64) {
    let store = reopen(dir);
    let draw = store.games.draw(draw_id).unwrap().unwrap();
    assert_eq!(draw.status, DrawStatus::Settled);
    let numbers = draw.numbers.unwrap();
    let game = store.games.game(draw.game_id).unwrap().unwrap();
    let tickets = store.books.tickets_of_draw(draw_id).unwrap();
    assert_eq!(tickets.len() as u64, PLAYERS * TICKETS_EACH);
    let mut per_user: HashMap<u64, i64> = HashMap::new();
    for t in &tickets {
        let owed = winnings(&t.bet, t.stake_per_line, &numbers, &game.multipliers, game.stake_rules.payout_cap);
        assert_eq!(t.winnings, owed, "ticket {} paid what its numbers say", t.id);
        let want = if owed.is_positive() { TicketStatus::Won } else { TicketStatus::Lost };
        assert_eq!(t.status, want);
        *per_user.entry(t.user_id).or_default() += owed.as_i64() - t.total_stake.as_i64();
    }
    for (user, net) in per_user {
        let entries = store.books.entries_of_user(user).unwrap();
        let sum: i64 = entries.iter().map(|e| e.amount.as_i64()).sum();
        let balance = store.books.balance(user).unwrap();
        assert_eq!(sum, balance, "user {user}: the ledger sums to the balance");
        assert_eq!(balance, FUNDING + net, "user {user}: funding − stakes + winnings, nothing paid twice");
        let mut wins: Vec<&str> =
            entries.iter().filter(|e| e.kind == EntryKind::Win).map(|e| e.reference.as_str()).collect();
        let before = wins.len();
        wins.sort();
        wins.dedup();
        assert_eq!(wins.len(), before, "user {user}: one win entry per ticket");
    }
}

#[actix_web::test]
async fn a_draw_that_fell_due_while_the_server_was_down_is_drawn_and_settled_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let draw_id = seed_overdue_draw(dir.path());
    let (server, url) = start_server(dir.path());
    wait_settled(&url, draw_id).await;
    kill(server);
    audit(dir.path(), draw_id);

    // The operator's check: `ayo verify-draw` recomputes the result from the data directory.
    let verified = Command::new(env!("CARGO_BIN_EXE_ayo"))
        .args(["verify-draw", &draw_id.to_string(), "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&verified.stdout);
    assert!(verified.status.success(), "{report}{}", String::from_utf8_lossy(&verified.stderr));
    assert!(report.contains("verified"), "{report}");
    assert!(!report.contains("MISMATCH"));
}

#[actix_web::test]
async fn killing_the_server_during_settlement_never_pays_a_ticket_twice() {
    let rounds: usize = std::env::var("AYO_DRILL_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let dir = tempfile::tempdir().unwrap();
    let draw_id = seed_overdue_draw(dir.path());
    for _ in 0..rounds {
        let (server, _) = start_server(dir.path());
        let pause = rand::thread_rng().gen_range(0..150);
        tokio::time::sleep(Duration::from_millis(pause)).await;
        kill(server);
    }
    let (server, url) = start_server(dir.path());
    wait_settled(&url, draw_id).await;
    kill(server);
    audit(dir.path(), draw_id);
}
