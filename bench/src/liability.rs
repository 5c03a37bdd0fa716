//! The liability engine alone (docs/decisions/048-exact-liability.md): N tickets of mixed bet types at the default
//! odds and rules, added to one draw's liability, then its exact worst case searched for. Prints the time per
//! ticket added and the search's time; then sells 1,000 more tickets against a reserve 5 % above that worst case (so
//! most sales take the reserve's search, decision 053) and brings the exact worst case forward over their lines, as
//! the risk desk does after sales. Asserts nothing about time.

use std::time::Instant;

use ayo_data::lotto::{Bet, Multipliers, StakeRules, MAX_NUMBER};
use ayo_data::money::Kobo;
use ayo_data::risk::{picks, DrawRisk, Exposure, Liability};
use ayo_data::risk_limits::RiskLimits;
use ayo_data::ticket::Terms;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// A bet as players make them: mostly NAP2/NAP3 and small PERMs, some BANKER and AGAINST.
fn bet(rng: &mut rand::rngs::StdRng) -> Bet {
    let mut board: Vec<u8> = (1..=MAX_NUMBER).collect();
    board.shuffle(rng);
    let kind = rng.gen_range(0..100);
    match kind {
        0..=9 => Bet::Nap { numbers: board[..1].to_vec() },
        10..=39 => Bet::Nap { numbers: board[..2].to_vec() },
        40..=54 => Bet::Nap { numbers: board[..3].to_vec() },
        55..=59 => Bet::Nap { numbers: board[..4].to_vec() },
        60..=64 => Bet::Nap { numbers: board[..5].to_vec() },
        65..=79 => Bet::Perm { k: 2, numbers: board[..rng.gen_range(3..8)].to_vec() },
        80..=89 => Bet::Perm { k: 3, numbers: board[..rng.gen_range(4..8)].to_vec() },
        90..=94 => Bet::Banker { banker: board[0] },
        _ => Bet::Against { top: board[..2].to_vec(), bottom: board[2..5].to_vec() },
    }
}

pub fn run(counts: &[usize]) -> anyhow::Result<()> {
    let rates = Multipliers::default();
    let cap = StakeRules::default().payout_cap;
    for &count in counts {
        let mut rng = rand::rngs::StdRng::seed_from_u64(48);
        let tickets: Vec<(Bet, Kobo)> =
            (0..count).map(|_| (bet(&mut rng), Kobo::naira(rng.gen_range(5..=200)))).collect();
        let mut liability = Liability::new(MAX_NUMBER);
        let started = Instant::now();
        for (bet, stake) in &tickets {
            let terms = Terms { multiplier: rates.rate(bet.multiplier_key()), payout_cap: cap };
            liability.add(&Exposure::of(bet, *stake, terms, MAX_NUMBER));
        }
        let adding = started.elapsed();
        let started = Instant::now();
        let worst = liability.worst_case();
        let searching = started.elapsed();
        println!(
            "{count} tickets: add {:.2} µs/ticket, worst case {} ({:?}) found in {:.1} ms; stakes {}, expected payout {}",
            adding.as_secs_f64() * 1e6 / count.max(1) as f64,
            Kobo(worst.payout),
            worst.balls,
            searching.as_secs_f64() * 1e3,
            Kobo(liability.total_stake()),
            Kobo(liability.expected_payout()),
        );
        let mut risk = DrawRisk::new(liability);
        risk.learn(risk.version(), worst);
        let limits = RiskLimits { reserve: Some(Kobo(worst.payout + worst.payout / 20)), ..RiskLimits::default() };
        let more: Vec<(Bet, Kobo)> = (0..1_000).map(|_| (bet(&mut rng), Kobo::naira(rng.gen_range(5..=200)))).collect();
        let (mut taken, mut refused) = (0u32, 0u32);
        let started = Instant::now();
        for (bet, stake) in &more {
            let terms = Terms { multiplier: rates.rate(bet.multiplier_key()), payout_cap: cap };
            match risk.admit(&limits, &picks(bet), Exposure::of(bet, *stake, terms, MAX_NUMBER)) {
                Ok(_) => taken += 1,
                Err(_) => refused += 1,
            }
        }
        let selling = started.elapsed();
        let started = Instant::now();
        let now = risk.worst_case();
        let refreshing = started.elapsed();
        println!(
            "  then 1000 sales near a reserve of {}: {:.1} µs/sale ({taken} taken, {refused} refused); exact worst case \
             brought forward over their lines in {:.1} ms: {}",
            Kobo(worst.payout + worst.payout / 20),
            selling.as_secs_f64() * 1e6 / more.len() as f64,
            refreshing.as_secs_f64() * 1e3,
            Kobo(now.payout),
        );
    }
    Ok(())
}
