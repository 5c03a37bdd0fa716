//! Pricing a ticket under a game's stake rules: totals, minimums, maximum, and the capped best win.

use ayo_data::lotto::{price, Bet, Multipliers, StakeError, StakeRules, TicketPrice};
use ayo_data::money::Kobo;
use proptest::prelude::*;

fn priced(bet: &Bet, stake_per_line: Kobo) -> Result<TicketPrice, StakeError> {
    price(bet, stake_per_line, &StakeRules::default(), &Multipliers::default())
}

fn bet(bet_type: &str, numbers: &[u8]) -> Result<Bet, Box<dyn std::error::Error>> {
    Ok(Bet::parse(bet_type, numbers, &[], &[])?)
}

#[test]
fn a_nap_ticket_costs_at_least_fifty_naira() -> Result<(), Box<dyn std::error::Error>> {
    let nap2 = bet("NAP2", &[1, 2])?;
    assert_eq!(
        priced(&nap2, Kobo::naira(50))?,
        TicketPrice { lines: 1, total_stake: Kobo::naira(50), max_win_capped: Kobo::naira(12_000) }
    );
    let refused = priced(&nap2, Kobo(4_999));
    assert_eq!(refused, Err(StakeError::BelowNapMinimum { min: Kobo::naira(50) }));
    let message = refused.err().map(|error| error.to_string());
    assert_eq!(message.as_deref(), Some("A NAP ticket costs at least ₦50.00"));
    Ok(())
}

#[test]
fn a_perm_costs_lines_times_stake_with_at_least_five_naira_a_line() -> Result<(), Box<dyn std::error::Error>> {
    // PERM2 on 5 numbers: 10 lines at ₦5 = ₦50, the least such a ticket may cost.
    let perm = bet("PERM2", &[1, 2, 3, 4, 5])?;
    let ticket = priced(&perm, Kobo::naira(5))?;
    assert_eq!((ticket.lines, ticket.total_stake), (10, Kobo::naira(50)));
    // Best case: all five drawn, 10 pairs × ₦5 × 240.
    assert_eq!(ticket.max_win_capped, Kobo::naira(12_000));
    assert_eq!(priced(&perm, Kobo(499)), Err(StakeError::BelowLineMinimum { min: Kobo::naira(5) }));
    Ok(())
}

#[test]
fn a_small_ticket_is_told_the_stake_per_line_that_reaches_the_minimum() -> Result<(), Box<dyn std::error::Error>> {
    // PERM2 on 3 numbers: 3 lines × ₦5 = ₦15, below ₦50; ⌈₦50 / 3⌉ = ₦16.67 per line.
    let perm = bet("PERM2", &[1, 2, 3])?;
    let refused = priced(&perm, Kobo::naira(5));
    assert_eq!(
        refused,
        Err(StakeError::TotalBelowMinimum {
            lines: 3,
            stake_per_line: Kobo::naira(5),
            total: Kobo::naira(15),
            min: Kobo::naira(50),
            suggested: Kobo(1_667),
        })
    );
    assert_eq!(
        refused.err().map(|error| error.to_string()).as_deref(),
        Some("This ticket costs ₦15.00 (3 lines × ₦5.00) but the least a ticket may cost is ₦50.00; stake at least ₦16.67 per line")
    );
    assert_eq!(priced(&perm, Kobo(1_667))?.total_stake, Kobo(5_001));
    Ok(())
}

#[test]
fn no_ticket_may_cost_more_than_fifty_thousand_naira() -> Result<(), Box<dyn std::error::Error>> {
    // BANKER: 89 lines; ⌊₦50,000 / 89⌋ = ₦561.79 per line.
    let banker = bet("BANKER", &[10])?;
    assert_eq!(priced(&banker, Kobo(56_179))?.total_stake, Kobo(4_999_931));
    let refused = priced(&banker, Kobo::naira(600));
    assert_eq!(
        refused,
        Err(StakeError::TotalAboveMaximum {
            lines: 89,
            stake_per_line: Kobo::naira(600),
            max: Kobo::naira(50_000),
            suggested: Kobo(56_179),
        })
    );
    // A stake so large that the total overflows is still just "above the maximum".
    assert!(matches!(priced(&banker, Kobo(i64::MAX)), Err(StakeError::TotalAboveMaximum { .. })));
    assert_eq!(priced(&bet("NAP1", &[5])?, Kobo::naira(50_000))?.total_stake, Kobo::naira(50_000));
    assert!(priced(&bet("NAP1", &[5])?, Kobo(5_000_001)).is_err());
    Ok(())
}

