//! The one accepted spelling of every 32-byte value that enters a hash or an HMAC of a draw (docs/fairness.md,
//! "Encodings"): exactly 64 lowercase hexadecimal characters, nothing around them.
//!
//! Why one spelling and not "any hex that decodes to the same bytes": the balls' HMAC message carries the tickets
//! root and the witness's secret as text, so two spellings of the same bytes give two different results. Were a
//! verifier to accept `…E…` where the commitment was made over the bytes of `…e…`, whoever publishes the draw could
//! pick among 2^(letters) results that all "verify". Every verifier (this crate, `ayo verify-draw`, the browser,
//! `docs/vectors/check_v2.py`) and every entry to the server refuse anything but this form, so each value has
//! exactly one text and the text is what was hashed.

/// Characters in the canonical text of 32 bytes.
pub const HEX32_LEN: usize = 64;

/// Why a text is not the canonical spelling of 32 bytes. `code()` names the reason in the negative test vectors
/// (docs/vectors/ayo-lotto-v2.json, `refused`), so every verifier can say which rule a value broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
pub enum EncodingError {
    #[error("has whitespace around it or inside it; it must be exactly 64 lowercase hexadecimal characters")]
    Whitespace,
    #[error("has {0} characters; it must be exactly 64 lowercase hexadecimal characters")]
    WrongLength(usize),
    #[error("has a character that is not hexadecimal; it must be exactly 64 lowercase hexadecimal characters")]
    NotHex,
    #[error("has upper-case letters; it must be exactly 64 lowercase hexadecimal characters")]
    UpperCase,
}

impl EncodingError {
    /// The reason's stable name, as the vectors write it.
    pub fn code(&self) -> &'static str {
        match self {
            EncodingError::Whitespace => "whitespace",
            EncodingError::WrongLength(_) => "length",
            EncodingError::NotHex => "not_hex",
            EncodingError::UpperCase => "upper_case",
        }
    }
}

/// The 32 bytes that `text` spells, if `text` is their canonical spelling; else the first rule it breaks, checked
/// in the order whitespace, length, non-hex character, upper case (so a padded value is named for its padding).
pub fn parse_hex32(text: &str) -> Result<[u8; 32], EncodingError> {
    if text.chars().any(char::is_whitespace) {
        return Err(EncodingError::Whitespace);
    }
    let length = text.chars().count();
    if length != HEX32_LEN {
        return Err(EncodingError::WrongLength(length));
    }
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(EncodingError::NotHex);
    }
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(EncodingError::UpperCase);
    }
    let mut bytes = [0u8; 32];
    hex::decode_to_slice(text, &mut bytes).map_err(|_| EncodingError::NotHex)?;
    Ok(bytes)
}

/// Whether `text` is the canonical spelling of some 32 bytes.
pub fn is_hex32(text: &str) -> bool {
    parse_hex32(text).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    #[test]
    fn only_lowercase_hex_of_exactly_64_characters_is_accepted() {
        assert_eq!(parse_hex32(GOOD).map(hex::encode).as_deref(), Ok(GOOD));
        assert_eq!(parse_hex32(&GOOD.replacen('e', "E", 1)), Err(EncodingError::UpperCase));
        assert_eq!(parse_hex32(&format!(" {GOOD}")), Err(EncodingError::Whitespace));
        assert_eq!(parse_hex32(&format!("{GOOD}\n")), Err(EncodingError::Whitespace));
        assert_eq!(parse_hex32(&GOOD[..62]), Err(EncodingError::WrongLength(62)));
        assert_eq!(parse_hex32(&format!("{GOOD}00")), Err(EncodingError::WrongLength(66)));
        assert_eq!(parse_hex32(&GOOD.replacen('a', "g", 1)), Err(EncodingError::NotHex));
        assert_eq!(parse_hex32(&GOOD.replacen('a', "é", 1)), Err(EncodingError::NotHex));
        assert_eq!(parse_hex32(""), Err(EncodingError::WrongLength(0)));
    }
}
