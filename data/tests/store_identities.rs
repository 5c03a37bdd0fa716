//! Identity checks and adjustments waiting for a second admin through the seam, the same cases on both engines
//! (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::Utc;

use ayo_data::adjustment::{ApprovalStatus, Decision, PendingAdjustment};
use ayo_data::identity::{IdNumber, Identity, IdentityStatus};
use ayo_data::money::Kobo;
use ayo_data::pg::{adjustments::PgAdjustments, identities::PgIdentities};
use ayo_data::seal::SecretSealer;
use ayo_data::seam::Slice;
use ayo_data::seam::{Adjustments, Identities};
use ayo_data::user::UserId;

mod common;
use common::nodes::Node;

/// The key every node of a cluster shares (`AYO_SEED_KEY`).
const SHARED_KEY: [u8; 32] = [7; 32];

fn identities(node: &Node) -> Arc<dyn Identities> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.identities),
        Node::Cluster(pg) => Arc::new(PgIdentities::new(pg.clone(), SecretSealer::new(&SHARED_KEY))),
    }
}

fn adjustments(node: &Node) -> Arc<dyn Adjustments> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.adjustments),
        Node::Cluster(pg) => Arc::new(PgAdjustments::new(pg.clone())),
    }
}

fn record(ids: &dyn Identities, user: UserId, number: &IdNumber, status: IdentityStatus) -> Identity {
    let now = Utc::now();
    Identity {
        user_id: user,
        status,
        kind: number.kind().into(),
        masked: number.masked(),
        sealed: ids.seal(number),
        provider: "sandbox".into(),
        name_on_id: "ADA OBI".into(),
        player_name: "Ada Obi".into(),
        account_name: None,
        score: 100,
        match_reason: String::new(),
        decided_by: None,
        decision_reason: None,
        submitted_at: now,
        updated_at: now,
    }
}

const FIRST_TEN: Slice = Slice { offset: 0, limit: 10, oldest_first: true };

