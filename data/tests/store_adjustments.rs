//! Four eyes on the day's sum of manual adjustments through the seam (`seam::Adjustments::adjust`), the same cases
//! on both engines (`common::nodes`), written as a rogue admin's attacks: the split, the debit drain, the split fired
//! at every node at once, the spread over accomplices, the replay. Whatever the order or the node, what one admin
//! moves alone in a Lagos day stays within the threshold, and every balance is the sum of its ledger.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::{Duration, Utc};

use ayo_data::adjustment::{Adjusted, ApprovalStatus, Decision, FourEyes, HeldBecause, PendingAdjustment};
use ayo_data::money::Kobo;
use ayo_data::pg::adjustments::PgAdjustments;
use ayo_data::seam::Adjustments;
use ayo_data::user::UserId;

mod common;
use common::nodes::{funded_player, next_id, Node};
use common::FUNDING;

/// The threshold of these cases: ₦100,000, `AYO_ADJUST_APPROVAL_ABOVE`'s default.
const THRESHOLD: i64 = 10_000_000;
const LIMITS: FourEyes = FourEyes { request: THRESHOLD, player_day: THRESHOLD, admin_day: THRESHOLD };

fn adjustments(node: &Node) -> Arc<dyn Adjustments> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.adjustments),
        Node::Cluster(pg) => Arc::new(PgAdjustments::new(pg.clone())),
    }
}

/// A new player with no money.
fn empty_player(node: &Node) -> UserId {
    match node {
        Node::Embedded(_) => next_id(node),
        Node::Cluster(pg) => common::nodes::player_row(pg) as UserId,
    }
}

/// The balance, after checking it is the sum of the player's ledger.
fn balanced(node: &Node, user: UserId) -> i64 {
    let (balance, ledger): (i64, i64) = match node {
        Node::Embedded(store) => {
            let wallets = store.wallets().unwrap();
            let entries = wallets.entries_of_user(user).unwrap();
            (wallets.balance(user).unwrap(), entries.iter().map(|e| e.amount.as_i64()).sum())
        }
        Node::Cluster(pg) => pg
            .run(move |pool| async move {
                let client = pool.get().await?;
                let user = user as i64;
                let row = client
                    .query_one(
                        "SELECT (SELECT balance FROM wallets WHERE user_id = $1),
                                (SELECT coalesce(sum(amount), 0)::bigint FROM ledger_entries WHERE user_id = $1)",
                        &[&user],
                    )
                    .await?;
                Ok((row.get(0), row.get(1)))
            })
            .unwrap(),
    };
    assert_eq!(balance, ledger, "the balance is the sum of its ledger");
    balance
}

/// An adjustment `admin` asks for, of `amount` kobo (signed), with its own key.
fn asked(node: &Node, admin: UserId, player: UserId, amount: i64, key: &str) -> PendingAdjustment {
    let id = adjustments(node).next_id().unwrap();
    PendingAdjustment::asked(id, player, Kobo(amount), "split attack".into(), admin, key.into(), Utc::now())
}

fn adjust(node: &Node, admin: UserId, player: UserId, amount: i64, key: &str) -> Adjusted {
    adjustments(node).adjust(&asked(node, admin, player, amount, key), next_id(node), LIMITS).unwrap()
}

/// The moves that applied now (not replays), and the reasons the others were filed (new ones only).
fn tally(decided: &[Adjusted]) -> (Vec<i64>, Vec<HeldBecause>) {
    let mut applied = Vec::new();
    let mut held = Vec::new();
    for d in decided {
        match d {
            Adjusted::Applied(moved) if !moved.replayed => applied.push(moved.value.amount.as_i64()),
            Adjusted::Applied(_) => {}
            Adjusted::Filed(request, true) => held.push(request.held_because),
            Adjusted::Filed(_, false) => {}
            Adjusted::Overdrawn => panic!("nothing here overdraws"),
        }
    }
    (applied, held)
}

