//! Deposits, withdrawals and bank accounts through the seam, the same cases on both engines (`common::nodes`):
//! every money move happens once across nodes, the balance never goes below zero, and the balance is always the sum
//! of the player's standing ledger entries. Deposit limits are checked where deposits are opened and credited, in
//! the same transaction: what is credited in a limit's window never passes it, however checkouts are aged, raced
//! or replayed across nodes.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};

use ayo_data::bank_account::BankAccount;
use ayo_data::deposit::{Deposit, DepositStatus};
use ayo_data::ledger::{EntryStatus, LedgerEntry};
use ayo_data::money::Kobo;
use ayo_data::pg::payments::PgPayments;
use ayo_data::pg::responsible::PgResponsible;
use ayo_data::responsible::{DepositRefused, Period, ResponsibleGaming};
use ayo_data::seam::{CreditRefused, Slice, WithdrawalRefused};
use ayo_data::seam::{Payments, Responsible};
use ayo_data::user::UserId;
use ayo_data::withdrawal::{Withdrawal, WithdrawalMove, WithdrawalStatus};

mod common;
use common::nodes::{funded_player, next_id, Node};
use common::FUNDING;

fn payments(node: &Node) -> Arc<dyn Payments> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.payments),
        Node::Cluster(pg) => Arc::new(PgPayments::new(pg.clone())),
    }
}

fn responsible(node: &Node) -> Arc<dyn Responsible> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.responsible),
        Node::Cluster(pg) => Arc::new(PgResponsible::new(pg.clone())),
    }
}

/// The player's balance and ledger entries (kind, status, amount) as the node's engine holds them.
fn books(node: &Node, user: UserId) -> (i64, Vec<(String, String, i64)>) {
    match node {
        Node::Embedded(store) => {
            let entries = store.wallets().unwrap().entries_of_user(user).unwrap();
            let rows = entries.iter().map(|e| (kind(e), status(e.status), e.amount.as_i64())).collect();
            (store.wallets().unwrap().balance(user).unwrap(), rows)
        }
        Node::Cluster(pg) => pg
            .run(move |pool| async move {
                let client = pool.get().await?;
                let user = user as i64;
                let balance = client.query_one("SELECT balance FROM wallets WHERE user_id = $1", &[&user]).await?;
                let rows = client
                    .query("SELECT kind, status, amount FROM ledger_entries WHERE user_id = $1 ORDER BY id", &[&user])
                    .await?;
                Ok((balance.get(0), rows.iter().map(|r| (r.get(0), r.get(1), r.get(2))).collect()))
            })
            .unwrap(),
    }
}

fn kind(entry: &LedgerEntry) -> String {
    serde_json::to_value(entry).unwrap()["type"].as_str().unwrap().to_string()
}

fn status(status: EntryStatus) -> String {
    serde_json::to_value(status).unwrap().as_str().unwrap().to_string()
}

/// The balance, after checking it is never negative and is the sum of the standing (pending or successful) entries.
fn balanced(node: &Node, user: UserId) -> i64 {
    let (balance, entries) = books(node, user);
    let standing: i64 =
        entries.iter().filter(|(_, status, _)| status == "pending" || status == "success").map(|e| e.2).sum();
    assert!(balance >= 0, "balance {balance}");
    assert_eq!(balance, standing, "balance against the standing ledger: {entries:?}");
    balance
}

fn entries_of_kind(node: &Node, user: UserId, wanted: &str) -> Vec<(String, String, i64)> {
    books(node, user).1.into_iter().filter(|(kind, ..)| kind == wanted).collect()
}

/// Runs `work` on every node at once; the answers in node order.
fn on_every_node<T: Send>(nodes: &[Node], work: impl Fn(usize, &Node) -> T + Sync) -> Vec<T> {
    std::thread::scope(|scope| {
        let work = &work;
        let runs: Vec<_> = nodes.iter().enumerate().map(|(n, node)| scope.spawn(move || work(n, node))).collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    })
}

