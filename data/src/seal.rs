//! Seeds sealed at rest: a draw's seed is stored encrypted under a key that is not in the database (the server
//! keeps it in `<data-dir>/secrets/seed.key`, 0600, or takes `AYO_SEED_KEY`), so a copy of the database alone does
//! not reveal the balls of a draw still on sale.
//!
//! Scheme `sealed:v2` (every seed written now): a fresh 16-byte nonce per write; ciphertext = seed XOR
//! HMAC-SHA256(k_enc, nonce); tag = HMAC-SHA256(k_mac, draw id as 8 bytes big-endian ‖ nonce ‖ ciphertext)
//! (encrypt-then-MAC, HMAC as the PRF), so a sealed seed opens only as the seed of the draw it was sealed for: one
//! copied onto another draw (with its commitment) by someone who can write the database fails to open (issue 30).
//! `k_enc` and `k_mac` are derived with distinct labels from SHA-256 of the key. Stored as `sealed:v2:` + hex(nonce ‖
//! ciphertext ‖ tag). `sealed:v1` (the tag without the draw id) is how seeds were sealed before; it still opens, and
//! the stores bind every such seed to its draw once (`seam::games::open_seed` refuses it on a draw still to come).

use hmac::Mac;
use rand::{rngs::OsRng, RngCore};
use sha2::{Digest, Sha256};

use crate::draw::DrawId;
use crate::error::StoreError;
use crate::lotto::fair::keyed_hmac;
use crate::lotto::Seed;

const PREFIX: &str = "sealed:v1:";
const PREFIX_BOUND: &str = "sealed:v2:";
const NONCE: usize = 16;
const SEED: usize = 32;

#[derive(Clone)]
pub struct SeedSealer {
    enc: [u8; 32],
    mac: [u8; 32],
}

fn hmac(key: &[u8; 32], parts: &[&[u8]]) -> [u8; 32] {
    let mut mac = keyed_hmac(key);
    for part in parts {
        mac.update(part);
    }
    mac.finalize().into_bytes().into()
}

impl SeedSealer {
    pub fn new(key: &[u8]) -> Self {
        let root: [u8; 32] = Sha256::digest(key).into();
        Self { enc: hmac(&root, &[b"ayo-seed-seal/v1|enc"]), mac: hmac(&root, &[b"ayo-seed-seal/v1|mac"]) }
    }

    /// Whether stored text is a sealed seed (either scheme).
    pub fn is_sealed(text: &str) -> bool {
        text.starts_with(PREFIX) || text.starts_with(PREFIX_BOUND)
    }

    /// Whether a sealed seed is bound to its draw (`sealed:v2`).
    pub fn is_bound(text: &str) -> bool {
        text.starts_with(PREFIX_BOUND)
    }

    /// `seed`, sealed as the seed of draw `draw` (`sealed:v2`).
    pub fn seal(&self, seed: &Seed, draw: DrawId) -> String {
        let mut nonce = [0u8; NONCE];
        OsRng.fill_bytes(&mut nonce);
        let pad = hmac(&self.enc, &[&nonce]);
        let cipher: Vec<u8> = seed.as_bytes().iter().zip(pad).map(|(s, p)| s ^ p).collect();
        let tag = hmac(&self.mac, &[&draw.to_be_bytes(), &nonce, &cipher]);
        format!("{PREFIX_BOUND}{}{}{}", hex::encode(nonce), hex::encode(&cipher), hex::encode(tag))
    }

    /// The seed of draw `draw` sealed in `text`: refused if it was sealed under another key or for another draw.
    pub fn open(&self, text: &str, draw: DrawId) -> Result<Seed, StoreError> {
        let corrupt = |detail: &str| StoreError::Corrupt { tree: "draws", detail: format!("sealed seed: {detail}") };
        let (body, bound) = match text.strip_prefix(PREFIX_BOUND) {
            Some(body) => (Some(body), true),
            None => (text.strip_prefix(PREFIX), false),
        };
        let bytes = body.and_then(|h| hex::decode(h).ok()).ok_or_else(|| corrupt("unreadable"))?;
        if bytes.len() != NONCE + SEED + 32 {
            return Err(corrupt("wrong length"));
        }
        let (nonce, rest) = bytes.split_at(NONCE);
        let (cipher, tag) = rest.split_at(SEED);
        let expected = if bound {
            hmac(&self.mac, &[&draw.to_be_bytes(), nonce, cipher])
        } else {
            hmac(&self.mac, &[nonce, cipher])
        };
        if expected.as_slice() != tag {
            return Err(corrupt(
                "the seal does not match: another seal key (secrets/seed.key or AYO_SEED_KEY), or a seed sealed for \
                 another draw",
            ));
        }
        let pad = hmac(&self.enc, &[nonce]);
        let mut seed = [0u8; SEED];
        for (i, byte) in seed.iter_mut().enumerate() {
            *byte = cipher[i] ^ pad[i];
        }
        Ok(Seed(seed))
    }
}

