//! NUBAN check digit: catches a mistyped bank account number before money is sent to it.
//!
//! A NUBAN (Nigeria Uniform Bank Account Number) is 10 digits: a 9-digit serial and a check digit that
//! depends on the serial and on the bank's code. We check it when a player saves a bank account
//! (docs/product.md §7), so a typo is caught in the form instead of in a failed (or, worse, misdirected)
//! transfer. The check proves the number is well formed for that bank, not that the account exists — the
//! gateway's account-name lookup does that.
//!
//! # The rule we implement
//!
//! CBN's *Revised Standards on NUBAN* (March 2020, in force for banks and other financial institutions
//! since 2021) compute the check digit over a 6-digit institution code followed by the 9-digit serial:
//!
//! ```text
//! digits  = code6 ‖ serial9                          (15 digits)
//! weights = 3 7 3 3 7 3 3 7 3 3 7 3 3 7 3
//! check   = (10 − (Σ digit × weight) mod 10) mod 10  = the 10th digit of the account number
//! ```
//!
//! `code6` is built from the code the bank list gives us:
//!
//! - a 3-digit deposit-money-bank code (GTBank `058`, Access `044`) gets three leading zeros: `000058`;
//! - a 5-digit code of another financial institution (microfinance banks, many fintechs) gets a leading
//!   `9`: `50211` → `950211`;
//! - a 6-digit code is used as it is.
//!
//! For 3-digit codes this is exactly the original 2010 rule (weights 3 7 3 3 7 3 3 7 3 3 7 3 over the
//! 3-digit code and the serial), because the three leading zeros add nothing to the sum; so one rule
//! covers every bank. We chose it after reading the 2010 CBN proposal, press reports of the 2020 revision
//! ("'011' and '232' become '000011' and '000232'") and open-source validators that agree on the `9`
//! prefix for 5-digit codes. Codes of any other length are refused as unknown.
//!
//! Caveat for the caller: some wallets (e.g. numbers derived from a phone number) are listed with codes
//! that are not CBN institution codes, so their accounts may fail this check while being real. Whether
//! to enforce the check for such banks is a product decision for the bank list, not for this function.

/// Why an account number is refused, with the request field it is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum NubanError {
    #[error("The bank code must contain digits only")]
    BankCodeNotDigits,
    #[error("The bank code must have 3, 5 or 6 digits")]
    BankCodeLength,
    #[error("The account number must contain digits only")]
    AccountNotDigits,
    #[error("The account number must have exactly 10 digits")]
    AccountLength,
    #[error("This is not a valid account number for the chosen bank; please check it")]
    CheckDigit,
}

impl NubanError {
    /// The request field to blame: `bank_code` or `account_number`.
    pub const fn field(&self) -> &'static str {
        match self {
            NubanError::BankCodeNotDigits | NubanError::BankCodeLength => "bank_code",
            NubanError::AccountNotDigits | NubanError::AccountLength | NubanError::CheckDigit => "account_number",
        }
    }
}

/// Digits in an account number.
pub const ACCOUNT_LEN: usize = 10;
/// Digits in the serial (the account number without its check digit).
pub const SERIAL_LEN: usize = 9;

/// Weights over the 6-digit institution code and the 9-digit serial.
const WEIGHTS: [u32; 15] = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3];

/// Checks that `account_number` is a NUBAN of the bank with CBN code `bank_code`.
pub fn validate(bank_code: &str, account_number: &str) -> Result<(), NubanError> {
    let code = institution_code(bank_code)?;
    if !is_digits(account_number) {
        return Err(NubanError::AccountNotDigits);
    }
    let account = account_number.as_bytes();
    if account.len() != ACCOUNT_LEN {
        return Err(NubanError::AccountLength);
    }
    let (serial, given) = account.split_at(SERIAL_LEN);
    let expected = check_digit_of(&code, serial);
    if given != [b'0' + expected] {
        return Err(NubanError::CheckDigit);
    }
    Ok(())
}

/// The check digit (0–9) of a 9-digit `serial` at the bank `bank_code`; append it to get the account
/// number. Errors name `account_number` when the serial is not 9 digits.
pub fn check_digit(bank_code: &str, serial: &str) -> Result<u8, NubanError> {
    let code = institution_code(bank_code)?;
    if !is_digits(serial) {
        return Err(NubanError::AccountNotDigits);
    }
    if serial.len() != SERIAL_LEN {
        return Err(NubanError::AccountLength);
    }
    Ok(check_digit_of(&code, serial.as_bytes()))
}

/// The 6-digit institution code for a 3-, 5- or 6-digit bank code (see the module note).
fn institution_code(bank_code: &str) -> Result<[u8; 6], NubanError> {
    if !is_digits(bank_code) {
        return Err(NubanError::BankCodeNotDigits);
    }
    let padded = match bank_code.len() {
        3 => format!("000{bank_code}"),
        5 => format!("9{bank_code}"),
        6 => bank_code.to_owned(),
        _ => return Err(NubanError::BankCodeLength),
    };
    let mut code = [0u8; 6];
    for (slot, digit) in code.iter_mut().zip(padded.bytes()) {
        *slot = digit;
    }
    Ok(code)
}

/// (10 − Σ digit × weight mod 10) mod 10 over code ‖ serial, both ASCII digits.
fn check_digit_of(code: &[u8; 6], serial: &[u8]) -> u8 {
    let sum: u32 = code.iter().chain(serial).zip(WEIGHTS).map(|(digit, weight)| u32::from(digit - b'0') * weight).sum();
    // sum % 10 < 10, so the result is a single digit.
    ((10 - sum % 10) % 10) as u8
}

/// Non-empty and ASCII digits only (no signs, spaces or other Unicode digits).
fn is_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cbn_worked_example_for_first_bank_gives_check_digit_9() -> Result<(), NubanError> {
        // CBN NUBAN proposal, example 1: First Bank (011), serial 000001457 → 0000014579.
        assert_eq!(check_digit("011", "000001457")?, 9);
        assert_eq!(validate("011", "0000014579"), Ok(()));
        // Example 2: serial 000000022 → check digit 0.
        assert_eq!(check_digit("011", "000000022")?, 0);
        Ok(())
    }

    #[test]
    fn a_three_digit_code_is_the_same_as_its_zero_padded_six_digit_form() -> Result<(), NubanError> {
        assert_eq!(check_digit("058", "012345678")?, check_digit("000058", "012345678")?);
        Ok(())
    }

    #[test]
    fn a_five_digit_code_is_prefixed_with_nine() -> Result<(), NubanError> {
        assert_eq!(check_digit("50211", "123456789")?, check_digit("950211", "123456789")?);
        Ok(())
    }

    #[test]
    fn errors_name_their_field() {
        assert_eq!(NubanError::BankCodeLength.field(), "bank_code");
        assert_eq!(NubanError::CheckDigit.field(), "account_number");
    }
}
