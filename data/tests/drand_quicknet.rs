//! The drand quicknet beacon against real recorded rounds (docs/vectors/drand-quicknet.json): each verifies against
//! the network's published key and gives its published randomness; a signature presented for another round, or
//! altered, is refused.

use serde_json::Value;

use ayo_data::lotto::beacon::{verify_round, BeaconError, QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY};

fn vectors() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/vectors/drand-quicknet.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap_or_default()).unwrap_or(Value::Null)
}

fn text(value: &Value) -> &str {
    value.as_str().unwrap_or_default()
}

#[test]
fn the_recorded_quicknet_rounds_verify_against_the_networks_key_and_give_their_randomness() {
    let vectors = vectors();
    assert_eq!(text(&vectors["chain"]["hash"]), QUICKNET_CHAIN_HASH);
    assert_eq!(text(&vectors["chain"]["public_key"]), QUICKNET_PUBLIC_KEY);
    let rounds = vectors["rounds"].as_array().cloned().unwrap_or_default();
    assert!(rounds.len() >= 2, "real rounds are recorded");
    for round in rounds {
        let number = round["round"].as_u64().unwrap_or_default();
        let randomness = verify_round(QUICKNET_PUBLIC_KEY, number, text(&round["signature"]));
        assert_eq!(randomness.map(hex::encode), Ok(text(&round["randomness"]).to_string()), "round {number}");
    }
}

#[test]
fn a_forged_or_misplaced_signature_is_refused() {
    let vectors = vectors();
    let forged = vectors["forged"].as_array().cloned().unwrap_or_default();
    assert!(!forged.is_empty());
    for case in forged {
        let number = case["round"].as_u64().unwrap_or_default();
        let refused = verify_round(QUICKNET_PUBLIC_KEY, number, text(&case["signature"]));
        assert!(
            matches!(refused, Err(BeaconError::Forged(_) | BeaconError::BadSignature)),
            "{}: {refused:?}",
            case["how"]
        );
    }
    // Another spelling of a real signature is refused too, as every hashed value is (docs/fairness.md, "Encodings").
    let real = text(&vectors["rounds"][0]["signature"]).to_uppercase();
    assert_eq!(verify_round(QUICKNET_PUBLIC_KEY, 1000, &real), Err(BeaconError::BadSignature));
    // And a real round does not verify under another key (the drand mainnet key is on G1, not a G2 key at all).
    let wrong_key = QUICKNET_PUBLIC_KEY.replace("83cf", "93cf");
    assert!(verify_round(&wrong_key, 1000, text(&vectors["rounds"][0]["signature"])).is_err());
}
