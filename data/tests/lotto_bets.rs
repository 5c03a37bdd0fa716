//! Bets as the play page sends them: what `Bet::parse` accepts, what it refuses (and which field it
//! blames), and how many lines each bet holds.

use ayo_data::lotto::combinatorics::choose;
use ayo_data::lotto::{Bet, BetError, BetField, BetType, MultiplierKey};
use proptest::prelude::*;
use proptest::sample::subsequence;

fn parse(bet_type: &str, numbers: &[u8]) -> Result<Bet, BetError> {
    Bet::parse(bet_type, numbers, &[], &[])
}

fn refusal(result: Result<Bet, BetError>) -> (BetField, String) {
    match result {
        Ok(bet) => panic!("expected a refusal, got {bet:?}"),
        Err(error) => (error.field, error.message),
    }
}

#[test]
fn every_nap_size_takes_exactly_its_count_of_numbers() -> Result<(), BetError> {
    let picks = [7, 21, 33, 48, 90];
    for k in 1..=5 {
        let name = format!("NAP{k}");
        let bet = parse(&name, &picks[..k])?;
        assert_eq!(bet, Bet::Nap { numbers: picks[..k].to_vec() });
        assert_eq!(bet.lines(), 1);
        assert_eq!(bet.bet_type().as_str(), name);
    }
    assert_eq!(refusal(parse("NAP3", &[1, 2])), (BetField::Numbers, "NAP3 needs exactly 3 numbers".to_owned()));
    assert_eq!(refusal(parse("NAP1", &[1, 2])), (BetField::Numbers, "NAP1 needs exactly 1 number".to_owned()));
    Ok(())
}

#[test]
fn perm_sizes_need_more_numbers_than_k_and_at_most_their_maximum() -> Result<(), BetError> {
    let board: Vec<u8> = (1..=90).collect();
    for (k, max) in [(2u8, 25usize), (3, 20), (4, 15), (5, 10)] {
        let name = format!("PERM{k}");
        let smallest = usize::from(k) + 1;
        assert_eq!(parse(&name, &board[..smallest])?.lines(), choose(smallest as u64, u64::from(k)));
        assert_eq!(parse(&name, &board[..max])?.lines(), choose(max as u64, u64::from(k)));
        let expected = format!("{name} needs between {smallest} and {max} numbers");
        assert_eq!(refusal(parse(&name, &board[..smallest - 1])), (BetField::Numbers, expected.clone()));
        assert_eq!(refusal(parse(&name, &board[..max + 1])), (BetField::Numbers, expected));
    }
    Ok(())
}

#[test]
fn the_largest_perms_hold_the_line_counts_players_expect() -> Result<(), BetError> {
    let board: Vec<u8> = (1..=90).collect();
    assert_eq!(parse("PERM2", &board[..25])?.lines(), 300);
    assert_eq!(parse("PERM3", &board[..20])?.lines(), 1_140);
    assert_eq!(parse("PERM4", &board[..15])?.lines(), 1_365);
    assert_eq!(parse("PERM5", &board[..10])?.lines(), 252);
    assert_eq!(parse("PERM3", &[5, 10, 15, 20])?, Bet::Perm { k: 3, numbers: vec![5, 10, 15, 20] });
    Ok(())
}

#[test]
fn a_banker_is_one_number_paired_with_the_other_89() -> Result<(), BetError> {
    let bet = parse("BANKER", &[45])?;
    assert_eq!(bet, Bet::Banker { banker: 45 });
    assert_eq!(bet.lines(), 89);
    assert_eq!(refusal(parse("BANKER", &[45, 46])), (BetField::Numbers, "BANKER needs exactly 1 number".to_owned()));
    assert_eq!(refusal(parse("BANKER", &[])).0, BetField::Numbers);
    Ok(())
}

#[test]
fn against_pairs_every_top_number_with_every_bottom_number() -> Result<(), BetError> {
    let bet = Bet::parse("AGAINST", &[], &[1, 2, 3], &[10, 20])?;
    assert_eq!(bet, Bet::Against { top: vec![1, 2, 3], bottom: vec![10, 20] });
    assert_eq!(bet.lines(), 6);
    assert_eq!(Bet::parse("AGAINST", &[], &[1], &[2, 3])?.lines(), 2);
    Ok(())
}