fn deposit(node: &Node, user: UserId, amount: i64) -> Deposit {
    let id = next_id(node);
    let d = Deposit::pending(id, format!("dep-{id}"), user, Kobo(amount), "sandbox", Utc::now());
    payments(node).insert_deposit(&d).unwrap();
    d
}

fn request(node: &Node, user: UserId, amount: i64, key: &str) -> Withdrawal {
    let (id, now) = (next_id(node), Utc::now());
    Withdrawal {
        id,
        user_id: user,
        amount: Kobo(amount),
        status: WithdrawalStatus::Pending,
        bank_code: "058".into(),
        bank_name: "GTBank".into(),
        account_number: "0123456785".into(),
        account_name: "ADA OBI".into(),
        idempotency_key: key.into(),
        entry_id: next_id(node),
        transfer_reference: Withdrawal::transfer_reference_for(id),
        reason: None,
        decided_by: None,
        created_at: now,
        updated_at: now,
    }
}

fn a_deposit_credited_on_three_nodes_at_once_credits_once(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let d = deposit(&nodes[0], user, 50_000);
    assert_eq!(payments(&nodes[1]).deposit(&d.reference).unwrap().map(|d| d.status), Some(DepositStatus::Pending));
    let credited = on_every_node(nodes, |_, node| {
        payments(node).credit_deposit(&d.reference, Kobo(50_000), next_id(node), Utc::now()).unwrap().unwrap()
    });
    assert_eq!(credited.iter().filter(|m| !m.replayed).count(), 1, "one credit, the others replays");
    assert!(credited.iter().all(|m| m.balance == Kobo(FUNDING + 50_000)));
    assert!(credited.iter().all(|m| m.value.status == DepositStatus::Success));
    assert_eq!(entries_of_kind(&nodes[0], user, "deposit"), vec![("deposit".into(), "success".into(), 50_000)]);
    assert_eq!(balanced(&nodes[0], user), FUNDING + 50_000);
    let stored = payments(&nodes[2]).deposit(&d.reference).unwrap().unwrap();
    assert_eq!(stored.entry_id, credited.iter().find(|m| !m.replayed).unwrap().value.entry_id);
    // A wrong amount or an unknown reference credits nothing.
    let other = deposit(&nodes[1], user, 70_000);
    let wrong = payments(&nodes[2]).credit_deposit(&other.reference, Kobo(7_000), next_id(&nodes[2]), Utc::now());
    assert_eq!(wrong.unwrap().err(), Some(CreditRefused::AmountMismatch { expected: Kobo(70_000), paid: Kobo(7_000) }));
    let unknown = payments(&nodes[2]).credit_deposit("nope", Kobo(70_000), next_id(&nodes[2]), Utc::now());
    assert_eq!(unknown.unwrap().err(), Some(CreditRefused::UnknownReference));
    assert_eq!(balanced(&nodes[0], user), FUNDING + 50_000);
    let mine: Vec<u64> = payments(&nodes[1]).deposits_of_user(user).unwrap().iter().map(|d| d.id).collect();
    assert_eq!(mine, vec![other.id, d.id], "newest first");
}

