//! A node with a bus refuses to start without the cluster's bus key, or with one that is plainly not a key
//! (`AYO_BUS_KEY`; docs/scaling.md, "Securing the bus"): otherwise any client of NATS could speak for a node.
//! The key is checked before NATS is reached, so these need no NATS.

use ayo::server::config::Settings;
use ayo::server::startup::Application;

use crate::helpers::JWT_SECRET;

/// Why a node on a bus with this `AYO_BUS_KEY` does not start.
async fn refused(key: Option<&str>) -> String {
    let data_dir = tempfile::tempdir().unwrap();
    let mut settings = Settings::new("127.0.0.1:0".into(), data_dir.path().to_path_buf(), false);
    settings.jwt_secret = Some(JWT_SECRET.into());
    // Nothing listens on port 9: a node that got past its key would wait for NATS, then start.
    settings.bus_url = Some("nats://127.0.0.1:9".into());
    settings.bus_key = key.map(str::to_string);
    match Application::build(settings).await {
        Ok(_) => panic!("a node with the bus key {key:?} started"),
        Err(e) => format!("{e:#}"),
    }
}

#[actix_web::test]
async fn a_node_with_a_bus_and_no_bus_key_refuses_to_start_naming_ayo_bus_key() {
    let why = refused(None).await;
    assert!(why.contains("AYO_BUS_KEY") && why.contains("64 hex"), "{why}");
}

#[actix_web::test]
async fn a_bus_key_that_is_short_not_hex_or_one_digit_repeated_stops_the_node() {
    let not_hex = format!("{}zz", "ab".repeat(31));
    for key in ["changeme", &"ab".repeat(16), &not_hex, &"0".repeat(64), &"F".repeat(64)] {
        let why = refused(Some(key)).await;
        assert!(why.contains("AYO_BUS_KEY"), "{key}: {why}");
        assert!(!why.contains(key), "the key itself is never printed: {why}");
    }
}
