//! What must hold after a run, read from the database the nodes share (and its public API through a node): every
//! acknowledged purchase present exactly once and as acknowledged; every deposit its player saw credited credited
//! exactly once, every acknowledged withdrawal held (debited) exactly once; every wallet's ledger summing to its balance;
//! every ticket of each settled draw paid exactly once and by its terms; no ticket in a draw past the count its
//! close made. Each check answers the problems it found (none: it holds).

use std::collections::{HashMap, HashSet};

use ayo_data::draw::DrawStatus;
use ayo_data::lotto::winnings;
use ayo_data::ticket::TicketStatus;

use crate::players::Record;

/// Every acknowledged ticket is in the store once, for its player, key and draw.
pub async fn acknowledged_purchases_are_stored(db: &ayo_data::pg::Client, record: &Record) -> Vec<String> {
    let acked = record.acked.lock().expect("acked").clone();
    let mut problems: Vec<String> = record.doubles.lock().expect("doubles").clone();
    let ids: Vec<i64> = acked.values().map(|(id, _)| i64::try_from(*id).expect("an id")).collect();
    let unique: HashSet<i64> = ids.iter().copied().collect();
    if unique.len() != ids.len() {
        problems.push(format!("{} acknowledgements name {} tickets", ids.len(), unique.len()));
    }
    let rows = db
        .query("SELECT id, user_id, idempotency_key, draw_id FROM tickets WHERE id = ANY($1)", &[&ids])
        .await
        .expect("the tickets read");
    let stored: HashMap<i64, (i64, String, i64)> =
        rows.iter().map(|r| (r.get(0), (r.get(1), r.get(2), r.get(3)))).collect();
    for ((player, key), (id, draw)) in &acked {
        match stored.get(&(*id as i64)) {
            None => problems.push(format!("acknowledged ticket {id} ({key}) is not in the store")),
            Some((user, stored_key, stored_draw)) => {
                if (*user as u64, stored_key.as_str(), *stored_draw as u64) != (*player, key.as_str(), *draw) {
                    problems.push(format!("ticket {id} is stored as {user}/{stored_key}/{stored_draw}, not {key}"));
                }
            }
        }
    }
    problems
}

/// The store's own money audit (ledger = balance for every wallet, every settled draw's books) and one win ledger
/// line per winning ticket, for what it won net of tax.
pub async fn books_balance(db: &ayo_data::pg::Client, url: &str) -> Vec<String> {
    let url = url.to_string();
    let audit = tokio::task::spawn_blocking(move || crate::seed::store(&url).audit().expect("the audit runs"))
        .await
        .expect("the audit's thread");
    let mut problems = audit.problems.clone();
    let row = db
        .query_one(
            "SELECT (SELECT count(*) FROM (SELECT reference FROM ledger_entries WHERE kind = 'win'
                     GROUP BY reference HAVING count(*) > 1) twice),
                    (SELECT count(*) FROM tickets t WHERE t.status = 'won' AND NOT EXISTS
                       (SELECT 1 FROM ledger_entries l WHERE l.kind = 'win' AND l.reference = 'ticket:' || t.id)),
                    (SELECT count(*) FROM wallets w WHERE w.balance <> (SELECT coalesce(sum(amount), 0)::bigint
                       FROM ledger_entries l WHERE l.user_id = w.user_id))",
            &[],
        )
        .await
        .expect("the books read");
    let (twice, unpaid, unbalanced): (i64, i64, i64) = (row.get(0), row.get(1), row.get(2));
    if twice > 0 {
        problems.push(format!("{twice} tickets paid more than once"));
    }
    if unpaid > 0 {
        problems.push(format!("{unpaid} winning tickets without their win"));
    }
    if unbalanced > 0 {
        problems.push(format!("{unbalanced} wallets whose ledger does not sum to their balance"));
    }
    problems
}

/// Draw `draw` is settled, holds exactly the tickets its close counted, and each was settled by its terms.
pub async fn draw_settled_by_its_terms(url: &str, draw: u64) -> Vec<String> {
    let url = url.to_string();
    tokio::task::spawn_blocking(move || {
        let store = crate::seed::store(&url);
        let mut problems = Vec::new();
        let draw = store.games.draw(draw).expect("read").expect("the draw");
        if draw.status != DrawStatus::Settled {
            return vec![format!("draw {} is {:?}, not settled", draw.id, draw.status)];
        }
        let numbers = draw.numbers.expect("a settled draw's numbers");
        let game = store.games.game(draw.game_id).expect("read").expect("the game");
        let tickets = store.books.tickets_of_draw(draw.id).expect("the draw's tickets");
        if draw.ticket_count != tickets.len() as u64 {
            problems.push(format!(
                "draw {}: its close counted {} tickets, {} are stored (a ticket accepted after close?)",
                draw.id,
                draw.ticket_count,
                tickets.len()
            ));
        }
        for t in &tickets {
            let owed = winnings(&t.bet, t.stake_per_line, &numbers, &game.multipliers, game.stake_rules.payout_cap);
            let status = if owed.is_positive() { TicketStatus::Won } else { TicketStatus::Lost };
            if t.winnings != owed || t.status != status {
                problems.push(format!(
                    "ticket {}: {:?} {:?}, its terms say {status:?} {owed:?}",
                    t.id, t.status, t.winnings
                ));
            }
        }
        problems
    })
    .await
    .expect("the check's thread")
}

