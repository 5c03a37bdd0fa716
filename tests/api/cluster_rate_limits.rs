//! Rate limits every node counts against together (issue 14; docs/decisions/031): two `RateLimiter`s, as two nodes
//! would hold, each on its own connection to one PostgreSQL. Ignored by a plain `cargo test`: scripts/test.sh runs
//! them beside a throwaway PostgreSQL.

use std::sync::Arc;
use std::time::Duration;

use ayo::error::ApiError;
use ayo::rate_limit::{Limit, RateLimiter};
use ayo_data::pg::rate;

use crate::cluster_migrate::empty_database;

/// Two nodes' limiters on a fresh database, and a client of it.
async fn two_nodes() -> (RateLimiter, RateLimiter, ayo_data::pg::Client) {
    let (mut client, url) = empty_database().await;
    ayo_data::pg::schema::apply(&mut client).await.unwrap();
    let a = RateLimiter::shared(Arc::new(ayo_data::pg::connect(&url).await.unwrap()));
    let b = RateLimiter::shared(Arc::new(ayo_data::pg::connect(&url).await.unwrap()));
    (a, b, client)
}

fn refused(answer: Result<(), ApiError>) -> bool {
    matches!(answer, Err(ApiError::RateLimited { retry_after_secs }) if (1..=60).contains(&retry_after_secs))
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn nodes_share_one_budget_and_a_lock_out_is_lifted_everywhere() {
    let (a, b, _) = two_nodes().await;
    let per_ip = Limit::per_minute(5);

    // Five hits spread over both nodes fill the budget; the sixth is refused on either, and is not counted.
    for n in 0..5 {
        let node = if n % 2 == 0 { &a } else { &b };
        assert!(node.hit("signup-ip:10.0.0.1", per_ip).await.is_ok(), "hit {}", n + 1);
    }
    assert!(refused(b.hit("signup-ip:10.0.0.1", per_ip).await));
    assert!(refused(a.hit("signup-ip:10.0.0.1", per_ip).await));
    assert_eq!(a.count("signup-ip:10.0.0.1", per_ip).await, 5);
    assert!(a.hit("signup-ip:10.0.0.2", per_ip).await.is_ok(), "another key has its own budget");

    // Failed logins recorded on one node lock the address on the other; a success there clears it for both.
    let login = Limit::per_minute(3);
    for _ in 0..3 {
        assert!(b.check("login-ip:10.0.0.9", login).await.is_ok());
        a.record("login-ip:10.0.0.9", login).await;
    }
    assert!(refused(b.check("login-ip:10.0.0.9", login).await));
    a.record("login-ip:10.0.0.9", login).await;
    assert_eq!(b.count("login-ip:10.0.0.9", login).await, 4, "a failure past the limit is still counted");
    b.clear("login-ip:10.0.0.9").await;
    assert!(a.check("login-ip:10.0.0.9", login).await.is_ok());
    assert_eq!(a.count("login-ip:10.0.0.9", login).await, 0);
}

#[actix_web::test]
#[ignore = "needs PostgreSQL (scripts/cluster-services.sh)"]
async fn a_window_that_ends_gives_the_budget_back_and_its_row_is_purged() {
    let (a, b, client) = two_nodes().await;
    let short = Limit { max: 2, window: Duration::from_secs(1) };
    assert!(a.hit("otp-send:a@b.c", short).await.is_ok());
    assert!(b.hit("otp-send:a@b.c", short).await.is_ok());
    assert!(refused(a.hit("otp-send:a@b.c", short).await));

    // Some moment after the window's second, the next hit starts a new window at one.
    let mut waited = Duration::ZERO;
    while b.hit("otp-send:a@b.c", short).await.is_err() {
        assert!(waited < Duration::from_secs(15), "the window never ended");
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += Duration::from_millis(100);
    }
    assert_eq!(a.count("otp-send:a@b.c", short).await, 1);

    // A row whose window is long over goes in a purge; a current one stays.
    client.execute("INSERT INTO rate_buckets VALUES ('old', now() - interval '2 hours', 7)", &[]).await.unwrap();
    assert_eq!(rate::purge(&client, Duration::from_secs(3600)).await.unwrap(), 1);
    let left: i64 = client.query_one("SELECT count(*) FROM rate_buckets", &[]).await.unwrap().get(0);
    assert_eq!(left, 1);
}
