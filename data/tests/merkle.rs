//! The ticket tree of scheme `ayo-lotto/v2`: any ticket's proof verifies, and any change to the tickets (one
//! altered, one added, one removed, two swapped) changes the root. Also pins the published test vectors
//! (docs/vectors/ayo-lotto-v2.json) that the browser verifier checks too.

use proptest::prelude::*;
use serde_json::{json, Value};

use ayo_data::lotto::merkle::{self, Hash};
use ayo_data::lotto::{draw_balls_bound, witness_commitment, Binding, Seed};

fn tree(data: &[Vec<u8>]) -> Vec<Hash> {
    data.iter().map(|d| merkle::leaf_hash(d)).collect()
}

proptest! {
    #[test]
    fn every_tickets_proof_verifies_against_the_root(data in prop::collection::vec(prop::collection::vec(any::<u8>(), 0..40), 1..150)) {
        let leaves = tree(&data);
        let root = merkle::root(&leaves);
        let size = leaves.len() as u64;
        for (i, leaf) in leaves.iter().enumerate() {
            let path = merkle::proof(&leaves, i).unwrap_or_default();
            prop_assert!(merkle::verify(leaf, i as u64, size, &path, &root));
        }
    }

    #[test]
    fn altering_adding_or_removing_a_ticket_changes_the_root(
        data in prop::collection::hash_set(prop::collection::vec(any::<u8>(), 1..40), 2..100),
        pick in any::<prop::sample::Index>(),
        extra in prop::collection::vec(any::<u8>(), 0..40),
    ) {
        let data: Vec<Vec<u8>> = data.into_iter().collect();
        let leaves = tree(&data);
        let root = merkle::root(&leaves);
        let at = pick.index(data.len());

        let mut altered = data.clone();
        altered[at].push(0);
        prop_assert_ne!(merkle::root(&tree(&altered)), root);
        // The old proof of the altered ticket no longer leads to the old root.
        let path = merkle::proof(&leaves, at).unwrap_or_default();
        prop_assert!(!merkle::verify(&tree(&altered)[at], at as u64, leaves.len() as u64, &path, &root));

        let mut added = data.clone();
        added.insert(at, extra);
        prop_assert_ne!(merkle::root(&tree(&added)), root);

        let mut removed = data.clone();
        removed.remove(at);
        prop_assert_ne!(merkle::root(&tree(&removed)), root);

        let mut swapped = data.clone();
        swapped.swap(at, (at + 1) % data.len());
        prop_assert_ne!(merkle::root(&tree(&swapped)), root);
    }
}

#[test]
fn the_empty_tree_is_the_hash_of_empty_input() {
    assert_eq!(hex::encode(merkle::root(&[])), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

/// Fixed inputs: the vectors are a pure function of them.
fn vectors() -> Value {
    let leaf_sets: Vec<Vec<String>> = [1usize, 2, 3, 5, 8]
        .iter()
        .map(|n| {
            (0..*n)
                .map(|i| {
                    format!(
                        "ayo-lotto/v2|ticket|42|{}|0123456789abcdef|NAP2|{},{}||||5000|1|5000|240|500000000",
                        1000 + i,
                        i + 1,
                        i + 11
                    )
                })
                .collect()
        })
        .collect();
    let merkle_vectors: Vec<Value> = leaf_sets
        .iter()
        .map(|data| {
            let leaves: Vec<Hash> = data.iter().map(|d| merkle::leaf_hash(d.as_bytes())).collect();
            let proofs: Vec<Value> = (0..leaves.len())
                .map(|i| {
                    let path: Vec<String> =
                        merkle::proof(&leaves, i).unwrap_or_default().iter().map(hex::encode).collect();
                    json!({ "index": i, "leaf": hex::encode(leaves[i]), "proof": path })
                })
                .collect();
            json!({ "leaves_data": data, "root": hex::encode(merkle::root(&leaves)), "proofs": proofs })
        })
        .collect();
    let draws: Vec<Value> =
        [(42u64, 0x11u8, Some(0x22u8), 1usize), (43, 0x33, None, 3), (9_007_199_254_740_991, 0x44, Some(0x55), 5)]
            .iter()
            .map(|(draw_id, seed_byte, witness_byte, leaf_set)| {
                let seed = Seed([*seed_byte; 32]);
                let witness_secret = witness_byte.map(|b| hex::encode([b; 32]));
                let root = merkle_vectors[leaf_set - 1]["root"].as_str().unwrap_or_default().to_string();
                let binding =
                    Binding::V2 { tickets_root: &root, witness_secret: witness_secret.as_deref().unwrap_or("") };
                let outcome = draw_balls_bound(&seed, *draw_id, binding);
                json!({
                    "draw_id": draw_id,
                    "seed": seed.to_hex(),
                    "commitment": seed.commitment(),
                    "tickets_root": root,
                    "witness_secret": witness_secret,
                    "witness_commitment": witness_secret.as_deref().and_then(witness_commitment),
                    "numbers": outcome.numbers,
                    "machine_numbers": outcome.machine_numbers,
                })
            })
            .collect();
    json!({
        "algorithm": "ayo-lotto/v2",
        "note": "Generated by data/tests/merkle.rs (AYO_WRITE_VECTORS=1 rewrites it); docs/fairness.md explains each field.",
        "draws": draws,
        "merkle": merkle_vectors,
    })
}

#[test]
fn the_published_v2_test_vectors_match_this_implementation() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/vectors/ayo-lotto-v2.json");
    let expected = vectors();
    if std::env::var_os("AYO_WRITE_VECTORS").is_some() {
        let text = serde_json::to_string_pretty(&expected).unwrap_or_default() + "\n";
        std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {path}: {e}"));
    }
    let published: Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_default()).unwrap_or(Value::Null);
    assert_eq!(published, expected, "docs/vectors/ayo-lotto-v2.json is out of date");
}
