//! Deposit limits across cluster nodes (issue 28 §6): two real servers sharing one PostgreSQL and NATS, one player
//! opening checkouts on both at once. Ignored by a plain `cargo test`: run through scripts/cluster-services.sh.

use futures_util::future::join_all;
use serde_json::json;

use ayo::rate_limit::Limits;

use crate::cluster_bus::ONE_CLUSTER_AT_A_TIME;
use crate::helpers::{spawn_app_with, TestApp};

const NEEDS_SERVICES: &str = "AYO_TEST_POSTGRES_URL and AYO_TEST_NATS_URL: run through scripts/cluster-services.sh";
/// The seal key every node shares (`AYO_SEED_KEY`).
const SEED_KEY: &str = "74458b9e5814fdd1fce99d21448f8a0b26f85e892cb0ef812d66dacc8469d461";

async fn node(store: &str) -> TestApp {
    let (store, bus) = (store.to_string(), std::env::var("AYO_TEST_NATS_URL").expect(NEEDS_SERVICES));
    spawn_app_with(Limits::default(), |settings| {
        settings.store_url = Some(store);
        settings.bus_url = Some(bus);
        settings.seed_key = Some(SEED_KEY.into());
        settings.bus_key = Some(crate::cluster_bus::BUS_KEY.into());
    })
    .await
}

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_checkouts_opened_on_two_nodes_at_once_never_hold_more_than_the_limit() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_SERVICES);
    let store = ayo_data::pg::new_database(&server, "ayo_limits").await.unwrap();
    let (a, b) = (node(&store).await, node(&store).await);
    let player = a.verified_player("ada@example.com", "+2348012345678").await;
    let set = b.post("/limits/update", json!({"daily": 500_000}), Some(&player)).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    // Twenty checkouts of ₦500 at once, ten on each node, against a ₦5,000 limit: the limit holds exactly ten.
    let replies =
        join_all((0..20).map(|n| if n % 2 == 0 { &a } else { &b }).map(|node| node.start_deposit(&player, 50_000)))
            .await;
    let opened = replies.iter().filter(|r| r.status == 201).count();
    let refused = replies.iter().filter(|r| r.status == 422 && r.body["errorCode"] == "DEPOSIT_LIMIT").count();
    assert_eq!((opened, refused), (10, 10), "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    let limits = a.get("/limits", Some(&player)).await;
    assert_eq!(limits.body["data"]["used"]["daily"], 500_000, "every node counts the same room");
    assert_eq!(b.start_deposit(&player, 10_000).await.status, 422);
}
