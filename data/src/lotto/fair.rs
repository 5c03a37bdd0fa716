//! Provably fair draws: the server commits to a secret seed before any ticket is sold, and the balls are a
//! public function of that seed and of the tickets sold, so anyone can recompute a result once the seed is
//! revealed (docs/product.md §6).
//!
//! Why each input is there: the commitment, published when the draw opens, stops the operator choosing
//! the seed after seeing the tickets; the tickets hash, published at close, binds the result to the exact
//! tickets on sale, so the operator cannot add or drop tickets after the fact without changing the balls;
//! the draw id keeps two draws with the same seed and tickets from sharing a result.
//!
//! # Algorithm `ayo-lotto/v1` (the browser verifier implements exactly this with WebCrypto)
//!
//! All hex is lowercase. All integers are written in decimal ASCII with no sign, padding or separators.
//!
//! 1. **Seed**: 32 bytes from the operating system's CSPRNG, kept secret until the draw is drawn, then
//!    published as 64 hex characters.
//! 2. **Commitment** = `hex(SHA-256(seed bytes))` — a hash of the 32 raw bytes, not of the hex text.
//! 3. **Tickets hash** = `hex(SHA-256(bytes))`, where `bytes` is, for each accepted ticket id in the
//!    published order, the id in decimal followed by one line feed (`"17\n18\n1001\n"`). No tickets: the
//!    SHA-256 of empty input, `e3b0c442…b855`.
//! 4. **Byte stream** for a `label`: the concatenation of the 32-byte blocks
//!    `HMAC-SHA256(key = seed bytes, message = "ayo-lotto/v1|{label}|{draw_id}|{tickets_hash}|{counter}")`
//!    for counter = 0, 1, 2, … (the message is ASCII, e.g. `ayo-lotto/v1|balls|42|e3b0…b855|0`).
//!    The winning balls use label `balls`; the machine numbers use label `machine`: two separate streams.
//! 5. **Five numbers** from a stream: read bytes in order. A byte `b ≥ 180` is rejected (180 = 2 × 90
//!    is the largest multiple of 90 that fits in a byte, so `b % 90` is uniform only below it); otherwise
//!    `n = b % 90 + 1`. If `n` was already taken from this stream, skip it. Stop at five numbers.
//! 6. **Result**: the five winning balls in the order they were taken (order matters: NAP1 is a bet on
//!    the first ball). The machine numbers are distinct among themselves but may repeat winning balls.
//!
//! About seven bytes are needed on average, so a stream almost never goes past its first block (the
//! chance of needing a second is about 10⁻¹¹); implementations must still handle it. The test vectors in
//! `data/tests/vectors/provably_fair.json` pin the algorithm down for every implementation.
//!
//! A browser reads ids as JavaScript numbers, exact only up to 2⁵³ − 1; draw and ticket ids must stay
//! below that (or travel as strings) for the Verify panel to rebuild the same messages.

use std::fmt;

use hmac::{Hmac, Mac};
use rand::rngs::OsRng;
use rand::{CryptoRng, RngCore};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use sha2::{Digest, Sha256};

use super::board::{Balls, BALLS_PER_DRAW, MAX_NUMBER};
use super::canonical::{parse_hex32, EncodingError};

pub(crate) type HmacSha256 = Hmac<Sha256>;

/// The algorithm's name, the first field of every HMAC message.
pub const ALGORITHM: &str = "ayo-lotto/v1";
/// The scheme with a Merkle root of the tickets and a witness (`Binding::V2`).
pub const ALGORITHM_V2: &str = "ayo-lotto/v2";
/// Label of the winning balls' stream.
pub const LABEL_BALLS: &str = "balls";
/// Label of the machine numbers' stream.
pub const LABEL_MACHINE: &str = "machine";
/// Bytes at or above this are rejected: the largest multiple of 90 a byte can hold.
pub const REJECT_FROM: u8 = 2 * MAX_NUMBER;

/// Length of a seed in bytes.
pub const SEED_LEN: usize = 32;

/// A draw's secret seed. `Debug` does not print it: a seed in a log line before the draw would let a
/// reader predict the balls.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed(pub [u8; SEED_LEN]);

/// Text that is not a seed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("A seed is exactly 64 lowercase hexadecimal characters (32 bytes)")]
pub struct SeedError;

impl Seed {
    /// A fresh seed from the operating system's CSPRNG. (`OsRng` panics only if the OS cannot supply
    /// randomness at all, in which case no draw can be fair and stopping is the right outcome.)
    pub fn generate() -> Seed {
        Seed::from_rng(&mut OsRng)
    }

