//! Settlement: lines won against the drawn balls and what they pay, capped.

use ayo_data::lotto::combinatorics::choose;
use ayo_data::lotto::{potential_max_win, winnings, Balls, Bet, BetError, Multipliers};
use ayo_data::money::Kobo;
use proptest::prelude::*;
use proptest::sample::subsequence;

const DRAWN: Balls = [12, 34, 56, 78, 90];
const CAP: Kobo = Kobo::naira(10_000_000);

fn bet(bet_type: &str, numbers: &[u8]) -> Result<Bet, BetError> {
    Bet::parse(bet_type, numbers, &[], &[])
}

#[test]
fn nap1_wins_only_on_the_first_ball() -> Result<(), BetError> {
    assert_eq!(bet("NAP1", &[12])?.lines_won(&DRAWN), 1);
    for later_ball in &DRAWN[1..] {
        assert_eq!(bet("NAP1", &[*later_ball])?.lines_won(&DRAWN), 0);
    }
    assert_eq!(bet("NAP1", &[13])?.lines_won(&DRAWN), 0);
    Ok(())
}

#[test]
fn nap2_to_nap5_win_when_all_their_numbers_are_drawn_in_any_order() -> Result<(), BetError> {
    assert_eq!(bet("NAP2", &[90, 34])?.lines_won(&DRAWN), 1);
    assert_eq!(bet("NAP3", &[78, 12, 56])?.lines_won(&DRAWN), 1);
    assert_eq!(bet("NAP5", &[90, 78, 56, 34, 12])?.lines_won(&DRAWN), 1);
    assert_eq!(bet("NAP3", &[78, 12, 57])?.lines_won(&DRAWN), 0);
    assert_eq!(bet("NAP4", &[1, 2, 3, 4])?.lines_won(&DRAWN), 0);
    Ok(())
}

#[test]
fn a_perm_wins_one_line_per_combination_of_its_drawn_numbers() -> Result<(), BetError> {
    // PERM2 on 12 34 56 1 2: three drawn, so C(3, 2) = 3 pairs win.
    assert_eq!(bet("PERM2", &[12, 34, 56, 1, 2])?.lines_won(&DRAWN), 3);
    // PERM3 on all five drawn plus five more: C(5, 3) = 10.
    assert_eq!(bet("PERM3", &[12, 34, 56, 78, 90, 1, 2, 3, 4, 5])?.lines_won(&DRAWN), 10);
    // PERM4 with only three drawn wins nothing.
    assert_eq!(bet("PERM4", &[12, 34, 56, 1, 2])?.lines_won(&DRAWN), 0);
    Ok(())
}

#[test]
fn a_drawn_banker_wins_its_four_pairs_with_the_other_balls() -> Result<(), BetError> {
    assert_eq!(bet("BANKER", &[56])?.lines_won(&DRAWN), 4);
    assert_eq!(bet("BANKER", &[12])?.lines_won(&DRAWN), 4);
    assert_eq!(bet("BANKER", &[57])?.lines_won(&DRAWN), 0);
    Ok(())
}

#[test]
fn against_wins_top_drawn_times_bottom_drawn() -> Result<(), BetError> {
    let against = Bet::parse("AGAINST", &[], &[12, 34, 1], &[56, 78, 90, 2])?;
    assert_eq!(against.lines_won(&DRAWN), 2 * 3);
    let one_side = Bet::parse("AGAINST", &[], &[12, 34], &[1, 2])?;
    assert_eq!(one_side.lines_won(&DRAWN), 0);
    Ok(())
}

#[test]
fn a_win_is_lines_won_times_stake_times_the_multiplier() -> Result<(), BetError> {
    let rates = Multipliers::default();
    // NAP1 ₦100 on the first ball: ₦100 × 40.
    assert_eq!(winnings(&bet("NAP1", &[12])?, Kobo::naira(100), &DRAWN, &rates, CAP), Kobo::naira(4_000));
    // NAP2 ₦50: ₦50 × 240.
    assert_eq!(winnings(&bet("NAP2", &[12, 90])?, Kobo::naira(50), &DRAWN, &rates, CAP), Kobo::naira(12_000));
    // PERM2 at ₦10 per line with three drawn: 3 × ₦10 × 240.
    let perm = bet("PERM2", &[12, 34, 56, 1, 2])?;
    assert_eq!(winnings(&perm, Kobo::naira(10), &DRAWN, &rates, CAP), Kobo::naira(7_200));
    // BANKER at ₦5 per line: 4 × ₦5 × 240.
    assert_eq!(winnings(&bet("BANKER", &[78])?, Kobo::naira(5), &DRAWN, &rates, CAP), Kobo::naira(4_800));
    // AGAINST 2 × 3 lines at ₦20 and NAP2's rate.
    let against = Bet::parse("AGAINST", &[], &[12, 34, 1], &[56, 78, 90, 2])?;
    assert_eq!(winnings(&against, Kobo::naira(20), &DRAWN, &rates, CAP), Kobo::naira(28_800));
    // A losing ticket wins nothing.
    assert_eq!(winnings(&bet("NAP2", &[1, 2])?, Kobo::naira(50), &DRAWN, &rates, CAP), Kobo::ZERO);
    Ok(())
}

#[test]
fn edited_multipliers_are_the_ones_paid() -> Result<(), BetError> {
    let rates = Multipliers { nap3: 2_500, ..Multipliers::default() };
    let win = winnings(&bet("NAP3", &[12, 34, 56])?, Kobo::naira(50), &DRAWN, &rates, CAP);
    assert_eq!(win, Kobo::naira(125_000));
    Ok(())
}

