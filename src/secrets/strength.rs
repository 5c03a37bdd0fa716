//! How strong each secret the server is given must be, checked before anything starts (docs/security.md,
//! "Secrets"). A key an attacker can guess is a key they hold: with `AYO_JWT_SECRET=changeme` a player's own token
//! gave the key away offline and a forged admin token opened the back office. So a weak secret stops `ayo serve`
//! with a message naming the variable (never its value).
//!
//! The rule for a key the server itself checks signatures or tokens with (`AYO_JWT_SECRET`, `AYO_SEED_KEY`,
//! `AYO_METRICS_TOKEN`, and `AYO_BUS_KEY` through `hex_key_32`):
//! - **length**: at least 256 bits of key material, counting 4 bits a character for hex, 6 for base64 (or
//!   base64url, padding not counted) and 4 for anything else (a phrase a person made up): 64 hex characters,
//!   43 base64 characters, or 64 characters of anything else;
//! - **variety**: at least 192 bits once repetition, runs and a small alphabet are discounted: the bits a character
//!   carries are those of the kinds of character it actually uses (hex: digits 10, letters 6; base64: lower case 26,
//!   upper case 26, digits 10, symbols 2), times the number of distinct 3-character windows, of the text and of the
//!   steps between neighbouring characters, whichever is fewer. `aaaa…`, `abab…`, a block typed twice, `0123…`,
//!   `abcd…` and words in lower case with dashes fall far short; 32 random bytes in hex or base64 clear it with room
//!   to spare (none below 220 bits in 50,000 trials of each form).
//!
//! Keys the server is issued by someone else are checked for their form: a Paystack secret key
//! (`sk_live_…`/`sk_test_…`; a live key also for its length and variety, since it authenticates webhooks) and the
//! Dojah key (sent as a header: one printable token). What the rule cannot see: a long sentence made up of ordinary
//! words passes if it is varied enough. Make keys with `openssl rand -hex 32`.

/// Key material a server key must have by its length.
pub const MIN_BITS: f64 = 256.0;
/// What a server key must still carry once repetition is discounted.
pub const MIN_VARIETY_BITS: f64 = 192.0;
/// The same for what follows `sk_live_` in a Paystack key (Paystack's are 40 hex characters, 160 bits).
const PAYSTACK_LIVE_MIN_CHARS: usize = 32;
const PAYSTACK_LIVE_MIN_VARIETY_BITS: f64 = 96.0;

/// A secret refused, and why: the message names the variable and never shows the value.
#[derive(Debug, thiserror::Error)]
#[error("{var} is too weak: {reason}")]
pub struct WeakSecret {
    pub var: String,
    pub reason: String,
}

fn weak(var: &str, reason: impl Into<String>) -> WeakSecret {
    WeakSecret { var: var.to_string(), reason: reason.into() }
}

const ADVICE: &str = "use 32 random bytes in hex (openssl rand -hex 32)";

/// What the rule measured of a secret.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// Key material by length and alphabet.
    pub bits: f64,
    /// What remains once repetition, runs and a small alphabet are discounted.
    pub variety_bits: f64,
}

/// A kind of character (digits, lower case…).
type Kind = fn(&u8) -> bool;

/// The alphabets a key is counted in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Alphabet {
    Hex,
    Base64,
    Text,
}

impl Alphabet {
    fn of(text: &str) -> Self {
        if text.bytes().all(|b| b.is_ascii_hexdigit()) {
            Self::Hex
        } else if text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'-' | b'_')) {
            Self::Base64
        } else {
            Self::Text
        }
    }

    /// How many symbols the alphabet counts (a made-up phrase is counted as if from 16).
    fn size(self) -> f64 {
        match self {
            Self::Hex | Self::Text => 16.0,
            Self::Base64 => 64.0,
        }
    }

    /// How many symbols the kinds of character `symbols` uses would give, at most the alphabet's size: digits alone
    /// are 10 of hex's 16, lower case alone 26 of base64's 64.
    fn used_by(self, symbols: &[u8]) -> f64 {
        let has = |kind: Kind| symbols.iter().any(kind);
        let kinds: &[(Kind, f64)] = match self {
            Self::Text => return self.size(),
            Self::Hex => &[(u8::is_ascii_digit, 10.0), (u8::is_ascii_alphabetic, 6.0)],
            Self::Base64 => &[
                (u8::is_ascii_lowercase, 26.0),
                (u8::is_ascii_uppercase, 26.0),
                (u8::is_ascii_digit, 10.0),
                (|b: &u8| matches!(*b, b'+' | b'/' | b'-' | b'_'), 2.0),
            ],
        };
        let used: f64 = kinds.iter().filter(|(kind, _)| has(*kind)).map(|(_, size)| size).sum();
        used.min(self.size())
    }
}

