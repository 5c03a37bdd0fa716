//! Shadow settlement: a second computation of what a ticket won, written apart from `settlement` on purpose. The
//! primary counts winning lines with formulas (binomials, products); this one lists every line a bet plays and
//! checks each against the drawn balls, and multiplies in 128-bit integers. The DrawActor credits nothing until
//! both agree on every ticket of a draw (`docs/decisions/015-fairness-terms-cancellation-shadow.md`).

use super::bet::Bet;
use super::board::Balls;
use crate::money::Kobo;

/// How many of the bet's lines came out in full: every line the bet plays is listed (as the numbers that must all
/// come out for it to win) and checked against the drawn balls. NAP1 is special: its one number must be the *first*
/// ball (docs/product.md §3). Lines are walked in place, never built, so checking a million tickets allocates
/// nothing.
pub fn lines_won(bet: &Bet, drawn: &Balls) -> u64 {
    let is_drawn = |n: &u8| drawn.contains(n);
    match bet {
        Bet::Nap { numbers } if numbers.len() == 1 => u64::from(numbers[0] == drawn[0]),
        Bet::Nap { numbers } => u64::from(numbers.iter().all(is_drawn)),
        Bet::Perm { k, numbers } => subsets_drawn(numbers, usize::from(*k), true, drawn),
        Bet::Banker { banker } => {
            (1..=90u8).filter(|n| n != banker).filter(|n| is_drawn(banker) && is_drawn(n)).fold(0, |won, _| won + 1)
        }
        Bet::Against { top, bottom } => top
            .iter()
            .flat_map(|t| bottom.iter().map(move |b| (t, b)))
            .filter(|(t, b)| is_drawn(t) && is_drawn(b))
            .fold(0, |won, _| won + 1),
    }
}

/// Of the `k`-number subsets of `numbers` (each one line, extending a line whose numbers so far `all_drawn` says
/// came out), how many came out in full.
fn subsets_drawn(numbers: &[u8], k: usize, all_drawn: bool, drawn: &Balls) -> u64 {
    if k == 0 {
        return u64::from(all_drawn);
    }
    let mut won = 0u64;
    for (i, first) in numbers.iter().enumerate() {
        won = won.saturating_add(subsets_drawn(&numbers[i + 1..], k - 1, all_drawn && drawn.contains(first), drawn));
    }
    won
}

/// Lines won and what they pay: lines × stake per line × multiplier, never below zero nor above `cap`.
pub fn outcome(bet: &Bet, stake_per_line: Kobo, drawn: &Balls, multiplier: u32, cap: Kobo) -> (u64, Kobo) {
    let won = lines_won(bet, drawn);
    let gross = i128::from(won) * i128::from(stake_per_line.as_i64().max(0)) * i128::from(multiplier);
    let paid = gross.clamp(0, i128::from(cap.as_i64().max(0)));
    (won, Kobo(i64::try_from(paid).unwrap_or(i64::MAX)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lotto::settlement;
    use proptest::prelude::*;

    fn any_bet() -> impl Strategy<Value = Bet> {
        let picks = |min: usize, max: usize| proptest::sample::subsequence((1..=90u8).collect::<Vec<_>>(), min..=max);
        prop_oneof![
            (1usize..=5).prop_flat_map(move |n| picks(n, n)).prop_map(|numbers| Bet::Nap { numbers }),
            (2u8..=5)
                .prop_flat_map(move |k| (Just(k), picks(usize::from(k) + 1, 10)))
                .prop_map(|(k, numbers)| Bet::Perm { k, numbers }),
            (1..=90u8).prop_map(|banker| Bet::Banker { banker }),
            picks(2, 8).prop_map(|all| {
                let (top, bottom) = all.split_at(all.len() / 2);
                Bet::Against { top: top.to_vec(), bottom: bottom.to_vec() }
            }),
        ]
    }

    fn any_draw() -> impl Strategy<Value = Balls> {
        proptest::sample::subsequence((1..=90u8).collect::<Vec<_>>(), 5)
            .prop_shuffle()
            .prop_map(|v| [v[0], v[1], v[2], v[3], v[4]])
    }

    proptest! {
        #[test]
        fn the_shadow_agrees_with_the_primary_on_every_valid_bet(
            bet in any_bet(), drawn in any_draw(), stake in 1i64..=100_000, rate in 1u32..=50_000,
            cap in 0i64..=10_000_000_000,
        ) {
            prop_assume!(bet.validate().is_ok());
            let primary = settlement::outcome_at(&bet, Kobo(stake), &drawn, rate, Kobo(cap));
            prop_assert_eq!(outcome(&bet, Kobo(stake), &drawn, rate, Kobo(cap)), primary);
        }
    }

    #[test]
    fn nap1_wins_on_the_first_ball_only_and_a_banker_with_each_other_ball() {
        let drawn = [7, 1, 2, 3, 4];
        assert_eq!(lines_won(&Bet::Nap { numbers: vec![7] }, &drawn), 1);
        assert_eq!(lines_won(&Bet::Nap { numbers: vec![1] }, &drawn), 0);
        assert_eq!(lines_won(&Bet::Banker { banker: 2 }, &drawn), 4);
        assert_eq!(lines_won(&Bet::Perm { k: 2, numbers: vec![1, 2, 3, 50] }, &drawn), 3);
    }
}