fn a_credited_deposit_cannot_be_failed_and_a_failed_one_is_failed_once(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let (a, b) = (payments(&nodes[0]), payments(&nodes[1]));
    let d = deposit(&nodes[0], user, 50_000);
    let url = b.set_authorization_url(&d.reference, "https://pay.example/x", Utc::now()).unwrap().unwrap();
    assert_eq!(url.authorization_url.as_deref(), Some("https://pay.example/x"));
    let failed = a.fail_deposit(&d.reference, "Declined", Utc::now()).unwrap().unwrap();
    assert_eq!((failed.status, failed.failure_reason.as_deref()), (DepositStatus::Failed, Some("Declined")));
    let again = b.fail_deposit(&d.reference, "late", Utc::now()).unwrap().unwrap();
    assert_eq!(again.failure_reason.as_deref(), Some("Declined"), "a failed deposit is left alone");
    assert_eq!(b.deposit(&d.reference).unwrap().unwrap().authorization_url.as_deref(), Some("https://pay.example/x"));
    assert!(entries_of_kind(&nodes[0], user, "deposit").is_empty(), "failing moves no money");
    assert_eq!(balanced(&nodes[0], user), FUNDING);
    // As on the embedded store, money that arrives after all is credited, once; then failing changes nothing.
    let credited = b.credit_deposit(&d.reference, Kobo(50_000), next_id(&nodes[1]), Utc::now()).unwrap().unwrap();
    assert_eq!((credited.value.status, credited.replayed), (DepositStatus::Success, false));
    let late = a.fail_deposit(&d.reference, "late", Utc::now()).unwrap().unwrap();
    assert_eq!(late.status, DepositStatus::Success);
    assert_eq!(a.deposit(&d.reference).unwrap().unwrap().status, DepositStatus::Success);
    assert_eq!(balanced(&nodes[1], user), FUNDING + 50_000);
    assert!(a.fail_deposit("nope", "x", Utc::now()).unwrap().is_none());
}

fn withdrawals_held_on_three_nodes_at_once_never_overdraw(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let amount = FUNDING * 2 / 5;
    let held = on_every_node(nodes, |n, node| {
        payments(node).hold_withdrawal(&request(node, user, amount, &format!("k{n}"))).unwrap()
    });
    let moved: Vec<_> = held.iter().filter_map(|h| h.as_ref().ok()).collect();
    assert_eq!(moved.len(), 2, "the balance covers two: {held:?}");
    assert!(moved.iter().all(|m| !m.replayed && m.balance.as_i64() >= 0));
    let refused: Vec<_> = held.iter().filter_map(|h| h.as_ref().err()).collect();
    assert_eq!(
        refused,
        vec![&WithdrawalRefused::InsufficientFunds { balance: Kobo(FUNDING - 2 * amount), needed: Kobo(amount) }]
    );
    assert_eq!(balanced(&nodes[1], user), FUNDING - 2 * amount);
    assert_eq!(entries_of_kind(&nodes[2], user, "withdrawal").len(), 2);
    assert!(entries_of_kind(&nodes[2], user, "withdrawal")
        .iter()
        .all(|(_, status, a)| status == "pending" && *a == -amount));

    // One request (one idempotency key) sent to three nodes at once is held once.
    let user = funded_player(&nodes[0]);
    let same = on_every_node(nodes, |_, node| {
        payments(node).hold_withdrawal(&request(node, user, 100_000, "same")).unwrap().unwrap()
    });
    assert_eq!(same.iter().filter(|m| !m.replayed).count(), 1);
    assert!(same.iter().all(|m| m.value.id == same[0].value.id));
    assert_eq!(balanced(&nodes[0], user), FUNDING - 100_000);
    assert_eq!(payments(&nodes[1]).withdrawals_of_user(user).unwrap().len(), 1);
}

