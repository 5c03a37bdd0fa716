//! What a named witness signs (docs/fairness.md, "Witness signatures"; docs/decisions/046), and the check of it.
//!
//! A witness holds an Ed25519 key whose public half is registered with its account and listed publicly. It signs
//! twice per draw: its *commitment* once the draw exists (binding its secret's fingerprint to this draw's id and the
//! operator's seed commitment, so the operator cannot move it to another draw or pair it with another seed), and its
//! *reveal* once the tickets root is published (binding the secret to that root, so a reveal cannot be replayed onto
//! a different ticket list). Each message is ASCII text of `|`-separated fields, every 32-byte value in its one
//! spelling (64 lowercase hex), integers in decimal; the signature is RFC 8032 Ed25519 over those bytes, written as
//! 128 lowercase hex characters; the public key is its 32 bytes as 64 lowercase hex.

use ed25519_dalek::{Signature, SigningKey, VerifyingKey};

use super::canonical::{parse_hex32, EncodingError};

/// Characters in the one spelling of a signature (64 bytes).
pub const SIGNATURE_LEN: usize = 128;

/// `ayo-lotto/v2|witness-commit|{draw_id}|{commitment}|{witness_commitment}`.
pub fn commit_message(draw_id: u64, commitment: &str, witness_commitment: &str) -> String {
    format!("ayo-lotto/v2|witness-commit|{draw_id}|{commitment}|{witness_commitment}")
}

/// `ayo-lotto/v2|witness-reveal|{draw_id}|{commitment}|{witness_commitment}|{tickets_root}|{witness_secret}`.
pub fn reveal_message(
    draw_id: u64,
    commitment: &str,
    witness_commitment: &str,
    tickets_root: &str,
    witness_secret: &str,
) -> String {
    format!("ayo-lotto/v2|witness-reveal|{draw_id}|{commitment}|{witness_commitment}|{tickets_root}|{witness_secret}")
}

/// Why a signature is not taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum SignatureError {
    #[error("is not 128 lowercase hexadecimal characters")]
    Spelling,
    #[error("does not verify with the witness's registered public key over the message of docs/fairness.md")]
    Invalid,
    #[error("the public key {0}")]
    PublicKey(EncodingError),
    #[error("the public key is not a point of Ed25519")]
    NotAKey,
}

/// The verifying key `text` spells, if it is 64 lowercase hex of a valid Ed25519 point.
pub fn parse_public_key(text: &str) -> Result<VerifyingKey, SignatureError> {
    let bytes = parse_hex32(text).map_err(SignatureError::PublicKey)?;
    VerifyingKey::from_bytes(&bytes).map_err(|_| SignatureError::NotAKey)
}

/// Whether `signature` (128 lowercase hex) is `public_key`'s signature of `message`. Strict verification: no
/// small-order keys, no non-canonical `S`, so one message has no second accepted signature spelling.
pub fn verify(public_key: &str, message: &str, signature: &str) -> Result<(), SignatureError> {
    let key = parse_public_key(public_key)?;
    let canonical =
        signature.len() == SIGNATURE_LEN && signature.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'));
    if !canonical {
        return Err(SignatureError::Spelling);
    }
    let mut bytes = [0u8; 64];
    hex::decode_to_slice(signature, &mut bytes).map_err(|_| SignatureError::Spelling)?;
    let signature = Signature::from_bytes(&bytes);
    key.verify_strict(message.as_bytes(), &signature).map_err(|_| SignatureError::Invalid)
}

/// A witness's signing key from its 32-byte seed.
pub fn signing_key(seed: &[u8; 32]) -> SigningKey {
    SigningKey::from_bytes(seed)
}

/// `key`'s public key, 64 lowercase hex.
pub fn public_key_hex(key: &SigningKey) -> String {
    hex::encode(key.verifying_key().as_bytes())
}

/// `key`'s signature of `message`, 128 lowercase hex.
pub fn sign(key: &SigningKey, message: &str) -> String {
    use ed25519_dalek::Signer;
    hex::encode(key.sign(message.as_bytes()).to_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_verifies_only_over_its_own_message_with_its_own_key_in_its_one_spelling() {
        let key = signing_key(&[7; 32]);
        let other = signing_key(&[8; 32]);
        let message = commit_message(42, &"a".repeat(64), &"b".repeat(64));
        let signature = sign(&key, &message);
        assert_eq!(verify(&public_key_hex(&key), &message, &signature), Ok(()));
        assert_eq!(verify(&public_key_hex(&other), &message, &signature), Err(SignatureError::Invalid));
        let moved = commit_message(43, &"a".repeat(64), &"b".repeat(64));
        assert_eq!(verify(&public_key_hex(&key), &moved, &signature), Err(SignatureError::Invalid));
        assert_eq!(verify(&public_key_hex(&key), &message, &signature.to_uppercase()), Err(SignatureError::Spelling));
        assert_eq!(verify(&public_key_hex(&key), &message, &signature[..126]), Err(SignatureError::Spelling));
        assert!(matches!(verify("zz", &message, &signature), Err(SignatureError::PublicKey(_))));
    }
}
