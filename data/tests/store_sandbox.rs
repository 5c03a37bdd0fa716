//! The sandbox gateway's books through the seam, the same cases on both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;

use chrono::Utc;

use ayo_data::pg::sandbox::PgSandbox;
use ayo_data::seam::SandboxBooks;
use ayo_data::seam::{ChargeEnd, SandboxCharge, SandboxTransfer};

mod common;
use common::nodes::Node;

fn books(node: &Node) -> Arc<dyn SandboxBooks> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.sandbox),
        Node::Cluster(pg) => Arc::new(PgSandbox::new(pg.clone())),
    }
}

fn a_checkout_is_paid_cancelled_or_failed_once(nodes: &[Node]) {
    let charge = SandboxCharge {
        reference: "dep_1".into(),
        amount: 500_000,
        currency: "NGN".into(),
        email: "ada@example.com".into(),
        callback_url: "https://ayolotto.ng/wallet".into(),
        status: "abandoned".into(),
        gateway_response: String::new(),
        created_at: Utc::now(),
        paid_at: None,
    };
    books(&nodes[0]).put_charge(&charge).unwrap();
    assert_eq!(books(&nodes[1]).charge("dep_1").unwrap(), Some(charge));

    // Pay, Cancel and Fail pressed at once on three nodes: one wins, and every answer tells the winner.
    let answers: Vec<SandboxCharge> = std::thread::scope(|scope| {
        let runs: Vec<_> = nodes
            .iter()
            .zip(["success", "abandoned_by_player", "failed"])
            .map(|(node, status)| {
                scope.spawn(move || {
                    books(node)
                        .complete_charge("dep_1", ChargeEnd { status, gateway_response: status, at: Utc::now() })
                        .unwrap()
                        .unwrap()
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    assert!(answers.windows(2).all(|pair| pair[0].status == pair[1].status), "{answers:?}");
    let stored = books(&nodes[2]).charge("dep_1").unwrap().unwrap();
    assert_eq!(stored.status, answers[0].status);
    assert_eq!(stored.paid_at.is_some(), stored.status == "success", "paid_at only when paid");
    assert_eq!(
        books(&nodes[0])
            .complete_charge("none", ChargeEnd { status: "success", gateway_response: "", at: Utc::now() })
            .unwrap(),
        None
    );
}

fn the_first_transfer_with_a_reference_stands(nodes: &[Node]) {
    let transfer = |account: &str| SandboxTransfer {
        reference: "wd_9".into(),
        amount: 100_000,
        bank_code: "058".into(),
        account_number: account.into(),
        account_name: "ADA OBI".into(),
        status: "success".into(),
        reason: "Ayo Lotto withdrawal".into(),
        created_at: Utc::now(),
    };
    let first = books(&nodes[0]).put_transfer(&transfer("0123456789")).unwrap();
    let again = books(&nodes[1]).put_transfer(&transfer("9876543210")).unwrap();
    assert_eq!(again, first, "a reused reference answers the first transfer");
    assert_eq!(books(&nodes[2]).transfer("wd_9").unwrap().unwrap().account_number, "0123456789");
    assert_eq!(books(&nodes[2]).transfer("wd_10").unwrap(), None);
}

both_engines!(
    a_checkout_is_paid_cancelled_or_failed_once,
    embedded_checkout_completes_once,
    cluster_checkout_completes_once
);
both_engines!(
    the_first_transfer_with_a_reference_stands,
    embedded_first_transfer_stands,
    cluster_first_transfer_stands
);