fn a_paid_withdrawal_is_paid_once(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let (a, b) = (payments(&nodes[0]), payments(&nodes[1]));
    let w = request(&nodes[0], user, 300_000, "k1");
    a.hold_withdrawal(&w).unwrap().unwrap();
    let early = b.move_withdrawal(w.id, &WithdrawalMove::Paid, Utc::now()).unwrap();
    assert_eq!(early.err(), Some(WithdrawalRefused::WrongState(WithdrawalStatus::Pending)), "claimed first");
    b.move_withdrawal(w.id, &WithdrawalMove::Claim { by: 1 }, Utc::now()).unwrap().unwrap();
    let paid = a.move_withdrawal(w.id, &WithdrawalMove::Paid, Utc::now()).unwrap().unwrap();
    assert_eq!(
        (paid.replayed, paid.balance, paid.entries[0].status),
        (false, Kobo(FUNDING - 300_000), EntryStatus::Success)
    );
    let again = b.move_withdrawal(w.id, &WithdrawalMove::Paid, Utc::now()).unwrap().unwrap();
    assert!(again.replayed && again.entries.is_empty());
    let fail = WithdrawalMove::Fail { reason: "late".into() };
    assert_eq!(
        b.move_withdrawal(w.id, &fail, Utc::now()).unwrap().err(),
        Some(WithdrawalRefused::WrongState(WithdrawalStatus::Success))
    );
    assert_eq!(entries_of_kind(&nodes[2], user, "withdrawal"), vec![("withdrawal".into(), "success".into(), -300_000)]);
    assert_eq!(balanced(&nodes[2], user), FUNDING - 300_000);
    assert_eq!(b.withdrawal(w.id).unwrap().map(|w| w.status), Some(WithdrawalStatus::Success));
    assert_eq!(
        b.move_withdrawal(w.id + 100_000, &WithdrawalMove::Paid, Utc::now()).unwrap().err(),
        Some(WithdrawalRefused::NotFound)
    );
}

fn a_failed_withdrawal_returns_the_money_once(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let w = request(&nodes[0], user, 300_000, "k1");
    payments(&nodes[0]).hold_withdrawal(&w).unwrap().unwrap();
    payments(&nodes[1]).move_withdrawal(w.id, &WithdrawalMove::Claim { by: 1 }, Utc::now()).unwrap().unwrap();
    let fail = WithdrawalMove::Fail { reason: "Bank declined".into() };
    let failed =
        on_every_node(nodes, |_, node| payments(node).move_withdrawal(w.id, &fail, Utc::now()).unwrap().unwrap());
    assert_eq!(failed.iter().filter(|m| !m.replayed).count(), 1, "one return, the others replays");
    let first = failed.iter().find(|m| !m.replayed).unwrap();
    assert_eq!((first.balance, first.entries[0].status), (Kobo(FUNDING), EntryStatus::Failed));
    assert!(first.entries[0].description.contains("money returned"));
    assert_eq!(entries_of_kind(&nodes[2], user, "withdrawal"), vec![("withdrawal".into(), "failed".into(), -300_000)]);
    assert_eq!(balanced(&nodes[2], user), FUNDING);
    // A rejected one comes back once too, and cannot then be claimed.
    let r = request(&nodes[1], user, 200_000, "k2");
    payments(&nodes[1]).hold_withdrawal(&r).unwrap().unwrap();
    let reject = WithdrawalMove::Reject { by: 1, reason: "Name mismatch".into() };
    let rejected = payments(&nodes[2]).move_withdrawal(r.id, &reject, Utc::now()).unwrap().unwrap();
    assert_eq!((rejected.balance, rejected.entries[0].status), (Kobo(FUNDING), EntryStatus::Reversed));
    assert!(payments(&nodes[0]).move_withdrawal(r.id, &reject, Utc::now()).unwrap().unwrap().replayed);
    let claim = payments(&nodes[0]).move_withdrawal(r.id, &WithdrawalMove::Claim { by: 1 }, Utc::now()).unwrap();
    assert_eq!(claim.err(), Some(WithdrawalRefused::WrongState(WithdrawalStatus::Rejected)));
    assert_eq!(balanced(&nodes[0], user), FUNDING);
}

fn account(user: UserId, number: &str) -> BankAccount {
    let now = Utc::now();
    BankAccount {
        user_id: user,
        bank_code: "058".into(),
        bank_name: "GTBank".into(),
        account_number: number.into(),
        account_name: "ADA OBI".into(),
        created_at: now,
        updated_at: now,
        withdrawals_held_until: None,
    }
}

