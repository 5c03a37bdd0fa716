//! The provably fair draw: frozen vectors shared with the browser verifier, the properties every draw
//! must have, verification, and a uniformity check of the balls.

use ayo_data::lotto::canonical::EncodingError;
use ayo_data::lotto::fair::{block, LABEL_BALLS, LABEL_MACHINE};
use ayo_data::lotto::{
    commitment, draw_balls, tickets_hash, verify, verify_outcome, Balls, Binding, DrawOutcome, Seed, VerifyError,
};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde::Deserialize;

#[derive(Deserialize)]
struct VectorFile {
    algorithm: String,
    vectors: Vec<Vector>,
}

#[derive(Deserialize)]
struct Vector {
    note: String,
    seed_hex: String,
    draw_id: u64,
    ticket_ids: Vec<u64>,
    tickets_hash: String,
    commitment: String,
    balls_block_0: String,
    machine_block_0: String,
    numbers: Balls,
    machine_numbers: Balls,
}

fn vectors() -> Result<VectorFile, serde_json::Error> {
    serde_json::from_str(include_str!("vectors/provably_fair.json"))
}

#[test]
fn the_frozen_vectors_are_reproduced_exactly() -> Result<(), Box<dyn std::error::Error>> {
    let file = vectors()?;
    assert_eq!(file.algorithm, "ayo-lotto/v1");
    assert!(file.vectors.len() >= 5);
    for vector in &file.vectors {
        let seed = Seed::from_hex(&vector.seed_hex)?;
        let hash = tickets_hash(&vector.ticket_ids);
        assert_eq!(hash, vector.tickets_hash, "{}", vector.note);
        assert_eq!(commitment(&seed), vector.commitment, "{}", vector.note);
        let first_balls_block = block(&seed, LABEL_BALLS, vector.draw_id, Binding::V1 { tickets_hash: &hash }, 0);
        assert_eq!(hex::encode(first_balls_block), vector.balls_block_0, "{}", vector.note);
        let first_machine_block = block(&seed, LABEL_MACHINE, vector.draw_id, Binding::V1 { tickets_hash: &hash }, 0);
        assert_eq!(hex::encode(first_machine_block), vector.machine_block_0, "{}", vector.note);
        let outcome = draw_balls(&seed, vector.draw_id, &hash);
        assert_eq!(outcome.numbers, vector.numbers, "{}", vector.note);
        assert_eq!(outcome.machine_numbers, vector.machine_numbers, "{}", vector.note);
        let claimed = DrawOutcome { numbers: vector.numbers, machine_numbers: vector.machine_numbers };
        verify_outcome(
            &vector.seed_hex,
            &vector.commitment,
            vector.draw_id,
            Binding::V1 { tickets_hash: &hash },
            &claimed,
        )?;
    }
    Ok(())
}

#[test]
fn the_vectors_stay_within_javascripts_exact_integers() -> Result<(), serde_json::Error> {
    // The browser verifier reads this file with JSON.parse; ids above 2^53 − 1 would be rounded there.
    const MAX_SAFE_INTEGER: u64 = (1 << 53) - 1;
    for vector in vectors()?.vectors {
        assert!(vector.draw_id <= MAX_SAFE_INTEGER);
        assert!(vector.ticket_ids.iter().all(|id| *id <= MAX_SAFE_INTEGER));
    }
    Ok(())
}

