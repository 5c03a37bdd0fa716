//! The draw lease and its fencing token (issue 14; docs/decisions/031) against a real PostgreSQL. Ignored by a
//! plain `cargo test`: scripts/test.sh runs them beside a throwaway PostgreSQL (scripts/cluster-services.sh).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed unwrap is a failed test

use std::sync::Arc;
use std::time::Duration;

use ayo_data::pg::lease::{self, Fence, Hold, Lease, LeaseKeeper};
use ayo_data::pg::{Client, PgError};

const NEEDS_POSTGRES: &str = "AYO_TEST_POSTGRES_URL (a superuser's URL): run through scripts/cluster-services.sh";
const DRAW: i64 = 7;

/// A new database of its own with the schema and a `closings` table to write under the lease, and its URL.
async fn database() -> (Client, String) {
    let server = std::env::var("AYO_TEST_POSTGRES_URL").expect(NEEDS_POSTGRES);
    let url = ayo_data::pg::new_database(&server, "ayo_lease").await.unwrap();
    let mut client = ayo_data::pg::connect(&url).await.unwrap();
    ayo_data::pg::schema::apply(&mut client).await.unwrap();
    client.batch_execute("CREATE TABLE closings (draw_id BIGINT NOT NULL, by TEXT NOT NULL)").await.unwrap();
    (client, url)
}

/// Closes the draw under `lease`: one row in `closings`.
async fn close(client: &mut Client, lease: &Lease) -> Result<(), PgError> {
    let (draw, holder) = (lease.draw, lease.holder.clone());
    lease::fenced(client, lease, Duration::from_secs(5), move |tx| {
        Box::pin(async move {
            tx.execute("INSERT INTO closings VALUES ($1, $2)", &[&draw, &holder]).await?;
            Ok(())
        })
    })
    .await
}

async fn closings(client: &Client, by: &str) -> i64 {
    client.query_one("SELECT count(*) FROM closings WHERE by = $1", &[&by]).await.unwrap().get(0)
}

/// Polls `acquire` for `holder` until it gets the lease (bounded: a lease's life is a second or two here).
async fn acquire_when_free(client: &Client, holder: &str, ttl: Duration) -> Fence {
    for _ in 0..150 {
        if let Some(fence) = lease::acquire(client, DRAW, holder, ttl).await.unwrap() {
            return fence;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{holder} never got the lease");
}

#[tokio::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_lease_one_holder_at_a_time_and_the_old_holder_is_fenced_out_after_a_take_over() {
    let (mut client, _) = database().await;
    let ttl = Duration::from_secs(1);
    let first = lease::acquire(&client, DRAW, "node-a", ttl).await.unwrap().expect("a free draw");
    assert_eq!(lease::acquire(&client, DRAW, "node-b", ttl).await.unwrap(), None, "node-a holds it");
    let a = Lease { draw: DRAW, holder: "node-a".into(), fence: first };
    close(&mut client, &a).await.unwrap();
    assert_eq!(closings(&client, "node-a").await, 1);

    // A failing fenced write leaves nothing behind.
    let failed = lease::fenced(&mut client, &a, ttl, |tx| {
        Box::pin(async move {
            tx.execute("INSERT INTO closings VALUES ($1, 'node-a')", &[&DRAW]).await?;
            tx.execute("SELECT 1/0", &[]).await?;
            Ok(())
        })
    })
    .await;
    assert!(matches!(failed, Err(PgError::Postgres(_))), "{failed:?}");
    assert_eq!(closings(&client, "node-a").await, 1);

    // node-a goes quiet (a pause, a partition): once its lease runs out node-b takes the draw under a higher fence.
    let taken = acquire_when_free(&client, "node-b", Duration::from_secs(30)).await;
    assert!(taken > first, "{taken:?} after {first:?}");
    let b = Lease { draw: DRAW, holder: "node-b".into(), fence: taken };

    // node-a comes back: its write is refused and writes nothing; it cannot renew; node-b's write goes through.
    match close(&mut client, &a).await {
        Err(PgError::Fenced { draw, fence }) => assert_eq!((draw, fence), (DRAW, first.0)),
        other => panic!("expected the old holder fenced out, got {other:?}"),
    }
    assert_eq!(closings(&client, "node-a").await, 1);
    assert!(!lease::renew(&client, &a, ttl).await.unwrap());
    assert!(!lease::release(&client, &a).await.unwrap(), "releasing a lost lease gives nothing up");
    assert_eq!(lease::acquire(&client, DRAW, "node-a", ttl).await.unwrap(), None);
    close(&mut client, &b).await.unwrap();
    assert_eq!(closings(&client, "node-b").await, 1);
}

#[tokio::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_lease_renewal_extends_it_and_a_release_hands_it_over_at_once() {
    let (client, _) = database().await;
    let fence = lease::acquire(&client, DRAW, "node-a", Duration::from_secs(1)).await.unwrap().unwrap();
    let a = Lease { draw: DRAW, holder: "node-a".into(), fence };
    assert!(lease::renew(&client, &a, Duration::from_secs(60)).await.unwrap());
    let left: f64 = client
        .query_one(
            "SELECT EXTRACT(EPOCH FROM expires_at - now())::float8 FROM draw_leases WHERE draw_id = $1",
            &[&DRAW],
        )
        .await
        .unwrap()
        .get(0);
    assert!(left > 30.0, "renewed for a minute, {left} s left");
    assert_eq!(
        lease::acquire(&client, DRAW, "node-a", Duration::from_secs(60)).await.unwrap(),
        Some(fence),
        "taking one's own live lease again keeps its fence"
    );
    assert_eq!(lease::acquire(&client, DRAW, "node-b", Duration::from_secs(60)).await.unwrap(), None);

    assert!(lease::release(&client, &a).await.unwrap());
    let taken = lease::acquire(&client, DRAW, "node-b", Duration::from_secs(60)).await.unwrap();
    assert!(taken.is_some_and(|f| f > fence), "released: node-b takes it at once, under a higher fence");
    assert!(!lease::renew(&client, &a, Duration::from_secs(60)).await.unwrap());

    // Leases of other draws are their own.
    assert_eq!(lease::acquire(&client, DRAW + 1, "node-a", Duration::from_secs(60)).await.unwrap(), Some(Fence(1)));
}