fn a_bank_account_saved_on_one_node_is_read_on_another(nodes: &[Node]) {
    let (a, b) = (payments(&nodes[0]), payments(&nodes[1]));
    assert_eq!(b.bank_account(7).unwrap(), None);
    let first = a.save_bank_account(account(7, "0123456785"), Utc::now()).unwrap();
    assert_eq!(b.bank_account(7).unwrap(), Some(first.clone()));
    std::thread::sleep(std::time::Duration::from_millis(5));
    let later = Utc::now();
    let replaced = b.save_bank_account(account(7, "0000000000"), later).unwrap();
    assert_eq!((replaced.created_at, replaced.updated_at), (first.created_at, later), "the first created_at stays");
    assert_eq!(payments(&nodes[2]).bank_account(7).unwrap(), Some(replaced.clone()));
    a.save_bank_account(account(3, "1111111111"), Utc::now()).unwrap();
    let all: Vec<(UserId, String)> =
        payments(&nodes[2]).all_bank_accounts().unwrap().into_iter().map(|a| (a.user_id, a.account_number)).collect();
    assert_eq!(all, vec![(3, "1111111111".into()), (7, "0000000000".into())]);
}

fn withdrawals_are_listed_in_order(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let other = funded_player(&nodes[0]);
    let mut ids = Vec::new();
    for (n, who) in [user, other, user].into_iter().enumerate() {
        let w = request(&nodes[n], who, 10_000, &format!("k{n}"));
        payments(&nodes[n]).hold_withdrawal(&w).unwrap().unwrap();
        ids.push(w.id);
    }
    let p = payments(&nodes[1]);
    let oldest = p.withdrawals_page(Slice { offset: 0, limit: 10, oldest_first: true }).unwrap();
    assert_eq!((oldest.total, oldest.rows.iter().map(|w| w.id).collect::<Vec<_>>()), (3, ids.clone()));
    let second = p.withdrawals_page(Slice { offset: 1, limit: 1, oldest_first: false }).unwrap();
    assert_eq!((second.total, second.rows.iter().map(|w| w.id).collect::<Vec<_>>()), (3, vec![ids[1]]));
    let newest: Vec<u64> = p.withdrawals_newest_first().map(|w| w.unwrap().id).collect();
    assert_eq!(newest, ids.iter().rev().copied().collect::<Vec<_>>());
    let mine: Vec<u64> = p.withdrawals_of_user(user).unwrap().iter().map(|w| w.id).collect();
    assert_eq!(mine, vec![ids[2], ids[0]]);
    let by_transfer = p.withdrawal_by_transfer(&Withdrawal::transfer_reference_for(ids[1])).unwrap();
    assert_eq!(by_transfer.map(|w| (w.id, w.user_id)), Some((ids[1], other)));
    assert_eq!(p.withdrawal_by_transfer("ayo-withdrawal-none").unwrap(), None);
}

/// Sets the player's daily deposit limit (a first limit applies at once).
fn daily_limit(node: &Node, user: UserId, kobo: i64, now: DateTime<Utc>) {
    let set =
        responsible(node).change(user, now, |rg| Ok::<_, ()>(rg.request_limit(Period::Daily, Some(Kobo(kobo)), now)));
    assert_eq!(set.unwrap().unwrap().0.limits.daily, Some(Kobo(kobo)));
}

/// A pending deposit of `amount` opened at `at` (through the limit check), or why it was refused.
fn open(node: &Node, user: UserId, amount: i64, at: DateTime<Utc>) -> Result<Deposit, DepositRefused> {
    let id = next_id(node);
    let d = Deposit::pending(id, format!("dep-{id}"), user, Kobo(amount), "sandbox", at);
    payments(node).open_deposit(&d, at).unwrap().map(|()| d)
}

fn credit(node: &Node, d: &Deposit, at: DateTime<Utc>) -> ayo_data::ledger::Moved<Deposit> {
    payments(node).credit_deposit(&d.reference, d.amount, next_id(node), at).unwrap().unwrap()
}

/// The sum of the player's credited deposits, as the ledger holds them.
fn credited(node: &Node, user: UserId) -> i64 {
    entries_of_kind(node, user, "deposit").iter().map(|e| e.2).sum()
}

