//! The published test vectors of scheme `ayo-lotto/v2` (docs/vectors/ayo-lotto-v2.json), written by the real
//! functions: draws, Merkle trees over real tickets of every bet type, what each of those tickets wins, and the
//! `refused` cases — draws whose one field is re-spelled (upper case, whitespace, wrong length, not hex), with the
//! balls the re-spelled text would give, so that only the encoding rule can refuse them. Every verifier (the CLI, the
//! browser, docs/vectors/check_v2.py) reads the same file. `AYO_WRITE_VECTORS=1` rewrites it; otherwise this test
//! fails when the file drifts from what the functions produce.

use chrono::{TimeZone, Utc};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use ayo_data::lotto::canonical::parse_hex32;
use ayo_data::lotto::{draw_balls_bound, outcome_at, witness_commitment, Balls, Bet, Binding, Multipliers, Seed};
use ayo_data::merkle::{self, Hash};
use ayo_data::money::Kobo;
use ayo_data::signed_receipt::{signed_text, verify, ReceiptKey};
use ayo_data::ticket::{Terms, TicketCard};

/// The draw every ticket of the vectors is on.
const DRAW: u64 = 42;
/// The pseudonym key of the vectors' installation.
const PSEUDONYM_KEY: [u8; 32] = [0x5a; 32];
const CAP: Kobo = Kobo(500_000_000);

/// One ticket of every bet type (and a second NAP1, to show it pays on the first ball only, and a capped PERM2).
fn tickets() -> Vec<(TicketCard, Terms)> {
    let bets: Vec<(Bet, i64, Kobo)> = vec![
        (Bet::Nap { numbers: vec![7] }, 5_000, CAP),
        (Bet::Nap { numbers: vec![21] }, 5_000, CAP),
        (Bet::Nap { numbers: vec![7, 21] }, 5_000, CAP),
        (Bet::Nap { numbers: vec![7, 21, 35] }, 5_000, CAP),
        (Bet::Nap { numbers: vec![7, 21, 35, 49] }, 5_000, CAP),
        (Bet::Nap { numbers: vec![7, 21, 35, 49, 63] }, 5_000, CAP),
        (Bet::Perm { k: 2, numbers: vec![7, 21, 35, 80] }, 2_000, Kobo(1_000_000)),
        (Bet::Perm { k: 3, numbers: vec![7, 21, 35, 49, 80] }, 1_000, CAP),
        (Bet::Perm { k: 4, numbers: vec![7, 21, 35, 49, 63, 80] }, 1_000, CAP),
        (Bet::Perm { k: 5, numbers: vec![7, 21, 35, 49, 63, 80] }, 1_000, CAP),
        (Bet::Banker { banker: 21 }, 100, CAP),
        (Bet::Against { top: vec![7, 21, 1], bottom: vec![35, 2] }, 1_000, CAP),
    ];
    let rates = Multipliers::default();
    bets.into_iter()
        .enumerate()
        .map(|(i, (bet, stake, cap))| {
            let lines = bet.lines();
            let stake_per_line = Kobo(stake);
            let total_stake = Kobo(stake * lines as i64);
            let terms = Terms { multiplier: rates.rate(bet.multiplier_key()), payout_cap: cap };
            let card = TicketCard {
                id: 1000 + i as u64,
                user_id: 7 + (i as u64 % 3),
                bet,
                stake_per_line,
                lines,
                total_stake,
                max_win: Kobo::ZERO,
                created_at: Utc.timestamp_opt(0, 0).single().unwrap_or_default(),
                terms: Some(terms),
            };
            (card, terms)
        })
        .collect()
}

fn leaf_data(card: &TicketCard, terms: Terms) -> String {
    merkle::leaf_data(DRAW, card, &merkle::pseudonym(&PSEUDONYM_KEY, card.user_id), terms)
}

/// The balls each ticket is paid against: every ticket wins, NAP1 wins only when its number comes first, and
/// nothing wins.
const DRAWN: [Balls; 3] = [[7, 21, 35, 49, 63], [21, 7, 35, 49, 63], [1, 2, 3, 4, 5]];

fn payouts(tickets: &[(TicketCard, Terms)]) -> Vec<Value> {
    tickets
        .iter()
        .map(|(card, terms)| {
            let spec = card.bet.to_spec();
            let results: Vec<Value> = DRAWN
                .iter()
                .map(|drawn| {
                    let (lines_won, winnings) =
                        outcome_at(&card.bet, card.stake_per_line, drawn, terms.multiplier, terms.payout_cap);
                    json!({ "drawn": drawn, "lines_won": lines_won, "winnings": winnings.as_i64() })
                })
                .collect();
            json!({
                "bet_type": spec.bet_type,
                "leaf_data": leaf_data(card, *terms),
                "lines": card.lines,
                "stake_per_line": card.stake_per_line.as_i64(),
                "multiplier": terms.multiplier,
                "payout_cap": terms.payout_cap.as_i64(),
                "results": results,
            })
        })
        .collect()
}