    /// A seed from any cryptographic RNG; tests use a seeded one to be reproducible.
    pub fn from_rng<R: RngCore + CryptoRng>(rng: &mut R) -> Seed {
        let mut bytes = [0u8; SEED_LEN];
        rng.fill_bytes(&mut bytes);
        Seed(bytes)
    }

    /// Parses the published form, and only it: 64 lowercase hex characters (`canonical`).
    pub fn from_hex(text: &str) -> Result<Seed, SeedError> {
        parse_hex32(text).map(Seed).map_err(|_| SeedError)
    }

    /// The published form: 64 lowercase hex characters.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }

    /// The raw bytes, the HMAC key.
    pub fn as_bytes(&self) -> &[u8; SEED_LEN] {
        &self.0
    }

    /// `hex(SHA-256(seed))`, published when the draw opens.
    pub fn commitment(&self) -> String {
        hex::encode(Sha256::digest(self.0))
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<secret>)")
    }
}

/// Stored and sent as its hex form.
impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Seed::from_hex(&text).map_err(serde::de::Error::custom)
    }
}

/// `hex(SHA-256(seed))`: what is published before any ticket is sold.
pub fn commitment(seed: &Seed) -> String {
    seed.commitment()
}

/// `hex(SHA-256("{id}\n" for each id, in order))`: what is published when sales close.
pub fn tickets_hash(ticket_ids: &[u64]) -> String {
    let mut hasher = Sha256::new();
    for id in ticket_ids {
        hasher.update(id.to_string().as_bytes());
        hasher.update(b"\n");
    }
    hex::encode(hasher.finalize())
}

/// A draw's result: five winning balls in drawn order and five machine numbers (shown, never settled on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawOutcome {
    pub numbers: Balls,
    pub machine_numbers: Balls,
}

/// What a draw's balls are bound to besides its seed and id, all of it public from the draw on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Binding<'a> {
    /// `ayo-lotto/v1`: the hash of the ordered ticket ids.
    V1 { tickets_hash: &'a str },
    /// `ayo-lotto/v2` (docs/fairness.md): the Merkle root of the tickets (`merkle`) and the independent witness's
    /// revealed secret (64 lowercase hex; empty for a draw without a witness).
    V2 { tickets_root: &'a str, witness_secret: &'a str },
    /// `ayo-lotto/v2` for a draw fixed to a drand round (docs/fairness.md, "The drand beacon"): as `V2`, plus the
    /// round's verified randomness (64 lowercase hex, `SHA-256(signature)`), which nobody knew while the draw sold.
    V2Beacon { tickets_root: &'a str, witness_secret: &'a str, beacon_randomness: &'a str },
}

/// Both go into the HMAC message as text, so each must be its one canonical spelling (`canonical`): the first that
/// is not, by its name in the draw's JSON, with why.
impl Binding<'_> {
    pub fn encoding_error(&self) -> Option<(&'static str, EncodingError)> {
        let check = |field: &'static str, text: &str| parse_hex32(text).err().map(|error| (field, error));
        match self {
            Binding::V1 { tickets_hash } => check("tickets_hash", tickets_hash),
            Binding::V2 { tickets_root, witness_secret } => check("tickets_root", tickets_root)
                .or_else(|| (!witness_secret.is_empty()).then(|| check("witness.secret", witness_secret)).flatten()),
            Binding::V2Beacon { tickets_root, witness_secret, beacon_randomness } => {
                Binding::V2 { tickets_root, witness_secret }
                    .encoding_error()
                    .or_else(|| check("beacon.randomness", beacon_randomness))
            }
        }
    }
}

impl Binding<'_> {
    /// The scheme's name, the first field of every HMAC message.
    pub fn scheme(&self) -> &'static str {
        match self {
            Binding::V1 { .. } => ALGORITHM,
            Binding::V2 { .. } | Binding::V2Beacon { .. } => ALGORITHM_V2,
        }
    }

    /// The HMAC message of one block of stream `label`, up to (not including) the counter.
    fn message_prefix(&self, label: &str, draw_id: u64) -> String {
        match self {
            Binding::V1 { tickets_hash } => format!("{ALGORITHM}|{label}|{draw_id}|{tickets_hash}|"),
            Binding::V2 { tickets_root, witness_secret } => {
                format!("{ALGORITHM_V2}|{label}|{draw_id}|{tickets_root}|{witness_secret}|")
            }
            Binding::V2Beacon { tickets_root, witness_secret, beacon_randomness } => {
                format!("{ALGORITHM_V2}|{label}|{draw_id}|{tickets_root}|{witness_secret}|{beacon_randomness}|")
            }
        }
    }
}