#[test]
fn against_refuses_empty_shared_or_single_line_groups() {
    assert_eq!(
        refusal(Bet::parse("AGAINST", &[], &[], &[1, 2])),
        (BetField::Top, "AGAINST needs at least 1 TOP number".to_owned())
    );
    assert_eq!(
        refusal(Bet::parse("AGAINST", &[], &[1, 2], &[])),
        (BetField::Bottom, "AGAINST needs at least 1 BOTTOM number".to_owned())
    );
    assert_eq!(
        refusal(Bet::parse("AGAINST", &[], &[1, 2], &[2, 3])),
        (BetField::Bottom, "2 is in both TOP and BOTTOM; the two groups must not share a number".to_owned())
    );
    assert_eq!(refusal(Bet::parse("AGAINST", &[], &[1], &[2])).0, BetField::Bottom);
    assert_eq!(refusal(Bet::parse("AGAINST", &[5], &[1], &[2, 3])).0, BetField::Numbers);
    assert_eq!(refusal(Bet::parse("AGAINST", &[], &[1, 91], &[2])).0, BetField::Top);
    assert_eq!(refusal(Bet::parse("AGAINST", &[], &[1], &[2, 2])).0, BetField::Bottom);
}

#[test]
fn groups_only_against_uses_are_refused_on_other_bets() {
    assert_eq!(refusal(Bet::parse("NAP2", &[1, 2], &[3], &[])).0, BetField::Top);
    assert_eq!(refusal(Bet::parse("PERM2", &[1, 2, 3], &[], &[4])).0, BetField::Bottom);
}

#[test]
fn an_unknown_bet_type_is_blamed_on_bet_type() {
    for name in ["", "NAP6", "PERM1", "nap1", "BANKER2", "Against"] {
        let (field, message) = refusal(parse(name, &[1]));
        assert_eq!(field, BetField::BetType, "{name:?}");
        assert!(message.contains("Unknown bet type"), "{message}");
    }
}

#[test]
fn numbers_off_the_board_or_picked_twice_are_refused_with_a_clear_message() {
    assert_eq!(
        refusal(parse("NAP2", &[0, 5])),
        (BetField::Numbers, "Numbers must be from 1 to 90; 0 is not".to_owned())
    );
    assert_eq!(
        refusal(parse("PERM2", &[5, 91, 7])),
        (BetField::Numbers, "Numbers must be from 1 to 90; 91 is not".to_owned())
    );
    assert_eq!(
        refusal(parse("PERM2", &[5, 7, 5])),
        (BetField::Numbers, "5 is picked twice; each number may be picked only once".to_owned())
    );
}

#[test]
fn each_bet_is_paid_at_the_nap_rate_of_its_line_size() -> Result<(), BetError> {
    assert_eq!(parse("NAP1", &[1])?.multiplier_key(), MultiplierKey::Nap1);
    assert_eq!(parse("NAP4", &[1, 2, 3, 4])?.multiplier_key(), MultiplierKey::Nap4);
    assert_eq!(parse("PERM3", &[1, 2, 3, 4])?.multiplier_key(), MultiplierKey::Nap3);
    assert_eq!(parse("PERM5", &[1, 2, 3, 4, 5, 6])?.multiplier_key(), MultiplierKey::Nap5);
    assert_eq!(parse("BANKER", &[9])?.multiplier_key(), MultiplierKey::Nap2);
    assert_eq!(Bet::parse("AGAINST", &[], &[1], &[2, 3])?.multiplier_key(), MultiplierKey::Nap2);
    Ok(())
}

#[test]
fn a_bet_round_trips_through_its_wire_shape() -> Result<(), Box<dyn std::error::Error>> {
    let bets = [
        parse("NAP2", &[4, 80])?,
        parse("PERM3", &[1, 2, 3, 4, 5])?,
        parse("BANKER", &[77])?,
        Bet::parse("AGAINST", &[], &[1, 2], &[3])?,
    ];
    for bet in bets {
        let json = serde_json::to_string(&bet)?;
        assert_eq!(serde_json::from_str::<Bet>(&json)?, bet);
    }
    assert_eq!(
        serde_json::to_value(parse("BANKER", &[77])?)?,
        serde_json::json!({"bet_type": "BANKER", "numbers": [77]})
    );
    assert_eq!(
        serde_json::to_value(Bet::parse("AGAINST", &[], &[1, 2], &[3])?)?,
        serde_json::json!({"bet_type": "AGAINST", "top": [1, 2], "bottom": [3]})
    );
    Ok(())
}

