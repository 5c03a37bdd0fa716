//! The witness's pool of commitments (`seam::WitnessPool`), the same cases on both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;
use std::sync::Arc;

use ayo_data::pg::witness::PgWitnessPool;
use ayo_data::seam::{DuplicateCommitment, PooledCommitment, WitnessPool};

mod common;
use common::nodes::Node;

fn pool(node: &Node) -> Arc<dyn WitnessPool> {
    match node {
        Node::Embedded(store) => Arc::clone(&store.witness),
        Node::Cluster(pg) => Arc::new(PgWitnessPool::new(pg.clone())),
    }
}

fn commitments(from: usize, count: usize) -> Vec<PooledCommitment> {
    (from..from + count)
        .map(|i| PooledCommitment { witness_id: 7, label: format!("w-{i}"), commitment: format!("{i:064x}") })
        .collect()
}

fn commitments_are_taken_oldest_first_on_any_node(nodes: &[Node]) {
    let (a, b) = (pool(&nodes[0]), pool(&nodes[1]));
    assert_eq!(b.take().unwrap(), None, "an empty pool");
    a.add(&commitments(0, 3)).unwrap().unwrap();
    b.add(&commitments(3, 2)).unwrap().unwrap();
    assert_eq!(pool(&nodes[2]).pooled().unwrap(), 5);
    let taken: Vec<PooledCommitment> = (0..5).map(|i| pool(&nodes[i % 3]).take().unwrap().unwrap()).collect();
    assert_eq!(taken, commitments(0, 5), "in the order they were added");
    assert_eq!(a.take().unwrap(), None);
    assert_eq!(b.pooled().unwrap(), 0);
}

fn each_commitment_is_taken_once_when_nodes_take_at_once(nodes: &[Node]) {
    const POOLED: usize = 90;
    pool(&nodes[0]).add(&commitments(0, POOLED)).unwrap().unwrap();
    let taken: Vec<Vec<PooledCommitment>> = std::thread::scope(|scope| {
        let takers: Vec<_> = nodes
            .iter()
            .map(|node| {
                scope.spawn(move || {
                    let pool = pool(node);
                    std::iter::from_fn(|| pool.take().unwrap()).collect::<Vec<_>>()
                })
            })
            .collect();
        takers.into_iter().map(|t| t.join().unwrap()).collect()
    });
    let all: Vec<&PooledCommitment> = taken.iter().flatten().collect();
    let labels: HashSet<&str> = all.iter().map(|c| c.label.as_str()).collect();
    assert_eq!(all.len(), POOLED, "none taken twice: {:?}", taken.iter().map(Vec::len).collect::<Vec<_>>());
    assert_eq!(labels.len(), POOLED, "and none lost");
    assert_eq!(pool(&nodes[1]).pooled().unwrap(), 0);
}

/// A reused secret is public after its first reveal, so a later draw holding it would be predictable (issue 30).
fn a_commitment_is_pooled_once_ever_on_any_node_even_after_a_draw_took_it(nodes: &[Node]) {
    let (a, b) = (pool(&nodes[0]), pool(&nodes[1]));
    a.add(&commitments(0, 2)).unwrap().unwrap();
    let again = commitments(1, 1);
    assert_eq!(b.add(&again).unwrap(), Err(DuplicateCommitment { index: 0 }), "waiting in the pool");
    assert_eq!(a.take().unwrap(), Some(commitments(0, 1)[0].clone()));
    let mut by_another_witness = commitments(0, 1);
    by_another_witness[0].witness_id = 8;
    by_another_witness[0].label = "mine".into();
    let refused = pool(&nodes[2]).add(&[commitments(5, 1), by_another_witness].concat()).unwrap();
    assert_eq!(refused, Err(DuplicateCommitment { index: 1 }), "taken by a draw, and by any witness");
    let twice = [commitments(6, 1), commitments(6, 1)].concat();
    assert_eq!(a.add(&twice).unwrap(), Err(DuplicateCommitment { index: 1 }), "twice in one request");
    assert_eq!(b.pooled().unwrap(), 1, "a refused request adds none of its commitments");
    b.add(&[commitments(5, 1), commitments(6, 1)].concat()).unwrap().unwrap();
    assert_eq!(a.pooled().unwrap(), 3);
}

/// Two nodes adding the same commitment at the same moment: exactly one gets it in.
fn the_same_commitment_added_at_once_on_two_nodes_is_pooled_once(nodes: &[Node]) {
    for round in 0..20 {
        let added: Vec<bool> = std::thread::scope(|scope| {
            let adders: Vec<_> = nodes[..2]
                .iter()
                .map(|node| scope.spawn(move || pool(node).add(&commitments(100 + round, 1)).unwrap().is_ok()))
                .collect();
            adders.into_iter().map(|t| t.join().unwrap()).collect()
        });
        assert_eq!(added.iter().filter(|ok| **ok).count(), 1, "round {round}: {added:?}");
    }
    assert_eq!(pool(&nodes[2]).pooled().unwrap(), 20);
}

both_engines!(
    a_commitment_is_pooled_once_ever_on_any_node_even_after_a_draw_took_it,
    embedded_witness_commitment_once,
    cluster_witness_commitment_once
);
both_engines!(
    the_same_commitment_added_at_once_on_two_nodes_is_pooled_once,
    embedded_witness_commitment_once_at_once,
    cluster_witness_commitment_once_at_once
);
both_engines!(
    commitments_are_taken_oldest_first_on_any_node,
    embedded_witness_pool_in_order,
    cluster_witness_pool_in_order
);
both_engines!(
    each_commitment_is_taken_once_when_nodes_take_at_once,
    embedded_witness_taken_once,
    cluster_witness_taken_once
);

/// An embedded store from before commitments were recorded: the first open records every commitment its draws hold
/// and its pool waits with, and drops a waiting twin the old code let in (it could never be taken safely).
#[test]
fn an_older_embedded_store_learns_the_commitments_of_its_past_draws_and_drops_pooled_twins() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db");
    let (drawn, waiting) = (commitments(1, 1).remove(0), commitments(2, 1).remove(0));
    {
        let store = ayo_data::Store::open(&path).unwrap();
        let game = common::a_game(store.games.next_id().unwrap(), "old");
        store.games.put_game(&game).unwrap();
        let mut draw = common::a_draw(store.games.next_id().unwrap(), &game, chrono::Utc::now());
        draw.witness = Some(drawn.clone().into());
        store.games.put_draw(&draw).unwrap();
        store.flush_blocking().unwrap();
    }
    {
        // As the old code left it: no record of used commitments, and one commitment pooled twice.
        let db = common::reopened(|| sled::open(&path).map_err(ayo_data::StoreError::from));
        db.drop_tree("witness_commitments").unwrap();
        let pool = db.open_tree("witness_pool").unwrap();
        for id in [10u64, 11] {
            pool.insert(id.to_be_bytes(), serde_json::to_vec(&waiting).unwrap()).unwrap();
        }
        db.flush().unwrap();
    }
    let store = common::reopened(|| ayo_data::Store::open(&path));
    assert_eq!(store.witness.pooled().unwrap(), 1, "the later twin left the pool");
    assert_eq!(store.witness.add(std::slice::from_ref(&drawn)).unwrap(), Err(DuplicateCommitment { index: 0 }));
    assert_eq!(store.witness.add(std::slice::from_ref(&waiting)).unwrap(), Err(DuplicateCommitment { index: 0 }));
    store.witness.add(&commitments(3, 1)).unwrap().unwrap();
}