/// Draws the balls of draw `draw_id` from its seed and its published tickets hash (lowercase hex, used
/// verbatim in the HMAC message): scheme `ayo-lotto/v1`.
pub fn draw_balls(seed: &Seed, draw_id: u64, tickets_hash: &str) -> DrawOutcome {
    draw_balls_bound(seed, draw_id, Binding::V1 { tickets_hash })
}

/// Draws the balls of draw `draw_id` from its seed and what they are bound to.
pub fn draw_balls_bound(seed: &Seed, draw_id: u64, binding: Binding<'_>) -> DrawOutcome {
    DrawOutcome {
        numbers: pick_five(ByteStream::new(seed, LABEL_BALLS, draw_id, binding)),
        machine_numbers: pick_five(ByteStream::new(seed, LABEL_MACHINE, draw_id, binding)),
    }
}

/// `hex(SHA-256(secret bytes))` of a witness's secret, or `None` when the text is not the canonical spelling of 32
/// bytes: the balls' HMAC takes the secret as text, so a second spelling of the same bytes would be a second result
/// under the same commitment (`canonical`).
pub fn witness_commitment(secret_hex: &str) -> Option<String> {
    let bytes = parse_hex32(secret_hex).ok()?;
    Some(hex::encode(Sha256::digest(bytes)))
}

/// Why a published result does not check out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("`{field}` {error}")]
    NotCanonical { field: &'static str, error: EncodingError },
    #[error("The revealed seed does not match the commitment: SHA-256 of the seed is {seed_hash}, the commitment was {commitment}")]
    CommitmentMismatch { commitment: String, seed_hash: String },
    #[error("The published numbers {claimed:?} are not the numbers the seed draws, {recomputed:?}")]
    NumbersMismatch { claimed: Balls, recomputed: Balls },
    #[error("The published machine numbers {claimed:?} are not the machine numbers the seed draws, {recomputed:?}")]
    MachineNumbersMismatch { claimed: Balls, recomputed: Balls },
}

/// Checks a published draw: the revealed seed hashes to the commitment, and seed, draw id and tickets hash
/// give the claimed winning balls in the claimed order. (That the tickets hash covers the published ticket
/// ids is a separate check: compare it with [`tickets_hash`] of those ids.)
pub fn verify(
    seed_hex: &str,
    commitment_hex: &str,
    draw_id: u64,
    tickets_hash: &str,
    claimed_numbers: &Balls,
) -> Result<(), VerifyError> {
    let recomputed = recompute(seed_hex, commitment_hex, draw_id, Binding::V1 { tickets_hash })?;
    check_numbers(&recomputed, claimed_numbers)
}

/// [`verify`], and the machine numbers too, under either scheme.
pub fn verify_outcome(
    seed_hex: &str,
    commitment_hex: &str,
    draw_id: u64,
    binding: Binding<'_>,
    claimed: &DrawOutcome,
) -> Result<(), VerifyError> {
    let recomputed = recompute(seed_hex, commitment_hex, draw_id, binding)?;
    check_numbers(&recomputed, &claimed.numbers)?;
    if recomputed.machine_numbers != claimed.machine_numbers {
        return Err(VerifyError::MachineNumbersMismatch {
            claimed: claimed.machine_numbers,
            recomputed: recomputed.machine_numbers,
        });
    }
    Ok(())
}

fn check_numbers(recomputed: &DrawOutcome, claimed: &Balls) -> Result<(), VerifyError> {
    if recomputed.numbers != *claimed {
        return Err(VerifyError::NumbersMismatch { claimed: *claimed, recomputed: recomputed.numbers });
    }
    Ok(())
}

fn recompute(
    seed_hex: &str,
    commitment_hex: &str,
    draw_id: u64,
    binding: Binding<'_>,
) -> Result<DrawOutcome, VerifyError> {
    let not_canonical = |field| move |error| VerifyError::NotCanonical { field, error };
    let seed = parse_hex32(seed_hex).map(Seed).map_err(not_canonical("seed"))?;
    parse_hex32(commitment_hex).map_err(not_canonical("commitment"))?;
    if let Some((field, error)) = binding.encoding_error() {
        return Err(VerifyError::NotCanonical { field, error });
    }
    let seed_hash = seed.commitment();
    // Compared as text: the one spelling is the one published (`canonical`).
    if seed_hash != commitment_hex {
        return Err(VerifyError::CommitmentMismatch { commitment: commitment_hex.to_owned(), seed_hash });
    }
    Ok(draw_balls_bound(&seed, draw_id, binding))
}

