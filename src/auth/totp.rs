//! Time-based one-time passwords (RFC 6238 over RFC 4226: HMAC-SHA1, 30-second steps, 6 digits), the second factor
//! every admin login needs, and the recovery codes issued at enrolment.

use data_encoding::BASE32_NOPAD;
use hmac::{Hmac, Mac};
use rand::{rngs::OsRng, Rng, RngCore};
use sha1::Sha1;

/// The name authenticator apps show above the code.
pub const ISSUER: &str = "Ayo Lotto";
/// Seconds per step.
pub const STEP_SECS: i64 = 30;
/// Steps either side of now that still count, for a phone clock a little off.
const DRIFT_STEPS: i64 = 1;
const DIGITS: u32 = 6;
/// How many recovery codes enrolment issues.
pub const RECOVERY_CODES: usize = 10;

/// A fresh 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps expect.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 20];
    OsRng.fill_bytes(&mut bytes);
    BASE32_NOPAD.encode(&bytes)
}

/// The secret's bytes, when it is valid base32 (spaces, case and padding forgiven) of at least 80 bits.
pub fn decode_secret(secret: &str) -> Option<Vec<u8>> {
    let clean: String =
        secret.chars().filter(|c| !c.is_whitespace() && *c != '=').map(|c| c.to_ascii_uppercase()).collect();
    let bytes = BASE32_NOPAD.decode(clean.as_bytes()).ok()?;
    (bytes.len() >= 10).then_some(bytes)
}

/// The secret in its canonical form (upper case, no spaces or padding), when valid.
pub fn normalise_secret(secret: &str) -> Option<String> {
    decode_secret(secret).map(|bytes| BASE32_NOPAD.encode(&bytes))
}

/// The `otpauth://` URI an authenticator app scans (Key Uri Format).
pub fn otpauth_uri(issuer: &str, account: &str, secret: &str) -> String {
    let label = format!("{}:{}", escape(issuer), escape(account));
    format!(
        "otpauth://totp/{label}?secret={secret}&issuer={}&algorithm=SHA1&digits={DIGITS}&period={STEP_SECS}",
        escape(issuer)
    )
}

fn escape(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The step a Unix time falls in.
pub fn step_at(unix_secs: i64) -> u64 {
    u64::try_from(unix_secs.div_euclid(STEP_SECS)).unwrap_or(0)
}

/// The code for one step (HOTP of the step counter).
pub fn code_at_step(key: &[u8], step: u64, digits: u32) -> String {
    let Ok(mut mac) = Hmac::<Sha1>::new_from_slice(key) else {
        return String::new();
    };
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let word = u32::from_be_bytes([digest[offset] & 0x7f, digest[offset + 1], digest[offset + 2], digest[offset + 3]]);
    format!("{:0width$}", word % 10u32.pow(digits), width = digits as usize)
}

/// The step a typed code matches (now, or one step either side), if any; comparisons take the same time whatever
/// the digits. The caller refuses steps at or before the last one used, so a code works once.
pub fn matching_step(key: &[u8], typed: &str, unix_secs: i64) -> Option<u64> {
    if typed.len() != DIGITS as usize || !typed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let now = step_at(unix_secs);
    let mut found = None;
    for delta in -DRIFT_STEPS..=DRIFT_STEPS {
        let Some(step) = now.checked_add_signed(delta) else { continue };
        if constant_time_eq(code_at_step(key, step, DIGITS).as_bytes(), typed.as_bytes()) {
            found = found.or(Some(step));
        }
    }
    found
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Fresh recovery codes (`abcd-efgh-jk`, 50 bits each, from an alphabet without look-alikes).
pub fn new_recovery_codes() -> Vec<String> {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = OsRng;
    (0..RECOVERY_CODES)
        .map(|_| {
            let raw: String = (0..10).map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())])).collect();
            format!("{}-{}-{}", &raw[0..4], &raw[4..8], &raw[8..10])
        })
        .collect()
}

/// A recovery code as typed, reduced to what identifies it (case, spaces and dashes forgiven). What is stored is
/// a keyed digest of this (`OtpPepper::tag`): the codes are random, so no slow hash is needed.
pub fn canonical_recovery(code: &str) -> String {
    code.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const RFC_KEY: &[u8] = b"12345678901234567890";

    #[test]
    fn codes_follow_the_rfc_6238_test_vectors() {
        for (time, expected) in [(59, "94287082"), (1_111_111_109, "07081804"), (2_000_000_000, "69279037")] {
            assert_eq!(code_at_step(RFC_KEY, step_at(time), 8), expected, "at {time}");
        }
    }

    #[test]
    fn a_code_matches_its_step_and_its_neighbours_only() {
        let now = 1_700_000_000;
        let code = code_at_step(RFC_KEY, step_at(now), DIGITS);
        assert_eq!(matching_step(RFC_KEY, &code, now), Some(step_at(now)));
        assert_eq!(matching_step(RFC_KEY, &code, now + STEP_SECS), Some(step_at(now)));
        assert_eq!(matching_step(RFC_KEY, &code, now + 3 * STEP_SECS), None);
        assert_eq!(matching_step(RFC_KEY, "12345", now), None);
        assert_eq!(matching_step(RFC_KEY, "abcdef", now), None);
    }

    #[test]
    fn secrets_round_trip_through_base32_and_the_uri_names_them() {
        let secret = new_secret();
        assert_eq!(decode_secret(&secret).map(|b| b.len()), Some(20));
        assert_eq!(normalise_secret(&secret.to_lowercase()), Some(secret.clone()));
        assert_eq!(decode_secret("TOO SHORT"), None);
        let uri = otpauth_uri("Ayo Lotto", "admin@ayolotto.demo", &secret);
        assert!(uri.starts_with("otpauth://totp/Ayo%20Lotto:admin%40ayolotto.demo?secret="), "{uri}");
        assert!(uri.contains(&secret));
    }

    #[test]
    fn recovery_codes_are_distinct_and_hash_alike_however_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), RECOVERY_CODES);
        let unique: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(unique.len(), RECOVERY_CODES);
        let typed = codes[0].to_uppercase().replace('-', " ");
        assert_eq!(canonical_recovery(&typed), canonical_recovery(&codes[0]));
        assert_eq!(canonical_recovery(&codes[0]).len(), 10);
    }
}