/// Every deposit its player saw credited is `success` and has one `deposit` ledger line, for its player and amount;
/// every acknowledged withdrawal is stored once under its key and holds its amount in one `withdrawal` line; and no
/// deposit or withdrawal of the run has two lines. Also answers, for the report, how many charges the sandbox took
/// whose deposit is still pending (paid, its player gone before the page said so: nothing acknowledged, nothing lost,
/// as the deposit page credits it when next read).
pub async fn money_moves_are_stored_once(db: &ayo_data::pg::Client, record: &Record) -> (Vec<String>, i64) {
    let mut problems = Vec::new();
    let deposits = record.deposits.lock().expect("deposits").clone();
    let references: Vec<String> = deposits.iter().map(|(_, reference, _)| reference.clone()).collect();
    let rows = db
        .query(
            "SELECT d.reference, d.user_id, d.status,
                    (SELECT count(*) FROM ledger_entries l WHERE l.kind = 'deposit' AND l.reference = d.reference),
                    (SELECT coalesce(sum(amount), 0)::bigint FROM ledger_entries l
                      WHERE l.kind = 'deposit' AND l.reference = d.reference AND l.user_id = d.user_id)
               FROM deposits d WHERE d.reference = ANY($1)",
            &[&references],
        )
        .await
        .expect("the deposits read");
    let stored: HashMap<String, (i64, String, i64, i64)> =
        rows.iter().map(|r| (r.get(0), (r.get(1), r.get(2), r.get(3), r.get(4)))).collect();
    for (player, reference, kobo) in &deposits {
        match stored.get(reference) {
            None => problems.push(format!("deposit {reference}, seen credited, is not in the store")),
            Some((user, status, lines, credited)) => {
                if (*user as u64, status.as_str(), *lines, *credited) != (*player, "success", 1, *kobo) {
                    problems.push(format!(
                        "deposit {reference} of player {player} ({kobo} kobo, seen credited): stored for {user} as \
                         {status} with {lines} ledger lines crediting {credited}"
                    ));
                }
            }
        }
    }

    let withdrawals = record.withdrawals.lock().expect("withdrawals").clone();
    let ids: Vec<i64> = withdrawals.values().map(|(id, _)| *id as i64).collect();
    let rows = db
        .query(
            "SELECT w.id, w.user_id, w.idempotency_key,
                    (SELECT count(*) FROM ledger_entries l
                      WHERE l.kind = 'withdrawal' AND l.reference = 'withdrawal:' || w.id),
                    (SELECT coalesce(sum(amount), 0)::bigint FROM ledger_entries l
                      WHERE l.kind = 'withdrawal' AND l.reference = 'withdrawal:' || w.id AND l.user_id = w.user_id)
               FROM withdrawals w WHERE w.id = ANY($1)",
            &[&ids],
        )
        .await
        .expect("the withdrawals read");
    let stored: HashMap<i64, (i64, String, i64, i64)> =
        rows.iter().map(|r| (r.get(0), (r.get(1), r.get(2), r.get(3), r.get(4)))).collect();
    for ((player, key), (id, kobo)) in &withdrawals {
        match stored.get(&(*id as i64)) {
            None => problems.push(format!("acknowledged withdrawal {id} ({key}) is not in the store")),
            Some((user, stored_key, lines, held)) => {
                if (*user as u64, stored_key.as_str(), *lines, *held) != (*player, key.as_str(), 1, -kobo) {
                    problems.push(format!(
                        "withdrawal {id} ({key} of player {player}, {kobo} kobo): stored for {user} as {stored_key} \
                         with {lines} ledger lines holding {held}"
                    ));
                }
            }
        }
    }

    let row = db
        .query_one(
            "SELECT (SELECT count(*) FROM (SELECT reference FROM ledger_entries WHERE kind IN ('deposit', 'withdrawal')
                       GROUP BY reference HAVING count(*) > 1) twice),
                    (SELECT count(*) FROM sandbox_charges c JOIN deposits d ON d.reference = c.reference
                      WHERE c.status = 'success' AND d.status = 'pending')",
            &[],
        )
        .await
        .expect("the money moves read");
    let (twice, paid_pending): (i64, i64) = (row.get(0), row.get(1));
    if twice > 0 {
        problems.push(format!("{twice} deposits or withdrawals with more than one ledger line"));
    }
    (problems, paid_pending)
}