/// The attack of issue 28 §6: a checkout opened at the limit, left to go stale, a second one opened in its room,
/// then both paid (at once, on two nodes) and the payments replayed. The stale one must be held, not credited, and
/// not lost.
fn a_stale_checkout_paid_late_is_held_and_never_passes_the_limit(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let now = Utc::now();
    daily_limit(&nodes[0], user, 50_000, now - Duration::hours(3));
    let opened = now - Duration::hours(2);
    let stale = open(&nodes[0], user, 50_000, opened).unwrap();
    // While it is open it holds the room: nothing more may open, on any node.
    let refused = open(&nodes[1], user, 100, opened + Duration::minutes(59)).unwrap_err();
    assert_eq!(refused, DepositRefused::OverLimit { period: Period::Daily, limit: Kobo(50_000), used: Kobo(50_000) });
    // Past its hour it holds nothing: a new checkout takes the room.
    let fresh = open(&nodes[2], user, 50_000, now).unwrap();
    let standing = payments(&nodes[0]).deposits_of_user(user).unwrap();
    assert_eq!(ResponsibleGaming::used(&standing, Period::Daily, now), Kobo(50_000), "only the fresh one counts");

    // Both paid at once: the stale on one node, the fresh on another. Whichever runs first, the fresh one is credited
    // on its own room and the stale one is held.
    let paid = on_every_node(&nodes[..2], |n, node| credit(node, if n == 0 { &stale } else { &fresh }, now));
    let (late, on_time) = (&paid[0], &paid[1]);
    assert_eq!((late.value.status, late.replayed, late.entries.len()), (DepositStatus::Held, false, 0));
    assert_eq!((on_time.value.status, on_time.entries.len()), (DepositStatus::Success, 1));
    let reason = late.value.held_reason.clone().unwrap_or_default();
    assert!(reason.contains("after its checkout had closed") && reason.contains("held for a refund"), "{reason}");
    assert_eq!(credited(&nodes[0], user), 50_000, "the credited total stays within the limit");
    assert_eq!(balanced(&nodes[0], user), FUNDING + 50_000);

    // Replayed on every node, the held payment stays held and the credited one credited: nothing moves.
    for node in nodes {
        let again = credit(node, &stale, now + Duration::minutes(5));
        assert_eq!((again.value.status, again.replayed, again.entries.len()), (DepositStatus::Held, true, 0));
        let again = credit(node, &fresh, now + Duration::minutes(5));
        assert_eq!((again.value.status, again.replayed), (DepositStatus::Success, true));
    }
    let stored = payments(&nodes[2]).deposit(&stale.reference).unwrap().unwrap();
    assert_eq!((stored.status, stored.held_reason), (DepositStatus::Held, Some(reason)));
    assert_eq!(
        payments(&nodes[1]).fail_deposit(&stale.reference, "late", now).unwrap().unwrap().status,
        DepositStatus::Held
    );
    assert_eq!(credited(&nodes[1], user), 50_000);
    assert_eq!(balanced(&nodes[1], user), FUNDING + 50_000);
    // The limit counts the fresh deposit from when it was credited: nothing more today, room again tomorrow.
    assert!(open(&nodes[0], user, 100, now + Duration::hours(23)).is_err());
    assert!(open(&nodes[0], user, 50_000, now + Duration::hours(24) + Duration::seconds(1)).is_ok());
}

