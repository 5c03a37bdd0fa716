//! The ticket tree of scheme `ayo-lotto/v2`: any ticket's proof verifies, and any change to the tickets (one
//! altered, one added, one removed, two swapped) changes the root. The published test vectors
//! (docs/vectors/ayo-lotto-v2.json) are pinned by data/tests/fair_vectors.rs.

use proptest::prelude::*;

use ayo_data::merkle::{self, Hash};

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