/// Measures a secret as the rule counts it (module documentation).
pub fn estimate(secret: &str) -> Estimate {
    let trimmed = secret.trim_end_matches('=');
    let body = if trimmed.is_empty() { secret } else { trimmed };
    let alphabet = Alphabet::of(body);
    // Hex is counted without its case: `ABCD` and `abcd` are the same key material.
    let symbols: Vec<u8> = if alphabet == Alphabet::Hex {
        body.bytes().map(|b| b.to_ascii_lowercase()).collect()
    } else {
        body.bytes().collect()
    };
    let bits = symbols.len() as f64 * alphabet.size().log2();
    let per_char = alphabet.used_by(&symbols).max(1.0).log2();
    let steps: Vec<i16> = symbols.windows(2).map(|pair| i16::from(pair[1]) - i16::from(pair[0])).collect();
    let windows = distinct_windows(&symbols).min(distinct_windows(&steps));
    Estimate { bits, variety_bits: per_char * windows as f64 }
}

/// How many different 3-long windows a sequence holds (a repeated block adds none).
fn distinct_windows<T: std::hash::Hash + Eq>(items: &[T]) -> usize {
    items.windows(3).collect::<std::collections::HashSet<_>>().len()
}

/// A key the server checks tokens or signatures with: refused unless it meets the rule.
pub fn require_strong(var: &str, secret: &str) -> Result<(), WeakSecret> {
    let measured = estimate(secret);
    if measured.bits < MIN_BITS {
        return Err(weak(
            var,
            format!(
                "it holds about {:.0} bits of key material by its length, and at least {MIN_BITS:.0} are needed (64 hex \
                 or 43 base64 characters); {ADVICE}",
                measured.bits
            ),
        ));
    }
    if measured.variety_bits < MIN_VARIETY_BITS {
        return Err(weak(
            var,
            format!(
                "it repeats itself or uses too few different characters (about {:.0} bits where at least \
                 {MIN_VARIETY_BITS:.0} are needed); {ADVICE}",
                measured.variety_bits
            ),
        ));
    }
    Ok(())
}

/// A key given as hex (at least 64 characters) that meets the rule: its bytes.
pub fn hex_key(var: &str, secret: &str) -> Result<Vec<u8>, WeakSecret> {
    let secret = secret.trim();
    let bytes = hex::decode(secret).map_err(|_| weak(var, format!("it must be hexadecimal; {ADVICE}")))?;
    require_strong(var, secret)?;
    Ok(bytes)
}

/// A 32-byte key given as exactly 64 hex characters that meets the rule (`AYO_BUS_KEY`).
pub fn hex_key_32(var: &str, secret: &str) -> Result<[u8; 32], WeakSecret> {
    let bytes = hex_key(var, secret)?;
    bytes.try_into().map_err(|_| weak(var, format!("it must be exactly 64 hexadecimal characters; {ADVICE}")))
}

/// A Paystack secret key: `sk_test_…`, or `sk_live_…` followed by at least 32 varied letters and digits (a live key
/// also authenticates Paystack's webhooks). A public key (`pk_…`) is refused by name: it is in every checkout page.
pub fn paystack_key(var: &str, key: &str) -> Result<(), WeakSecret> {
    let form = "Paystack secret keys start with sk_live_ or sk_test_ (Dashboard → Settings → API Keys)";
    if key.starts_with("pk_") {
        return Err(weak(var, format!("that is a public key, which anyone can read; {form}")));
    }
    let (live, rest) = match (key.strip_prefix("sk_live_"), key.strip_prefix("sk_test_")) {
        (Some(rest), _) => (true, rest),
        (None, Some(rest)) => (false, rest),
        (None, None) => return Err(weak(var, form)),
    };
    if rest.is_empty() || !rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(weak(var, form));
    }
    if live && (rest.len() < PAYSTACK_LIVE_MIN_CHARS || estimate(rest).variety_bits < PAYSTACK_LIVE_MIN_VARIETY_BITS) {
        return Err(weak(
            var,
            "a live key is the whole key Paystack shows (sk_live_ and 40 characters), not a placeholder",
        ));
    }
    Ok(())
}