#[test]
fn deserialising_a_bet_applies_the_same_rules_as_parse() {
    let invalid = [
        r#"{"bet_type": "NAP2", "numbers": [1, 1]}"#,
        r#"{"bet_type": "PERM5", "numbers": [1, 2, 3]}"#,
        r#"{"bet_type": "AGAINST", "top": [1], "bottom": [1, 2]}"#,
        r#"{"bet_type": "LUCKY", "numbers": [1]}"#,
    ];
    for json in invalid {
        assert!(serde_json::from_str::<Bet>(json).is_err(), "{json}");
    }
}

#[test]
fn every_bet_type_is_listed_once() {
    let names: Vec<&str> = BetType::ALL.iter().map(|bet_type| bet_type.as_str()).collect();
    assert_eq!(
        names,
        ["NAP1", "NAP2", "NAP3", "NAP4", "NAP5", "PERM2", "PERM3", "PERM4", "PERM5", "BANKER", "AGAINST"]
    );
}

/// Distinct board numbers in a random order, `size` of them.
fn distinct_numbers(size: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<u8>> {
    subsequence((1..=90u8).collect::<Vec<_>>(), size).prop_shuffle()
}

proptest! {
    #[test]
    fn perm_lines_are_n_choose_k(k in 2u8..=5, numbers in distinct_numbers(3..=25)) {
        let result = Bet::parse(&format!("PERM{k}"), &numbers, &[], &[]);
        let n = numbers.len();
        if n > usize::from(k) && n <= Bet::perm_max_numbers(k) {
            prop_assert_eq!(result.map(|bet| bet.lines()), Ok(choose(n as u64, u64::from(k))));
        } else {
            prop_assert_eq!(result.map_err(|error| error.field), Err(BetField::Numbers));
        }
    }

    #[test]
    fn against_lines_are_top_times_bottom(numbers in distinct_numbers(3..=40), split in 1usize..39) {
        prop_assume!(split < numbers.len());
        let (top, bottom) = numbers.split_at(split);
        let bet = Bet::parse("AGAINST", &[], top, bottom);
        prop_assert_eq!(bet.map(|bet| bet.lines()), Ok((top.len() * bottom.len()) as u64));
    }

    #[test]
    fn parse_refuses_any_repeated_number(
        numbers in distinct_numbers(2..=9),
        repeat in any::<proptest::sample::Index>(),
    ) {
        let mut picks = numbers.clone();
        picks.push(numbers[repeat.index(numbers.len())]);
        for bet_type in ["NAP1", "NAP2", "NAP3", "NAP4", "NAP5", "PERM2", "PERM3", "PERM4", "PERM5", "BANKER"] {
            let result = Bet::parse(bet_type, &picks, &[], &[]);
            prop_assert_eq!(result.map_err(|error| error.field), Err(BetField::Numbers));
        }
    }

    #[test]
    fn parse_refuses_any_number_off_the_board(
        numbers in distinct_numbers(1..=5),
        off_board in prop_oneof![Just(0u8), 91u8..=255],
    ) {
        let mut picks = numbers;
        picks.push(off_board);
        let nap = format!("NAP{}", picks.len().min(5));
        let result = Bet::parse(&nap, &picks, &[], &[]);
        prop_assert_eq!(result.map_err(|error| error.field), Err(BetField::Numbers));
        let result = Bet::parse("AGAINST", &[], &[off_board], &[1, 2]);
        prop_assert_eq!(result.map_err(|error| error.field), Err(BetField::Top));
    }

    #[test]
    fn any_accepted_bet_is_valid_and_round_trips(numbers in distinct_numbers(1..=12), type_index in 0usize..10) {
        let bet_type = BetType::ALL[type_index].as_str();
        if let Ok(bet) = Bet::parse(bet_type, &numbers, &[], &[]) {
            prop_assert_eq!(bet.validate(), Ok(()));
            prop_assert_eq!(bet.bet_type().as_str(), bet_type);
            prop_assert!(bet.lines() >= 1);
            let spec = bet.to_spec();
            prop_assert_eq!(Bet::parse(&spec.bet_type, &spec.numbers, &spec.top, &spec.bottom), Ok(bet));
        }
    }
}