/// Short secrets other than seeds (a player's NIN) sealed the same way, under keys derived from the same root with
/// their own labels, so a sealed NIN can never be opened as a seed or the other way round. Scheme `sealed-id:v1`:
/// as `sealed:v1` with a ciphertext as long as the secret (at most 32 bytes).
#[derive(Clone)]
pub struct SecretSealer {
    enc: [u8; 32],
    mac: [u8; 32],
}

const ID_PREFIX: &str = "sealed-id:v1:";

impl SecretSealer {
    pub fn new(key: &[u8]) -> Self {
        let root: [u8; 32] = Sha256::digest(key).into();
        Self { enc: hmac(&root, &[b"ayo-id-seal/v1|enc"]), mac: hmac(&root, &[b"ayo-id-seal/v1|mac"]) }
    }

    /// A sealer under a key made up now and kept nowhere: for stores opened without a key (tools, unit tests), whose
    /// sealed secrets can be read by nobody once the process ends, which is the safe side.
    pub fn ephemeral() -> Self {
        let mut key = [0u8; 32];
        OsRng.fill_bytes(&mut key);
        Self::new(&key)
    }

    /// Seals up to 32 bytes (longer input is cut: callers seal 11-digit NINs).
    pub fn seal(&self, secret: &[u8]) -> String {
        let secret = &secret[..secret.len().min(32)];
        let mut nonce = [0u8; NONCE];
        OsRng.fill_bytes(&mut nonce);
        let pad = hmac(&self.enc, &[&nonce]);
        let cipher: Vec<u8> = secret.iter().zip(pad).map(|(s, p)| s ^ p).collect();
        let tag = hmac(&self.mac, &[&nonce, &cipher]);
        format!("{ID_PREFIX}{}{}{}", hex::encode(nonce), hex::encode(&cipher), hex::encode(tag))
    }

    pub fn open(&self, text: &str) -> Result<Vec<u8>, StoreError> {
        let corrupt = |detail: &str| StoreError::Corrupt { tree: "identities", detail: format!("sealed id: {detail}") };
        let bytes =
            text.strip_prefix(ID_PREFIX).and_then(|h| hex::decode(h).ok()).ok_or_else(|| corrupt("unreadable"))?;
        if bytes.len() < NONCE + 32 || bytes.len() > NONCE + 32 + 32 {
            return Err(corrupt("wrong length"));
        }
        let (nonce, rest) = bytes.split_at(NONCE);
        let (cipher, tag) = rest.split_at(rest.len() - 32);
        if hmac(&self.mac, &[nonce, cipher]).as_slice() != tag {
            return Err(corrupt("the seal key does not match"));
        }
        let pad = hmac(&self.enc, &[nonce]);
        Ok(cipher.iter().zip(pad).map(|(c, p)| c ^ p).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sealed_seed_opens_only_with_its_key_and_never_shows_the_seed() {
        let seed = Seed::generate();
        let sealer = SeedSealer::new(b"the key");
        let sealed = sealer.seal(&seed, 7);
        assert!(SeedSealer::is_sealed(&sealed));
        assert!(!sealed.contains(&seed.to_hex()));
        assert_ne!(sealed, sealer.seal(&seed, 7), "a fresh nonce each time");
        assert_eq!(sealer.open(&sealed, 7).map(|s| s.to_hex()).ok(), Some(seed.to_hex()));
        assert!(SeedSealer::new(b"another key").open(&sealed, 7).is_err());
        // One hex digit of the ciphertext changed: the tag no longer matches.
        let at = sealed.len() - 70;
        let flipped = if &sealed[at..=at] == "0" { "1" } else { "0" };
        let mut tampered = sealed.clone();
        tampered.replace_range(at..=at, flipped);
        assert!(sealer.open(&tampered, 7).is_err());
    }

    #[test]
    fn a_sealed_seed_moved_to_another_draw_does_not_open() {
        let seed = Seed::generate();
        let sealer = SeedSealer::new(b"the key");
        let sealed = sealer.seal(&seed, 7);
        assert!(SeedSealer::is_bound(&sealed));
        let refused = sealer.open(&sealed, 8).map(|_| ()).unwrap_err().to_string();
        assert!(refused.contains("another draw"), "{refused}");
    }

    #[test]
    fn a_sealed_nin_opens_only_with_its_key_and_is_not_a_seed() {
        let sealer = SecretSealer::new(b"the key");
        let sealed = sealer.seal(b"12345678901");
        assert!(!sealed.contains("12345678901"));
        assert!(!sealed.contains(&hex::encode(b"12345678901")));
        assert_eq!(sealer.open(&sealed).ok(), Some(b"12345678901".to_vec()));
        assert!(SecretSealer::new(b"another key").open(&sealed).is_err());
        assert!(SeedSealer::new(b"the key").open(&sealed, 0).is_err());
    }
}