/// A key sent as a header to a provider: one token of printable characters (no spaces, no line breaks).
pub fn header_key(var: &str, key: &str) -> Result<(), WeakSecret> {
    if key.is_empty() || !key.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(weak(var, "it must be the provider's key, one word of printable characters"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use rand::RngCore;

    use super::*;

    fn random_bytes() -> [u8; 32] {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        bytes
    }

    #[test]
    fn thirty_two_random_bytes_in_hex_or_base64_always_pass_with_room_to_spare() {
        use base64::Engine;
        let mut lowest: f64 = f64::MAX;
        for _ in 0..5_000 {
            let bytes = random_bytes();
            for key in [
                hex::encode(bytes),
                hex::encode_upper(bytes),
                base64::engine::general_purpose::STANDARD.encode(bytes),
                base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes),
            ] {
                require_strong("AYO_JWT_SECRET", &key).unwrap_or_else(|e| panic!("{key}: {e}"));
                lowest = lowest.min(estimate(&key).variety_bits);
            }
        }
        // 220 was the lowest of 200,000 (50,000 of each form): the margin is real, not luck.
        assert!(lowest >= MIN_VARIETY_BITS + 16.0, "the lowest random key measured {lowest:.0} bits");
    }

    #[test]
    fn guessable_keys_are_refused_naming_the_variable_not_the_value() {
        let repeated_block = {
            let block = hex::encode(&random_bytes()[..16]);
            format!("{block}{block}")
        };
        for key in [
            "changeme".to_string(),
            "a".repeat(64),
            "ab".repeat(32),
            "0123456789abcdef".repeat(4),
            "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff".to_string(),
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".to_string(),
            repeated_block,
            hex::encode(&random_bytes()[..24]), // 192 bits: too short
            "test-secret-for-tokens-only-in-tests".to_string(),
            "ayo-bench-secret-for-loopback-benchmarks-only".to_string(),
            "correct horse battery staple correct horse battery staple!!".to_string(),
            String::new(),
        ] {
            let refused = require_strong("AYO_JWT_SECRET", &key).err().map(|e| e.to_string());
            let refused = refused.unwrap_or_else(|| panic!("{key:?} was accepted ({:?})", estimate(&key)));
            assert!(refused.starts_with("AYO_JWT_SECRET is too weak"), "{refused}");
            assert!(key.is_empty() || !refused.contains(&key), "the value is never shown: {refused}");
        }
    }

    #[test]
    fn a_seed_key_is_hex_of_32_bytes_at_least_and_a_bus_key_exactly_32() {
        let key = hex::encode(random_bytes());
        assert_eq!(hex_key("AYO_SEED_KEY", &format!(" {key}\n")).map(|k| k.len()).ok(), Some(32));
        assert!(hex_key("AYO_SEED_KEY", &hex::encode(&random_bytes()[..16])).is_err(), "16 bytes are no longer enough");
        assert!(hex_key("AYO_SEED_KEY", &"zz".repeat(32)).is_err());
        assert!(hex_key_32("AYO_BUS_KEY", &key).is_ok());
        let longer = format!("{key}{}", hex::encode(random_bytes()));
        assert!(hex_key("AYO_SEED_KEY", &longer).is_ok());
        assert!(hex_key_32("AYO_BUS_KEY", &longer).is_err(), "a bus key is exactly 64 hex");
    }

    #[test]
    fn gateway_keys_are_checked_for_their_form() {
        let live = format!("sk_live_{}", hex::encode(&random_bytes()[..20]));
        assert!(paystack_key("AYO_PAYSTACK_SECRET_KEY", &live).is_ok());
        assert!(paystack_key("AYO_PAYSTACK_SECRET_KEY", "sk_test_x").is_ok(), "test keys move no real money");
        for bad in
            ["pk_live_0123", "changeme", "sk_live_", "sk_live_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "sk_test_a b"]
        {
            let refused = paystack_key("AYO_PAYSTACK_SECRET_KEY", bad).err().map(|e| e.to_string());
            assert!(refused.is_some_and(|r| r.starts_with("AYO_PAYSTACK_SECRET_KEY")), "{bad}");
        }
        assert!(header_key("AYO_DOJAH_SECRET_KEY", "test_sk_abc").is_ok());
        assert!(header_key("AYO_DOJAH_SECRET_KEY", "two words").is_err());
        assert!(header_key("AYO_DOJAH_SECRET_KEY", "line\nbreak").is_err());
    }
}