fn merkle_case(data: &[String]) -> Value {
    let leaves: Vec<Hash> = data.iter().map(|d| merkle::leaf_hash(d.as_bytes())).collect();
    let proofs: Vec<Value> = (0..leaves.len())
        .map(|i| {
            let path: Vec<String> = merkle::proof(&leaves, i).unwrap_or_default().iter().map(hex::encode).collect();
            json!({ "index": i, "leaf": hex::encode(leaves[i]), "proof": path })
        })
        .collect();
    json!({ "leaves_data": data, "root": hex::encode(merkle::root(&leaves)), "proofs": proofs })
}

/// A draw as published, computed with the texts given (which the `refused` cases re-spell): the commitments are
/// over the bytes, the balls over the texts, exactly as the functions do.
#[derive(Clone)]
struct DrawTexts {
    draw_id: u64,
    seed: String,
    commitment: String,
    tickets_root: String,
    witness_secret: Option<String>,
    witness_commitment: Option<String>,
    tree: usize,
}

impl DrawTexts {
    fn honest(draw_id: u64, seed: [u8; 32], witness: Option<[u8; 32]>, tree: usize, root: &str) -> DrawTexts {
        let seed = Seed(seed);
        let witness_secret = witness.map(hex::encode);
        DrawTexts {
            draw_id,
            commitment: seed.commitment(),
            seed: seed.to_hex(),
            tickets_root: root.to_string(),
            witness_commitment: witness_secret.as_deref().and_then(witness_commitment),
            witness_secret,
            tree,
        }
    }

    fn json(&self) -> Value {
        // The HMAC key is the seed's bytes however it is spelled; a seed that is not hex at all keys nothing.
        let seed = parse_hex32(&self.seed.trim().to_ascii_lowercase()).map(Seed).unwrap_or(Seed([0; 32]));
        let binding = Binding::V2 {
            tickets_root: &self.tickets_root,
            witness_secret: self.witness_secret.as_deref().unwrap_or(""),
        };
        let outcome = draw_balls_bound(&seed, self.draw_id, binding);
        json!({
            "draw_id": self.draw_id,
            "seed": self.seed,
            "commitment": self.commitment,
            "tickets_root": self.tickets_root,
            "tree": self.tree,
            "witness_secret": self.witness_secret,
            "witness_commitment": self.witness_commitment,
            "numbers": outcome.numbers,
            "machine_numbers": outcome.machine_numbers,
        })
    }
}

fn sha256(text: &str) -> [u8; 32] {
    Sha256::digest(text.as_bytes()).into()
}

/// The re-spellings every verifier must refuse, each of one field of `base`.
fn refused(base: &DrawTexts) -> Vec<Value> {
    let secret = base.witness_secret.clone().unwrap_or_default();
    let first_letter_up = |text: &str| {
        let at = text.find(|c: char| c.is_ascii_lowercase()).unwrap_or(0);
        format!("{}{}{}", &text[..at], text[at..at + 1].to_ascii_uppercase(), &text[at + 1..])
    };
    type Respell = fn(&mut DrawTexts, String);
    let cases: Vec<(&str, &str, String, Respell)> = vec![
        ("witness.secret", "one letter in upper case", first_letter_up(&secret), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "all in upper case", secret.to_ascii_uppercase(), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "a space before it", format!(" {secret}"), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "a line feed after it", format!("{secret}\n"), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "one byte short", secret[..62].to_string(), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "one byte too long", format!("{secret}00"), |d, t| d.witness_secret = Some(t)),
        ("witness.secret", "a character that is not hex", format!("{}g", &secret[..63]), |d, t| {
            d.witness_secret = Some(t)
        }),
        ("seed", "in upper case", base.seed.to_ascii_uppercase(), |d, t| d.seed = t),
        ("seed", "a space after it", format!("{} ", base.seed), |d, t| d.seed = t),
        ("commitment", "in upper case", base.commitment.to_ascii_uppercase(), |d, t| d.commitment = t),
        ("tickets_root", "one letter in upper case", first_letter_up(&base.tickets_root), |d, t| d.tickets_root = t),
        (
            "witness.commitment",
            "in upper case",
            base.witness_commitment.clone().unwrap_or_default().to_uppercase(),
            |d, t| d.witness_commitment = Some(t),
        ),
    ];
    cases
        .into_iter()
        .map(|(field, how, text, respell)| {
            let refusal = parse_hex32(&text).err().map(|e| e.code()).unwrap_or("accepted");
            let mut draw = base.clone();
            respell(&mut draw, text);
            json!({ "field": field, "how": how, "refusal": refusal, "draw": draw.json() })
        })
        .collect()
}

