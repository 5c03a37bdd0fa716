//! A draw's liability (`ayo_data::risk`) against the truth: on a small board (8–12 numbers, so every result can be
//! checked), the worst case the search finds is the largest total that settlement itself would pay over every
//! ordered result, for every bet type, with and without payout caps that bind; every result's payout and the
//! expected payout agree with settlement too; and taking a ticket away leaves what the others alone would owe. The
//! search restricted to the results holding some numbers, and the incremental rule a sale is checked by (the new
//! worst case is the old one or the best result holding one of the new ticket's lines, decision 053), are checked
//! against every result the same way, and no sale passes the reserve whatever the search's budget.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use ayo_data::lotto::combinatorics::choose;
use ayo_data::lotto::{outcome_at, Bet};
use ayo_data::money::Kobo;
use ayo_data::risk::{picks, DrawRisk, Exposure, Found, Liability};
use ayo_data::risk_limits::RiskLimits;
use ayo_data::ticket::Terms;
use proptest::prelude::*;

mod common;
use common::bets::{bet_of, shuffled};

#[derive(Debug, Clone)]
struct Sold {
    bet: Bet,
    stake_per_line: Kobo,
    terms: Terms,
}

fn sold() -> impl Strategy<Value = (usize, u64, usize, i64, u32, i64)> {
    // kind, seed, size, stake per line, multiplier, cap (small caps bind often)
    (0usize..11, any::<u64>(), 0usize..40, 1i64..400, 1u32..3_000, prop_oneof![1i64..2_000, 10_000i64..10_000_000])
}

fn build(n: u8, raw: &[(usize, u64, usize, i64, u32, i64)]) -> Vec<Sold> {
    raw.iter()
        .map(|(kind, seed, size, spl, multiplier, cap)| Sold {
            bet: bet_of(*kind, n, *seed, *size),
            stake_per_line: Kobo(*spl),
            terms: Terms { multiplier: *multiplier, payout_cap: Kobo(*cap) },
        })
        .collect()
}

fn liability_of(n: u8, tickets: &[Sold]) -> Liability {
    let mut liability = Liability::new(n);
    for t in tickets {
        liability.add(&Exposure::of(&t.bet, t.stake_per_line, t.terms, n));
    }
    liability
}

/// Every ordered result on a board of n: each set of five with each of its balls first.
fn every_result(n: u8, visit: &mut dyn FnMut([u8; 5])) {
    for a in 1..=n {
        for b in a + 1..=n {
            for c in b + 1..=n {
                for d in c + 1..=n {
                    for e in d + 1..=n {
                        let set = [a, b, c, d, e];
                        for first in 0..5 {
                            let mut balls = set;
                            balls.swap(0, first);
                            visit(balls);
                        }
                    }
                }
            }
        }
    }
}

