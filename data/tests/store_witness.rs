//! The witness's pool of commitments (`seam::WitnessPool`), the same cases on both engines (`common::nodes`).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::collections::HashSet;
use std::sync::Arc;

use ayo_data::pg::witness::PgWitnessPool;
use ayo_data::seam::PooledCommitment;
use ayo_data::seam::WitnessPool;

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
    a.add(&commitments(0, 3)).unwrap();
    b.add(&commitments(3, 2)).unwrap();
    assert_eq!(pool(&nodes[2]).pooled().unwrap(), 5);
    let taken: Vec<PooledCommitment> = (0..5).map(|i| pool(&nodes[i % 3]).take().unwrap().unwrap()).collect();
    assert_eq!(taken, commitments(0, 5), "in the order they were added");
    assert_eq!(a.take().unwrap(), None);
    assert_eq!(b.pooled().unwrap(), 0);
}

fn each_commitment_is_taken_once_when_nodes_take_at_once(nodes: &[Node]) {
    const POOLED: usize = 90;
    pool(&nodes[0]).add(&commitments(0, POOLED)).unwrap();
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