#[tokio::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_lease_a_keeper_renews_it_and_reports_when_another_node_has_it() {
    let (client, url) = database().await;
    let shared = Arc::new(ayo_data::pg::connect(&url).await.unwrap());
    let ttl = Duration::from_millis(900);
    let keeper = LeaseKeeper::acquire(shared.clone(), DRAW, "node-a", ttl).await.unwrap().expect("a free draw");
    let fence = keeper.lease().fence;
    assert!(LeaseKeeper::acquire(shared, DRAW, "node-b", ttl).await.unwrap().is_none());
    let expiry = "SELECT expires_at FROM draw_leases WHERE draw_id = 7";
    let taken: chrono::DateTime<chrono::Utc> = client.query_one(expiry, &[]).await.unwrap().get(0);

    // Renewed: the expiry moves on, again and again, past the first lease's life.
    let mut renewals = 0;
    let mut last = taken;
    for _ in 0..150 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now: chrono::DateTime<chrono::Utc> = client.query_one(expiry, &[]).await.unwrap().get(0);
        if now > last {
            (renewals, last) = (renewals + 1, now);
        }
        if renewals >= 4 {
            break;
        }
    }
    assert!(renewals >= 4 && last - taken > chrono::Duration::milliseconds(900), "{renewals} renewals");
    assert!(keeper.is_held());
    assert_eq!(*keeper.watch().borrow(), Hold::Held(fence));

    // Another node has it now (as after this one was paused past its lease): the keeper says so.
    client
        .execute("UPDATE draw_leases SET holder = 'node-b', fence = fence + 1 WHERE draw_id = $1", &[&DRAW])
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(15), keeper.lost()).await.expect("the loss reported");
    assert!(!keeper.is_held());
    assert!(!keeper.release().await.unwrap());
}

/// The attack (issue 33): a lease holder cut off (or frozen) in the middle of a transaction, holding a draw's row
/// lock; PostgreSQL cannot tell it is gone. Every other node's writes to that row would queue behind the lock for as
/// long as the server keeps the session. The node's sessions ask the server to end one left idle inside a
/// transaction (`link::IDLE_IN_TRANSACTION`): the lock goes, and the other node's write goes through.
#[tokio::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn cluster_a_row_lock_left_by_a_node_gone_silent_mid_transaction_is_released_for_the_others() {
    let (client, url) = database().await;
    client.batch_execute("INSERT INTO closings VALUES (1, 'nobody')").await.unwrap();
    let silent = ayo_data::pg::connect(&url).await.unwrap();
    // The node that goes silent: its transaction takes the row, then it never sends another statement.
    silent.batch_execute("BEGIN; SELECT * FROM closings WHERE draw_id = 1 FOR UPDATE").await.unwrap();
    let other = ayo_data::pg::connect(&url).await.unwrap();
    let bound = ayo_data::pg::link::IDLE_IN_TRANSACTION * 4;
    let write = other.execute("UPDATE closings SET by = 'the other node' WHERE draw_id = 1", &[]);
    let updated = tokio::time::timeout(bound, write).await.expect("the lock was released").unwrap();
    assert_eq!(updated, 1);
    assert!(silent.batch_execute("COMMIT").await.is_err(), "the silent session was ended, its transaction undone");
}
