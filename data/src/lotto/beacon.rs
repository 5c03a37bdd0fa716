//! The drand quicknet randomness beacon (League of Entropy), verified here rather than trusted: a round's signature
//! must be the network's BLS signature on that round, and its randomness is `SHA-256(signature)`. A draw fixed to a
//! round published after its sales closed then has balls nobody, the operator included, could know while selling.
//!
//! Scheme `bls-unchained-g1-rfc9380`: the signature is a compressed BLS12-381 G1 point (48 bytes) over
//! `SHA-256(round as 8 bytes big-endian)`, hashed to G1 with RFC 9380 (SSWU, `expand_message_xmd` with SHA-256) under
//! the DST `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`, and verified against the chain's compressed G2 public key
//! (96 bytes). Real recorded rounds: docs/vectors/drand-quicknet.json.

use blst::min_sig::{PublicKey, Signature};
use blst::BLST_ERROR;
use sha2::{Digest, Sha256};

/// The quicknet chain's hash (its identity in drand's API).
pub const QUICKNET_CHAIN_HASH: &str = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";

/// The quicknet chain's public key (G2, compressed), from its `/info`.
pub const QUICKNET_PUBLIC_KEY: &str = "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a";

/// Quicknet's first round (round 1) was at this Unix time; one round every `QUICKNET_PERIOD_SECS`.
pub const QUICKNET_GENESIS: i64 = 1_692_803_367;
pub const QUICKNET_PERIOD_SECS: i64 = 3;

const DST: &[u8] = b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";

/// Why a round is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BeaconError {
    #[error("the public key is not 192 lowercase hex characters of a G2 point")]
    BadKey,
    #[error("the signature is not 96 lowercase hex characters of a G1 point")]
    BadSignature,
    #[error("the signature is not the network's on round {0}")]
    Forged(u64),
}

/// The randomness of `round` (`SHA-256(signature)`, 32 bytes) if `signature` (96 lowercase hex) is `public_key`'s
/// (192 lowercase hex) BLS signature on it; otherwise why not.
pub fn verify_round(public_key: &str, round: u64, signature: &str) -> Result<[u8; 32], BeaconError> {
    let key = lower_hex(public_key, 96).ok_or(BeaconError::BadKey)?;
    let signature = lower_hex(signature, 48).ok_or(BeaconError::BadSignature)?;
    let key = PublicKey::key_validate(&key).map_err(|_| BeaconError::BadKey)?;
    let point = Signature::from_bytes(&signature).map_err(|_| BeaconError::BadSignature)?;
    let message = Sha256::digest(round.to_be_bytes());
    // Group-checks the signature (it must be in G1's prime-order subgroup); the key was validated above.
    match point.verify(true, &message, DST, &[], &key, false) {
        BLST_ERROR::BLST_SUCCESS => Ok(Sha256::digest(&signature).into()),
        _ => Err(BeaconError::Forged(round)),
    }
}

/// The first quicknet round published at or after `at` (Unix seconds): the round a draw closing at `at` is fixed to.
pub fn first_round_at_or_after(at: i64) -> u64 {
    if at <= QUICKNET_GENESIS {
        return 1;
    }
    let elapsed = at - QUICKNET_GENESIS;
    let rounds = elapsed / QUICKNET_PERIOD_SECS + i64::from(elapsed % QUICKNET_PERIOD_SECS != 0);
    u64::try_from(rounds + 1).unwrap_or(u64::MAX)
}

/// The first quicknet round published strictly after `at` (Unix seconds): the round a draw whose sales close at
/// `at` is fixed to. Round `r` is published at `genesis + (r − 1) × period`, so this is
/// `floor((at − genesis) / period) + 2` (round 1 for a time before genesis).
pub fn round_after(at: i64) -> u64 {
    if at < QUICKNET_GENESIS {
        return 1;
    }
    u64::try_from((at - QUICKNET_GENESIS) / QUICKNET_PERIOD_SECS + 2).unwrap_or(u64::MAX)
}

/// When round `round` is published (Unix seconds).
pub fn published_at(round: u64) -> i64 {
    let index = i64::try_from(round.saturating_sub(1)).unwrap_or(i64::MAX / QUICKNET_PERIOD_SECS);
    QUICKNET_GENESIS.saturating_add(index.saturating_mul(QUICKNET_PERIOD_SECS))
}

/// The bytes `text` spells if it is exactly `2 × len` lowercase hex characters.
fn lower_hex(text: &str, len: usize) -> Option<Vec<u8>> {
    let canonical = text.len() == 2 * len && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    canonical.then(|| hex::decode(text).ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rounds_follow_the_clock_from_genesis() {
        assert_eq!(first_round_at_or_after(QUICKNET_GENESIS), 1);
        assert_eq!(first_round_at_or_after(QUICKNET_GENESIS + 1), 2);
        assert_eq!(first_round_at_or_after(QUICKNET_GENESIS + 3), 2);
        assert_eq!(first_round_at_or_after(QUICKNET_GENESIS + 4), 3);
    }

    #[test]
    fn a_draw_is_fixed_to_the_first_round_published_strictly_after_its_close() {
        // Round 1 at genesis, round 2 three seconds later: a close at genesis waits for round 2.
        assert_eq!(round_after(QUICKNET_GENESIS), 2);
        assert_eq!(round_after(QUICKNET_GENESIS + 2), 2);
        assert_eq!(round_after(QUICKNET_GENESIS + 3), 3);
        assert_eq!(round_after(QUICKNET_GENESIS - 1), 1);
        for close in [QUICKNET_GENESIS, QUICKNET_GENESIS + 1, QUICKNET_GENESIS + 2, 1_800_000_000] {
            let round = round_after(close);
            assert!(published_at(round) > close && published_at(round - 1) <= close, "close {close}");
        }
    }
}