/// Signed receipts (docs/fairness.md, "Signed receipts") of the first tickets on the first draw, under a fixed key,
/// and the same receipts altered (another leaf, another commitment, a flipped signature bit), which must not verify.
fn signed_receipts(leaves_data: &[String], commitment: &str) -> Value {
    let key = ReceiptKey::from_secret(&sha256("ayo-lotto/v2 vector receipt key"));
    let public_key = key.public_hex();
    let case = |leaf_data: &str, leaf: &Hash, commitment: &str, signature: String, valid: bool, how: &str| {
        json!({
            "how": how,
            "public_key": public_key,
            "leaf_data": leaf_data,
            "leaf": hex::encode(leaf),
            "commitment": commitment,
            "signed_text": signed_text(leaf, commitment),
            "signature": signature,
            "valid": valid,
        })
    };
    let mut cases: Vec<Value> = leaves_data
        .iter()
        .take(3)
        .map(|data| {
            let leaf = merkle::leaf_hash(data.as_bytes());
            case(data, &leaf, commitment, key.sign(&leaf, commitment), true, "as signed")
        })
        .collect();
    let (first, second) = (merkle::leaf_hash(leaves_data[0].as_bytes()), merkle::leaf_hash(leaves_data[1].as_bytes()));
    let signature = key.sign(&first, commitment);
    cases.push(case(&leaves_data[1], &second, commitment, signature.clone(), false, "another ticket's leaf"));
    let other_commitment = Seed([0x77; 32]).commitment();
    cases.push(case(&leaves_data[0], &first, &other_commitment, signature.clone(), false, "another draw's commitment"));
    let mut flipped = hex::decode(&signature).unwrap_or_default();
    flipped[40] ^= 1;
    cases.push(case(
        &leaves_data[0],
        &first,
        commitment,
        hex::encode(flipped),
        false,
        "one bit of the signature flipped",
    ));
    Value::Array(cases)
}

/// Quicknet round 1000's signature, as published (docs/vectors/drand-quicknet.json).
const ROUND_1000_SIGNATURE: &str =
    "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39";

/// Draws fixed to a drand round (docs/fairness.md, "The drand beacon"): the round's randomness verified by the real
/// function and added to the balls' message; one with a witness as well, one with the beacon alone.
fn beacon_draws(root: &str) -> Vec<Value> {
    use ayo_data::lotto::beacon::{verify_round, QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY};
    let randomness = verify_round(QUICKNET_PUBLIC_KEY, 1000, ROUND_1000_SIGNATURE).map(hex::encode).unwrap_or_default();
    [(44u64, [0x66u8; 32], Some([0x77u8; 32])), (45, [0x88; 32], None)]
        .into_iter()
        .map(|(draw_id, seed, witness)| {
            let seed = Seed(seed);
            let witness_secret = witness.map(hex::encode);
            let binding = Binding::V2Beacon {
                tickets_root: root,
                witness_secret: witness_secret.as_deref().unwrap_or(""),
                beacon_randomness: &randomness,
            };
            let outcome = draw_balls_bound(&seed, draw_id, binding);
            json!({
                "draw_id": draw_id,
                "seed": seed.to_hex(),
                "commitment": seed.commitment(),
                "tickets_root": root,
                "witness_secret": witness_secret,
                "witness_commitment": witness_secret.as_deref().and_then(witness_commitment),
                "beacon": {
                    "network": "quicknet",
                    "chain_hash": QUICKNET_CHAIN_HASH,
                    "round": 1000,
                    "signature": ROUND_1000_SIGNATURE,
                    "randomness": randomness,
                },
                "first_block_message": ayo_data::lotto::fair::block_message("balls", draw_id, binding, 0),
                "numbers": outcome.numbers,
                "machine_numbers": outcome.machine_numbers,
            })
        })
        .collect()
}

