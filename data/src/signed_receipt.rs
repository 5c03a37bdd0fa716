//! The operator's signature on a sold ticket (docs/fairness.md, "Signed receipts"): Ed25519 (RFC 8032) over
//! `ayo-lotto/v2|receipt|{leaf}|{commitment}` — the ticket's leaf (the hash of its leaf data, `merkle::leaf_hash`)
//! and the draw's seed commitment, both as 64 lowercase hex. With it a player can show anyone that the operator sold
//! exactly this ticket on a draw committed to that seed, before the draw has closed and whatever the store says
//! later; the public key is published (`GET /fairness/receipt-key`).
//!
//! Ed25519 signing is deterministic: the same ticket always gets the same signature, so it is recomputed when a
//! ticket is shown rather than stored.

use ed25519_dalek::{Signer, SigningKey, VerifyingKey};

use crate::game::Game;
use crate::merkle::{self, Hash};
use crate::ticket::{Ticket, TicketCard};

/// The text signed for a ticket whose leaf is `leaf` on a draw committed to `commitment` (64 lowercase hex).
pub fn signed_text(leaf: &Hash, commitment: &str) -> String {
    format!("ayo-lotto/v2|receipt|{}|{commitment}", hex::encode(leaf))
}

/// The operator's receipt-signing key.
#[derive(Clone)]
pub struct ReceiptKey(SigningKey);

impl ReceiptKey {
    /// The key whose RFC 8032 secret is these 32 bytes.
    pub fn from_secret(secret: &[u8; 32]) -> Self {
        Self(SigningKey::from_bytes(secret))
    }

    /// The public key, 64 lowercase hex (RFC 8032 encoding).
    pub fn public_hex(&self) -> String {
        hex::encode(self.0.verifying_key().as_bytes())
    }

    /// The signature (128 lowercase hex) of the ticket whose leaf is `leaf`, sold on a draw committed to `commitment`.
    pub fn sign(&self, leaf: &Hash, commitment: &str) -> String {
        hex::encode(self.0.sign(signed_text(leaf, commitment).as_bytes()).to_bytes())
    }
}

impl std::fmt::Debug for ReceiptKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ReceiptKey({})", self.public_hex())
    }
}

/// What signs sold tickets: the receipt key and the installation's pseudonym key (a leaf names its player by
/// pseudonym), both fixed for the life of the installation, so a purchase reads neither from the store.
#[derive(Clone, Debug)]
pub struct TicketSigner {
    pub key: ReceiptKey,
    pub pseudonym_key: [u8; 32],
}

/// A ticket's signed receipt: what was signed, and the signature.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct SignedTicket {
    /// The ticket's leaf data (docs/fairness.md, "Leaf data"), so anyone can read what was sold.
    pub leaf_data: String,
    /// `SHA-256(0x00 ‖ leaf_data)`, 64 lowercase hex.
    pub leaf: String,
    /// The draw's seed commitment.
    pub commitment: String,
    /// Ed25519 over `ayo-lotto/v2|receipt|{leaf}|{commitment}`, 128 lowercase hex.
    pub signature: String,
}

impl TicketSigner {
    /// The signed receipt of `ticket`, sold on a draw committed to `commitment`, under its own terms (or, for a ticket
    /// from before terms were recorded, its game's: as its leaf at close).
    pub fn sign(&self, ticket: &Ticket, commitment: &str, game: Option<&Game>) -> SignedTicket {
        let card = TicketCard::of(ticket);
        let player = merkle::pseudonym(&self.pseudonym_key, ticket.user_id);
        let leaf_data = merkle::leaf_data(ticket.draw_id, &card, &player, card.terms_in(game));
        let leaf = merkle::leaf_hash(leaf_data.as_bytes());
        SignedTicket {
            signature: self.key.sign(&leaf, commitment),
            leaf: hex::encode(leaf),
            commitment: commitment.to_string(),
            leaf_data,
        }
    }
}

/// Whether `signature` (128 lowercase hex) is `public_key`'s (64 lowercase hex) over the receipt of `leaf` (64
/// lowercase hex) and `commitment`. Any other spelling of any of them is refused, as everywhere else (docs/fairness.md,
/// "Encodings"); the check is RFC 8032's strict one (no malleable signatures, no small-order keys).
pub fn verify(public_key: &str, leaf: &str, commitment: &str, signature: &str) -> bool {
    let lower_hex = |text: &str, len: usize| {
        text.len() == len && text.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    };
    if !(lower_hex(public_key, 64) && lower_hex(leaf, 64) && lower_hex(commitment, 64) && lower_hex(signature, 128)) {
        return false;
    }
    let (mut key, mut sig, mut leaf_bytes) = ([0u8; 32], [0u8; 64], [0u8; 32]);
    if hex::decode_to_slice(public_key, &mut key).is_err()
        || hex::decode_to_slice(signature, &mut sig).is_err()
        || hex::decode_to_slice(leaf, &mut leaf_bytes).is_err()
    {
        return false;
    }
    let Ok(key) = VerifyingKey::from_bytes(&key) else { return false };
    let signature = ed25519_dalek::Signature::from_bytes(&sig);
    key.verify_strict(signed_text(&leaf_bytes, commitment).as_bytes(), &signature).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const COMMITMENT: &str = "3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d";

    #[test]
    fn a_signed_receipt_verifies_with_the_public_key_and_an_altered_one_does_not() {
        let key = ReceiptKey::from_secret(&[7u8; 32]);
        let leaf = merkle::leaf_hash(b"ayo-lotto/v2|ticket|1|2|00|NAP1|5|||100|1|100|40|4000");
        let signature = key.sign(&leaf, COMMITMENT);
        assert_eq!(signature.len(), 128);
        assert!(verify(&key.public_hex(), &hex::encode(leaf), COMMITMENT, &signature));

        let other_leaf = merkle::leaf_hash(b"ayo-lotto/v2|ticket|1|2|00|NAP1|6|||100|1|100|40|4000");
        assert!(!verify(&key.public_hex(), &hex::encode(other_leaf), COMMITMENT, &signature), "another ticket");
        let other_commitment = COMMITMENT.replace('3', "4");
        assert!(!verify(&key.public_hex(), &hex::encode(leaf), &other_commitment, &signature), "another draw");
        let other_key = ReceiptKey::from_secret(&[8u8; 32]).public_hex();
        assert!(!verify(&other_key, &hex::encode(leaf), COMMITMENT, &signature), "another key");
        let flipped = format!("{}{}", if signature.starts_with('0') { '1' } else { '0' }, &signature[1..]);
        assert!(!verify(&key.public_hex(), &hex::encode(leaf), COMMITMENT, &flipped), "an altered signature");
        assert!(!verify(&key.public_hex(), &hex::encode(leaf), COMMITMENT, &signature.to_uppercase()), "re-spelled");
    }
}