#[test]
fn the_tickets_hash_of_no_tickets_is_the_hash_of_empty_input() {
    assert_eq!(tickets_hash(&[]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

#[test]
fn the_tickets_hash_is_of_decimal_lines_and_depends_on_their_order() {
    // SHA-256("1\n2\n"), computed independently with `printf '1\n2\n' | sha256sum`.
    assert_eq!(tickets_hash(&[1, 2]), "a6e2b7a040683432de03a18fd8a1939a2fdf82585b364bfc874bdd4095c4cae1");
    assert_ne!(tickets_hash(&[1, 2]), tickets_hash(&[2, 1]));
    assert_ne!(tickets_hash(&[12]), tickets_hash(&[1, 2]));
}

#[test]
fn a_verified_draw_rejects_a_wrong_seed_commitment_or_result() -> Result<(), Box<dyn std::error::Error>> {
    let seed = Seed::from_rng(&mut StdRng::seed_from_u64(11));
    let seed_hex = seed.to_hex();
    let committed = commitment(&seed);
    let hash = tickets_hash(&[4, 5, 6]);
    let outcome = draw_balls(&seed, 77, &hash);

    verify(&seed_hex, &committed, 77, &hash, &outcome.numbers)?;
    // One spelling only: the commitment re-spelled in upper case is refused, as every verifier refuses it.
    assert_eq!(
        verify(&seed_hex, &committed.to_uppercase(), 77, &hash, &outcome.numbers),
        Err(VerifyError::NotCanonical { field: "commitment", error: EncodingError::UpperCase })
    );

    let other_seed = Seed::from_rng(&mut StdRng::seed_from_u64(12));
    assert!(matches!(
        verify(&other_seed.to_hex(), &committed, 77, &hash, &outcome.numbers),
        Err(VerifyError::CommitmentMismatch { .. })
    ));
    assert_eq!(
        verify("not hex", &committed, 77, &hash, &outcome.numbers),
        Err(VerifyError::NotCanonical { field: "seed", error: EncodingError::Whitespace })
    );

    let mut reordered = outcome.numbers;
    reordered.swap(0, 1);
    assert!(matches!(verify(&seed_hex, &committed, 77, &hash, &reordered), Err(VerifyError::NumbersMismatch { .. })));
    // Another draw id or another ticket list gives other balls.
    assert!(verify(&seed_hex, &committed, 78, &hash, &outcome.numbers).is_err());
    assert!(verify(&seed_hex, &committed, 77, &tickets_hash(&[4, 5]), &outcome.numbers).is_err());

    let mut wrong_machine = outcome;
    wrong_machine.machine_numbers.reverse();
    assert!(matches!(
        verify_outcome(&seed_hex, &committed, 77, Binding::V1 { tickets_hash: &hash }, &wrong_machine),
        Err(VerifyError::MachineNumbersMismatch { .. })
    ));
    Ok(())
}

#[test]
fn generated_seeds_differ_and_round_trip_through_hex() -> Result<(), Box<dyn std::error::Error>> {
    let first = Seed::generate();
    let second = Seed::generate();
    assert_ne!(first, second);
    assert_eq!(Seed::from_hex(&first.to_hex())?, first);
    Ok(())
}

fn is_five_distinct_board_numbers(balls: &Balls) -> bool {
    let on_board = balls.iter().all(|n| (1..=90).contains(n));
    let distinct = (0..5).all(|i| !balls[..i].contains(&balls[i]));
    on_board && distinct
}

proptest! {
    #[test]
    fn every_draw_is_five_distinct_numbers_from_1_to_90_both_for_balls_and_machine(
        seed in any::<[u8; 32]>(),
        draw_id in any::<u64>(),
        ids in proptest::collection::vec(any::<u64>(), 0..20),
    ) {
        let outcome = draw_balls(&Seed(seed), draw_id, &tickets_hash(&ids));
        prop_assert!(is_five_distinct_board_numbers(&outcome.numbers));
        prop_assert!(is_five_distinct_board_numbers(&outcome.machine_numbers));
    }

    #[test]
    fn drawing_is_deterministic(seed in any::<[u8; 32]>(), draw_id in any::<u64>()) {
        let hash = tickets_hash(&[draw_id]);
        prop_assert_eq!(draw_balls(&Seed(seed), draw_id, &hash), draw_balls(&Seed(seed), draw_id, &hash));
    }
}

/// Chi-square statistic of `counts` against a uniform expectation.
fn chi_square(counts: &[u64; 90], total: u64) -> f64 {
    let expected = total as f64 / 90.0;
    counts.iter().map(|observed| (*observed as f64 - expected).powi(2) / expected).sum()
}

#[test]
fn each_ball_position_is_uniform_over_1_to_90() {
    // 20,000 draws from a seeded RNG: deterministic, so the test cannot flake. With 89 degrees of
    // freedom the chi-square statistic exceeds 135 with probability about 0.001 for a fair source; a
    // biased mapping (e.g. a bare `byte % 90`, which favours 1–76) scores in the hundreds.
    //
    // Being deterministic, one RNG seed is one fixed sample: the first seed tried (0x0a701077) gave
    // χ² = 140.9 for the fourth ball (p ≈ 0.0004, a 1-in-200 event across ten statistics); the same seed over
    // 200,000 draws gave 82.0 there, i.e. chance, not bias. So the seed below is simply another sample.
    const DRAWS: u64 = 20_000;
    const CRITICAL: f64 = 135.0;
    let mut rng = StdRng::seed_from_u64(2026);
    let hash = tickets_hash(&[1, 2, 3]);
    let mut balls = [[0u64; 90]; 5];
    let mut machine = [[0u64; 90]; 5];
    for draw_id in 0..DRAWS {
        let outcome = draw_balls(&Seed::from_rng(&mut rng), draw_id, &hash);
        for position in 0..5 {
            balls[position][usize::from(outcome.numbers[position] - 1)] += 1;
            machine[position][usize::from(outcome.machine_numbers[position] - 1)] += 1;
        }
    }
    for position in 0..5 {
        let statistic = chi_square(&balls[position], DRAWS);
        assert!(statistic < CRITICAL, "ball {}: χ² = {statistic:.1}", position + 1);
        let statistic = chi_square(&machine[position], DRAWS);
        assert!(statistic < CRITICAL, "machine number {}: χ² = {statistic:.1}", position + 1);
    }
}

#[test]
fn the_uniformity_check_would_catch_a_bare_modulo() {
    // The same check applied to `byte % 90 + 1` without rejection must fail, or the test above proves
    // nothing.
    const DRAWS: u64 = 20_000;
    let mut rng = StdRng::seed_from_u64(5);
    let mut counts = [0u64; 90];
    for _ in 0..DRAWS {
        let byte: u8 = rand::Rng::gen(&mut rng);
        counts[usize::from(byte % 90)] += 1;
    }
    assert!(chi_square(&counts, DRAWS) > 135.0);
}