/// Fixed inputs: the vectors are a pure function of them.
fn vectors() -> Value {
    let tickets = tickets();
    let all_leaves: Vec<String> = tickets.iter().map(|(card, terms)| leaf_data(card, *terms)).collect();
    let trees: Vec<Value> =
        [1usize, 2, 3, 5, 8, all_leaves.len()].iter().map(|n| merkle_case(&all_leaves[..*n])).collect();
    let root = |tree: usize| trees[tree]["root"].as_str().unwrap_or_default().to_string();
    let with_letters = DrawTexts::honest(
        DRAW,
        sha256("ayo-lotto/v2 vector seed"),
        Some(sha256("ayo-lotto/v2 vector witness")),
        5,
        &root(5),
    );
    let draws = [
        DrawTexts::honest(DRAW, [0x11; 32], Some([0x22; 32]), 0, &root(0)),
        DrawTexts::honest(43, [0x33; 32], None, 2, &root(2)),
        DrawTexts::honest(9_007_199_254_740_991, [0x44; 32], Some([0x55; 32]), 4, &root(4)),
        with_letters.clone(),
    ];
    json!({
        "algorithm": "ayo-lotto/v2",
        "note": "Generated by data/tests/fair_vectors.rs (AYO_WRITE_VECTORS=1 rewrites it); docs/fairness.md explains each field.",
        "encoding": "Every 32-byte value (seed, commitments, tickets root, witness secret, leaves, proof steps) is exactly 64 lowercase hex characters; `refused` lists draws with one field spelled otherwise, which every verifier must refuse, naming the field.",
        "draws": draws.iter().map(DrawTexts::json).collect::<Vec<_>>(),
        "merkle": trees,
        "payouts": payouts(&tickets),
        "refused": refused(&with_letters),
        "signed_receipts": signed_receipts(&all_leaves, &draws[0].commitment),
        "beacon_draws": beacon_draws(&root(3)),
    })
}

#[test]
fn the_published_v2_test_vectors_match_this_implementation() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/vectors/ayo-lotto-v2.json");
    let expected = vectors();
    if std::env::var_os("AYO_WRITE_VECTORS").is_some() {
        let text = serde_json::to_string_pretty(&expected).unwrap_or_default() + "\n";
        std::fs::write(path, text).unwrap_or_else(|e| panic!("writing {path}: {e}"));
    }
    let published: Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_default()).unwrap_or(Value::Null);
    assert_eq!(published, expected, "docs/vectors/ayo-lotto-v2.json is out of date");
}

#[test]
fn every_refused_case_breaks_the_rule_it_names_and_would_otherwise_pass_for_a_result() {
    let vectors = vectors();
    let refused = vectors["refused"].as_array().cloned().unwrap_or_default();
    let codes: std::collections::BTreeSet<&str> = refused.iter().filter_map(|c| c["refusal"].as_str()).collect();
    assert_eq!(codes, ["length", "not_hex", "upper_case", "whitespace"].into_iter().collect());
    // The attack of issue 30: one letter of the secret re-spelled still hashes to the commitment (over its bytes)
    // but moves the balls, so only the encoding rule stands between it and a forged "verified".
    let honest = &vectors["draws"][3];
    let forged = &refused[0]["draw"];
    assert_eq!(refused[0]["field"], "witness.secret");
    let bytes_of = |v: &Value| hex::decode(v.as_str().unwrap_or_default().to_ascii_lowercase()).unwrap_or_default();
    assert_eq!(bytes_of(&forged["witness_secret"]), bytes_of(&honest["witness_secret"]));
    assert_ne!(forged["numbers"], honest["numbers"]);
}

#[test]
fn every_signed_receipt_vector_verifies_exactly_when_it_says_so() {
    let vectors = vectors();
    let cases = vectors["signed_receipts"].as_array().cloned().unwrap_or_default();
    assert!(cases.iter().any(|c| c["valid"] == true) && cases.iter().any(|c| c["valid"] == false));
    for case in cases {
        let text = |field: &str| case[field].as_str().unwrap_or_default().to_string();
        let holds = verify(&text("public_key"), &text("leaf"), &text("commitment"), &text("signature"));
        assert_eq!(holds, case["valid"] == true, "{}", case["how"]);
    }
}

#[test]
fn every_bet_type_has_a_payout_vector_that_wins() {
    let vectors = vectors();
    let payouts = vectors["payouts"].as_array().cloned().unwrap_or_default();
    let winning: std::collections::BTreeSet<&str> = payouts
        .iter()
        .filter(|p| p["results"].as_array().into_iter().flatten().any(|r| r["winnings"].as_i64() > Some(0)))
        .filter_map(|p| p["bet_type"].as_str())
        .collect();
    let all: std::collections::BTreeSet<&str> = ayo_data::lotto::BetType::ALL.iter().map(|t| t.as_str()).collect();
    assert_eq!(winning, all);
}

#[test]
fn the_independent_python_checker_accepts_every_vector_and_refuses_every_negative_one() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/vectors/check_v2.py");
    let run = std::process::Command::new("python3").arg(script).output().unwrap_or_else(|e| panic!("python3: {e}"));
    let said = format!("{}{}", String::from_utf8_lossy(&run.stdout), String::from_utf8_lossy(&run.stderr));
    assert!(run.status.success(), "{said}");
    assert!(said.contains("re-spelled draws refused") && said.contains("2 beacon draws check out"), "{said}");
}