fn settled(tickets: &[Sold], balls: &[u8; 5]) -> i64 {
    tickets
        .iter()
        .map(|t| outcome_at(&t.bet, t.stake_per_line, balls, t.terms.multiplier, t.terms.payout_cap).1.as_i64())
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn the_worst_case_is_the_most_settlement_would_pay_over_every_result(
        n in 8u8..=12,
        raw in prop::collection::vec(sold(), 1..10),
    ) {
        let tickets = build(n, &raw);
        let liability = liability_of(n, &tickets);
        prop_assert!(liability.is_exact());
        let mut most = 0i64;
        let mut sum = 0i128;
        let mut results = 0i128;
        every_result(n, &mut |balls| {
            let truth = settled(&tickets, &balls);
            assert_eq!(liability.payout_of(&balls), truth, "result {balls:?}");
            most = most.max(truth);
            sum += i128::from(truth);
            results += 1;
        });
        let worst = liability.worst_case();
        prop_assert_eq!(worst.payout, most);
        prop_assert_eq!(settled(&tickets, &worst.balls), most, "the named result pays the worst case");
        let expected = (sum as f64 / results as f64).round() as i64;
        prop_assert!((liability.expected_payout() - expected).abs() <= 1, "{} vs {expected}", liability.expected_payout());
        prop_assert_eq!(results, i128::from(choose(u64::from(n), 5) as u32) * 5);
    }

    #[test]
    fn taking_a_ticket_away_leaves_what_the_others_alone_owe(
        n in 8u8..=10,
        raw in prop::collection::vec(sold(), 2..8),
    ) {
        let tickets = build(n, &raw);
        let mut liability = liability_of(n, &tickets);
        let (gone, kept) = tickets.split_first().unwrap();
        liability.remove(&Exposure::of(&gone.bet, gone.stake_per_line, gone.terms, n));
        let others = liability_of(n, kept);
        prop_assert_eq!(liability.worst_case().payout, others.worst_case().payout);
        prop_assert_eq!(liability.total_stake(), others.total_stake());
        every_result(n, &mut |balls| assert_eq!(liability.payout_of(&balls), others.payout_of(&balls)));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_sequence_of_sales_takes_a_draw_past_its_limits(
        n in 8u8..=11,
        raw in prop::collection::vec(sold(), 1..25),
        (reserve, riding, staked) in (0i64..400_000, 0i64..200_000, 0i64..20_000),
    ) {
        let tickets = build(n, &raw);
        let limits = RiskLimits {
            reserve: Some(Kobo(reserve)),
            max_number_payout: Some(Kobo(riding)),
            max_combination_payout: Some(Kobo(riding)),
            max_stake_per_number: Some(Kobo(staked)),
        };
        let mut risk = DrawRisk::new(Liability::new(n));
        let mut sold = Vec::new();
        for t in &tickets {
            let exposure = Exposure::of(&t.bet, t.stake_per_line, t.terms, n);
            if risk.admit(&limits, &picks(&t.bet), exposure).is_ok() {
                sold.push(t.clone());
            }
        }
        prop_assert_eq!(risk.liability.tickets(), sold.len() as u64, "a refused sale leaves nothing behind");
        let mut most = 0i64;
        every_result(n, &mut |balls| most = most.max(settled(&sold, &balls)));
        prop_assert!(most <= reserve, "worst case {most} above the reserve {reserve}");
        prop_assert_eq!(risk.worst_case().payout, most);
        for number in 1..=n {
            prop_assert!(risk.liability.stake_on(number) <= staked);
            prop_assert!(risk.liability.number_payout(number) <= riding);
        }
        for size in 2..=5 {
            for (_, payout) in risk.liability.heaviest(size, 1) {
                prop_assert!(payout <= riding);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_best_result_holding_given_numbers_is_the_most_any_of_them_pays(
        n in 8u8..=11,
        raw in prop::collection::vec(sold(), 1..10),
        (seed, count) in (any::<u64>(), 0usize..=3),
    ) {
        let tickets = build(n, &raw);
        let liability = liability_of(n, &tickets);
        let mut forced = shuffled(n, seed)[..count].to_vec();
        forced.sort_unstable();
        let mut most = -1i64;
        every_result(n, &mut |balls| {
            if forced.iter().all(|f| balls.contains(f)) {
                most = most.max(settled(&tickets, &balls));
            }
        });
        match liability.best_holding(&forced, -1, u64::MAX) {
            Found::Above(best) => {
                prop_assert_eq!(best.payout, most);
                prop_assert!(forced.iter().all(|f| best.balls.contains(f)), "{:?} holds {:?}", best.balls, forced);
                prop_assert_eq!(settled(&tickets, &best.balls), most, "the named result pays it");
            }
            other => prop_assert!(false, "nothing found: {other:?}"),
        }
        // Asked only above what the best pays, it finds nothing.
        prop_assert_eq!(liability.best_holding(&forced, most, u64::MAX), Found::NoneAbove);
    }

    #[test]
    fn after_a_sale_the_worst_case_is_the_old_one_or_the_best_result_holding_one_of_its_lines(
        n in 8u8..=11,
        raw in prop::collection::vec(sold(), 2..12),
    ) {
        let tickets = build(n, &raw);
        let (new, old) = tickets.split_last().unwrap();
        let mut liability = liability_of(n, old);
        let before = liability.worst_case().payout;
        let exposure = Exposure::of(&new.bet, new.stake_per_line, new.terms, n);
        liability.add(&exposure);
        let mut most = 0i64;
        every_result(n, &mut |balls| most = most.max(settled(&tickets, &balls)));
        let incremental = match liability.best_holding_any(&exposure.lines(), before, u64::MAX) {
            Found::Above(best) => {
                prop_assert_eq!(settled(&tickets, &best.balls), best.payout, "the named result pays it");
                best.payout
            }
            Found::NoneAbove => before,
            Found::OutOfBudget { .. } => unreachable!("no budget was set"),
        };
        prop_assert_eq!(incremental, most);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_sale_passes_the_reserve_whatever_the_search_budget_and_with_enough_no_refusal_is_needless(
        n in 8u8..=11,
        raw in prop::collection::vec(sold(), 1..25),
        reserve in 0i64..2_000_000,
        budget in prop_oneof![0u64..4, Just(u64::MAX)],
    ) {
        let tickets = build(n, &raw);
        let limits = RiskLimits { reserve: Some(Kobo(reserve)), ..RiskLimits::default() };
        let mut risk = DrawRisk::new(Liability::new(n));
        let mut sold: Vec<Sold> = Vec::new();
        for t in &tickets {
            let exposure = Exposure::of(&t.bet, t.stake_per_line, t.terms, n);
            if risk.admit_within(&limits, &picks(&t.bet), exposure, budget).is_ok() {
                sold.push(t.clone());
            } else if budget == u64::MAX {
                let mut with = sold.clone();
                with.push(t.clone());
                let mut most = 0i64;
                every_result(n, &mut |balls| most = most.max(settled(&with, &balls)));
                prop_assert!(most > reserve, "refused though the worst case would be {most}, within {reserve}");
            }
        }
        let mut most = 0i64;
        every_result(n, &mut |balls| most = most.max(settled(&sold, &balls)));
        prop_assert!(most <= reserve, "worst case {most} above the reserve {reserve}");
        prop_assert_eq!(risk.worst_case().payout, most);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The risk desk's search runs on a copy while sales go on (decision 053): one at a time per draw, and what it
    /// finds, learnt after more sales or after a sale taken back, still leads to the exact worst case of the draw
    /// as it now is, and the running bound stays at least that.
    #[test]
    fn a_search_finishing_after_more_sales_still_gives_the_exact_worst_case(
        n in 8u8..=11,
        raw in prop::collection::vec(sold(), 2..20),
        split in 0usize..20,
        take_back in 0usize..3,
        reserve in prop_oneof![Just(None), (0i64..2_000_000).prop_map(Some)],
    ) {
        let tickets = build(n, &raw);
        let split = split.min(tickets.len());
        let limits = RiskLimits { reserve: reserve.map(Kobo), ..RiskLimits::default() };
        let mut risk = DrawRisk::new(Liability::new(n));
        let mut sold: Vec<Sold> = Vec::new();
        let mut taken = Vec::new();
        for t in &tickets[..split] {
            if let Ok(admitted) = risk.admit(&limits, &picks(&t.bet), Exposure::of(&t.bet, t.stake_per_line, t.terms, n)) {
                sold.push(t.clone());
                taken.push(admitted);
            }
        }
        // 1: a sale from before the search is taken back while it runs (its copy holds it).
        if take_back == 1 && !taken.is_empty() {
            let (plan, mark) = risk.begin_search().expect("no search runs yet");
            let copy = risk.liability.clone();
            risk.undo(taken.pop().unwrap());
            sold.pop();
            risk.finish_search(mark, plan.run(&copy));
        }
        let (plan, mark) = risk.begin_search().expect("no search runs yet");
        prop_assert!(risk.begin_search().is_none(), "one search at a time");
        let copy = risk.liability.clone();
        let mut last = None;
        for t in &tickets[split..] {
            let exposure = Exposure::of(&t.bet, t.stake_per_line, t.terms, n);
            if let Ok(admitted) = risk.admit(&limits, &picks(&t.bet), exposure) {
                sold.push(t.clone());
                last = Some(admitted);
            }
        }
        // 2: the last sale made during the search is taken back (its copy does not hold it).
        if take_back == 2 {
            if let Some(admitted) = last {
                risk.undo(admitted);
                sold.pop();
            }
        }
        risk.finish_search(mark, plan.run(&copy));
        prop_assert!(!risk.is_searching());
        let mut most = 0i64;
        every_result(n, &mut |balls| most = most.max(settled(&sold, &balls)));
        prop_assert!(risk.bound() >= most, "bound {} below the worst case {most}", risk.bound());
        prop_assert_eq!(risk.worst_case().payout, most);
    }
}

#[test]
fn a_nap2_pair_carries_its_payout_and_its_stake() {
    let mut liability = Liability::new(90);
    let terms = Terms { multiplier: 240, payout_cap: Kobo::naira(10_000_000) };
    let bet = Bet::parse("NAP2", &[7, 21], &[], &[]).unwrap();
    liability.add(&Exposure::of(&bet, Kobo::naira(100), terms, 90));
    assert_eq!(liability.weight(ayo_data::risk::Combo::of(&[21, 7])), Kobo::naira(24_000).as_i64());
    assert_eq!(liability.stake_on(7), Kobo::naira(100).as_i64());
    assert_eq!(liability.worst_case().payout, Kobo::naira(24_000).as_i64());
    assert_eq!(liability.heaviest(2, 3).len(), 1);
}

/// The most any set of five pays, each with its worst first ball, over every set of the board (`payout_of` is
/// checked against settlement above).
fn most_over_every_set(liability: &Liability) -> i64 {
    let n = liability.balls();
    let mut most = i64::MIN;
    every_result(n, &mut |balls| most = most.max(liability.payout_of(&balls)));
    most
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// The whole-draw sweep (decision 057) on boards dense with weights, where it skips sets by its row bounds and
    /// shares the first numbers between threads: it still finds the most any result pays, with every bet type,
    /// caps that bind (negative corrections) and NAP1; and asked above a floor it answers only what beats it.
    #[test]
    fn the_sweep_finds_the_worst_case_of_a_board_dense_with_weights(
        n in 12u8..=14,
        raw in prop::collection::vec(sold(), 40..120),
    ) {
        let tickets = build(n, &raw);
        let liability = liability_of(n, &tickets);
        let most = most_over_every_set(&liability);
        let worst = liability.worst_case();
        prop_assert_eq!(worst.payout, most.max(0));
        prop_assert_eq!(liability.payout_of(&worst.balls), worst.payout, "the named result pays it");
        prop_assert_eq!(liability.best_holding(&[], most, u64::MAX), Found::NoneAbove);
        match liability.best_holding(&[], most - 1, u64::MAX) {
            Found::Above(found) => prop_assert_eq!(found.payout, most),
            other => prop_assert!(false, "nothing found above {}: {other:?}", most - 1),
        }
    }
}