/// Runs `work(n)` for `0..count` on threads, `n` spread round the nodes, all started at once.
fn at_once<T: Send>(nodes: &[Node], count: usize, work: impl Fn(usize, &Node) -> T + Sync) -> Vec<T> {
    let barrier = std::sync::Barrier::new(count);
    std::thread::scope(|scope| {
        let (work, barrier) = (&work, &barrier);
        let runs: Vec<_> = (0..count)
            .map(|n| {
                let node = &nodes[n % nodes.len()];
                scope.spawn(move || {
                    barrier.wait();
                    work(n, node)
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    })
}

fn ten_credits_of_the_threshold_apply_one_and_thirty_debits_take_one(nodes: &[Node]) {
    let (rogue, drained) = (next_id(&nodes[0]), next_id(&nodes[0]));
    let ada = funded_player(&nodes[0]);
    let split: Vec<Adjusted> =
        (0..10).map(|n| adjust(&nodes[n % 3], rogue, ada, THRESHOLD, &format!("credit-{n}"))).collect();
    assert!(matches!(&split[0], Adjusted::Applied(m) if !m.replayed), "exactly the threshold applies alone");
    let (applied, held) = tally(&split);
    assert_eq!(applied, [THRESHOLD]);
    assert_eq!(held, [HeldBecause::PlayerDay; 9]);
    assert_eq!(balanced(&nodes[1], ada), FUNDING + THRESHOLD);

    let bola = funded_player(&nodes[0]);
    let drain: Vec<Adjusted> =
        (0..30).map(|n| adjust(&nodes[n % 3], drained, bola, -THRESHOLD / 3, &format!("debit-{n}"))).collect();
    let (applied, held) = tally(&drain);
    assert_eq!(applied, [-THRESHOLD / 3; 3], "debits count by their size");
    assert!(held.iter().all(|h| *h == HeldBecause::PlayerDay) && held.len() == 27);
    assert_eq!(balanced(&nodes[2], bola), FUNDING - THRESHOLD / 3 * 3);
    let filed = adjustments(&nodes[0]).all().unwrap();
    assert_eq!(filed.iter().filter(|a| a.status == ApprovalStatus::Pending).count(), 9 + 27, "filed, not moved");
}

fn a_split_fired_at_every_node_at_once_applies_the_threshold_once(nodes: &[Node]) {
    let rogue = next_id(&nodes[0]);
    let ada = funded_player(&nodes[0]);
    let decided = at_once(nodes, 24, |n, node| adjust(node, rogue, ada, THRESHOLD / 8, &format!("once-{n}")));
    let (applied, held) = tally(&decided);
    assert_eq!(applied.iter().sum::<i64>(), THRESHOLD, "eight of twenty-four fit: {applied:?}");
    assert_eq!(held.len(), 16);
    assert_eq!(balanced(&nodes[0], ada), FUNDING + THRESHOLD);

    // The same admin spread over accomplices at once: the day is spent for everyone.
    let players: Vec<UserId> = (0..6).map(|_| funded_player(&nodes[0])).collect();
    let spread = at_once(nodes, 6, |n, node| adjust(node, rogue, players[n], 1, &format!("spread-{n}")));
    assert_eq!(tally(&spread), (vec![], vec![HeldBecause::AdminDay; 6]));
}

fn credits_spread_over_accomplices_at_once_move_the_threshold_in_total(nodes: &[Node]) {
    let rogue = next_id(&nodes[0]);
    let players: Vec<UserId> = (0..12).map(|_| funded_player(&nodes[0])).collect();
    let decided = at_once(nodes, 12, |n, node| adjust(node, rogue, players[n], THRESHOLD / 4, &format!("s-{n}")));
    let (applied, held) = tally(&decided);
    assert_eq!(applied, [THRESHOLD / 4; 4]);
    assert_eq!(held, [HeldBecause::AdminDay; 8]);
    let moved: i64 = players.iter().map(|p| balanced(&nodes[1], *p) - FUNDING).sum();
    assert_eq!(moved, THRESHOLD);
    // Another admin has a day of their own.
    let other = next_id(&nodes[0]);
    assert!(matches!(adjust(&nodes[2], other, players[0], THRESHOLD, "other-1"), Adjusted::Applied(_)));
}

fn a_replay_counts_once_and_an_overdraft_counts_nothing(nodes: &[Node]) {
    let admin = next_id(&nodes[0]);
    let ada = funded_player(&nodes[0]);
    let replays = at_once(nodes, 6, |_, node| adjust(node, admin, ada, THRESHOLD / 2, "goodwill"));
    assert_eq!(tally(&replays).0, [THRESHOLD / 2], "one move, five replays");
    assert!(replays.iter().all(|d| matches!(d, Adjusted::Applied(_))));
    // A debit an empty wallet cannot pay writes nothing and counts nothing (else the next half would be held).
    let empty = empty_player(&nodes[0]);
    assert_eq!(adjust(&nodes[1], admin, empty, -THRESHOLD / 2, "too-much"), Adjusted::Overdrawn);
    assert!(matches!(adjust(&nodes[2], admin, ada, THRESHOLD / 2, "goodwill-2"), Adjusted::Applied(_)));
    let Adjusted::Filed(over, true) = adjust(&nodes[0], admin, ada, 1, "goodwill-3") else { panic!("held") };
    assert_eq!(over.held_because, HeldBecause::PlayerDay);
    let Adjusted::Filed(again, false) = adjust(&nodes[1], admin, ada, 1, "goodwill-3") else { panic!("the same") };
    assert_eq!(again.id, over.id, "a filed request replayed answers it, counted once");
    assert_eq!(balanced(&nodes[2], ada), FUNDING + THRESHOLD);
}

fn what_is_filed_counts_for_its_player_and_yesterday_does_not(nodes: &[Node]) {
    let admin = next_id(&nodes[0]);
    let (ada, bola) = (funded_player(&nodes[0]), funded_player(&nodes[0]));
    let Adjusted::Filed(big, true) = adjust(&nodes[0], admin, ada, 2 * THRESHOLD, "big") else { panic!("held") };
    assert_eq!(big.held_because, HeldBecause::Amount);
    let approved = adjustments(&nodes[1])
        .decide(big.id, Decision { status: ApprovalStatus::Approved, by: admin + 1, at: Utc::now() })
        .unwrap();
    assert_eq!(approved.map(|a| a.status), Some(ApprovalStatus::Approved));
    let Adjusted::Filed(small, true) = adjust(&nodes[1], admin, ada, 1, "small") else { panic!("held") };
    assert_eq!(small.held_because, HeldBecause::PlayerDay, "the large request counts in Ada's day");
    assert!(matches!(adjust(&nodes[2], admin, bola, THRESHOLD, "bola"), Adjusted::Applied(_)), "not alone");

    // Yesterday's sums are yesterday's (a Lagos day is 24 hours long).
    let mut earlier = asked(&nodes[0], admin, bola, THRESHOLD, "yesterday");
    earlier.created_at -= Duration::hours(24);
    let decided = adjustments(&nodes[0]).adjust(&earlier, next_id(&nodes[0]), LIMITS).unwrap();
    assert!(matches!(decided, Adjusted::Applied(_)), "{decided:?}");
    assert_eq!(balanced(&nodes[0], bola), FUNDING + 2 * THRESHOLD);
}

both_engines!(
    ten_credits_of_the_threshold_apply_one_and_thirty_debits_take_one,
    embedded_split_and_drain_apply_the_threshold_once,
    cluster_split_and_drain_apply_the_threshold_once
);
both_engines!(
    a_split_fired_at_every_node_at_once_applies_the_threshold_once,
    embedded_split_at_once_applies_the_threshold_once,
    cluster_split_at_once_applies_the_threshold_once
);
both_engines!(
    credits_spread_over_accomplices_at_once_move_the_threshold_in_total,
    embedded_spread_over_accomplices_moves_the_threshold_in_total,
    cluster_spread_over_accomplices_moves_the_threshold_in_total
);
both_engines!(
    a_replay_counts_once_and_an_overdraft_counts_nothing,
    embedded_replay_counts_once_overdraft_counts_nothing,
    cluster_replay_counts_once_overdraft_counts_nothing
);
both_engines!(
    what_is_filed_counts_for_its_player_and_yesterday_does_not,
    embedded_filed_counts_for_its_player_not_yesterday,
    cluster_filed_counts_for_its_player_not_yesterday
);