fn a_nin_stays_sealed_and_a_review_is_decided_once(nodes: &[Node]) {
    let (a, b) = (identities(&nodes[0]), identities(&nodes[1]));
    let nin = IdNumber::nin("70123456789").unwrap();
    let identity = record(&*a, 7, &nin, IdentityStatus::Review);
    assert!(!identity.sealed.as_deref().unwrap().contains("70123456789"), "sealed, not plain");
    a.put(&identity).unwrap();
    a.put(&record(&*a, 9, &IdNumber::nin("70123456790").unwrap(), IdentityStatus::Verified)).unwrap();
    let on_b = b.get(7).unwrap().unwrap();
    assert_eq!(b.open_nin(&on_b).unwrap().as_deref(), Some("70123456789"), "another node opens it");
    let queue = b.reviews(FIRST_TEN).unwrap();
    assert_eq!((queue.total, queue.rows.iter().map(|i| i.user_id).collect::<Vec<_>>()), (1, vec![7]));

    // Two admins on two nodes decide the same review at once: one decision stands.
    let decided: Vec<Option<Identity>> = std::thread::scope(|scope| {
        let runs: Vec<_> = [(0, IdentityStatus::Verified), (2, IdentityStatus::Rejected)]
            .into_iter()
            .map(|(n, verdict)| {
                let node = &nodes[n];
                scope.spawn(move || identities(node).decide(7, IdentityStatus::Review, |i| i.status = verdict).unwrap())
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    let winners: Vec<&Identity> = decided.iter().flatten().collect();
    assert_eq!(winners.len(), 1, "exactly one decision: {decided:?}");
    assert_eq!(a.get(7).unwrap().unwrap().status, winners[0].status);
    assert_eq!(b.reviews(FIRST_TEN).unwrap().total, 0, "out of the queue");
    assert_eq!(b.decide(7, IdentityStatus::Review, |_| {}).unwrap(), None, "nothing left to decide");
}

fn a_vnin_is_never_stored(nodes: &[Node]) {
    let ids = identities(&nodes[0]);
    let vnin = IdNumber::vnin("AB012345678910YZ").unwrap();
    let identity = record(&*ids, 8, &vnin, IdentityStatus::Verified);
    assert_eq!(identity.sealed, None);
    ids.put(&identity).unwrap();
    let stored = identities(&nodes[1]).get(8).unwrap().unwrap();
    assert!(!serde_json::to_string(&stored).unwrap().contains("AB012345678910YZ"));
    if let Node::Cluster(pg) = &nodes[0] {
        let plain: i64 = pg
            .run(|pool| async move {
                let sql = "SELECT count(*) FROM identities WHERE doc::text LIKE '%AB012345678910YZ%'";
                Ok(pool.get().await?.query_one(sql, &[]).await?.get(0))
            })
            .unwrap();
        assert_eq!(plain, 0, "no row of the database holds it");
    }
}

fn request(id: u64, key: &str) -> PendingAdjustment {
    PendingAdjustment::asked(id, 42, Kobo(25_000_000), "goodwill".into(), 1, key.into(), Utc::now())
}

fn an_adjustment_is_filed_once_and_decided_once(nodes: &[Node]) {
    // The same request sent to three nodes at once is filed once; each repeat answers the first.
    let filed: Vec<(PendingAdjustment, bool)> = std::thread::scope(|scope| {
        let runs: Vec<_> = nodes
            .iter()
            .map(|node| {
                scope.spawn(move || {
                    let adjust = adjustments(node);
                    adjust.request(&request(adjust.next_id().unwrap(), "bonus-1")).unwrap()
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    assert_eq!(filed.iter().filter(|(_, new)| *new).count(), 1, "{filed:?}");
    let first = filed.iter().find(|(_, new)| *new).unwrap().0.clone();
    assert!(filed.iter().all(|(answer, _)| answer.id == first.id), "every repeat answers the first");
    let other = adjustments(&nodes[0]);
    let second = other.request(&request(other.next_id().unwrap(), "bonus-2")).unwrap().0;
    assert_eq!(adjustments(&nodes[1]).all().unwrap().iter().map(|a| a.id).collect::<Vec<_>>(), [second.id, first.id]);

    // Approved on one node and rejected on another at once: one decision stands, and is what every node reads.
    let decided: Vec<PendingAdjustment> = std::thread::scope(|scope| {
        let runs: Vec<_> = [(1, ApprovalStatus::Approved, 2), (2, ApprovalStatus::Rejected, 3)]
            .into_iter()
            .map(|(n, verdict, admin)| {
                let node = &nodes[n];
                scope.spawn(move || {
                    adjustments(node)
                        .decide(first.id, Decision { status: verdict, by: admin, at: Utc::now() })
                        .unwrap()
                        .unwrap()
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    assert_eq!(decided[0].status, decided[1].status, "both answers tell the one decision: {decided:?}");
    assert_eq!(decided[0].decided_by, decided[1].decided_by);
    let stored = adjustments(&nodes[0]).get(first.id).unwrap().unwrap();
    assert_eq!((stored.status, stored.decided_by), (decided[0].status, decided[0].decided_by));
    assert_eq!(adjustments(&nodes[2]).get(second.id).unwrap().unwrap().status, ApprovalStatus::Pending);
    assert_eq!(
        adjustments(&nodes[2])
            .decide(999_999_999, Decision { status: ApprovalStatus::Approved, by: 2, at: Utc::now() })
            .unwrap(),
        None
    );
}

both_engines!(
    a_nin_stays_sealed_and_a_review_is_decided_once,
    embedded_nin_sealed_and_review_decided_once,
    cluster_nin_sealed_and_review_decided_once
);
both_engines!(a_vnin_is_never_stored, embedded_vnin_never_stored, cluster_vnin_never_stored);
both_engines!(
    an_adjustment_is_filed_once_and_decided_once,
    embedded_adjustment_filed_and_decided_once,
    cluster_adjustment_filed_and_decided_once
);
