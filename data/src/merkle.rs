//! The ticket commitment of scheme `ayo-lotto/v2`: a Merkle tree over every ticket accepted by close, whose root is
//! published at close and bound into the balls, and whose inclusion proofs are the players' receipts.
//!
//! The tree is the one of Certificate Transparency (RFC 6962 §2.1, RFC 9162 §2.1): a leaf hashes as
//! `SHA-256(0x00 ‖ leaf data)`, an interior node as `SHA-256(0x01 ‖ left ‖ right)`, the empty tree as `SHA-256("")`;
//! with n > 1 leaves the left subtree holds the largest power of two below n. Built level by level, that is the same
//! as carrying an unpaired last node up unchanged. The domain bytes keep a leaf from passing for a node, and no node
//! is ever duplicated, so two different ticket lists cannot share a root (unlike trees that pair a lone node with
//! itself). An inclusion proof is verified with RFC 9162 §2.1.3.2, which any CT library implements.

use hmac::Mac;
use sha2::{Digest, Sha256};

use crate::draw::DrawId;
use crate::lotto::fair::keyed_hmac;
use crate::ticket::{Terms, TicketCard};
use crate::user::UserId;

/// A 32-byte SHA-256 value: a leaf, a node or a root.
pub type Hash = [u8; 32];

/// `SHA-256(0x00 ‖ data)`.
pub fn leaf_hash(data: &[u8]) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([0u8]);
    hasher.update(data);
    hasher.finalize().into()
}

/// `SHA-256(0x01 ‖ left ‖ right)`.
pub fn node_hash(left: &Hash, right: &Hash) -> Hash {
    let mut hasher = Sha256::new();
    hasher.update([1u8]);
    hasher.update(left);
    hasher.update(right);
    hasher.finalize().into()
}

/// The root over `leaves` (leaf hashes, in order).
pub fn root(leaves: &[Hash]) -> Hash {
    if leaves.is_empty() {
        return Sha256::digest([]).into();
    }
    let mut level = leaves.to_vec();
    while level.len() > 1 {
        level = next_level(&level);
    }
    level[0]
}

/// The audit path of leaf `index` (sibling hashes from the leaf up), or `None` when there is no such leaf.
pub fn proof(leaves: &[Hash], index: usize) -> Option<Vec<Hash>> {
    path_and_root(leaves.to_vec(), index).map(|(path, _)| path)
}

/// The audit path of leaf `index` and the root, from one pass up the tree.
fn path_and_root(mut level: Vec<Hash>, index: usize) -> Option<(Vec<Hash>, Hash)> {
    if index >= level.len() {
        return None;
    }
    let mut path = Vec::new();
    let mut at = index;
    while level.len() > 1 {
        let sibling = at ^ 1;
        // An unpaired last node is carried up without a sibling, so it adds nothing to the path.
        if sibling < level.len() {
            path.push(level[sibling]);
        }
        level = next_level(&level);
        at /= 2;
    }
    Some((path, level[0]))
}