/// The HMAC message of one block (step 4 of the algorithm).
pub fn block_message(label: &str, draw_id: u64, binding: Binding<'_>, counter: u64) -> String {
    format!("{}{counter}", binding.message_prefix(label, draw_id))
}

/// One 32-byte block of a stream (step 4). Public so that the test vectors can show the first block.
pub fn block(seed: &Seed, label: &str, draw_id: u64, binding: Binding<'_>, counter: u64) -> [u8; 32] {
    let mut mac = keyed_mac(seed);
    mac.update(block_message(label, draw_id, binding, counter).as_bytes());
    mac.finalize().into_bytes().into()
}

/// A ball for a stream byte (step 5), or `None` for a rejected byte.
pub fn ball_from_byte(byte: u8) -> Option<u8> {
    (byte < REJECT_FROM).then_some(byte % MAX_NUMBER + 1)
}

/// HMAC-SHA256 keyed with the seed.
fn keyed_mac(seed: &Seed) -> HmacSha256 {
    keyed_hmac(&seed.0)
}

/// HMAC-SHA256 keyed with a 32-byte key (a seed, a seal key).
///
/// HMAC pads a key shorter than the hash's 64-byte block with zeros (RFC 2104), so keying with the key
/// followed by 32 zero bytes is the same function as keying with the 32-byte key. Doing the padding here
/// lets us use the infallible fixed-size constructor instead of handling an error `new_from_slice` can
/// never return; a unit test pins the equivalence.
pub fn keyed_hmac(key: &[u8; 32]) -> HmacSha256 {
    let mut padded = [0u8; 64];
    for (slot, byte) in padded.iter_mut().zip(key) {
        *slot = *byte;
    }
    <HmacSha256 as Mac>::new(&padded.into())
}

/// The endless byte stream of one label (step 4), computed block by block as it is read.
struct ByteStream {
    mac: HmacSha256,
    /// The message of every block, up to its counter.
    prefix: String,
    counter: u64,
    block: [u8; 32],
    position: usize,
}

impl ByteStream {
    fn new(seed: &Seed, label: &'static str, draw_id: u64, binding: Binding<'_>) -> ByteStream {
        ByteStream {
            mac: keyed_mac(seed),
            prefix: binding.message_prefix(label, draw_id),
            counter: 0,
            block: [0; 32],
            // Start "at the end of a block" so that the first read computes block 0.
            position: 32,
        }
    }
}

/// A source of stream bytes that never runs dry.
trait ByteSource {
    fn next_byte(&mut self) -> u8;
}

impl ByteSource for ByteStream {
    fn next_byte(&mut self) -> u8 {
        if self.position >= self.block.len() {
            let mut mac = self.mac.clone();
            mac.update(self.prefix.as_bytes());
            mac.update(self.counter.to_string().as_bytes());
            self.block = mac.finalize().into_bytes().into();
            // 2⁶⁴ blocks cannot be read in the life of the universe; wrapping keeps this total.
            self.counter = self.counter.wrapping_add(1);
            self.position = 0;
        }
        let byte = self.block[self.position];
        self.position += 1;
        byte
    }
}