#[test]
fn a_win_above_the_cap_is_paid_at_the_cap() -> Result<(), BetError> {
    // NAP5 at ₦50,000 would pay ₦2.2 billion.
    let nap5 = bet("NAP5", &DRAWN)?;
    let rates = Multipliers::default();
    assert_eq!(winnings(&nap5, Kobo::naira(50_000), &DRAWN, &rates, CAP), CAP);
    // A product that overflows i64 saturates to the cap instead of wrapping.
    let huge = Multipliers { nap5: u32::MAX, ..rates };
    assert_eq!(winnings(&nap5, Kobo(i64::MAX / 2), &DRAWN, &huge, CAP), CAP);
    Ok(())
}

#[test]
fn the_best_possible_win_assumes_the_best_draw() -> Result<(), BetError> {
    let rates = Multipliers::default();
    let stake = Kobo::naira(10);
    assert_eq!(potential_max_win(&bet("NAP1", &[7])?, stake, &rates, CAP), Kobo::naira(400));
    // PERM2 on 6 numbers: at most 5 drawn, C(5, 2) = 10 lines.
    let perm = bet("PERM2", &[1, 2, 3, 4, 5, 6])?;
    assert_eq!(perm.max_lines_won(), 10);
    assert_eq!(potential_max_win(&perm, stake, &rates, CAP), Kobo::naira(24_000));
    assert_eq!(bet("PERM3", &[1, 2, 3, 4])?.max_lines_won(), 4);
    assert_eq!(bet("BANKER", &[1])?.max_lines_won(), 4);
    // AGAINST 1 × 10: the top number and four bottom numbers drawn, 4 lines.
    let wide = Bet::parse("AGAINST", &[], &[1], &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11])?;
    assert_eq!(wide.max_lines_won(), 4);
    // AGAINST 3 × 3: two and three (or three and two) drawn, 6 lines.
    let square = Bet::parse("AGAINST", &[], &[1, 2, 3], &[4, 5, 6])?;
    assert_eq!(square.max_lines_won(), 6);
    assert_eq!(potential_max_win(&bet("NAP5", &[1, 2, 3, 4, 5])?, Kobo::naira(500), &rates, CAP), CAP);
    Ok(())
}

fn distinct_numbers(size: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<u8>> {
    subsequence((1..=90u8).collect::<Vec<_>>(), size).prop_shuffle()
}

fn drawn_balls() -> impl Strategy<Value = Balls> {
    distinct_numbers(5..=5).prop_map(|balls| {
        let mut drawn = [0u8; 5];
        drawn.copy_from_slice(&balls);
        drawn
    })
}

fn count_drawn(picks: &[u8], drawn: &Balls) -> u64 {
    picks.iter().filter(|pick| drawn.contains(pick)).count() as u64
}

proptest! {
    #[test]
    fn perm_lines_won_are_m_choose_k(k in 2u8..=5, numbers in distinct_numbers(6..=10), drawn in drawn_balls()) {
        let bet = Bet::parse(&format!("PERM{k}"), &numbers, &[], &[]);
        let m = count_drawn(&numbers, &drawn);
        prop_assert_eq!(bet.map(|bet| bet.lines_won(&drawn)), Ok(choose(m, u64::from(k))));
    }

    #[test]
    fn against_lines_won_are_the_product_of_drawn_counts(
        numbers in distinct_numbers(3..=30),
        split in 1usize..29,
        drawn in drawn_balls(),
    ) {
        prop_assume!(split < numbers.len());
        let (top, bottom) = numbers.split_at(split);
        let bet = Bet::parse("AGAINST", &[], top, bottom);
        let expected = count_drawn(top, &drawn) * count_drawn(bottom, &drawn);
        prop_assert_eq!(bet.map(|bet| bet.lines_won(&drawn)), Ok(expected));
    }

    #[test]
    fn nap1_wins_exactly_when_its_number_is_the_first_ball(number in 1u8..=90, drawn in drawn_balls()) {
        let won = Bet::parse("NAP1", &[number], &[], &[]).map(|bet| bet.lines_won(&drawn));
        prop_assert_eq!(won, Ok(u64::from(number == drawn[0])));
    }

    #[test]
    fn lines_won_never_exceed_the_best_case_or_the_lines_bought(
        numbers in distinct_numbers(1..=12),
        type_index in 0usize..10,
        drawn in drawn_balls(),
    ) {
        let bet_type = ayo_data::lotto::BetType::ALL[type_index].as_str();
        if let Ok(bet) = Bet::parse(bet_type, &numbers, &[], &[]) {
            prop_assert!(bet.lines_won(&drawn) <= bet.max_lines_won());
            prop_assert!(bet.max_lines_won() <= bet.lines());
        }
    }

    #[test]
    fn winnings_are_never_negative_and_never_above_the_cap(
        numbers in distinct_numbers(2..=10),
        stake in any::<i64>(),
        cap in 0i64..=i64::MAX,
        nap2 in any::<u32>(),
        drawn in drawn_balls(),
    ) {
        let rates = Multipliers { nap2, ..Multipliers::default() };
        let cap = Kobo(cap);
        if let Ok(bet) = Bet::parse("PERM2", &numbers, &[], &[]) {
            let win = winnings(&bet, Kobo(stake), &drawn, &rates, cap);
            prop_assert!(win >= Kobo::ZERO && win <= cap);
            let best = potential_max_win(&bet, Kobo(stake), &rates, cap);
            prop_assert!(win <= best && best <= cap);
        }
    }
}
