//! NUBAN check digits for real bank codes, worked by hand, and the errors a bank-account form shows.

use ayo_data::nuban::{check_digit, validate, NubanError};
use proptest::prelude::*;

#[test]
fn a_gtbank_account_with_the_right_check_digit_is_valid() {
    // GTBank 058, serial 012345678:
    //   code   0×3 + 5×7 + 8×3                                 =  59
    //   serial 0×3 + 1×7 + 2×3 + 3×3 + 4×7 + 5×3 + 6×3 + 7×7 + 8×3 = 156
    //   (10 − 215 mod 10) mod 10 = 5  →  0123456785
    assert_eq!(validate("058", "0123456785"), Ok(()));
}

#[test]
fn an_access_bank_account_with_the_right_check_digit_is_valid() {
    // Access 044, serial 069012345:
    //   code   0×3 + 4×7 + 4×3                                 =  40
    //   serial 0×3 + 6×7 + 9×3 + 0×3 + 1×7 + 2×3 + 3×3 + 4×7 + 5×3 = 134
    //   (10 − 174 mod 10) mod 10 = 6  →  0690123456
    assert_eq!(validate("044", "0690123456"), Ok(()));
    assert_eq!(check_digit("044", "000000001"), Ok(7));
}

#[test]
fn changing_any_one_digit_of_a_valid_account_number_fails_the_check() {
    // Weights 3 and 7 are coprime to 10, so every single-digit typo changes the check digit.
    for (bank, account) in [("058", "0123456785"), ("044", "0690123456"), ("011", "0000014579")] {
        for position in 0..10 {
            for replacement in b'0'..=b'9' {
                let mut typo = account.as_bytes().to_vec();
                if typo[position] == replacement {
                    continue;
                }
                typo[position] = replacement;
                let typo = String::from_utf8_lossy(&typo).into_owned();
                assert_eq!(validate(bank, &typo), Err(NubanError::CheckDigit), "{bank} {typo}");
            }
        }
    }
}

#[test]
fn the_same_account_number_belongs_to_one_bank_and_not_another() {
    // 0123456785 is well formed at GTBank (058) but not at Zenith (057) or Access (044).
    assert_eq!(validate("057", "0123456785"), Err(NubanError::CheckDigit));
    assert_eq!(validate("044", "0123456785"), Err(NubanError::CheckDigit));
}

#[test]
fn five_and_six_digit_institution_codes_use_the_2020_rule() {
    // 5-digit 50211 becomes 950211: 9×3 + 5×7 + 0×3 + 2×3 + 1×7 + 1×3 = 78;
    // serial 200145678 → 143; (10 − 221 mod 10) mod 10 = 9.
    assert_eq!(validate("50211", "2001456789"), Ok(()));
    assert_eq!(validate("50211", "2001456788"), Err(NubanError::CheckDigit));
    // 6-digit 090267 is used as is: 132 + serial 100200300 → 18; 150 → 0.
    assert_eq!(validate("090267", "1002003000"), Ok(()));
    assert_eq!(validate("090267", "1002003001"), Err(NubanError::CheckDigit));
}

#[test]
fn malformed_input_is_refused_with_the_field_to_fix() {
    let cases = [
        ("05A", "0123456785", NubanError::BankCodeNotDigits, "bank_code"),
        ("", "0123456785", NubanError::BankCodeNotDigits, "bank_code"),
        ("0058", "0123456785", NubanError::BankCodeLength, "bank_code"),
        ("58", "0123456785", NubanError::BankCodeLength, "bank_code"),
        ("058", "012345678", NubanError::AccountLength, "account_number"),
        ("058", "01234567850", NubanError::AccountLength, "account_number"),
        ("058", "01234 6785", NubanError::AccountNotDigits, "account_number"),
        ("058", "+123456785", NubanError::AccountNotDigits, "account_number"),
        ("058", "", NubanError::AccountNotDigits, "account_number"),
        ("058", "０１２３４５６７８５", NubanError::AccountNotDigits, "account_number"),
    ];
    for (bank, account, error, field) in cases {
        assert_eq!(validate(bank, account), Err(error), "{bank:?} {account:?}");
        assert_eq!(error.field(), field);
    }
}

#[test]
fn errors_read_as_plain_sentences() {
    assert_eq!(NubanError::AccountLength.to_string(), "The account number must have exactly 10 digits");
    assert_eq!(
        NubanError::CheckDigit.to_string(),
        "This is not a valid account number for the chosen bank; please check it"
    );
}

proptest! {
    #[test]
    fn appending_the_computed_check_digit_always_gives_a_valid_account(
        code in prop_oneof!["[0-9]{3}", "[0-9]{5}", "[0-9]{6}"],
        serial in "[0-9]{9}",
    ) {
        let digit = check_digit(&code, &serial);
        prop_assert!(matches!(digit, Ok(0..=9)));
        let account = format!("{serial}{}", digit.unwrap_or_default());
        prop_assert_eq!(validate(&code, &account), Ok(()));
    }

    #[test]
    fn exactly_one_check_digit_is_valid(code in "[0-9]{3}", serial in "[0-9]{9}") {
        let valid = (0..=9)
            .filter(|digit| validate(&code, &format!("{serial}{digit}")).is_ok())
            .count();
        prop_assert_eq!(valid, 1);
    }
}