/// RFC 9162 §2.1.3.2: whether `path` proves that `leaf` is leaf `index` of a tree of `size` leaves with `root`.
pub fn verify(leaf: &Hash, index: u64, size: u64, path: &[Hash], root: &Hash) -> bool {
    if index >= size {
        return false;
    }
    let (mut fn_, mut sn) = (index, size - 1);
    let mut r = *leaf;
    for p in path {
        if sn == 0 {
            return false;
        }
        if fn_ & 1 == 1 || fn_ == sn {
            r = node_hash(p, &r);
            if fn_ & 1 == 0 {
                while fn_ & 1 == 0 && fn_ != 0 {
                    fn_ >>= 1;
                    sn >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        fn_ >>= 1;
        sn >>= 1;
    }
    sn == 0 && r == *root
}

fn next_level(level: &[Hash]) -> Vec<Hash> {
    level.chunks(2).map(|pair| if let [l, r] = pair { node_hash(l, r) } else { pair[0] }).collect()
}

/// The exact text a ticket's leaf hashes (docs/fairness.md):
/// `ayo-lotto/v2|ticket|{draw_id}|{ticket_id}|{player}|{bet_type}|{numbers}|{top}|{bottom}|{stake_per_line}|{lines}|{total_stake}|{multiplier}|{payout_cap}`,
/// lists comma-separated in the ticket's order (empty when empty), amounts in kobo, `player` the owner's pseudonym.
pub fn leaf_data(draw: DrawId, card: &TicketCard, player: &str, terms: Terms) -> String {
    let spec = card.bet.to_spec();
    let list = |numbers: &[u8]| numbers.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    format!(
        "ayo-lotto/v2|ticket|{draw}|{}|{player}|{}|{}|{}|{}|{}|{}|{}|{}|{}",
        card.id,
        spec.bet_type,
        list(&spec.numbers),
        list(&spec.top),
        list(&spec.bottom),
        card.stake_per_line.as_i64(),
        card.lines,
        card.total_stake.as_i64(),
        terms.multiplier,
        terms.payout_cap.as_i64(),
    )
}

/// A player's name in leaves: the first 16 hex of `HMAC-SHA256(key, "ayo-lotto/v2|player|{user_id}")`, the same for
/// all their tickets, meaningless to anyone without the installation's pseudonym key.
pub fn pseudonym(key: &[u8; 32], user: UserId) -> String {
    let mut mac = keyed_hmac(key);
    mac.update(format!("ayo-lotto/v2|player|{user}").as_bytes());
    hex::encode(&mac.finalize().into_bytes()[..8])
}

/// A closed draw's tickets as leaves, in the order given (id order): each ticket's id and its leaf hash.
pub fn leaves_of(
    draw: DrawId,
    cards: &[TicketCard],
    key: &[u8; 32],
    terms: impl Fn(&TicketCard) -> Terms,
) -> Vec<(u64, Hash)> {
    cards
        .iter()
        .map(|card| (card.id, leaf_hash(leaf_data(draw, card, &pseudonym(key, card.user_id), terms(card)).as_bytes())))
        .collect()
}

/// A ticket's receipt: its leaf, where it sits, and the path to the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Receipt {
    pub leaf: Hash,
    pub index: usize,
    pub tree_size: usize,
    pub proof: Vec<Hash>,
    pub root: Hash,
}

/// The receipt of ticket `ticket` among a draw's stored leaves, or `None` when it is not one of them.
pub fn receipt(leaves: &[(u64, Hash)], ticket: u64) -> Option<Receipt> {
    let index = leaves.binary_search_by_key(&ticket, |(id, _)| *id).ok()?;
    let (leaf, tree_size) = (leaves[index].1, leaves.len());
    let (proof, root) = path_and_root(leaves.iter().map(|(_, leaf)| *leaf).collect(), index)?;
    Some(Receipt { leaf, index, tree_size, proof, root })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6962 §2.1 MTH, written recursively as the RFC states it, to hold the level-by-level build to it.
    fn mth(leaves: &[Hash]) -> Hash {
        match leaves.len() {
            0 => Sha256::digest([]).into(),
            1 => leaves[0],
            n => {
                // The largest power of two below n: the highest bit of n − 1.
                let k = 1 << (usize::BITS - 1 - (n - 1).leading_zeros());
                node_hash(&mth(&leaves[..k]), &mth(&leaves[k..]))
            }
        }
    }

    fn leaves(n: usize) -> Vec<Hash> {
        (0..n).map(|i| leaf_hash(i.to_string().as_bytes())).collect()
    }

    #[test]
    fn the_level_by_level_root_is_rfc_6962s() {
        for n in 0..70 {
            assert_eq!(root(&leaves(n)), mth(&leaves(n)), "{n} leaves");
        }
    }

    #[test]
    fn every_proof_of_every_small_tree_verifies_and_no_other_index_does() {
        for n in 1..40u64 {
            let all = leaves(n as usize);
            let top = root(&all);
            for i in 0..n {
                let path = proof(&all, i as usize).unwrap_or_default();
                assert!(verify(&all[i as usize], i, n, &path, &top), "{i} of {n}");
                // (The size is not checked on its own: a path can fit a larger tree, but the root pins the size.)
                if n > 1 {
                    assert!(!verify(&all[i as usize], (i + 1) % n, n, &path, &top), "{i} of {n} moved");
                }
            }
        }
    }
}