#[test]
fn a_zero_or_negative_stake_is_refused() -> Result<(), Box<dyn std::error::Error>> {
    let nap = bet("NAP1", &[5])?;
    assert_eq!(priced(&nap, Kobo::ZERO), Err(StakeError::NotPositive));
    assert_eq!(priced(&nap, Kobo(-5_000)), Err(StakeError::NotPositive));
    Ok(())
}

#[test]
fn the_best_win_shown_before_purchase_is_capped() -> Result<(), Box<dyn std::error::Error>> {
    let nap5 = bet("NAP5", &[1, 2, 3, 4, 5])?;
    // ₦500 × 44,000 = ₦22,000,000, shown as the ₦10,000,000 cap.
    assert_eq!(priced(&nap5, Kobo::naira(500))?.max_win_capped, Kobo::naira(10_000_000));
    let rules = StakeRules { payout_cap: Kobo::naira(1_000_000), ..StakeRules::default() };
    let ticket = price(&nap5, Kobo::naira(50), &rules, &Multipliers::default())?;
    assert_eq!(ticket.max_win_capped, Kobo::naira(1_000_000));
    Ok(())
}

#[test]
fn a_bet_with_too_many_lines_for_the_maximum_is_told_to_pick_fewer_numbers() -> Result<(), Box<dyn std::error::Error>> {
    let tight = StakeRules { max_ticket_total: Kobo::naira(100), ..StakeRules::default() };
    let perm = bet("PERM2", &(1..=25).collect::<Vec<u8>>())?;
    let refused = price(&perm, Kobo::naira(5), &tight, &Multipliers::default());
    assert_eq!(refused, Err(StakeError::TooManyLines { lines: 300, max: Kobo::naira(100) }));
    Ok(())
}

#[test]
fn every_stake_error_is_reported_on_stake_per_line() {
    let errors = [
        StakeError::NotPositive,
        StakeError::BelowNapMinimum { min: Kobo::naira(50) },
        StakeError::BelowLineMinimum { min: Kobo::naira(5) },
        StakeError::TooManyLines { lines: 2, max: Kobo::naira(1) },
    ];
    for error in errors {
        assert_eq!(error.field(), "stake_per_line");
    }
}

proptest! {
    #[test]
    fn an_accepted_price_respects_every_default_rule(
        n in 3usize..=25,
        stake in 1i64..=6_000_000,
    ) {
        let numbers: Vec<u8> = (1..=90).take(n).collect();
        let rules = StakeRules::default();
        if let Ok(perm) = Bet::parse("PERM2", &numbers, &[], &[]) {
            if let Ok(ticket) = price(&perm, Kobo(stake), &rules, &Multipliers::default()) {
                prop_assert_eq!(ticket.lines, perm.lines());
                prop_assert_eq!(Some(ticket.total_stake), Kobo(stake).checked_mul_u64(ticket.lines));
                prop_assert!(Kobo(stake) >= rules.min_stake_per_line);
                prop_assert!(ticket.total_stake >= rules.min_ticket_total);
                prop_assert!(ticket.total_stake <= rules.max_ticket_total);
                prop_assert!(ticket.max_win_capped <= rules.payout_cap);
            }
        }
    }

    #[test]
    fn the_suggested_stake_is_itself_accepted(n in 3usize..=25, stake in 1i64..=10_000_000) {
        let numbers: Vec<u8> = (1..=90).take(n).collect();
        let rules = StakeRules::default();
        if let Ok(perm) = Bet::parse("PERM2", &numbers, &[], &[]) {
            let suggestion = match price(&perm, Kobo(stake), &rules, &Multipliers::default()) {
                Err(StakeError::TotalBelowMinimum { suggested, .. })
                | Err(StakeError::TotalAboveMaximum { suggested, .. }) => Some(suggested),
                _ => None,
            };
            if let Some(suggested) = suggestion {
                prop_assert!(price(&perm, suggested, &rules, &Multipliers::default()).is_ok());
            }
        }
    }
}