/// A stale checkout paid late while no other holds the room is credited: the money is the player's and the limit
/// allows it. A payment the player's lowered limit no longer allows is held, even on an open checkout.
fn a_late_payment_that_fits_is_credited_and_one_a_lowered_limit_refuses_is_held(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let now = Utc::now();
    daily_limit(&nodes[0], user, 80_000, now - Duration::hours(3));
    let stale = open(&nodes[0], user, 50_000, now - Duration::hours(2)).unwrap();
    let late = credit(&nodes[1], &stale, now);
    assert_eq!((late.value.status, late.value.credited_at), (DepositStatus::Success, Some(now)));
    let open_one = open(&nodes[2], user, 30_000, now).unwrap();
    daily_limit(&nodes[0], user, 60_000, now);
    let held = credit(&nodes[1], &open_one, now + Duration::minutes(1));
    assert_eq!((held.value.status, held.entries.len()), (DepositStatus::Held, 0));
    assert!(held.value.held_reason.unwrap_or_default().starts_with("Your payment of ₦300.00 would have gone over"));
    assert_eq!(credited(&nodes[0], user), 50_000);
    assert_eq!(balanced(&nodes[0], user), FUNDING + 50_000);
}

/// Many checkouts of one player opened at once, on every node and from several threads of each: the room they hold
/// together never passes the limit, and paying them all credits exactly the limit.
fn checkouts_opened_at_once_on_every_node_never_hold_more_than_the_limit(nodes: &[Node]) {
    let user = funded_player(&nodes[0]);
    let now = Utc::now();
    daily_limit(&nodes[0], user, 100_000, now);
    let opened: Vec<Deposit> = on_every_node(nodes, |_, node| {
        std::thread::scope(|scope| {
            let runs: Vec<_> = (0..8).map(|_| scope.spawn(|| open(node, user, 10_000, now).ok())).collect();
            runs.into_iter().filter_map(|run| run.join().unwrap()).collect::<Vec<_>>()
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert_eq!(opened.len(), 10, "24 tried, the limit holds exactly 10");
    let standing = payments(&nodes[1]).deposits_of_user(user).unwrap();
    assert_eq!(standing.len(), 10, "a refused checkout leaves no record");
    assert_eq!(ResponsibleGaming::used(&standing, Period::Daily, now), Kobo(100_000));
    let paid = on_every_node(nodes, |n, node| {
        opened.iter().skip(n).step_by(nodes.len()).map(|d| credit(node, d, now).value.status).collect::<Vec<_>>()
    });
    assert!(paid.iter().flatten().all(|s| *s == DepositStatus::Success), "{paid:?}");
    assert_eq!(credited(&nodes[2], user), 100_000);
    assert_eq!(balanced(&nodes[2], user), FUNDING + 100_000);
}

both_engines!(
    a_stale_checkout_paid_late_is_held_and_never_passes_the_limit,
    embedded_stale_checkout_held,
    cluster_stale_checkout_held
);
both_engines!(
    a_late_payment_that_fits_is_credited_and_one_a_lowered_limit_refuses_is_held,
    embedded_late_payment_within_limit,
    cluster_late_payment_within_limit
);
both_engines!(
    checkouts_opened_at_once_on_every_node_never_hold_more_than_the_limit,
    embedded_checkouts_at_once_within_limit,
    cluster_checkouts_at_once_within_limit
);
both_engines!(
    a_deposit_credited_on_three_nodes_at_once_credits_once,
    embedded_deposit_credited_once,
    cluster_deposit_credited_once
);
both_engines!(
    a_credited_deposit_cannot_be_failed_and_a_failed_one_is_failed_once,
    embedded_deposit_failed_once,
    cluster_deposit_failed_once
);
both_engines!(
    withdrawals_held_on_three_nodes_at_once_never_overdraw,
    embedded_holds_never_overdraw,
    cluster_holds_never_overdraw
);
both_engines!(a_paid_withdrawal_is_paid_once, embedded_withdrawal_paid_once, cluster_withdrawal_paid_once);
both_engines!(
    a_failed_withdrawal_returns_the_money_once,
    embedded_failed_withdrawal_returned_once,
    cluster_failed_withdrawal_returned_once
);
both_engines!(
    a_bank_account_saved_on_one_node_is_read_on_another,
    embedded_bank_account_shared,
    cluster_bank_account_shared
);
both_engines!(
    withdrawals_are_listed_in_order,
    embedded_withdrawals_listed_in_order,
    cluster_withdrawals_listed_in_order
);
