//! Deposit limits across cluster nodes (issue 28 §6): two real servers sharing one PostgreSQL and NATS, one player
//! opening checkouts on both at once. Ignored by a plain `cargo test`: run through scripts/cluster-services.sh.

use futures_util::future::join_all;
use serde_json::json;

use crate::cluster_bus::ONE_CLUSTER_AT_A_TIME;
use crate::cluster_nodes::{database, node};

#[actix_web::test]
#[ignore = "needs PostgreSQL and NATS (scripts/cluster-services.sh)"]
async fn cluster_checkouts_opened_on_two_nodes_at_once_never_hold_more_than_the_limit() {
    let _alone = ONE_CLUSTER_AT_A_TIME.lock().await;
    let store = database().await;
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
