#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test
#[test]
fn the_bank_list_parses_and_has_the_big_nigerian_banks_with_cbn_codes() {
    let banks = ayo_data::banks::all();
    assert!(banks.len() >= 25, "{} banks", banks.len());
    for (name, code) in [
        ("Access Bank", "044"),
        ("Guaranty Trust Bank", "058"),
        ("Zenith Bank", "057"),
        ("First Bank of Nigeria", "011"),
        ("United Bank For Africa", "033"),
    ] {
        let bank = ayo_data::banks::by_code(code).unwrap_or_else(|| panic!("{name} ({code}) is listed"));
        assert!(!bank.slug.is_empty());
    }
    let mut codes: Vec<_> = banks.iter().map(|b| &b.code).collect();
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), banks.len(), "codes are unique");
}