/// Five distinct numbers, in the order taken (step 5).
fn pick_five(mut source: impl ByteSource) -> Balls {
    let mut picked = [0u8; BALLS_PER_DRAW];
    let mut count = 0;
    while count < BALLS_PER_DRAW {
        let Some(number) = ball_from_byte(source.next_byte()) else {
            continue;
        };
        if !picked[..count].contains(&number) {
            picked[count] = number;
            count += 1;
        }
    }
    picked
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Replays fixed bytes, to drive [`pick_five`] through rejections and repeats.
    struct Scripted(std::vec::IntoIter<u8>);

    impl ByteSource for Scripted {
        fn next_byte(&mut self) -> u8 {
            match self.0.next() {
                Some(byte) => byte,
                None => panic!("the script ran out of bytes"),
            }
        }
    }

    #[test]
    fn bytes_map_to_balls_by_rejection_sampling() {
        assert_eq!(ball_from_byte(0), Some(1));
        assert_eq!(ball_from_byte(89), Some(90));
        assert_eq!(ball_from_byte(90), Some(1));
        assert_eq!(ball_from_byte(179), Some(90));
        assert_eq!(ball_from_byte(180), None);
        assert_eq!(ball_from_byte(255), None);
    }

    #[test]
    fn every_accepted_ball_has_exactly_two_bytes() {
        let mut bytes_per_ball = [0u32; MAX_NUMBER as usize + 1];
        for byte in 0..=u8::MAX {
            if let Some(ball) = ball_from_byte(byte) {
                bytes_per_ball[usize::from(ball)] += 1;
            }
        }
        assert_eq!(bytes_per_ball[0], 0);
        assert!(bytes_per_ball[1..].iter().all(|count| *count == 2));
    }

    #[test]
    fn picking_skips_rejected_bytes_and_repeats_and_keeps_drawn_order() {
        // 200 and 255 rejected; 90 → 1 repeats 0 → 1; 179 → 90; 5 → 6; 96 → 7 (96 % 90 + 1); 44 → 45.
        let script = vec![0, 200, 90, 179, 255, 5, 96, 44, 1];
        assert_eq!(pick_five(Scripted(script.into_iter())), [1, 90, 6, 7, 45]);
    }

    #[test]
    fn the_stream_continues_into_the_next_block() {
        let seed = Seed([7; 32]);
        let hash = tickets_hash(&[]);
        for binding in [Binding::V1 { tickets_hash: &hash }, Binding::V2 { tickets_root: &hash, witness_secret: "" }] {
            let mut stream = ByteStream::new(&seed, LABEL_BALLS, 3, binding);
            let read: Vec<u8> = (0..64).map(|_| stream.next_byte()).collect();
            assert_eq!(read[..32], block(&seed, LABEL_BALLS, 3, binding, 0));
            assert_eq!(read[32..], block(&seed, LABEL_BALLS, 3, binding, 1));
        }
    }

    #[test]
    fn a_beacon_draw_adds_the_rounds_randomness_after_the_witness_secret() {
        let (root, secret, randomness) = ("a".repeat(64), "b".repeat(64), "c".repeat(64));
        let binding =
            Binding::V2Beacon { tickets_root: &root, witness_secret: &secret, beacon_randomness: &randomness };
        assert_eq!(
            block_message(LABEL_BALLS, 7, binding, 0),
            format!("ayo-lotto/v2|balls|7|{root}|{secret}|{randomness}|0")
        );
        let beacon_only = Binding::V2Beacon { tickets_root: &root, witness_secret: "", beacon_randomness: &randomness };
        assert_eq!(
            block_message(LABEL_MACHINE, 7, beacon_only, 2),
            format!("ayo-lotto/v2|machine|7|{root}||{randomness}|2")
        );
        let upper = randomness.to_uppercase();
        let spelled = Binding::V2Beacon { tickets_root: &root, witness_secret: "", beacon_randomness: &upper };
        assert_eq!(spelled.encoding_error().map(|(field, _)| field), Some("beacon.randomness"));
    }

    #[test]
    fn keying_with_the_zero_padded_seed_is_keying_with_the_seed() -> Result<(), hmac::digest::InvalidLength> {
        let seed = Seed(core::array::from_fn(|i| i as u8 * 7 + 1));
        let mut direct = HmacSha256::new_from_slice(&seed.0)?;
        direct.update(b"ayo-lotto/v1|balls|1|x|0");
        let mut padded = keyed_mac(&seed);
        padded.update(b"ayo-lotto/v1|balls|1|x|0");
        assert_eq!(direct.finalize().into_bytes(), padded.finalize().into_bytes());
        Ok(())
    }

    #[test]
    fn a_seed_never_shows_in_debug_output() {
        let seed = Seed([0xab; 32]);
        assert_eq!(format!("{seed:?}"), "Seed(<secret>)");
        assert!(!format!("{:?}", Some(seed)).contains("ab"));
    }

    #[test]
    fn a_seed_round_trips_through_hex_and_serde() -> Result<(), Box<dyn std::error::Error>> {
        let seed = Seed(core::array::from_fn(|i| i as u8));
        let text = seed.to_hex();
        assert_eq!(text.len(), 64);
        assert_eq!(Seed::from_hex(&text)?, seed);
        assert_eq!(Seed::from_hex(&text.to_uppercase()), Err(SeedError), "one spelling only");
        assert_eq!(Seed::from_hex(&format!(" {text}")), Err(SeedError));
        let json = serde_json::to_string(&seed)?;
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Seed>(&json)?, seed);
        assert_eq!(Seed::from_hex(&text[..62]), Err(SeedError));
        assert_eq!(Seed::from_hex(&format!("{}zz", &text[..62])), Err(SeedError));
        Ok(())
    }
}
